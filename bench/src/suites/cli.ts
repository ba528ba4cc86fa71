import { existsSync } from 'node:fs';
import { onRef, type Comparison } from '../lib/against';
import { forkChild } from '../lib/child';
import { median, ms } from '../lib/stats';
import { cliFile, WORK, type Tree } from '../lib/trees';
import type { Section } from '../report';
import type { CliTimingInit, TimedCommand } from '../servers/cli-process';

export interface CliOptions {
  /** Runs of each command; the median counts. */
  runs: number;
}

export const CLI_FULL: CliOptions = { runs: 20 };

/**
 * The targets: `--help` within Node's own start-up (`node -e 0`, measured in the same run) plus 40 ms, so that asking
 * for help never feels slower than Node itself; a first answer offline (`--mock`) within 1.5 s.
 */
const HELP_OVER_NODE_MS = 40;
const MOCK_LIST_TARGET_MS = 1_500;

/**
 * `network-org`'s start-up: `--help` (what help prints, nothing else) and `contacts list --mock` (the SDK, zod, the
 * mock's dataset built in process, one page printed), each in a fresh Node process, against a bare `node -e 0`. The
 * commands take turns, run after run, so that a change in the machine's load hits them alike.
 */
export async function cliStartup(options: CliOptions, ref?: Tree): Promise<Section> {
  const onTree = (tree: Tree, name: string, args: readonly string[]): TimedCommand => ({
    name: tree === WORK ? name : onRef(name, tree),
    args: [cliFile(tree), ...args],
  });
  const help = ['--help'];
  const list = ['contacts', 'list', '--mock', '--output', 'json'];
  const commands: TimedCommand[] = [
    { name: 'node -e 0 (Node itself)', args: ['-e', '0'] },
    onTree(WORK, 'network-org --help', help),
    onTree(WORK, 'network-org contacts --help', ['contacts', '--help']),
    onTree(WORK, 'network-org contacts list --mock', list),
  ];
  const refHasCli = ref !== undefined && existsSync(cliFile(ref));
  if (ref && refHasCli) commands.push(onTree(ref, 'network-org --help', help), onTree(ref, 'network-org contacts list --mock', list));
  const child = forkChild(new URL('../servers/cli-process.ts', import.meta.url));
  let times: number[][];
  try {
    child.send({ type: 'init', payload: { commands, runs: options.runs } satisfies CliTimingInit });
    times = await child.next<number[][]>('result', 600_000);
  } finally {
    await child.stop();
  }
  const medians = times.map((each) => median(each));
  const indexOf = (name: string) => commands.findIndex((command) => command.name === name);
  const timesOf = (name: string) => times[indexOf(name)] ?? [];
  const medianOf = (name: string) => medians[indexOf(name)] as number;
  const nodeTimes = times[0] ?? [];
  const node = medians[0] as number;
  // Over Node, run by run: the commands of a run follow one another within a second or two, so a change in the
  // machine's load between runs moves both sides of a run's difference alike.
  const overNode = (name: string) => median(timesOf(name).map((time, run) => time - (nodeTimes[run] as number)));
  const listMs = medianOf('network-org contacts list --mock');
  const comparisons: Comparison[] = ref && refHasCli
    ? ['network-org --help', 'network-org contacts list --mock'].map((name) => {
        const workTimes = timesOf(name);
        const refTimes = timesOf(onRef(name, ref));
        return {
          figure: name,
          ref: ms(median(refTimes), 0),
          work: ms(median(workTimes), 0),
          ratio: median(workTimes.map((time, run) => time / (refTimes[run] as number))),
        };
      })
    : [];
  const helpTarget = (name: string) => {
    const over = overNode(name);
    return {
      target: `${name} at most \`node -e 0\` + ${HELP_OVER_NODE_MS} ms`,
      measured: `node -e 0 + ${ms(over, 0)} (median over runs of the run's difference; medians ${ms(medianOf(name), 0)} against ${ms(node, 0)})`,
      met: over <= HELP_OVER_NODE_MS,
    };
  };
  return {
    title: 'CLI: start-up of network-org',
    method:
      `Each command spawned ${options.runs} times from a small process of the bench's own (a fresh Node process each time, nothing cached between runs), ` +
      'the commands in a shuffled order each run, 100 ms apart; the median wall time from spawn to exit. A command\'s time over `node -e 0` is the median over runs of ' +
      'its difference from the `node -e 0` of the same run.',
    columns: ['command', 'median wall time'],
    rows: commands.map(({ name }, index) => [name, ms(medians[index] as number, 0)]),
    comparisons,
    ...(ref && !refHasCli && { againstNote: `${ref.label} has no network-org CLI to compare.` }),
    targets: [
      helpTarget('network-org --help'),
      helpTarget('network-org contacts --help'),
      { target: `network-org contacts list --mock under ${MOCK_LIST_TARGET_MS / 1000} s cold`, measured: ms(listMs, 0), met: listMs < MOCK_LIST_TARGET_MS },
    ],
  };
}
