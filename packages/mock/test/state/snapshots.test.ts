import { describe, expect, it } from 'vitest';
import type { MockApiOptions } from '../../src/index';
import { ADMIN, adminAccounts, call, newMock, visibleState } from '../support/state';

// Snapshots, restores and resets are compared through every page of every list (visibleState), each response checked
// against the spec: a small dataset keeps that cheap, and the default one's size is not what these tests are about.
const SMALL = { contactsPerAccount: 40, conversationsPerAccount: 6, networkSize: 30 } as const;
const smallMock = (options: MockApiOptions = {}) => newMock({ ...SMALL, ...options });

/** A few writes of every kind the API has: tags, notes, an import, a view, a draft, a credit spent. */
async function writeEverything(mock: ReturnType<typeof newMock>, label: string): Promise<void> {
  const [account] = await adminAccounts(mock);
  const listed = await call(mock, ADMIN, 'GET', `/v1/contacts?account_id=${account}&limit=3`);
  const [first, second] = listed.body.data.contacts as { contact_id: string; company: { company_id: string } }[];
  const patched = await call(mock, ADMIN, 'PATCH', `/v1/contacts/${first!.contact_id}`, {
    account_id: account,
    tags: { add: [{ name: label, color: 'green' }] },
    notes_json: JSON.stringify({ text: label }),
  });
  expect(patched.status).toBe(200);
  expect((await call(mock, ADMIN, 'PATCH', `/v1/companies/${first!.company.company_id}`, { account_id: account, Tier: label })).status).toBe(200);
  const [profile] = mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles;
  expect((await call(mock, ADMIN, 'POST', '/v1/contacts', { account_id: account, network_url: profile!.network_url })).status).toBe(201);
  const view = { account_id: account, type: 'contact', name: label, filters: { specific_contacts: { contact_ids: [second!.contact_id] } } };
  expect((await call(mock, ADMIN, 'POST', '/v1/views', view)).status).toBe(201);
  expect((await call(mock, ADMIN, 'POST', '/v1/drafts', { account_id: account, contact_id: second!.contact_id, draft_message: label })).status).toBe(200);
  expect((await call(mock, ADMIN, 'POST', `/v1/contacts/${second!.contact_id}/find-email`, { account_id: account })).status).toBe(200);
}

describe('mock.snapshot() / mock.restore()', () => {
  it('a write after a snapshot does not reach it, and restore brings the snapshot back', async () => {
    const mock = smallMock();
    await writeEverything(mock, 'before');
    const snapshot = mock.snapshot();
    const atSnapshot = await visibleState(mock);
    await writeEverything(mock, 'after');
    const afterWrites = await visibleState(mock);
    expect(afterWrites).not.toBe(atSnapshot);
    expect(afterWrites).toContain('after');

    mock.restore(snapshot);
    expect(await visibleState(mock)).toBe(atSnapshot);
    // Writing after a restore leaves the snapshot as it was, so it can be restored again.
    await writeEverything(mock, 'again');
    mock.restore(snapshot);
    expect(await visibleState(mock)).toBe(atSnapshot);
  });

  it('keeps several snapshots apart and restores any of them in any order', async () => {
    const mock = smallMock();
    const seeded = mock.snapshot();
    const seededState = await visibleState(mock);
    await writeEverything(mock, 'one');
    const one = mock.snapshot();
    const oneState = await visibleState(mock);
    mock.restore(seeded);
    await writeEverything(mock, 'two');
    const twoState = await visibleState(mock);
    const two = mock.snapshot();

    mock.restore(one);
    expect(await visibleState(mock)).toBe(oneState);
    mock.restore(seeded);
    expect(await visibleState(mock)).toBe(seededState);
    mock.restore(two);
    expect(await visibleState(mock)).toBe(twoState);
  });

  it('a snapshot is immutable', () => {
    const snapshot = smallMock().snapshot();
    expect(Object.isFrozen(snapshot)).toBe(true);
  });

  it('refuses a snapshot of a mock with another dataset', () => {
    const other = smallMock({ seed: 2 }).snapshot();
    expect(() => smallMock().restore(other)).toThrow(/another dataset/);
  });
});

describe('mock.reset()', () => {
  it('goes back to the seeded dataset: the same bytes as a fresh mock', async () => {
    const mock = smallMock();
    const fresh = await visibleState(smallMock());
    expect(await visibleState(mock)).toBe(fresh);
    await writeEverything(mock, 'changed');
    expect(await visibleState(mock)).not.toBe(fresh);
    mock.reset();
    expect(await visibleState(mock)).toBe(fresh);
  });

  it('forgets faults and the journal too', async () => {
    const mock = smallMock();
    mock.faults.add({ path: '/v1/accounts', status: 503 });
    await call(mock, ADMIN, 'GET', '/v1/organization');
    mock.reset();
    expect(mock.faults.list()).toEqual([]);
    expect(mock.journal).toEqual([]);
    expect((await call(mock, ADMIN, 'GET', '/v1/accounts')).status).toBe(200);
  });

  it('with another seed builds that dataset, as a fresh mock of that seed', async () => {
    const mock = smallMock();
    mock.reset({ seed: 3 });
    expect(await visibleState(mock)).toBe(await visibleState(smallMock({ seed: 3 })));
  });

  it('with another seed keeps the handles taken before it, and a later reset keeps that seed', async () => {
    const mock = smallMock();
    const { db, seed } = mock;
    mock.reset({ seed: 3 });
    expect(db.seed).toBe(3);
    const [account] = await adminAccounts(mock);
    const contact = seed.contact({ account_id: account!, first_name: 'Quillon', last_name: 'Zephyrine' });
    const found = await call(mock, ADMIN, 'GET', `/v1/contacts?account_id=${account}&query=zephyrine`);
    expect(found.body.data.contacts.map((c: { contact_id: string }) => c.contact_id)).toEqual([contact.contact_id]);
    mock.reset();
    expect(mock.db.seed).toBe(3);
    expect(await visibleState(mock)).toBe(await visibleState(smallMock({ seed: 3 })));
  });
});
