import { spawnSync } from 'node:child_process';
import { nextInit, runChild, tell } from '../lib/parent';

/** One command of the CLI suite: `node ARGS`, in a fresh process each run. */
export interface TimedCommand {
  name: string;
  args: readonly string[];
}

export interface CliTimingInit {
  commands: readonly TimedCommand[];
  runs: number;
}

/** Wall time of one `node ARGS` from spawn to exit; a command that fails stops the suite with its stderr. */
function timeRun({ name, args }: TimedCommand): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, NETWORK_API_KEY: '', NETWORK_BASE_URL: '' } });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${name} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

/** Between two commands: what one leaves behind (its exit, the kernel freeing its memory) must not land on the next. */
const SETTLE_MS = 100;
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The order of the commands in each run: shuffled by a seeded generator (the same in every bench run). Taking turns
 * in one fixed cycle, each command always followed the same other one (`--help` came after `node -e 0`, which came
 * right after the heavy `contacts list --mock`); in two full runs `--help` then measured 22 and 41 ms more than
 * `contacts --help`, which reads the same one file, and as much as it alone.
 */
function runOrders(count: number, runs: number): number[][] {
  let state = 0x2545f491;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  return Array.from({ length: runs }, () => {
    const order = Array.from({ length: count }, (_, index) => index);
    for (let index = count - 1; index > 0; index--) {
      const other = Math.floor(next() * (index + 1));
      [order[index], order[other]] = [order[other] as number, order[index] as number];
    }
    return order;
  });
}

// The commands are timed from this small process, not from the bench's: the bench process carries the heap of the
// suites before this one, and its collector's background threads, working while a spawn is timed, took a core from
// whichever command ran then.
runChild(async () => {
  const { commands, runs } = await nextInit<CliTimingInit>();
  const times = commands.map(() => [] as number[]);
  for (const order of runOrders(commands.length, runs)) {
    for (const index of order) {
      pause(SETTLE_MS);
      times[index]?.push(timeRun(commands[index] as TimedCommand));
    }
  }
  tell({ type: 'result', payload: times });
});
