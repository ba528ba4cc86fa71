import { describe, expect, it } from 'vitest';
import { updatedFields } from '../../src/routes/updates';
import { createSeededDataset, Store } from '../../src/store/index';
import { dumpStore } from '../support/dump-store';

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
