import { describe, expect, it } from 'vitest';
import { updatedFields } from '../../src/routes/updates';
import { createSeededDataset, Store } from '../../src/store/index';
import { dumpStore } from '../support/dump-store';
import { ADMIN, adminAccounts, call, newMock } from '../support/state';

// The factory a session's store comes from: every fork starts from the seeded dataset and sees only its own writes.
describe('new Store(dataset) and Store.fork()', () => {
  const dataset = createSeededDataset({ contactsPerAccount: 40, networkSize: 60 });
  const seeded = JSON.stringify(dumpStore(new Store(dataset)));

  it('forks hold the seeded dataset and never see each other\'s writes', () => {
    const [a, b] = [new Store(dataset), new Store(dataset)];
    const account = a.directory.accounts()[0]!;
    const contact = a.contacts.ofAccount(account.account_id)[0]!;
    const fields = a.customFields.of(account.organization_id, 'contact');
    a.contacts.update(contact, updatedFields(contact, { tags: { set: [{ name: 'Only in a', color: 'green' }] }, 'Lead score': 5 }, fields, 'contact'));
    const person = [...a.network.people()].find((candidate) => !a.network.isImported(candidate))!;
    a.contacts.add({ account, person, created_at: a.now.toISOString(), relationship_status: 'connected' });

    expect(a.contacts.ofAccount(account.account_id)[0]!.tags).toEqual([{ name: 'Only in a', color: 'green' }]);
    expect(JSON.stringify(dumpStore(b))).toBe(seeded);
    expect(b.network.isImported(person)).toBe(false);
    expect(JSON.stringify(dumpStore(a.fork()))).toBe(seeded);
  });

  it('a fork of a store starts from the seeded dataset, not from the store\'s writes', () => {
    const store = new Store(dataset);
    const account = store.directory.accounts()[0]!;
    store.contacts.edit(store.contacts.ofAccount(account.account_id)[1]!, (copy) => (copy.notes_json = '"changed"'));
    expect(JSON.stringify(dumpStore(store.fork()))).toBe(seeded);
  });
});

// Mocks of the same options start from one seeded dataset per process: each must still hold only its own writes.
describe('mocks of the same options', () => {
  const SIZE = { contactsPerAccount: 40, networkSize: 60 } as const;

  it('never see each other\'s writes, and a new one starts from the seeded dataset', async () => {
    const [a, b] = [newMock(SIZE), newMock(SIZE)];
    const seeded = JSON.stringify(dumpStore(b.db));
    const [account] = await adminAccounts(a);
    const listed = await call(a, ADMIN, 'GET', `/v1/contacts?account_id=${account}&limit=1`);
    const contactId = listed.body.data.contacts[0].contact_id as string;
    const patched = await call(a, ADMIN, 'PATCH', `/v1/contacts/${contactId}`, { account_id: account, tags: { set: [{ name: 'Only in a', color: 'green' }] } });
    expect(patched.status).toBe(200);

    expect(JSON.stringify(dumpStore(a.db))).not.toBe(seeded);
    expect(JSON.stringify(dumpStore(b.db))).toBe(seeded);
    expect(JSON.stringify(dumpStore(newMock(SIZE).db))).toBe(seeded);
    const inB = await call(b, ADMIN, 'GET', `/v1/contacts?account_id=${account}&limit=1`);
    expect(inB.text).toBe(listed.text);
  });
});
