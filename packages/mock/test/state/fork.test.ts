import { describe, expect, it } from 'vitest';
import { updatedFields } from '../../src/routes/updates';
import { createBaseline } from '../../src/store/index';
import { dumpStore } from '../support/dump-store';

// The factory a session's store comes from: every fork starts from the seeded dataset and sees only its own writes.
describe('Baseline.fork() and Store.fork()', () => {
  const baseline = createBaseline({ contactsPerAccount: 40, networkSize: 60 });
  const seeded = JSON.stringify(dumpStore(baseline.fork()));

  it('forks hold the seeded dataset and never see each other\'s writes', () => {
    const [a, b] = [baseline.fork(), baseline.fork()];
    const account = a.accounts()[0]!;
    const contact = a.contactsOf(account.account_id)[0]!;
    const fields = a.customFieldsOf(account.organization_id, 'contact');
    a.updateContact(contact, updatedFields(contact, { tags: { set: [{ name: 'Only in a', color: 'green' }] }, 'Lead score': 5 }, fields, 'contact'));
    const person = [...a.people()].find((candidate) => !a.isImported(candidate))!;
    a.addContact({ account, person, created_at: a.now.toISOString(), relationship_status: 'connected' });

    expect(a.contactsOf(account.account_id)[0]!.tags).toEqual([{ name: 'Only in a', color: 'green' }]);
    expect(JSON.stringify(dumpStore(b))).toBe(seeded);
    expect(b.isImported(person)).toBe(false);
    expect(JSON.stringify(dumpStore(a.fork()))).toBe(seeded);
  });

  it('a fork of a store starts from the seeded dataset, not from the store\'s writes', () => {
    const store = baseline.fork();
    const account = store.accounts()[0]!;
    store.editContact(store.contactsOf(account.account_id)[1]!, (copy) => (copy.notes_json = '"changed"'));
    expect(JSON.stringify(dumpStore(store.fork()))).toBe(seeded);
  });
});
