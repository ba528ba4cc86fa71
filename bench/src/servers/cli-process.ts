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

// The commands are timed from this small process, not from the bench's: the bench process carries the heap of the
// suites before this one, and its collector's background threads, working while a spawn is timed, took a core from
// whichever command ran then (a full run measured `--help` 23 ms slower than `contacts --help`, equal when alone).
runChild(async () => {
  const { commands, runs } = await nextInit<CliTimingInit>();
  const times = commands.map(() => [] as number[]);
  for (let run = 0; run < runs; run++) {
    for (let step = 0; step < commands.length; step++) {
      const index = (run + step) % commands.length;
      times[index]?.push(timeRun(commands[index] as TimedCommand));
    }
  }
  tell({ type: 'result', payload: times });
});
