// The contacts list answers the same with the search index as with a plain walk of every contact: byte for
// byte, on every page, for any filters, and after writes that bring new words, imports and resets.
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_KEYS } from '../../src/index';
import { type Store, HEADCOUNT_RANGES, TAG_CATALOG, createStore, type ContactRecord } from '../../src/store/index';
import { storeBehind } from '../../src/store/reader';
import { BASE_URL, RUNS, createPropertyMock, datasetIds } from '../support/properties';
import { longestWord } from '../../src/store/search-index';

describe('against plain computation, over random changes', () => {
  const indexed = createPropertyMock();
  const plain = createPropertyMock();
  const ids = datasetIds(indexed);
  let requests = 0;

  // The plain mock checks every contact, as the list did before the index; each reset brings a new store.
  const unindexed = new WeakSet<Store>();
  function plainStore(): Store {
    // The test reaches past the read-only `db` to swap the index out.
    const store = storeBehind(plain.db)!;
    if (!unindexed.has(store)) {
      store.search.candidates = (accountId) => store.contacts.ofAccount(accountId);
      unindexed.add(store);
    }
    return store;
  }

  afterEach(() => {
    indexed.contract.assertClean();
    plain.contract.assertClean();
  });
  afterAll(() => console.info(`[properties:search-index] requests to each mock: ${requests}`));

  /** Sends the request to both mocks and expects the same status and body text; returns the indexed answer. */
  async function both(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    plainStore();
    requests++;
    const request = () =>
      new Request(`${BASE_URL}${path}`, {
        method,
        headers: { authorization: `Bearer ${FIXTURE_KEYS.admin}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    const [fromIndex, fromWalk] = await Promise.all([indexed.fetch(request()), plain.fetch(request())]);
    const text = await fromIndex.text();
    expect({ status: fromIndex.status, text }, `${method} ${path}`).toEqual({ status: fromWalk.status, text: await fromWalk.text() });
    return { status: fromIndex.status, json: JSON.parse(text) };
  }

  /** Walks every page of the query on both mocks; each contact must come once. */
  async function walkBoth(query: URLSearchParams): Promise<void> {
    const seen = new Set<string>();
    for (let pages = 0; pages < 1_000; pages++) {
      const { status, json } = await both('GET', `/v1/contacts?${query}`);
      if (status !== 200) return;
      for (const contact of json.data.contacts as { account_relationship_id: string }[]) {
        expect(seen.has(contact.account_relationship_id), `${contact.account_relationship_id} twice`).toBe(false);
        seen.add(contact.account_relationship_id);
      }
      if (!json.data.pagination.has_more) return;
      query.set('cursor', json.data.pagination.next_cursor);
    }
    throw new Error(`the walk of ${query} did not end`);
  }

  // Pieces of the seeded search texts (within words and across their separators), words that writes bring,
  // and text no contact has.
  const seededTexts = [...indexed.db.allContacts()].map((contact) => indexed.db.searchTextsOf(contact).search_text);
  const seededPiece = fc
    .record({ text: fc.constantFrom(...seededTexts), start: fc.nat(), length: fc.integer({ min: 1, max: 16 }) })
    .map(({ text, start, length }) => text.slice(start % text.length, (start % text.length) + length));
  const NEW_WORDS = ['Xylophonic', 'quokka-ish', 'Zebrawood', 'wombat corp', 'Ünïcode wörd', 'dealstage'];
  /** A word no seeded contact has; the number keeps it new to the index across runs. */
  const newWord = fc.tuple(fc.constantFrom(...NEW_WORDS), fc.nat(999)).map(([word, n]) => `${word}${n}`);
  const needle = fc.oneof(
    { weight: 5, arbitrary: seededPiece },
    { weight: 2, arbitrary: newWord },
    { weight: 1, arbitrary: fc.constantFrom('qzxjv', '@', ' - ', '.com', '  CUSTOMER ', 'a', 'e', 'é€😀') },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  );

  /** Absent three times out of four, so that most lists combine a few filters and still match something. */
  const optional = <T>(arbitrary: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
  /** A search with any other filters; `search` replaces the generated needle (to look for what a write brought). */
  const listQuery = (search: fc.Arbitrary<string> = needle) =>
    fc
      .record({
        search,
        account_id: optional(fc.constantFrom(...ids.acmeAccounts, ids.acmeAccounts.join(','))),
        query: optional(needle),
        company_name: optional(needle),
        headline: optional(needle),
        location: optional(fc.constantFrom('united', 'new', ' DE ', 'zz')),
        tag: optional(fc.constantFrom(...TAG_CATALOG.map((tag) => tag.name), ...NEW_WORDS)),
        relationship_status: optional(fc.constantFrom('any', 'connected', 'not_connected', 'unknown')),
        invitation_status: optional(fc.constant('pending')),
        company_size: optional(fc.constantFrom(...HEADCOUNT_RANGES.map((range) => range.label))),
        view_id: optional(fc.constantFrom(...ids.viewIds)),
        limit: fc.integer({ min: 3, max: 30 }),
      })
      .map((fields) => new URLSearchParams(Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]]))));

  const contactId = fc.constantFrom(...ids.contactIds);
  type Action =
    | { kind: 'list'; query: URLSearchParams }
    | { kind: 'update'; contactId: string; body: Record<string, unknown>; then: URLSearchParams }
    | { kind: 'findEmail'; contactId: string }
    | { kind: 'import'; pick: number }
    | { kind: 'reset'; seed: number };
  const action: fc.Arbitrary<Action> = fc.oneof(
    { weight: 5, arbitrary: listQuery().map((query) => ({ kind: 'list' as const, query })) },
    {
      // A write that brings a new word, then a search for a piece of it.
      weight: 4,
      arbitrary: fc
        .record({ word: newWord, start: fc.nat(4), contactId, field: fc.constantFrom('add', 'set', 'remove', 'notes', 'clear', 'custom') })
        .chain(({ word, start, contactId, field }) => {
          const body: Record<string, Record<string, unknown>> = {
            add: { tags: { add: [{ name: word, color: 'green' }] } },
            set: { tags: { set: [{ name: word, color: 'red' }] } },
            remove: { tags: { remove: TAG_CATALOG.map((tag) => tag.name) } },
            notes: { notes_json: JSON.stringify({ text: word }) },
            clear: { notes_json: null },
            custom: { 'Deal stage': word, 'Lead score': 7 },
          };
          return listQuery(fc.constant(word.slice(start))).map((then) => ({ kind: 'update' as const, contactId, body: body[field]!, then }));
        }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('findEmail' as const), contactId }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('import' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const), seed: fc.constantFrom(1, 1, 2) }) },
  );

  async function run(step: Action): Promise<void> {
    switch (step.kind) {
      case 'list':
        return walkBoth(new URLSearchParams(step.query));
      case 'update':
        await both('PATCH', `/v1/contacts/${step.contactId}`, step.body);
        return walkBoth(new URLSearchParams(step.then));
      case 'findEmail': {
        // The account that holds the person in the current dataset (a reset to another seed brings other ids).
        const contact = [...indexed.db.allContacts()].find((candidate) => candidate.contact_id === step.contactId);
        const found = await both('POST', `/v1/contacts/${step.contactId}/find-email`, { account_id: contact?.account_id ?? ids.adminAccount });
        expect(found.status).toBe(contact ? 200 : 400);
        return;
      }
      case 'import': {
        const { profiles } = indexed.networkProfiles({ limit: 20 });
        const profile = profiles[step.pick % Math.max(1, profiles.length)];
        if (profile) {
          const acme = indexed.db.user(indexed.db.apiKey(FIXTURE_KEYS.admin)!.user_id)!.organization_id;
          const accounts = [...indexed.db.accounts()].filter((account) => account.organization_id === acme);
          const imported = await both('POST', '/v1/contacts', {
            account_id: accounts[step.pick % accounts.length]!.account_id,
            network_url: profile.network_url,
          });
          expect([200, 201]).toContain(imported.status);
        }
        return;
      }
      case 'reset':
        indexed.reset({ seed: step.seed });
        plain.reset({ seed: step.seed });
    }
  }

  describe('properties: contacts search index', () => {
    it('lists exactly what a plain walk lists, every page, across writes, imports and resets', async () => {
      await fc.assert(
        fc.asyncProperty(listQuery(), fc.array(action, { minLength: 1, maxLength: 10 }), async (first, actions) => {
          // A search over every account first, so that the writes after it meet built indexes.
          const everyAccount = new URLSearchParams(first);
          everyAccount.delete('account_id');
          await walkBoth(everyAccount);
          for (const step of actions) await run(step);
        }),
        { numRuns: RUNS },
      );
    });
  });
});

describe('its words and candidates', () => {
  function primaryAccount(store: Store): string {
    const admin = store.directory.apiKey('sk_test_admin')!.user_id;
    return [...store.directory.accounts()].find((account) => account.owner_user_id === admin && account.shared_for_api)!.account_id;
  }

  /** Checks that the candidates hold every match, in the account's order, and returns them. */
  function expectCandidatesCover(store: Store, accountId: string, needle: string): ContactRecord[] {
    const contacts = store.contacts.ofAccount(accountId);
    const candidates = [...store.search.candidates(accountId, needle)];
    const positions = candidates.map((contact) => contacts.indexOf(contact));
    expect(positions.every((position, index) => position >= 0 && (index === 0 || position > positions[index - 1]!))).toBe(true);
    const matches = contacts.filter((contact) => store.contacts.texts(contact).search_text.includes(needle));
    expect(matches.filter((contact) => !candidates.includes(contact)).map((contact) => contact.contact_id), `needle ${JSON.stringify(needle)}`).toEqual([]);
    return candidates;
  }

  /** Substrings of the contacts' search texts, at word boundaries and across them. */
  function needlesOf(store: Store, contacts: readonly ContactRecord[], count: number): string[] {
    const needles: string[] = [];
    for (let index = 0; index < count; index++) {
      const text = store.contacts.texts(contacts[(index * 7919) % contacts.length]!).search_text;
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
    const contacts = store.contacts.ofAccount(accountId);

    it('gives every contact whose search text holds the needle, in list order, for any substring', () => {
      for (const needle of [...needlesOf(store, contacts, 400), 'qzxjv', '@', ' - ', '\n', 'é€😀']) expectCandidatesCover(store, accountId, needle);
    });

    it('narrows a rare word to few candidates rather than the whole account', () => {
      const rare = contacts[700]!.person.public_identifier;
      const candidates = expectCandidatesCover(store, accountId, rare);
      expect(candidates.length).toBeLessThan(contacts.length / 10);
      expect(candidates).toContain(contacts[700]);
    });

    it('finds words a change brought: notes, tags, custom fields, work email, and contacts added later', () => {
      store.search.candidates(accountId, 'build'); // the index exists before the changes
      const [noted, tagged, fielded, emailed] = [contacts[3]!, contacts[400]!, contacts[900]!, contacts[1400]!];
      const changedNoted = store.contacts.edit(noted, (copy) => (copy.notes_json = JSON.stringify({ text: 'Xylophonic meeting' })));
      const changedTagged = store.contacts.edit(tagged, (copy) => (copy.tags = [...copy.tags, { name: 'Quokkaish', color: 'green' }]));
      const changedFielded = store.contacts.edit(fielded, (copy) => copy.custom_fields.set('Deal stage', 'Zebrawood'));
      const changedEmailed = store.contacts.edit(emailed, (copy) => (copy.work_email = 'someone@wombatcorp.example'));
      const account = store.directory.account(accountId)!;
      const person = [...store.network.people()].find((candidate) => !store.network.isImported(candidate))!;
      const added = store.contacts.add({ account, person, created_at: store.now.toISOString(), relationship_status: 'not_connected' });

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
        store.contacts.edit(store.contacts.ofAccount(accountId)[index]!, (copy) => {
          copy.notes_json = JSON.stringify({ text: index === 5 ? unique : `note ${index}` });
        });
        if (index % 100 === 0) expectCandidatesCover(store, accountId, unique);
      }
      // The 1,100 changed contacts are no longer all candidates: the index was rebuilt with their new words.
      const candidates = expectCandidatesCover(store, accountId, unique);
      expect(candidates).toEqual([store.contacts.ofAccount(accountId)[5]]);
    });

    it('keeps query_text in step with the person, as the query filter reads it', () => {
      const contact = contacts[10]!;
      const { query_text } = store.contacts.texts(contact);
      expect(query_text).toContain(contact.person.first_name.toLowerCase());
      expect(query_text).toContain(`/in/${contact.person.public_identifier}`.toLowerCase());
    });
  });
});
