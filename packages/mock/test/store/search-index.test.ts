import { describe, expect, it } from 'vitest';
import { createStore } from '../../src/store/index';
import { longestWord } from '../../src/store/search-index';
import type { ContactRecord, Store } from '../../src/store/index';

function primaryAccount(store: Store): string {
  const admin = store.apiKey('sk_test_admin')!.user_id;
  return [...store.accounts()].find((account) => account.owner_user_id === admin && account.shared_for_api)!.account_id;
}

/** Checks that the candidates hold every match, in the account's order, and returns them. */
function expectCandidatesCover(store: Store, accountId: string, needle: string): ContactRecord[] {
  const contacts = store.contactsOf(accountId);
  const candidates = [...store.searchCandidates(accountId, needle)];
  const positions = candidates.map((contact) => contacts.indexOf(contact));
  expect(positions.every((position, index) => position >= 0 && (index === 0 || position > positions[index - 1]!))).toBe(true);
  const matches = contacts.filter((contact) => contact.search_text.includes(needle));
  expect(matches.filter((contact) => !candidates.includes(contact)).map((contact) => contact.contact_id), `needle ${JSON.stringify(needle)}`).toEqual([]);
  return candidates;
}

/** Substrings of the contacts' search texts, at word boundaries and across them. */
function needlesOf(contacts: readonly ContactRecord[], count: number): string[] {
  const needles: string[] = [];
  for (let index = 0; index < count; index++) {
    const text = contacts[(index * 7919) % contacts.length]!.search_text;
    const start = (index * 104_729) % text.length;
    needles.push(text.slice(start, start + 1 + (index % 14)));
  }
  return needles;
}

describe('longestWord', () => {
  it('takes the longest run of ASCII letters, digits and non-ASCII units, the first of equals, none from punctuation', () => {
    expect(longestWord('mraz')).toBe('mraz');
    expect(longestWord("ann-marie o'neil")).toBe('marie');
    expect(longestWord('https://www.network.com/in/')).toBe('network');
    expect(longestWord('jörg straße')).toBe('straße');
    expect(longestWord('o’neil-li')).toBe('o’neil');
    expect(longestWord(' @-/ ')).toBeUndefined();
  });
});

describe('search index', () => {
  const store = createStore({ contactsPerAccount: 120, primaryAccountContacts: 1500, networkSize: 1200 });
  const accountId = primaryAccount(store);
  const contacts = store.contactsOf(accountId);

  it('gives every contact whose search text holds the needle, in list order, for any substring', () => {
    for (const needle of [...needlesOf(contacts, 400), 'qzxjv', '@', ' - ', '\n', 'é€😀']) expectCandidatesCover(store, accountId, needle);
  });

  it('narrows a rare word to few candidates rather than the whole account', () => {
    const rare = contacts[700]!.person.public_identifier;
    const candidates = expectCandidatesCover(store, accountId, rare);
    expect(candidates.length).toBeLessThan(contacts.length / 10);
    expect(candidates).toContain(contacts[700]);
  });

  it('finds words a change brought: notes, tags, custom fields, work email, and contacts added later', () => {
    store.searchCandidates(accountId, 'build'); // the index exists before the changes
    const [noted, tagged, fielded, emailed] = [contacts[3]!, contacts[400]!, contacts[900]!, contacts[1400]!];
    const changedNoted = store.editContact(noted, (copy) => (copy.notes_json = JSON.stringify({ text: 'Xylophonic meeting' })));
    const changedTagged = store.editContact(tagged, (copy) => (copy.tags = [...copy.tags, { name: 'Quokkaish', color: 'green' }]));
    const changedFielded = store.editContact(fielded, (copy) => copy.custom_fields.set('Deal stage', 'Zebrawood'));
    const changedEmailed = store.editContact(emailed, (copy) => (copy.work_email = 'someone@wombatcorp.example'));
    const account = store.account(accountId)!;
    const person = [...store.people()].find((candidate) => !store.isImported(candidate))!;
    const added = store.addContact({ account, person, created_at: store.now.toISOString(), relationship_status: 'not_connected' });

    for (const [needle, contact] of [
      ['xylophonic', changedNoted],
      ['quokkaish', changedTagged],
      ['zebrawood', changedFielded],
      ['wombatcorp', changedEmailed],
      [person.public_identifier, added],
    ] as const) {
      expect(expectCandidatesCover(store, accountId, needle)).toContain(contact);
    }
  });

  it('stays complete across the rebuild that many changes bring, and narrows again after it', () => {
    const unique = 'pangolinesque';
    for (let index = 0; index < 1100; index++) {
      store.editContact(store.contactsOf(accountId)[index]!, (copy) => {
        copy.notes_json = JSON.stringify({ text: index === 5 ? unique : `note ${index}` });
      });
      if (index % 100 === 0) expectCandidatesCover(store, accountId, unique);
    }
    // The 1,100 changed contacts are no longer all candidates: the index was rebuilt with their new words.
    const candidates = expectCandidatesCover(store, accountId, unique);
    expect(candidates).toEqual([store.contactsOf(accountId)[5]]);
  });

  it('keeps query_text in step with the person, as the query filter reads it', () => {
    const contact = contacts[10]!;
    expect(contact.query_text).toContain(contact.person.first_name.toLowerCase());
    expect(contact.query_text).toContain(`/in/${contact.person.public_identifier}`.toLowerCase());
  });
});
