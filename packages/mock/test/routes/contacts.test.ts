import { describe, expect, it } from 'vitest';
import type { ContactRecord } from '../../src/store/index';
import { accountsOf, ADMIN, api, MEMBER, NO_CREDITS, OTHER_ORG, useMock, walk } from '../support/harness';

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
