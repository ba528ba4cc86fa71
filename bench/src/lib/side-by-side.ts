import { performance } from 'node:perf_hooks';
import { median } from './stats';

/** One way of doing the same work; `run` does it once. */
export interface Contender {
  name: string;
  run: () => Promise<unknown>;
}

export interface SideBySideOptions {
  /** Rounds; every round runs every contender once, in a rotating order that turns direction each round. */
  rounds: number;
  /** Sequential runs per contender per round. */
  runsPerRound: number;
  /** Untimed runs per contender before the rounds (JIT, connection pool). */
  warmupRuns: number;
}

export interface ContenderResult {
  name: string;
  /** Median over the rounds of the mean time of one run, in milliseconds. */
  perRunMs: number;
  /** Median over the rounds of this contender's time divided by the baseline's (the first contender) in the same round. */
  ratioToBaseline: number;
  /** The mean time of one run in each round, in milliseconds, in round order. */
  roundMs: number[];
  /** The mean CPU time (user + system, of this whole process) of one run in each round, in milliseconds. */
  roundCpuMs: number[];
}

/** The median over rounds of `value`'s time (or CPU time) divided by `reference`'s in the same round. */
export function pairRatio(value: ContenderResult, reference: ContenderResult, figure: 'roundMs' | 'roundCpuMs' = 'roundMs'): number {
  return median(value[figure].map((time, round) => time / (reference[figure][round] as number)));
}

interface RunTimes {
  wallMs: number;
  cpuMs: number;
}

async function timeRuns(contender: Contender, runs: number): Promise<RunTimes> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < runs; i++) await contender.run();
  const wallMs = (performance.now() - start) / runs;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 / runs };
}

/**
 * Runs the contenders interleaved, round after round, so that machine noise (other processes, CPU
 * frequency, GC) hits them alike; ratios are taken within a round, then their median across rounds.
 */
export async function sideBySide(contenders: readonly Contender[], options: SideBySideOptions): Promise<ContenderResult[]> {
  for (const contender of contenders) await timeRuns(contender, options.warmupRuns);
  const times = contenders.map(() => [] as number[]);
  const cpuTimes = contenders.map(() => [] as number[]);
  const ratios = contenders.map(() => [] as number[]);
  for (let round = 0; round < options.rounds; round++) {
    const roundTimes = new Array<number>(contenders.length);
    const roundCpu = new Array<number>(contenders.length);
    const count = contenders.length;
    for (let step = 0; step < count; step++) {
      // Every contender takes every place of a round in turn, following the one before it in even rounds and the one
      // after it in odd ones, so what a contender leaves behind (garbage to collect) does not fall on the same
      // neighbour each time. Always forwards, the baseline (first) followed the last contender (in the SDK suite, the
      // validating client, with the most garbage) in three rounds of four.
      const index = round % 2 === 0 ? (round + step) % count : (((round - step) % count) + count) % count;
      const measured = await timeRuns(contenders[index] as Contender, options.runsPerRound);
      roundTimes[index] = measured.wallMs;
      roundCpu[index] = measured.cpuMs;
    }
    const baseline = roundTimes[0] as number;
    roundTimes.forEach((time, index) => {
      times[index]?.push(time);
      cpuTimes[index]?.push(roundCpu[index] as number);
      ratios[index]?.push(time / baseline);
    });
  }
  return contenders.map((contender, index) => ({
    name: contender.name,
    perRunMs: median(times[index] ?? []),
    ratioToBaseline: median(ratios[index] ?? []),
    roundMs: times[index] ?? [],
    roundCpuMs: cpuTimes[index] ?? [],
  }));
}
