import { performance } from 'node:perf_hooks';
import { createMockApi, type MockApi } from '@network-org/mock';
import { median } from '../lib/stats';
import { ADMIN_KEY, primaryAccountId } from '../lib/dataset';
import { nextInit, runChild, tell } from '../lib/parent';

export interface StateInit {
  contactsPerAccount: number;
  rounds: number;
}

export interface StateResult {
  contactsPerAccount: number;
  buildMs: number;
  resetMs: number;
  restoreMs: number;
  snapshotMs: number;
  /** A state forked from the seeded one (restore of the seeded snapshot) and its first list request. */
  forkFirstRequestMs: number;
  /** RSS after GC that one mock adds. */
  oneStateBytes: number;
  /** RSS after GC that 100 states of 20 writes each (kept as snapshots) add on top. */
  hundredStatesBytes: number;
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const rss = () => {
  gc();
  gc();
  return process.memoryUsage().rss;
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

async function patch(mock: MockApi, contactId: string, accountId: string, note: string): Promise<void> {
  const response = await mock.fetch(
    new Request(`${mock.baseUrl}/v1/contacts/${contactId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ account_id: accountId, notes_json: JSON.stringify({ text: note }), tags: { add: [{ name: note, color: 'green' }] } }),
    }),
  );
  if (response.status !== 200) throw new Error(`PATCH answered ${response.status}: ${await response.text()}`);
}

async function writeTwenty(mock: MockApi, accountId: string, round: number): Promise<void> {
  const contacts = mock.db.contactsOf(accountId);
  for (let index = 0; index < 20; index++) {
    const contact = contacts[(round * 20 + index) % contacts.length];
    if (contact) await patch(mock, contact.contact_id, accountId, `round ${round} write ${index}`);
  }
}

runChild(async () => {
  const { contactsPerAccount, rounds } = await nextInit<StateInit>();
  const before = rss();
  const builds: number[] = [];
  let mock = createMockApi({ rateLimit: false, contactsPerAccount });
  for (let round = 0; round < rounds; round++) {
    builds.push(time(() => (mock = createMockApi({ rateLimit: false, contactsPerAccount }))));
  }
  const oneStateBytes = rss() - before;
  const accountId = primaryAccountId(mock);
  const seeded = mock.snapshot();

  const resets: number[] = [];
  const restores: number[] = [];
  const snapshots: number[] = [];
  const forks: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await writeTwenty(mock, accountId, round);
    snapshots.push(time(() => mock.snapshot()));
    const written = mock.snapshot();
    resets.push(time(() => mock.reset()));
    restores.push(time(() => mock.restore(written)));
    forks.push(
      await timeAsync(async () => {
        mock.restore(seeded);
        const response = await mock.fetch(
          new Request(`${mock.baseUrl}/v1/contacts?account_id=${accountId}&limit=25`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } }),
        );
        await response.arrayBuffer();
      }),
    );
  }

  mock.reset();
  const beforeStates = rss();
  const states = [];
  for (let state = 0; state < 100; state++) {
    mock.reset();
    await writeTwenty(mock, accountId, state);
    states.push(mock.snapshot());
  }
  const hundredStatesBytes = rss() - beforeStates;
  const result: StateResult = {
    contactsPerAccount,
    buildMs: median(builds),
    resetMs: median(resets),
    restoreMs: median(restores),
    snapshotMs: median(snapshots),
    forkFirstRequestMs: median(forks),
    oneStateBytes,
    hundredStatesBytes,
  };
  tell({ type: 'result', payload: { ...result, kept: states.length } });
});
