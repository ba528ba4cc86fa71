import { forkChild } from '../lib/child';
import { mb, ms } from '../lib/stats';
import type { Section, TargetCheck } from '../report';
import type { StateFloorResult, StateInit, StateResult } from '../servers/state-process';

export interface StateOptions {
  /** Contacts per account of each measured dataset; 160 is the default dataset. */
  sizes: number[];
  /** Timed repetitions of each operation (the median is reported). */
  rounds: number;
}

export const STATE_FULL: StateOptions = { sizes: [160, 10_000], rounds: 15 };

async function measure<R>(init: StateInit): Promise<R> {
  const child = forkChild(new URL('../servers/state-process.ts', import.meta.url), [], ['--expose-gc']);
  try {
    child.send({ type: 'init', payload: init });
    return await child.next<R>('result', 600_000);
  } finally {
    await child.stop();
  }
}

/** Reset, restore and a new session cost a sliver of building the dataset; many sessions share it. */
export async function stateSuite(options: StateOptions): Promise<Section> {
  const results: StateResult[] = [];
  const floors: StateFloorResult[] = [];
  for (const size of options.sizes) {
    results.push(await measure<StateResult>({ contactsPerAccount: size, rounds: options.rounds }));
    floors.push(await measure<StateFloorResult>({ contactsPerAccount: size, rounds: options.rounds, existingSession: true }));
  }
  const ratio = (value: number, build: number) => `${ms(value)} (1/${Math.round(build / Math.max(value, 1e-3))})`;
  const rows = [
    ['createMockApi()', ...results.map((r) => ms(r.buildMs, 0))],
    ['mock.reset() after 20 writes', ...results.map((r) => ratio(r.resetMs, r.buildMs))],
    ['mock.restore(snapshot)', ...results.map((r) => ratio(r.restoreMs, r.buildMs))],
    ['mock.snapshot()', ...results.map((r) => ratio(r.snapshotMs, r.buildMs))],
    ['first request of a new session (list of 25)', ...results.map((r) => ratio(r.sessionFirstRequestMs, r.buildMs))],
    ['its floor: the same list in a session that exists (own run)', ...floors.map((f) => ratio(f.existingSessionRequestMs, f.buildMs))],
    ['RSS of one mock, its default session (after GC)', ...results.map((r) => mb(r.oneStateBytes))],
    ['RSS added by 100 sessions of 20 writes (after GC)', ...results.map((r) => mb(r.hundredSessionsBytes))],
    ['JS heap of one mock / added by the 100 sessions (after GC)', ...results.map((r) => `${mb(r.oneStateHeapBytes)} / ${mb(r.hundredSessionsHeapBytes)}`)],
  ];
  const targets: TargetCheck[] = results.flatMap((r, index) => {
    const at = `at ${r.contactsPerAccount.toLocaleString('en')} contacts per account`;
    // What the fork adds: the new session's first list less its floor (the same list, as cold, in a session that
    // exists), each as a share of its own process's createMockApi.
    const floor = floors[index]!;
    const forkShare = r.sessionFirstRequestMs / r.buildMs - floor.existingSessionRequestMs / floor.buildMs;
    return [
      { target: `reset at most 1/100 of createMockApi ${at}`, measured: ratio(r.resetMs, r.buildMs), met: r.resetMs * 100 <= r.buildMs },
      { target: `restore at most 1/100 of createMockApi ${at}`, measured: ratio(r.restoreMs, r.buildMs), met: r.restoreMs * 100 <= r.buildMs },
      {
        target: `a new session adds at most 1/50 of createMockApi to its first request, over its floor, ${at}`,
        measured: `${forkShare < 0 ? '-' : ''}1/${Math.round(1 / Math.max(Math.abs(forkShare), 1e-6))} (${ratio(r.sessionFirstRequestMs, r.buildMs)} against ${ratio(floor.existingSessionRequestMs, floor.buildMs)})`,
        met: forkShare * 50 <= 1,
      },
      {
        target: `100 sessions of 20 writes add at most 2x the default session's memory ${at}`,
        measured: `${mb(r.hundredSessionsBytes)} vs ${mb(r.oneStateBytes)}`,
        met: r.hundredSessionsBytes <= 2 * r.oneStateBytes,
      },
    ];
  });
  return {
    title: 'State: reset, snapshots and sessions',
    method:
      `For each size a fresh process (Node --expose-gc) builds the mock ${options.rounds} times in process (median), then times, after 20 PATCHes, ` +
      'snapshot, reset and restore, and the first request of a new session: a list of 25 through `mock.fetch` with a new `X-Mock-Session` name ' +
      '(the session is created by that request, forking the seeded dataset). Its floor comes from a second process that does the same, ' +
      'except that every round lists in one session made before the rounds (no request ran in it): what the list costs as cold as the ' +
      'process is then, without the fork; its ratio is to that process\'s own createMockApi. Memory: RSS after GC of one mock (its default session), and what ' +
      '100 named sessions (`mock.session(name)`) of 20 PATCHes each add, all alive at the end.',
    columns: ['metric', ...results.map((r) => `${r.contactsPerAccount.toLocaleString('en')} contacts per account`)],
    rows,
    targets,
  };
}
