import { performance } from 'node:perf_hooks';
import { createMockApi, DEFAULT_BASE_URL as BASE_URL, type MockSession } from '@network-org/mock';
import { median } from '../lib/stats';
import { ADMIN_KEY, primaryAccountId } from '../lib/dataset';
import { nextInit, runChild, tell } from '../lib/parent';

export interface StateInit {
  contactsPerAccount: number;
  rounds: number;
  /**
   * The floor of a new session's first request: each round's list goes to one session that exists already (made
   * before the rounds without a request), everything else as in the measuring run; only that list is timed.
   */
  existingSession?: boolean;
}

/** What a run with `existingSession` measures: the same list in a session that exists, in the same rounds. */
export interface StateFloorResult {
  contactsPerAccount: number;
  buildMs: number;
  existingSessionRequestMs: number;
}

export interface StateResult {
  contactsPerAccount: number;
  buildMs: number;
  resetMs: number;
  restoreMs: number;
  snapshotMs: number;
  /** The first request of a new session (a new `X-Mock-Session` name through `mock.fetch`): a list of 25. */
  sessionFirstRequestMs: number;
  /** RSS after GC that one mock (its default session) adds. */
  oneStateBytes: number;
  /** RSS after GC that 100 named sessions of 20 writes each add on top. */
  hundredSessionsBytes: number;
  /** The JS heap one mock uses, and what the 100 sessions add to it (after GC): finer grained than RSS. */
  oneStateHeapBytes: number;
  hundredSessionsHeapBytes: number;
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const memory = () => {
  gc();
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
};

function time(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

async function timeAsync(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function patch(session: MockSession, contactId: string, accountId: string, note: string): Promise<void> {
  const response = await session.fetch(`${BASE_URL}/v1/contacts/${contactId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ account_id: accountId, notes_json: JSON.stringify({ text: note }), tags: { add: [{ name: note, color: 'green' }] } }),
  });
  if (response.status !== 200) throw new Error(`PATCH answered ${response.status}: ${await response.text()}`);
}

async function writeTwenty(session: MockSession, accountId: string, round: number): Promise<void> {
  const contacts = session.db.contactsOf(accountId);
  for (let index = 0; index < 20; index++) {
    const contact = contacts[(round * 20 + index) % contacts.length];
    if (contact) await patch(session, contact.contact_id, accountId, `round ${round} write ${index}`);
  }
}

runChild(async () => {
  const { contactsPerAccount, rounds, existingSession = false } = await nextInit<StateInit>();
  const before = memory();
  const mock = createMockApi({ rateLimit: false, contactsPerAccount });
  const one = memory();
  const oneStateBytes = one.rss - before.rss;
  const oneStateHeapBytes = one.heapUsed - before.heapUsed;
  // A process keeps the datasets of modest size it seeded, and a mock of the same options starts from the kept one:
  // each timed build has a seed of its own, so that every round seeds a whole dataset, as a first createMockApi does.
  const builds: number[] = [];
  createMockApi({ rateLimit: false, contactsPerAccount, seed: 2 });
  for (let round = 0; round < rounds; round++) {
    builds.push(time(() => createMockApi({ rateLimit: false, contactsPerAccount, seed: round + 3 })));
  }
  const accountId = primaryAccountId(mock);

  const resets: number[] = [];
  const restores: number[] = [];
  const snapshots: number[] = [];
  const sessionFirsts: number[] = [];
  const existing = 'bench-existing';
  // Made by its store alone: no request runs before the rounds' lists, so the process is as cold as the measuring run's.
  if (existingSession) void mock.session(existing).db;
  for (let round = 0; round < rounds; round++) {
    await writeTwenty(mock, accountId, round);
    snapshots.push(time(() => mock.snapshot()));
    const written = mock.snapshot();
    resets.push(time(() => mock.reset()));
    restores.push(time(() => mock.restore(written)));
    const name = existingSession ? existing : `bench-first-${round}`;
    sessionFirsts.push(
      await timeAsync(async () => {
        const response = await mock.fetch(`${BASE_URL}/v1/contacts?account_id=${accountId}&limit=25`, {
          headers: { authorization: `Bearer ${ADMIN_KEY}`, 'x-mock-session': name },
        });
        if (response.status !== 200) throw new Error(`a new session's first list answered ${response.status}`);
        await response.arrayBuffer();
      }),
    );
    if (!existingSession) mock.dropSession(name);
  }
  if (existingSession) {
    const floor: StateFloorResult = { contactsPerAccount, buildMs: median(builds), existingSessionRequestMs: median(sessionFirsts) };
    tell({ type: 'result', payload: floor });
    return;
  }

  mock.reset();
  const beforeSessions = memory();
  for (let index = 0; index < 100; index++) await writeTwenty(mock.session(`bench-writes-${index}`), accountId, index);
  const afterSessions = memory();
  const hundredSessionsBytes = afterSessions.rss - beforeSessions.rss;
  const hundredSessionsHeapBytes = afterSessions.heapUsed - beforeSessions.heapUsed;
  const kept = mock.sessionNames().length;
  if (kept !== 100) throw new Error(`expected 100 live sessions, found ${kept}`);
  const result: StateResult = {
    contactsPerAccount,
    buildMs: median(builds),
    resetMs: median(resets),
    restoreMs: median(restores),
    snapshotMs: median(snapshots),
    sessionFirstRequestMs: median(sessionFirsts),
    oneStateBytes,
    hundredSessionsBytes,
    oneStateHeapBytes,
    hundredSessionsHeapBytes,
  };
  tell({ type: 'result', payload: result });
});
