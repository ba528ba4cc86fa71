import { describe, expect, it, beforeAll } from 'vitest';
import type { ContactRecord } from '../../src/store/index';
import { accountsOf, ADMIN, api, MEMBER, NO_CREDITS, OTHER_ORG, useMock, walk, acmeAccounts, expectError, get, KEYS, type Accounts, BASE_URL, freshProfileUrls } from '../support/harness';

describe('checked against the seeded store', () => {
  const mock = useMock();

  const db = () => mock().db;
  const orgOf = (key: string) => db().user(db().apiKey(key)!.user_id)!.organization_id;
  const privateAccountId = () => db().accountsOf(orgOf(ADMIN)).find((account) => !account.shared_for_api)!.account_id;
  const sharedAccountId = () => db().accountsOf(orgOf(ADMIN)).find((account) => account.shared_for_api)!.account_id;
  const contactsOf = (accountId: string) => [...db().contactsOf(accountId)];
  const ids = (items: { contact_id: string }[]) => items.map((item) => item.contact_id);
  const expectedIds = (accountId: string, keep: (contact: ContactRecord) => boolean) => ids(contactsOf(accountId).filter(keep));

  async function list(key: string, query: string) {
    return walk(key, `/v1/contacts?limit=25&${query}`, 'contacts', { operation: 'listContacts' });
  }

  describe('GET /v1/contacts', () => {
    it('walks every contact of the accessible accounts exactly once, by account then contact_id', async () => {
      const accounts = (await accountsOf(MEMBER)).map((account) => account.account_id).sort((a, b) => Number(a) - Number(b));
      const all = await list(MEMBER, '');
      const expected = accounts.flatMap((accountId) => ids(contactsOf(accountId)));
      expect(ids(all)).toEqual(expected);
      // A person held by two accounts is listed once per account: the relationship ids never repeat.
      expect(new Set(all.map((contact) => contact.account_relationship_id)).size).toBe(all.length);
    });

    it('clamps limit to 25, rejects a limit below 1, and omits notes, enrichment and sequence from items', async () => {
      const page = await api(ADMIN, 'GET', '/v1/contacts?limit=100', { operation: 'listContacts' });
      expect(page.body.data.contacts).toHaveLength(25);
      expect(page.body.data.pagination).toMatchObject({ limit: 25, has_more: true });
      for (const contact of page.body.data.contacts) {
        expect(contact).not.toHaveProperty('notes_json');
        expect(contact).not.toHaveProperty('sequence');
        expect(contact).not.toHaveProperty('contact_enrichment');
        expect(contact.company.company_id).toMatch(/^[1-9][0-9]*$/);
      }
      expect((await api(ADMIN, 'GET', '/v1/contacts?limit=0')).status).toBe(400);
    });

    it('takes account_id repeated or comma-separated, and refuses unusable accounts', async () => {
      const [first, second] = (await accountsOf(ADMIN)).map((account) => account.account_id);
      const repeated = await list(ADMIN, `account_id=${first}&account_id=${second}`);
      const commas = await list(ADMIN, `account_id=${first},${second}`);
      expect(ids(commas)).toEqual(ids(repeated));
      expect(new Set(repeated.map((contact) => contact.account.account_id))).toEqual(new Set([first, second]));
      const forbidden = await api(MEMBER, 'GET', `/v1/contacts?account_id=${privateAccountId()}`);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.code).toBe('account_shared_access_required');
      const foreign = await api(OTHER_ORG, 'GET', `/v1/contacts?account_id=${sharedAccountId()}`);
      expect(foreign.status).toBe(400);
      expect(foreign.body.code).toBe('bad_request');
    });

    it('filters by query over name, handle and profile URL, case-insensitively', async () => {
      const account = sharedAccountId();
      const target = contactsOf(account)[5]!;
      const byHandle = await list(ADMIN, `account_id=${account}&query=${target.person.public_identifier.toUpperCase()}`);
      expect(ids(byHandle)).toEqual([target.contact_id]);
      const byName = await list(ADMIN, `account_id=${account}&query=${encodeURIComponent(`${target.person.first_name} ${target.person.last_name}`.toLowerCase())}`);
      expect(ids(byName)).toContain(target.contact_id);
    });

    it('filters by company_name over current and past companies, and by headline', async () => {
      const account = sharedAccountId();
      const target = contactsOf(account)[3]!;
      const past = db().personDetails(target.person).experiences.find((experience) => !experience.is_current)!;
      const byPast = await list(ADMIN, `account_id=${account}&company_name=${encodeURIComponent(past.company_name)}`);
      expect(ids(byPast)).toContain(target.contact_id);
      expect(ids(byPast)).toEqual(
        expectedIds(account, (contact) =>
          db().personDetails(contact.person).experiences.some((experience) => experience.company_name.toLowerCase().includes(past.company_name.toLowerCase())),
        ),
      );
      const word = target.person.primary_role_title.split(' ')[0]!;
      const byHeadline = await list(ADMIN, `account_id=${account}&headline=${encodeURIComponent(word)}`);
      expect(ids(byHeadline)).toEqual(expectedIds(account, (contact) => contact.person.headline.toLowerCase().includes(word.toLowerCase())));
    });

    it('searches tags, notes, education and locations', async () => {
      const account = sharedAccountId();
      const noted = contactsOf(account).find((contact) => contact.notes_json !== null)!;
      const noteWord = (JSON.parse(noted.notes_json!) as { text: string }[])[0]!.text.split(' ')[0]!;
      expect(ids(await list(ADMIN, `account_id=${account}&search=${encodeURIComponent(noteWord)}`))).toContain(noted.contact_id);
      const school = db().personDetails(noted.person).educations[0]!.school_name;
      expect(ids(await list(ADMIN, `account_id=${account}&search=${encodeURIComponent(school.toUpperCase())}`))).toContain(noted.contact_id);
      const city = noted.person.location.city;
      const byLocation = await list(ADMIN, `account_id=${account}&location=${encodeURIComponent(city)}`);
      expect(ids(byLocation)).toContain(noted.contact_id);
      expect(byLocation.every((contact) => contact.locations.some((place: { display_text: string }) => place.display_text.includes(city)))).toBe(true);
    });

    it('filters by company_size as a headcount range or an employee count', async () => {
      const account = sharedAccountId();
      const company = contactsOf(account)[0]!.person.company;
      const byRange = await list(ADMIN, `account_id=${account}&company_size=${encodeURIComponent(company.headcount)}`);
      expect(ids(byRange)).toEqual(expectedIds(account, (contact) => contact.person.company.headcount === company.headcount));
      expect(byRange.every((contact) => contact.company.headcount === company.headcount)).toBe(true);
      const byCount = await list(ADMIN, `account_id=${account}&company_size=${company.employee_count}`);
      expect(ids(byCount)).toEqual(ids(byRange));
      expect((await api(ADMIN, 'GET', '/v1/contacts?company_size=lots')).status).toBe(400);
    });

    it('filters by tag (case-insensitive), relationship_status and invitation_status, combined with AND', async () => {
      const account = sharedAccountId();
      const tagged = await list(ADMIN, `account_id=${account}&tag=customer`);
      expect(ids(tagged)).toEqual(expectedIds(account, (contact) => contact.tags.some((tag) => tag.name === 'Customer')));
      expect(tagged.length).toBeGreaterThan(0);
      for (const status of ['connected', 'not_connected', 'unknown'] as const) {
        const found = await list(ADMIN, `account_id=${account}&relationship_status=${status}`);
        expect(found.length).toBeGreaterThan(0);
        expect(found.every((contact) => contact.relationship_status === status)).toBe(true);
      }
      expect((await list(ADMIN, `account_id=${account}&relationship_status=any`)).length).toBe(contactsOf(account).length);
      const pending = await list(ADMIN, `account_id=${account}&invitation_status=pending`);
      expect(pending.length).toBeGreaterThan(0);
      expect(pending.every((contact) => contact.connection_invitation?.status === 'pending')).toBe(true);
      const both = await list(ADMIN, `account_id=${account}&tag=customer&relationship_status=connected`);
      expect(ids(both)).toEqual(expectedIds(account, (c) => c.relationship_status === 'connected' && c.tags.some((t) => t.name === 'Customer')));
      expect((await api(ADMIN, 'GET', '/v1/contacts?relationship_status=friends')).status).toBe(400);
    });

    it('filters by conversation_id; an unknown or foreign conversation is 400', async () => {
      const account = sharedAccountId();
      const conversation = db().conversationsOf(account)[0]!;
      const found = await list(ADMIN, `conversation_id=${conversation.conversation_id}`);
      expect(ids(found).sort()).toEqual([...conversation.participant_contact_ids].sort());
      expect((await api(ADMIN, 'GET', '/v1/contacts?conversation_id=999999999')).status).toBe(400);
      expect((await api(OTHER_ORG, 'GET', `/v1/contacts?conversation_id=${conversation.conversation_id}`)).status).toBe(400);
    });

    it("filters by view_id or public_id, scoped to the view's account; an unknown view is 400", async () => {
      const account = sharedAccountId();
      const view = db().viewsOf(account).find((candidate) => candidate.rules.contact_ids)!;
      const byId = await list(ADMIN, `view_id=${view.id}`);
      const byPublicId = await list(ADMIN, `view_id=${view.public_id}&account_id=${privateAccountId()}`);
      expect(ids(byId).sort()).toEqual([...view.rules.contact_ids!].sort());
      expect(ids(byPublicId)).toEqual(ids(byId));
      expect((await api(ADMIN, 'GET', '/v1/contacts?view_id=vw_nope')).status).toBe(400);
      expect((await api(OTHER_ORG, 'GET', `/v1/contacts?view_id=${view.id}`)).status).toBe(400);
    });

    it('rejects a cursor made for another query', async () => {
      const first = await api(ADMIN, 'GET', '/v1/contacts?tag=customer');
      const cursor = first.body.data.pagination.next_cursor as string;
      expect((await api(ADMIN, 'GET', `/v1/contacts?tag=prospect&cursor=${cursor}`)).status).toBe(400);
    });
  });

  describe('POST /v1/contacts (import)', () => {
    it('imports a network profile with 201, then answers 200 with the same contact', async () => {
      const account = sharedAccountId();
      const url = mock().networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles[0]!.network_url;
      const first = await api(ADMIN, 'POST', '/v1/contacts', { body: { account_id: account, network_url: url }, operation: 'importContact' });
      expect(first.status).toBe(201);
      expect(first.body.data.warnings).toEqual([]);
      expect(first.body.data.contact.network_url).toBe(url);
      const again = await api(ADMIN, 'POST', '/v1/contacts', { body: { account_id: account, network_url: url }, operation: 'importContact' });
      expect(again.status).toBe(200);
      expect(again.body.data.contact.contact_id).toBe(first.body.data.contact.contact_id);
      const listed = await list(ADMIN, `account_id=${account}&query=${encodeURIComponent(url)}`);
      expect(ids(listed)).toEqual([first.body.data.contact.contact_id]);
    });

    it.each([
      ['not a URL', 'grace hopper', 400, 'bad_request'],
      ['a company URL', 'https://www.network.com/company/acme', 400, 'bad_request'],
      ['an unknown handle', 'https://www.network.com/in/nobody-here-at-all', 404, 'not_found'],
      ['the conflict handle', 'https://www.network.com/in/conflict', 409, 'conflict'],
      ['the upstream-error handle', 'https://www.network.com/in/upstream-error', 502, 'upstream_error'],
    ])('answers %s with %i', async (_, url, status, code) => {
      const answer = await api(ADMIN, 'POST', '/v1/contacts', { body: { account_id: sharedAccountId(), network_url: url } });
      expect(answer.status).toBe(status);
      expect(answer.body.code).toBe(code);
    });
  });

  describe('PATCH /v1/contacts/{contact_id}', () => {
    const target = () => contactsOf(sharedAccountId())[10]!;
    const patch = (key: string, contactId: string, body: unknown) =>
      api(key, 'PATCH', `/v1/contacts/${contactId}`, { body, operation: 'updateContact' });

    it('adds, removes and sets tags, and the change is kept', async () => {
      const contact = target();
      const added = await patch(ADMIN, contact.contact_id, { account_id: contact.account_id, tags: { set: [{ name: 'Alpha', color: 'green' }] } });
      expect(added.status).toBe(200);
      expect(added.body.data.contact.tags).toEqual([{ name: 'Alpha', color: 'green' }]);
      const changed = await patch(ADMIN, contact.contact_id, { tags: { add: [{ name: 'Beta', color: 'red' }], remove: ['alpha'] } });
      expect(changed.body.data.contact.tags).toEqual([{ name: 'Beta', color: 'red' }]);
      expect(ids(await list(ADMIN, `account_id=${contact.account_id}&tag=beta`))).toEqual([contact.contact_id]);
      expect(ids(await list(ADMIN, `account_id=${contact.account_id}&search=beta`))).toContain(contact.contact_id);
    });

    it('keeps the person\'s profile searchable after an edit, and forgets what the edit removed', async () => {
      const contact = target();
      const school = db().personDetails(contact.person).educations[0]!.school_name;
      const bySchool = () => list(ADMIN, `account_id=${contact.account_id}&search=${encodeURIComponent(school)}`);
      const byHeadline = () => list(ADMIN, `account_id=${contact.account_id}&search=${encodeURIComponent(contact.person.headline)}`);
      expect(ids(await bySchool())).toContain(contact.contact_id);
      expect((await patch(ADMIN, contact.contact_id, { account_id: contact.account_id, notes_json: '{"text":"quokka"}', tags: { add: [{ name: 'Wombat', color: 'red' }] } })).status).toBe(200);
      expect(ids(await list(ADMIN, `account_id=${contact.account_id}&search=quokka`))).toEqual([contact.contact_id]);
      expect(ids(await list(ADMIN, `account_id=${contact.account_id}&search=wombat`))).toEqual([contact.contact_id]);
      expect(ids(await bySchool())).toContain(contact.contact_id);
      expect(ids(await byHeadline())).toContain(contact.contact_id);
      expect((await patch(ADMIN, contact.contact_id, { account_id: contact.account_id, notes_json: null, tags: { remove: ['wombat'] } })).status).toBe(200);
      expect(ids(await list(ADMIN, `account_id=${contact.account_id}&search=quokka`))).toEqual([]);
      expect(ids(await list(ADMIN, `account_id=${contact.account_id}&search=wombat`))).toEqual([]);
      expect(ids(await bySchool())).toContain(contact.contact_id);
    });

    it('sets and clears notes_json and custom fields by their registered names', async () => {
      const contact = target();
      const set = await patch(ADMIN, contact.contact_id, {
        notes_json: '{"text":"Met at the zeppelin fair"}',
        'Deal stage': 'Won',
        'Lead score': 99,
        'Is customer': true,
      });
      expect(set.status).toBe(200);
      expect(set.body.data.contact).toMatchObject({ notes_json: '{"text":"Met at the zeppelin fair"}', 'Deal stage': 'Won', 'Lead score': 99, 'Is customer': true });
      expect(ids(await list(ADMIN, `account_id=${contact.account_id}&search=zeppelin`))).toEqual([contact.contact_id]);
      const cleared = await patch(ADMIN, contact.contact_id, { notes_json: null, 'Deal stage': null });
      expect(cleared.body.data.contact.notes_json).toBeNull();
      expect(cleared.body.data.contact).not.toHaveProperty('Deal stage');
      expect(cleared.body.data.contact['Lead score']).toBe(99);
    });

    it.each([
      ['notes that are not JSON', { notes_json: 'not json' }],
      ['an unregistered field', { Unregistered: 'x' }],
      ['a name like toString', { toString: 'x' }],
      ['a prototype name', JSON.parse('{"__proto__": "x"}')],
      ['a wrong value type', { 'Lead score': 'high' }],
      ['a wrong boolean type', { 'Is customer': 'yes' }],
    ])('rejects %s with 400 and changes nothing', async (_, change) => {
      const contact = target();
      const before = mock().exportState();
      const answer = await api(ADMIN, 'PATCH', `/v1/contacts/${contact.contact_id}`, {
        body: { tags: { add: [{ name: 'ShouldNotStick', color: 'green' }] }, ...change },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('bad_request');
      expect(mock().exportState()).toBe(before);
    });

    it("answers 400 for an unknown or another organization's contact, 403 for an account not shared", async () => {
      expect((await patch(ADMIN, '999999999', { tags: { add: [{ name: 'X', color: 'red' }] } })).status).toBe(400);
      const foreign = await patch(OTHER_ORG, target().contact_id, { tags: { add: [{ name: 'X', color: 'red' }] } });
      expect(foreign.status).toBe(400);
      const hidden = contactsOf(privateAccountId())[0]!;
      const denied = await patch(MEMBER, hidden.contact_id, { 'Deal stage': 'Won' });
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe('account_shared_access_required');
      const wrongAccount = await patch(ADMIN, target().contact_id, { account_id: privateAccountId(), 'Deal stage': 'Won' });
      expect(wrongAccount.status).toBe(400);
    });
  });

  describe('POST /v1/contacts/{contact_id}/find-email', () => {
    it('answers the contact with the lookup result, its sequence and last interaction, and uses a credit', async () => {
      const contact = contactsOf(sharedAccountId()).find((candidate) => candidate.sequence !== null)!;
      const organization = db().organization(contact.organization_id)!;
      const credits = organization.credits;
      const answer = await api(ADMIN, 'POST', `/v1/contacts/${contact.contact_id}/find-email`, {
        body: { account_id: contact.account_id },
        operation: 'findContactEmail',
      });
      expect(answer.status).toBe(200);
      const found = answer.body.data.contact;
      expect(['found', 'not_found']).toContain(found.contact_enrichment.work_email.status);
      if (found.contact_enrichment.work_email.status === 'found') expect(found.work_email).toMatch(/@/);
      else expect(found.contact_enrichment.work_email.error_code).toBeTruthy();
      expect(found.sequence.sequence_id).toBe(contact.sequence!.sequence_id);
      expect(found).toHaveProperty('last_interaction_at');
      expect(db().organization(contact.organization_id)!.credits).toBe(credits - 1);
    });

    it('gives 403 billing_insufficient_credits without credits and 400 for an unknown contact', async () => {
      const initechAccount = (await accountsOf(NO_CREDITS))[0]!.account_id;
      const contact = contactsOf(initechAccount)[0]!;
      const broke = await api(NO_CREDITS, 'POST', `/v1/contacts/${contact.contact_id}/find-email`, { body: { account_id: initechAccount } });
      expect(broke.status).toBe(403);
      expect(broke.body.code).toBe('billing_insufficient_credits');
      const unknown = await api(ADMIN, 'POST', '/v1/contacts/999999999/find-email', { body: { account_id: sharedAccountId() } });
      expect(unknown.status).toBe(400);
    });
  });
});

describe('listing, through the API alone', () => {
  useMock();

  let accounts: Accounts;
  let all: any[];
  const ids = (items: { contact_id: string }[]) => items.map((item) => item.contact_id);

  beforeAll(async () => {
    accounts = await acmeAccounts();
    all = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=25`, 'contacts');
  });

  describe('GET /v1/contacts: paging', () => {
    it('defaults limit to 10 and echoes it', async () => {
      const page = await get(KEYS.admin, '/v1/contacts');
      expect(page.status).toBe(200);
      expect(page.body.data.contacts).toHaveLength(10);
      expect(page.body.data.pagination.limit).toBe(10);
      expect(page.body.data.pagination.has_more).toBe(true);
      expect(typeof page.body.data.pagination.next_cursor).toBe('string');
    });

    it('clamps a limit above 25 to 25 in the items and in pagination.limit', async () => {
      for (const limit of ['26', '100', '1000', '99999999999']) {
        const page = await get(KEYS.admin, `/v1/contacts?limit=${limit}`);
        expect(page.status, limit).toBe(200);
        expect(page.body.data.contacts).toHaveLength(25);
        expect(page.body.data.pagination.limit).toBe(25);
      }
    });

    it('takes limit 1 and 25 as they are', async () => {
      expect((await get(KEYS.admin, '/v1/contacts?limit=1')).body.data.contacts).toHaveLength(1);
      const page = await get(KEYS.admin, '/v1/contacts?limit=25');
      expect(page.body.data.contacts).toHaveLength(25);
      expect(page.body.data.pagination.limit).toBe(25);
    });

    it('answers 400 for a limit below 1 or not an integer', async () => {
      for (const limit of ['0', '-1', '-100', '2.5', 'abc', 'ten', '', '1e400x']) {
        expectError(await get(KEYS.admin, `/v1/contacts?limit=${limit}`), 400, 'bad_request', /limit/);
      }
    });

    it('walks every contact once with next_cursor, and the cursor keeps the query', async () => {
      const walked = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=7`, 'contacts');
      expect(ids(walked)).toEqual(ids(all));
    });

    it('answers 400 for a tampered cursor, a cursor of another query and a cursor of another endpoint', async () => {
      const first = await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=5`);
      const cursor = first.body.data.pagination.next_cursor as string;
      const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('A') ? 'B' : 'A'}${cursor.slice(-1)}`;
      expectError(await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=5&cursor=${tampered}`), 400, 'bad_request');
      expectError(await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=5&cursor=not-a-cursor`), 400, 'bad_request');
      expectError(await get(KEYS.admin, `/v1/contacts?account_id=${accounts.member}&limit=5&cursor=${cursor}`), 400, 'bad_request');
      expectError(
        await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&relationship_status=connected&cursor=${cursor}`),
        400,
        'bad_request',
      );
      expectError(await get(KEYS.admin, `/v1/views?account_id=${accounts.shared}&cursor=${cursor}`), 400, 'bad_request');
      expectError(await get(KEYS.admin, `/v1/companies?account_id=${accounts.shared}&cursor=${cursor}`), 400, 'bad_request');
      const unscoped = (await get(KEYS.admin, '/v1/contacts?limit=5')).body.data.pagination.next_cursor as string;
      expectError(await get(KEYS.otherOrg, `/v1/contacts?limit=5&cursor=${unscoped}`), 400, 'bad_request');
    });

    it('ignores unknown query parameters', async () => {
      const plain = await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}`);
      const extra = await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&foo=bar&sort=desc&page=3`);
      expect(extra.status).toBe(200);
      expect(ids(extra.body.data.contacts)).toEqual(ids(plain.body.data.contacts));
    });
  });

  describe('GET /v1/contacts: account_id', () => {
    it('takes repeated, comma-separated and mixed forms alike', async () => {
      const { shared, member, private: own } = accounts;
      const repeated = await walk(KEYS.admin, `/v1/contacts?account_id=${shared}&account_id=${member}&limit=25`, 'contacts');
      const commas = await walk(KEYS.admin, `/v1/contacts?account_id=${shared},${member}&limit=25`, 'contacts');
      const encoded = await walk(KEYS.admin, `/v1/contacts?account_id=${shared}%2C${member}&limit=25`, 'contacts');
      expect(ids(commas)).toEqual(ids(repeated));
      expect(ids(encoded)).toEqual(ids(repeated));
      expect(new Set(repeated.map((contact) => contact.account.account_id))).toEqual(new Set([shared, member]));
      const mixed = await walk(KEYS.admin, `/v1/contacts?account_id=${shared},${member}&account_id=${own}&limit=25`, 'contacts');
      expect(new Set(mixed.map((contact) => contact.account.account_id))).toEqual(new Set([shared, member, own]));
    });

    it('answers 400 for an id off the pattern or unknown, 403 for an unshared one', async () => {
      for (const bad of ['abc', '0', '01', '-5', '1.5', '999999999']) {
        expectError(await get(KEYS.admin, `/v1/contacts?account_id=${bad}`), 400, 'bad_request', /account_id/);
      }
      expectError(await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared},abc`), 400, 'bad_request');
      expectError(await get(KEYS.member, `/v1/contacts?account_id=${accounts.shared},${accounts.private}`), 403, 'account_shared_access_required');
    });

    it('lists every accessible account when account_id is absent', async () => {
      const member = await walk(KEYS.member, '/v1/contacts?limit=25', 'contacts');
      expect(new Set(member.map((contact) => contact.account.account_id))).toEqual(new Set([accounts.shared, accounts.member]));
    });
  });

  describe('GET /v1/contacts: filters', () => {
    it('defaults relationship_status to any and filters by each status', async () => {
      const any = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&relationship_status=any&limit=25`, 'contacts');
      expect(ids(any)).toEqual(ids(all));
      for (const status of ['connected', 'not_connected', 'unknown']) {
        const some = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&relationship_status=${status}&limit=25`, 'contacts');
        expect(some.length).toBeGreaterThan(0);
        expect(ids(some)).toEqual(ids(all.filter((contact) => contact.relationship_status === status)));
      }
      expectError(await get(KEYS.admin, '/v1/contacts?relationship_status=friends'), 400, 'bad_request', /relationship_status/);
      expectError(await get(KEYS.admin, '/v1/contacts?invitation_status=accepted'), 400, 'bad_request', /invitation_status/);
    });

    it('filters by tag name, case-insensitively', async () => {
      const tagged = all.filter((contact) => contact.tags.some((tag: { name: string }) => tag.name === 'Customer'));
      expect(tagged.length).toBeGreaterThan(0);
      for (const tag of ['Customer', 'customer', 'CUSTOMER']) {
        const found = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&tag=${tag}&limit=25`, 'contacts');
        expect(ids(found)).toEqual(ids(tagged));
      }
      const spaced = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&tag=Do%20not%20contact&limit=25`, 'contacts');
      expect(ids(spaced)).toEqual(ids(all.filter((contact) => contact.tags.some((tag: { name: string }) => tag.name === 'Do not contact'))));
    });

    it('finds a contact by query over name, headline, company, role, handle and profile URL', async () => {
      const target = all[17];
      for (const value of [
        target.name,
        target.first_name.toUpperCase(),
        target.public_identifier,
        target.network_url,
        target.headline,
        target.primary_company_name,
        target.primary_role_title,
      ]) {
        const found = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&query=${encodeURIComponent(value)}&limit=25`, 'contacts');
        expect(ids(found), value).toContain(target.contact_id);
      }
      const none = await get(KEYS.admin, `/v1/contacts?query=${encodeURIComponent('zzz no such person zzz')}`);
      expect(none.body.data.contacts).toEqual([]);
      expect(none.body.data.pagination).toEqual({ limit: 10, has_more: false });
    });

    it('filters by company_name over current and past companies, headline, location and search', async () => {
      const target = all[23];
      const past = target.experiences.find((experience: { is_current: boolean }) => !experience.is_current);
      for (const [param, value] of [
        ['company_name', target.company.name],
        ['company_name', past.company_name],
        ['headline', target.headline],
        ['location', target.locations[0].city],
        ['search', target.educations[0].school_name],
        ['search', target.company.industries[0].name],
      ] as const) {
        const found = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&${param}=${encodeURIComponent(value)}&limit=25`, 'contacts');
        expect(ids(found), `${param}=${value}`).toContain(target.contact_id);
      }
    });

    it('finds contacts by a tag or note through search', async () => {
      const target = all[30];
      const patched = await api(KEYS.admin, 'PATCH', `/v1/contacts/${target.contact_id}`, {
        body: { notes_json: JSON.stringify({ text: 'Met at Quetzalcoatl summit' }), tags: { add: [{ name: 'Zebra-club', color: 'green' }] } },
      });
      expect(patched.status).toBe(200);
      for (const term of ['quetzalcoatl', 'zebra-club']) {
        const found = await walk(KEYS.admin, `/v1/contacts?search=${term}&limit=25`, 'contacts');
        expect(ids(found)).toEqual([target.contact_id]);
      }
    });

    it('filters by company_size as a range or an employee count', async () => {
      const target = all[3];
      const bySize = await walk(
        KEYS.admin,
        `/v1/contacts?account_id=${accounts.shared}&company_size=${encodeURIComponent(target.company.headcount)}&limit=25`,
        'contacts',
      );
      expect(ids(bySize)).toContain(target.contact_id);
      for (const contact of bySize) expect(contact.company.headcount).toBe(target.company.headcount);
      const byCount = await walk(
        KEYS.admin,
        `/v1/contacts?account_id=${accounts.shared}&company_size=${target.company.employee_count}&limit=25`,
        'contacts',
      );
      expect(ids(byCount)).toContain(target.contact_id);
    });

    it('filters by conversation_id to the participants, 400 for an unknown conversation', async () => {
      const conversation = (await get(KEYS.admin, `/v1/conversations?account_id=${accounts.shared}&limit=1`)).body.data.conversations[0];
      const found = await walk(KEYS.admin, `/v1/contacts?conversation_id=${conversation.conversation_id}&limit=25`, 'contacts');
      expect(found.length).toBeGreaterThan(0);
      for (const contact of found) expect(contact.account.account_id).toBe(accounts.shared);
      expectError(await get(KEYS.admin, '/v1/contacts?conversation_id=999999999'), 400, 'bad_request');
    });
  });

  describe('GET /v1/contacts: filters together', () => {
    it('combines filters with AND and pages the result in a stable order', async () => {
      const expected = all.filter(
        (contact) => contact.relationship_status === 'connected' && contact.tags.some((tag: { name: string }) => tag.name === 'Prospect'),
      );
      expect(expected.length).toBeGreaterThan(2);
      const path = `/v1/contacts?account_id=${accounts.shared}&relationship_status=connected&tag=prospect&limit=2`;
      const first = await walk(KEYS.admin, path, 'contacts');
      expect(ids(first)).toEqual(ids(expected));
      expect(ids(await walk(KEYS.admin, path, 'contacts'))).toEqual(ids(first));
      const narrower = await walk(KEYS.admin, `${path}&query=${encodeURIComponent(expected[0].name)}`, 'contacts');
      expect(ids(narrower)).toContain(expected[0].contact_id);
      for (const contact of narrower) expect(expected.map((item) => item.contact_id)).toContain(contact.contact_id);
    });
  });

  describe('GET /v1/contacts: view_id', () => {
    it('takes a view id or public_id alike, scoped to the view account', async () => {
      const views = (await get(KEYS.admin, `/v1/views?account_id=${accounts.member}`)).body.data.views;
      for (const view of views) {
        const byId = await walk(KEYS.admin, `/v1/contacts?view_id=${view.id}&limit=25`, 'contacts');
        const byPublicId = await walk(KEYS.admin, `/v1/contacts?view_id=${view.public_id}&limit=25`, 'contacts');
        expect(byId.length).toBeGreaterThan(0);
        expect(ids(byPublicId)).toEqual(ids(byId));
        for (const contact of byId) expect(contact.account.account_id).toBe(accounts.member);
      }
    });

    it('works for an API-created view, with further filters', async () => {
      const picked = all.slice(0, 6);
      const created = await api(KEYS.admin, 'POST', '/v1/views', {
        body: {
          account_id: accounts.shared,
          type: 'contact',
          name: 'Six',
          description: 'six picked',
          filters: { specific_contacts: { contact_ids: ids(picked) } },
        },
      });
      expect(created.status).toBe(201);
      const view = created.body.data.view;
      const byId = await walk(KEYS.admin, `/v1/contacts?view_id=${view.id}`, 'contacts');
      expect(new Set(ids(byId))).toEqual(new Set(ids(picked)));
      const byPublicId = await walk(KEYS.admin, `/v1/contacts?view_id=${view.public_id}`, 'contacts');
      expect(ids(byPublicId)).toEqual(ids(byId));
      const connected = await walk(KEYS.admin, `/v1/contacts?view_id=${view.id}&relationship_status=connected`, 'contacts');
      expect(new Set(ids(connected))).toEqual(new Set(ids(picked.filter((contact) => contact.relationship_status === 'connected'))));
    });

    it('answers 400 for an unknown view and 403 for a view of an unshared account', async () => {
      expectError(await get(KEYS.admin, '/v1/contacts?view_id=999999999'), 400, 'bad_request');
      expectError(await get(KEYS.admin, '/v1/contacts?view_id=vw_nosuchview'), 400, 'bad_request');
      const privateView = (await get(KEYS.admin, `/v1/views?account_id=${accounts.private}`)).body.data.views[0];
      expectError(await get(KEYS.member, `/v1/contacts?view_id=${privateView.id}`), 403, 'account_shared_access_required');
    });
  });

  describe('GET /v1/contacts: item shape (section 2)', () => {
    it('carries the contact fields, with custom fields as top-level keys', () => {
      const contact = all.find((candidate) => candidate['Deal stage'] !== undefined)!;
      for (const key of [
        'account_relationship_id',
        'contact_id',
        'provider_participant_id',
        'public_identifier',
        'account',
        'name',
        'first_name',
        'last_name',
        'headline',
        'network_url',
        'relationship_status',
        'tags',
        'languages',
        'experiences',
        'educations',
        'locations',
        'company',
        'app_url',
      ]) {
        expect(contact, key).toHaveProperty(key);
      }
      expect(contact.account.account_id).toBe(accounts.shared);
      expect(Number.isInteger(contact.follower_count)).toBe(true);
      expect(Number.isInteger(contact.connections_count)).toBe(true);
      for (const tag of contact.tags) expect(Object.keys(tag).sort()).toEqual(['color', 'name']);
      expect(new URL(contact.app_url).protocol).toMatch(/^https?:$/);
      expect(new URL(contact.network_url).protocol).toMatch(/^https?:$/);
    });
  });
});

describe('writing, through the API alone', () => {
  useMock();

  let accounts: Accounts;
  let contacts: any[];
  let cursor = 0;
  /** A contact of the shared account no other test of this file touches. */
  const nextContact = () => contacts[cursor++]!;
  const patch = (id: string, body: unknown, key: string = KEYS.admin) => api(key, 'PATCH', `/v1/contacts/${id}`, { body });
  /** The contact as an update with no changes shows it (notes and custom fields included). */
  const fullContact = async (id: string) => (await patch(id, {})).body.data.contact;

  beforeAll(async () => {
    accounts = await acmeAccounts();
    contacts = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=25`, 'contacts');
  });

  describe('PATCH /v1/contacts/{contact_id}: tags', () => {
    it('adds tags, without duplicating a name already there', async () => {
      const contact = nextContact();
      const first = await patch(contact.contact_id, { account_id: accounts.shared, tags: { set: [{ name: 'Customer', color: 'green' }] } });
      expect(first.status).toBe(200);
      const added = await patch(contact.contact_id, {
        tags: { add: [{ name: 'Customer', color: 'green' }, { name: 'VIP', color: 'red' }] },
      });
      expect(added.status).toBe(200);
      const names = added.body.data.contact.tags.map((tag: { name: string }) => tag.name);
      expect(names.sort()).toEqual(['Customer', 'VIP']);
      const again = await patch(contact.contact_id, { tags: { add: [{ name: 'VIP', color: 'red' }] } });
      expect(again.body.data.contact.tags).toHaveLength(2);
    });

    it('removes tags by name, and removing an absent tag changes nothing', async () => {
      const contact = nextContact();
      await patch(contact.contact_id, { tags: { set: [{ name: 'A', color: 'green' }, { name: 'B', color: 'red' }] } });
      const removed = await patch(contact.contact_id, { tags: { remove: ['A', 'Not there'] } });
      expect(removed.status).toBe(200);
      expect(removed.body.data.contact.tags).toEqual([{ name: 'B', color: 'red' }]);
      const nothing = await patch(contact.contact_id, { tags: { remove: ['Not there'] } });
      expect(nothing.status).toBe(200);
      expect(nothing.body.data.contact.tags).toEqual([{ name: 'B', color: 'red' }]);
    });

    it('adds and removes in one request', async () => {
      const contact = nextContact();
      await patch(contact.contact_id, { tags: { set: [{ name: 'Old', color: 'red' }] } });
      const both = await patch(contact.contact_id, { tags: { add: [{ name: 'New', color: 'green' }], remove: ['Old'] } });
      expect(both.status).toBe(200);
      expect(both.body.data.contact.tags).toEqual([{ name: 'New', color: 'green' }]);
    });

    it('replaces every tag with set, and set [] clears them', async () => {
      const contact = nextContact();
      const set = await patch(contact.contact_id, { tags: { set: [{ name: 'Only', color: 'green' }] } });
      expect(set.body.data.contact.tags).toEqual([{ name: 'Only', color: 'green' }]);
      const cleared = await patch(contact.contact_id, { tags: { set: [] } });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data.contact.tags).toEqual([]);
      const listed = await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&query=${contact.public_identifier}`);
      expect(listed.body.data.contacts[0].tags).toEqual([]);
    });

    it('answers 400 when set is mixed with add or remove, and changes nothing', async () => {
      const contact = nextContact();
      await patch(contact.contact_id, { tags: { set: [{ name: 'Keep', color: 'green' }] } });
      for (const tags of [
        { set: [{ name: 'X', color: 'red' }], add: [{ name: 'Y', color: 'red' }] },
        { set: [], remove: ['Keep'] },
      ]) {
        expectError(await patch(contact.contact_id, { tags, notes_json: '{"a":1}' }), 400, 'bad_request', /set/);
      }
      const after = await fullContact(contact.contact_id);
      expect(after.tags).toEqual([{ name: 'Keep', color: 'green' }]);
      expect(after.notes_json).not.toBe('{"a":1}');
    });

    it('keeps colors other than green and red, and refuses an empty name or color', async () => {
      const contact = nextContact();
      const blue = await patch(contact.contact_id, { tags: { add: [{ name: 'Blue one', color: 'blue' }] } });
      expect(blue.status).toBe(200);
      expect(blue.body.data.contact.tags).toContainEqual({ name: 'Blue one', color: 'blue' });
      for (const tag of [{ name: '', color: 'red' }, { name: 'X', color: '' }, { name: 'X' }, { color: 'red' }, 'X']) {
        expectError(await patch(contact.contact_id, { tags: { add: [tag] } }), 400, 'bad_request', /tags/);
      }
      expectError(await patch(contact.contact_id, { tags: { remove: [''] } }), 400, 'bad_request');
      expectError(await patch(contact.contact_id, { tags: ['Customer'] }), 400, 'bad_request');
      expectError(await patch(contact.contact_id, { tags: { replace: [] } }), 400, 'bad_request');
    });
  });

  describe('PATCH /v1/contacts/{contact_id}: notes and custom fields', () => {
    it('returns notes_json and custom fields, and null clears each', async () => {
      const contact = nextContact();
      const notes = JSON.stringify([{ text: 'Called on Monday' }]);
      const set = await patch(contact.contact_id, {
        account_id: accounts.shared,
        notes_json: notes,
        'Deal stage': 'Proposal',
        'Lead score': 7,
        'Is customer': false,
      });
      expect(set.status).toBe(200);
      expect(set.body.data.contact).toMatchObject({ notes_json: notes, 'Deal stage': 'Proposal', 'Lead score': 7, 'Is customer': false });
      const listed = (await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&query=${contact.public_identifier}`)).body.data
        .contacts[0];
      expect(listed).toMatchObject({ 'Deal stage': 'Proposal', 'Lead score': 7, 'Is customer': false });

      const cleared = await patch(contact.contact_id, { notes_json: null, 'Deal stage': null });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data.contact.notes_json).toBeNull();
      expect(cleared.body.data.contact['Deal stage'] ?? null).toBeNull();
      expect(cleared.body.data.contact['Lead score']).toBe(7);
    });

    it('answers 400 for notes_json that is not JSON text, or not a string', async () => {
      const contact = nextContact();
      const before = await fullContact(contact.contact_id);
      for (const notes_json of ['not json', '{', '', 42, { text: 'x' }, ['x'], true]) {
        expectError(await patch(contact.contact_id, { notes_json }), 400, 'bad_request', /notes_json/);
      }
      expect((await fullContact(contact.contact_id)).notes_json).toEqual(before.notes_json);
    });

    it('answers 400 for an unregistered field, another case of a name, or a value of the wrong type, and changes nothing', async () => {
      const contact = nextContact();
      const before = await fullContact(contact.contact_id);
      for (const body of [
        { 'Favorite color': 'blue' },
        { 'deal stage': 'Won' },
        { Tier: 'SMB' },
        { 'Deal stage': 5 },
        { 'Lead score': '5' },
        { 'Is customer': 'yes' },
        { 'Deal stage': ['Won'] },
        { 'Deal stage': { value: 'Won' } },
      ]) {
        const reply = await patch(contact.contact_id, { ...body, notes_json: '{"changed":true}', tags: { add: [{ name: 'Z', color: 'red' }] } });
        expectError(reply, 400, 'bad_request', new RegExp(Object.keys(body)[0]!));
      }
      expect(await fullContact(contact.contact_id)).toEqual(before);
    });

    it('answers 400 pointing to "tags" for a tag change under a misspelt key, and changes nothing', async () => {
      const contact = nextContact();
      const before = await fullContact(contact.contact_id);
      for (const body of [{ tag: { add: [{ name: 'Won', color: 'green' }] } }, { Tags: { remove: ['won'] } }]) {
        const reply = await patch(contact.contact_id, { account_id: accounts.shared, ...body });
        expectError(reply, 400, 'bad_request', /"(tag|Tags)".*A tag change goes under "tags"/);
      }
      // An object that is no tag change gets no such hint.
      expect((await patch(contact.contact_id, { tag: { value: 'Won' } })).body.message).not.toMatch(/"tags"/);
      expect(await fullContact(contact.contact_id)).toEqual(before);
    });

    it('accepts a body with only account_id (or empty) and changes nothing', async () => {
      const contact = nextContact();
      const before = await fullContact(contact.contact_id);
      const reply = await patch(contact.contact_id, { account_id: accounts.shared });
      expect(reply.status).toBe(200);
      expect(reply.body.data.contact).toEqual(before);
      expect(reply.body.data.contact).toHaveProperty('notes_json');
    });
  });

  describe('PATCH /v1/contacts/{contact_id}: ids and bodies', () => {
    it('answers 400 for an unknown, foreign or malformed contact id (not 404)', async () => {
      const globex = (await get(KEYS.otherOrg, '/v1/contacts?limit=1')).body.data.contacts[0].contact_id;
      for (const id of ['999999999', globex, 'abc', '0', '01', '-1', '1.5']) {
        expectError(await patch(id, { notes_json: null }), 400, 'bad_request');
      }
    });

    it('answers 400 when account_id is not the account of the contact, 403 when the account is not shared', async () => {
      const contact = nextContact();
      expectError(await patch(contact.contact_id, { account_id: accounts.member, notes_json: null }), 400, 'bad_request');
      expectError(await patch(contact.contact_id, { account_id: 'abc' }), 400, 'bad_request', /account_id/);
      expectError(await patch(contact.contact_id, { account_id: 101 }), 400, 'bad_request', /account_id/);
      const privateContact = (await get(KEYS.admin, `/v1/contacts?account_id=${accounts.private}&limit=1`)).body.data.contacts[0];
      expectError(await patch(privateContact.contact_id, { notes_json: null }, KEYS.member), 403, 'account_shared_access_required');
      expectError(
        await patch(privateContact.contact_id, { account_id: accounts.private, notes_json: null }, KEYS.member),
        403,
        'account_shared_access_required',
      );
    });

    it('answers 400 for a body that is not JSON, not an object, or over 1 MiB, and changes nothing', async () => {
      const contact = nextContact();
      const before = await fullContact(contact.contact_id);
      for (const rawBody of ['{not json', '[]', '"text"', '42', 'null', '[{"notes_json":null}]']) {
        expectError(await api(KEYS.admin, 'PATCH', `/v1/contacts/${contact.contact_id}`, { rawBody }), 400, 'bad_request');
      }
      const huge = JSON.stringify({ notes_json: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }) });
      const tooBig = await api(KEYS.admin, 'PATCH', `/v1/contacts/${contact.contact_id}`, { rawBody: huge });
      expect([400, 413]).toContain(tooBig.status);
      expect(tooBig.body.code).toBe('bad_request');
      expect(await fullContact(contact.contact_id)).toEqual(before);
    });

    it('answers 400 for a missing body', async () => {
      const contact = nextContact();
      const reply = await fetch(`${BASE_URL}/v1/contacts/${contact.contact_id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${KEYS.admin}` },
      });
      expect(reply.status).toBe(400);
    });
  });

  describe('POST /v1/contacts (import)', () => {
    it('answers 201 the first time and 200 with the same contact after, both with warnings', async () => {
      const [url] = await freshProfileUrls(1);
      const first = await api(KEYS.admin, 'POST', '/v1/contacts', { body: { account_id: accounts.shared, network_url: url } });
      expect(first.status).toBe(201);
      expect(Array.isArray(first.body.data.warnings)).toBe(true);
      const contact = first.body.data.contact;
      expect(contact.contact_id).toMatch(/^[1-9][0-9]*$/);
      expect(contact.account.account_id).toBe(accounts.shared);
      expect(contact.network_url).toBe(url);
      for (const omitted of ['work_email', 'phone', 'avatar_url']) expect(contact).not.toHaveProperty(omitted);
      const again = await api(KEYS.admin, 'POST', '/v1/contacts', { body: { account_id: accounts.shared, network_url: url } });
      expect(again.status).toBe(200);
      expect(again.body.data.contact.contact_id).toBe(contact.contact_id);
      expect(Array.isArray(again.body.data.warnings)).toBe(true);

      const listed = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&query=${encodeURIComponent(url!)}`, 'contacts');
      expect(listed.map((item) => item.contact_id)).toEqual([contact.contact_id]);
      const profiles = await (await fetch(`${BASE_URL}/__mock/network-profiles?imported=false&limit=2000`)).json();
      expect(profiles.profiles.map((profile: { network_url: string }) => profile.network_url)).not.toContain(url);

      const elsewhere = await api(KEYS.admin, 'POST', '/v1/contacts', { body: { account_id: accounts.member, network_url: url } });
      expect(elsewhere.status).toBe(201);
      expect(elsewhere.body.data.contact.account.account_id).toBe(accounts.member);
    });

    it('imports a profile that is already a contact of another account with 201 in a new account', async () => {
      const memberContact = (await get(KEYS.admin, `/v1/contacts?account_id=${accounts.member}&limit=1`)).body.data.contacts[0];
      const reply = await api(KEYS.admin, 'POST', '/v1/contacts', {
        body: { account_id: accounts.shared, network_url: memberContact.network_url },
      });
      expect(reply.status).toBe(201);
      const same = await api(KEYS.admin, 'POST', '/v1/contacts', {
        body: { account_id: accounts.member, network_url: memberContact.network_url },
      });
      expect(same.status).toBe(200);
      expect(same.body.data.contact.contact_id).toBe(memberContact.contact_id);
    });

    it('lets an imported contact be updated and looked up', async () => {
      const [url] = await freshProfileUrls(1);
      const imported = (await api(KEYS.admin, 'POST', '/v1/contacts', { body: { account_id: accounts.shared, network_url: url } })).body.data
        .contact;
      const updated = await patch(imported.contact_id, { 'Deal stage': 'Lead', tags: { add: [{ name: 'Imported', color: 'green' }] } });
      expect(updated.status).toBe(200);
      expect(updated.body.data.contact['Deal stage']).toBe('Lead');
      const found = await api(KEYS.admin, 'POST', `/v1/contacts/${imported.contact_id}/find-email`, { body: { account_id: accounts.shared } });
      expect(found.status).toBe(200);
    });

    it('applies the magic handles and answers 404 for an unknown handle', async () => {
      const upstream = await api(KEYS.admin, 'POST', '/v1/contacts', {
        body: { account_id: accounts.shared, network_url: 'https://www.network.com/in/upstream-error' },
      });
      expectError(upstream, 502, 'upstream_error');
      const conflict = await api(KEYS.admin, 'POST', '/v1/contacts', {
        body: { account_id: accounts.shared, network_url: 'https://www.network.com/in/conflict' },
      });
      expectError(conflict, 409, 'conflict');
      const unknown = await api(KEYS.admin, 'POST', '/v1/contacts', {
        body: { account_id: accounts.shared, network_url: 'https://www.network.com/in/nobody-by-this-handle-xyz' },
      });
      expectError(unknown, 404, 'not_found');
      const [url] = await freshProfileUrls(1);
      const host = new URL(url!).origin;
      expectError(
        await api(KEYS.admin, 'POST', '/v1/contacts', { body: { account_id: accounts.shared, network_url: `${host}/in/upstream-error/` } }),
        502,
        'upstream_error',
      );
    });

    it('answers 400 for missing or malformed fields, 403 for an unshared account', async () => {
      const [url] = await freshProfileUrls(1);
      for (const body of [
        { account_id: accounts.shared },
        { network_url: url },
        { account_id: accounts.shared, network_url: 'not a url' },
        { account_id: accounts.shared, network_url: 42 },
        { account_id: 'abc', network_url: url },
        { account_id: '999999999', network_url: url },
      ]) {
        expectError(await api(KEYS.admin, 'POST', '/v1/contacts', { body }), 400, 'bad_request');
      }
      expectError(
        await api(KEYS.member, 'POST', '/v1/contacts', { body: { account_id: accounts.private, network_url: url } }),
        403,
        'account_shared_access_required',
      );
      const profiles = await (await fetch(`${BASE_URL}/__mock/network-profiles?imported=false&limit=2000`)).json();
      expect(profiles.profiles.map((profile: { network_url: string }) => profile.network_url)).toContain(url);
    });
  });

  describe('POST /v1/contacts/{contact_id}/find-email', () => {
    it('returns the contact with the lookup result, sequence and last_interaction_at', async () => {
      for (let index = 0; index < 12; index++) {
        const contact = nextContact();
        const reply = await api(KEYS.admin, 'POST', `/v1/contacts/${contact.contact_id}/find-email`, { body: { account_id: accounts.shared } });
        expect(reply.status).toBe(200);
        const found = reply.body.data.contact;
        expect(found.contact_id).toBe(contact.contact_id);
        expect(found).toHaveProperty('sequence');
        expect(found).toHaveProperty('last_interaction_at');
        expect(found.contact_enrichment.work_email).toHaveProperty('status');
        expect(found.contact_enrichment.work_email).toHaveProperty('error_code');
        expect(found.contact_enrichment.work_email.status).not.toBe('not_requested');
        expect(found.contact_enrichment).toHaveProperty('phone');
        if (found.contact_enrichment.work_email.status === 'found') expect(found.work_email).toMatch(/@/);
        const repeated = await api(KEYS.admin, 'POST', `/v1/contacts/${contact.contact_id}/find-email`, { body: { account_id: accounts.shared } });
        expect(repeated.body.data.contact.contact_enrichment).toEqual(found.contact_enrichment);
      }
    });

    it('answers 400 for an unknown contact, a missing account_id or a contact of another account', async () => {
      const contact = nextContact();
      expectError(await api(KEYS.admin, 'POST', '/v1/contacts/999999999/find-email', { body: { account_id: accounts.shared } }), 400, 'bad_request');
      expectError(await api(KEYS.admin, 'POST', '/v1/contacts/abc/find-email', { body: { account_id: accounts.shared } }), 400, 'bad_request');
      expectError(await api(KEYS.admin, 'POST', `/v1/contacts/${contact.contact_id}/find-email`, { body: {} }), 400, 'bad_request');
      expectError(
        await api(KEYS.admin, 'POST', `/v1/contacts/${contact.contact_id}/find-email`, { body: { account_id: accounts.member } }),
        400,
        'bad_request',
      );
    });
  });

  describe('bad bodies never break the mock', () => {
    it('answers 400 to deeply nested bodies and prototype keys at any depth', async () => {
      const contact = nextContact();
      const deep = `{"tags":{"add":${'['.repeat(50_000)}${']'.repeat(50_000)}}}`;
      expectError(await api(KEYS.admin, 'PATCH', `/v1/contacts/${contact.contact_id}`, { rawBody: deep }), 400, 'bad_request');
      const wide = JSON.stringify({ tags: { add: Array.from({ length: 40_000 }, () => [1]) } });
      expectError(await api(KEYS.admin, 'PATCH', `/v1/contacts/${contact.contact_id}`, { rawBody: wide }), 400, 'bad_request');
      for (const rawBody of ['{"__proto__":{"x":1}}', '{"tags":{"add":[{"name":"A","color":"red","constructor":{}}]}}']) {
        expectError(await api(KEYS.admin, 'PATCH', `/v1/contacts/${contact.contact_id}`, { rawBody }), 400, 'bad_request');
      }
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    });
  });
});
