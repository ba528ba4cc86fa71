import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, ms } from '../lib/stats';
import type { Section } from '../report';

export interface CliOptions {
  /** Runs of each command; the median counts. */
  runs: number;
}

export const CLI_FULL: CliOptions = { runs: 10 };

/** Issue 26's targets: the time a person waits for `--help`, and for a first answer offline. */
const HELP_TARGET_MS = 150;
const MOCK_LIST_TARGET_MS = 1_500;

const CLI = fileURLToPath(new URL('../../../packages/cli/dist/cli.js', import.meta.url));

/** Wall time of one `node network-org ARGS` from spawn to exit, in a fresh process (cold: no cache between runs). */
function timeRun(args: readonly string[]): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, NETWORK_API_KEY: '', NETWORK_BASE_URL: '' } });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`network-org ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

/**
 * `network-org`'s start-up: `--help` (the command tree only) and `contacts list --mock` (the SDK, zod, the mock's
 * dataset built in process, one page printed), each in a fresh Node process, against a bare `node -e 0`.
 */
export async function cliStartup(options: CliOptions): Promise<Section> {
  const commands = [
    { name: 'node -e 0 (Node itself)', args: null },
    { name: 'network-org --help', args: ['--help'] },
    { name: 'network-org contacts list --mock', args: ['contacts', 'list', '--mock', '--output', 'json'] },
  ];
  const medians = commands.map(({ args }) => {
    const times: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      if (args) times.push(timeRun(args));
      else {
        const started = process.hrtime.bigint();
        spawnSync(process.execPath, ['-e', '0']);
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
    return median(times);
  });
  const [, help, list] = medians as [number, number, number];
  return {
    title: 'CLI: start-up of network-org',
    method: `Each command spawned ${options.runs} times from the bench process (a fresh Node process each time, nothing cached between runs), the median wall time from spawn to exit.`,
    columns: ['command', 'median wall time'],
    rows: commands.map(({ name }, index) => [name, ms(medians[index]!, 0)]),
    targets: [
      { target: `network-org --help under ${HELP_TARGET_MS} ms`, measured: ms(help, 0), met: help < HELP_TARGET_MS },
      { target: `network-org contacts list --mock under ${MOCK_LIST_TARGET_MS / 1000} s cold`, measured: ms(list, 0), met: list < MOCK_LIST_TARGET_MS },
    ],
  };
}
