// No key reaches another organization's data by id, cursor, view_id or conversation_id, and its answer
// gives no hint that the id exists; a member key never reaches an account not shared with it.
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_KEYS } from '../../src/index';
import { BASE_URL, RUNS, createPropertyMock, datasetIds, operationIds, requestArbitrary, toRequest } from '../support/properties';

const mock = createPropertyMock();
const ids = datasetIds(mock);
const UNKNOWN = '987654321';
let cases = 0;

afterEach(() => mock.contract.assertClean());
afterAll(() => {
  console.info(`[security:isolation] cases run: ${cases}`);
  console.info(mock.contract.summary('security:isolation'));
});

interface Answer {
  status: number;
  body: { code?: string; message?: string } & Record<string, unknown>;
  text: string;
}

async function call(key: string, method: string, path: string, body?: unknown): Promise<Answer> {
  cases++;
  const response = await mock.fetch(
    new Request(`${BASE_URL}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Answer['body'], text };
}

type Probe = { name: string; kind: 'contact' | 'company' | 'conversation' | 'view' | 'account'; send: (id: string) => Promise<Answer> };

/** Requests of the Acme admin that carry one id of `kind`; Globex ids must be answered like unknown ones. */
function probes(key: string, ownAccount: string): Probe[] {
  return [
    { name: 'PATCH contact', kind: 'contact', send: (id) => call(key, 'PATCH', `/v1/contacts/${id}`, { account_id: ownAccount, notes_json: null }) },
    { name: 'PATCH contact without account_id', kind: 'contact', send: (id) => call(key, 'PATCH', `/v1/contacts/${id}`, { notes_json: null }) },
    { name: 'find-email', kind: 'contact', send: (id) => call(key, 'POST', `/v1/contacts/${id}/find-email`, { account_id: ownAccount }) },
    { name: 'PATCH company', kind: 'company', send: (id) => call(key, 'PATCH', `/v1/companies/${id}`, { account_id: ownAccount, notes_json: null }) },
    { name: 'PATCH company without account_id', kind: 'company', send: (id) => call(key, 'PATCH', `/v1/companies/${id}`, { notes_json: null }) },
    { name: 'messages', kind: 'conversation', send: (id) => call(key, 'GET', `/v1/conversations/${id}/messages?account_id=${ownAccount}`) },
    { name: 'contacts by conversation_id', kind: 'conversation', send: (id) => call(key, 'GET', `/v1/contacts?conversation_id=${id}`) },
    { name: 'contacts by view_id', kind: 'view', send: (id) => call(key, 'GET', `/v1/contacts?view_id=${encodeURIComponent(id)}`) },
    { name: 'companies by view_id', kind: 'view', send: (id) => call(key, 'GET', `/v1/companies?view_id=${encodeURIComponent(id)}`) },
    { name: 'conversations by contact_id', kind: 'contact', send: (id) => call(key, 'GET', `/v1/conversations?contact_id=${id}`) },
    {
      name: 'draft to a contact',
      kind: 'contact',
      send: (id) => call(key, 'POST', '/v1/drafts', { account_id: ownAccount, contact_id: id, draft_message: 'hi' }),
    },
    {
      name: 'draft in a conversation',
      kind: 'conversation',
      send: (id) => call(key, 'POST', '/v1/drafts', { account_id: ownAccount, conversation_id: id, draft_message: 'hi' }),
    },
    { name: 'enrich a contact', kind: 'contact', send: (id) => call(key, 'POST', '/v1/enrich', { account_id: ownAccount, contact_id: id }) },
    {
      name: 'view of contacts',
      kind: 'contact',
      send: (id) =>
        call(key, 'POST', '/v1/views', { account_id: ownAccount, type: 'contact', name: 'x', filters: { specific_contacts: { contact_ids: [id] } } }),
    },
    { name: 'contacts of account', kind: 'account', send: (id) => call(key, 'GET', `/v1/contacts?account_id=${id}`) },
    { name: 'companies of account', kind: 'account', send: (id) => call(key, 'GET', `/v1/companies?account_id=${id}`) },
    { name: 'conversations of account', kind: 'account', send: (id) => call(key, 'GET', `/v1/conversations?account_id=${id}`) },
    { name: 'views of account', kind: 'account', send: (id) => call(key, 'GET', `/v1/views?account_id=${id}`) },
    { name: 'activity of account', kind: 'account', send: (id) => call(key, 'GET', `/v1/activity?account_id=${id}`) },
    { name: 'summary of account', kind: 'account', send: (id) => call(key, 'GET', `/v1/activity/summary?account_id=${id}`) },
    {
      name: 'import into account',
      kind: 'account',
      send: (id) => call(key, 'POST', '/v1/contacts', { account_id: id, network_url: ids.profileUrls[0] }),
    },
  ];
}

// Globex's own account, for the reverse direction.
const globexAccount = ids.foreign.accounts[0] as string;
const acmeIds = { contact: ids.contactIds, company: ids.companyIds, conversation: ids.conversationIds, view: ids.viewIds, account: ids.acmeAccounts };
const globexIds = {
  contact: ids.foreign.contactIds,
  company: ids.foreign.companyIds,
  conversation: ids.foreign.conversationIds,
  view: ids.foreign.viewIds,
  account: ids.foreign.accounts,
};

const masked = (answer: Answer, id: string) => ({ status: answer.status, code: answer.body.code, message: answer.body.message?.split(id).join('<id>') });

describe('security: organization isolation', () => {
  const directions = [
    { who: 'Acme admin on Globex ids', key: FIXTURE_KEYS.admin, own: ids.adminAccount, theirs: globexIds },
    { who: 'Globex admin on Acme ids', key: FIXTURE_KEYS.otherOrg, own: globexAccount, theirs: acmeIds },
  ];

  it.each(directions)('$who: never 2xx, and answered exactly as an unknown id', async ({ key, own, theirs }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...probes(key, own)).chain((probe) => fc.tuple(fc.constant(probe), fc.constantFrom(...theirs[probe.kind]))),
        async ([probe, foreignId]) => {
          const before = mock.db.revision;
          const foreign = await probe.send(foreignId);
          const unknown = await probe.send(UNKNOWN);
          expect(foreign.status, `${probe.name} ${foreignId}: ${foreign.text}`).toBeGreaterThanOrEqual(400);
          expect(masked(foreign, foreignId), probe.name).toEqual(masked(unknown, UNKNOWN));
          // Any change to the data moves the revision.
          expect(mock.db.revision).toBe(before);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("a cursor minted for one organization is refused for the other, and shows none of the first's data", async () => {
    const first = await call(FIXTURE_KEYS.admin, 'GET', '/v1/contacts?limit=5');
    const cursor = (first.body.data as { pagination: { next_cursor: string } }).pagination.next_cursor;
    expect(cursor).toBeTruthy();
    const replayed = await call(FIXTURE_KEYS.otherOrg, 'GET', `/v1/contacts?limit=5&cursor=${encodeURIComponent(cursor)}`);
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe('bad_request');
    for (const id of ids.contactIds) expect(replayed.text).not.toContain(id);
    // Nor does it carry over to another list of the same organization.
    const elsewhere = await call(FIXTURE_KEYS.admin, 'GET', `/v1/companies?limit=5&cursor=${encodeURIComponent(cursor)}`);
    expect(elsewhere.status).toBe(400);
  });

  it("no answer to random requests of the other organization's key carries an Acme id", async () => {
    const acmeMarkers = [...ids.contactIds, ...ids.conversationIds].map((id) => `"${id}"`);
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operationIds).chain((op) => requestArbitrary(op, ids, fc.constant<string | undefined>(FIXTURE_KEYS.otherOrg))),
        async (request) => {
          cases++;
          const response = await mock.fetch(toRequest(request));
          const text = await response.text();
          // Echoing the caller's own input in an error message is fine; a 2xx must not carry Acme records.
          if (!response.ok) return;
          answered++;
          for (const marker of acmeMarkers) expect(text, `${request.method} ${request.path}`).not.toContain(marker);
        },
      ),
      { numRuns: RUNS * 2 },
    );
    // The check above only reads 2xx answers: some must have come, or it proved nothing.
    expect(answered).toBeGreaterThan(0);
  });
});

describe('security: a member key and the account not shared with it', () => {
  const member = FIXTURE_KEYS.member;
  const memberAccounts = new Set(
    [...mock.db.accounts()]
      .filter((account) => ids.acmeAccounts.includes(account.account_id))
      .filter((account) => account.shared_for_api || account.owner_user_id === mock.db.apiKey(member)?.user_id)
      .map((account) => account.account_id),
  );
  const unshared = ids.acmeAccounts.find((account) => !memberAccounts.has(account)) as string;
  // People the unshared account holds and no account of the member's does: a contact_id names a person, and a
  // person held by an account the member may use is the member's to see there.
  const memberPeople = new Set([...mock.db.allContacts()].filter((c) => memberAccounts.has(c.account_id)).map((c) => c.contact_id));
  const unsharedContacts = [...mock.db.allContacts()]
    .filter((c) => c.account_id === unshared && !memberPeople.has(c.contact_id))
    .map((c) => c.contact_id);
  const unsharedConversations = [...mock.db.allConversations()].filter((c) => c.account_id === unshared).map((c) => c.conversation_id);
  const unsharedViews = [...mock.db.views()].filter((v) => v.account_id === unshared).map((v) => v.id);
  const unsharedCompanies = [...mock.db.allCompanies()].filter((c) => c.account_id === unshared).map((c) => c.company_id);

  it('the dataset has an unshared account with data in it', () => {
    expect(unshared).toBeDefined();
    expect(unsharedContacts.length).toBeGreaterThan(0);
    expect(unsharedConversations.length).toBeGreaterThan(0);
  });

  it('every request naming the unshared account, or a record of it, is refused', async () => {
    const memberOwn = [...memberAccounts][0] as string;
    const requests = fc.oneof(
      fc.constantFrom(...probes(member, unshared)).map((probe) => ({ probe, id: unshared })),
      fc.record({
        probe: fc.constantFrom(...probes(member, memberOwn).filter((p) => p.kind === 'contact')),
        id: fc.constantFrom(...unsharedContacts),
      }),
      fc.record({
        probe: fc.constantFrom(...probes(member, unshared).filter((p) => p.kind === 'contact')),
        id: fc.constantFrom(...unsharedContacts),
      }),
      fc.record({
        probe: fc.constantFrom(...probes(member, unshared).filter((p) => p.kind === 'conversation')),
        id: fc.constantFrom(...unsharedConversations),
      }),
      fc.record({ probe: fc.constantFrom(...probes(member, unshared).filter((p) => p.kind === 'view')), id: fc.constantFrom(...unsharedViews) }),
      fc.record({
        probe: fc.constantFrom(...probes(member, unshared).filter((p) => p.kind === 'company')),
        id: fc.constantFrom(...unsharedCompanies),
      }),
    );
    await fc.assert(
      fc.asyncProperty(requests, async ({ probe, id }) => {
        const answer = await probe.send(id);
        expect(answer.status, `${probe.name} ${id}: ${answer.text}`).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it("the member's unfiltered lists never include a record of the unshared account", async () => {
    const lists = [
      { path: '/v1/contacts', key: 'contacts', id: 'contact_id', forbidden: unsharedContacts },
      { path: '/v1/conversations', key: 'conversations', id: 'conversation_id', forbidden: unsharedConversations },
      { path: '/v1/views', key: 'views', id: 'id', forbidden: unsharedViews },
      { path: '/v1/companies', key: 'companies', id: 'company_id', forbidden: unsharedCompanies },
    ];
    for (const list of lists) {
      let cursor: string | undefined;
      const seen: string[] = [];
      do {
        const answer = await call(member, 'GET', `${list.path}?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(answer.status).toBe(200);
        const data = answer.body.data as Record<string, unknown> & { pagination: { has_more: boolean; next_cursor?: string } };
        seen.push(...(data[list.key] as Record<string, string>[]).map((item) => String(item[list.id])));
        cursor = data.pagination.has_more ? data.pagination.next_cursor : undefined;
      } while (cursor);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((id) => list.forbidden.includes(id))).toEqual([]);
    }
    const accounts = await call(member, 'GET', '/v1/accounts');
    expect(JSON.stringify(accounts.body)).not.toContain(`"${unshared}"`);
  });

  it("an admin cursor over the unshared account does not open it to the member", async () => {
    const first = await call(FIXTURE_KEYS.admin, 'GET', `/v1/contacts?account_id=${unshared}&limit=5`);
    const cursor = (first.body.data as { pagination: { next_cursor: string } }).pagination.next_cursor;
    for (const path of [`/v1/contacts?account_id=${unshared}&limit=5`, '/v1/contacts?limit=5']) {
      const answer = await call(member, 'GET', `${path}&cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      for (const id of unsharedContacts) expect(answer.text).not.toContain(`"${id}"`);
    }
  });
});
