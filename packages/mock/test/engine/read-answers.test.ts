// A read sent again is answered from what the mock kept while its data is unchanged: every test here sends the
// same read before and after something it depends on changes, and checks that the answer follows.
import { createMockApi, defaultRoutes, defineRoute, type MockApi, type MockResponse } from '@network-org/mock';
import { beforeEach, describe, expect, it } from 'vitest';

const BASE_URL = 'https://read-answers.network.test';
const LIST = '/v1/contacts?limit=3';
let mock: MockApi;

beforeEach(() => {
  mock = createMockApi({ baseUrl: BASE_URL, rateLimit: false, contactsPerAccount: 8, networkSize: 6 });
});

async function call(path: string, init: { key?: string; method?: string; body?: unknown; session?: string } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${init.key ?? mock.keys.admin}` };
  if (init.session) headers['x-mock-session'] = init.session;
  const response = await mock.fetch(`${BASE_URL}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The custom field the writes below change, per listed contact. */
const FIELD = 'Deal stage';
const fieldValues = (text: string) => (JSON.parse(text) as { data: { contacts: Record<string, unknown>[] } }).data.contacts.map((c) => c[FIELD]);

async function renameFirst(session?: string): Promise<string> {
  const contactId = JSON.parse((await call(LIST, { session })).text).data.contacts[0].contact_id as string;
  const renamed = await call(`/v1/contacts/${contactId}`, { method: 'PATCH', body: { [FIELD]: 'Renamed' }, session });
  expect(renamed.status).toBe(200);
  return contactId;
}

describe('a read sent again', () => {
  it('gives the same bytes, then the changed record once a write changed it', async () => {
    const first = await call(LIST);
    expect((await call(LIST)).text).toBe(first.text);
    await renameFirst();
    const after = await call(LIST);
    expect(fieldValues(after.text)[0]).toBe('Renamed');
    expect(fieldValues(after.text).slice(1)).toEqual(fieldValues(first.text).slice(1));
  });

  it('gives the same bytes whatever a caller did to the bytes of an earlier answer', async () => {
    const url = `${BASE_URL}${LIST}`;
    const init = { headers: { authorization: `Bearer ${mock.keys.admin}` } };
    const expected = await (await mock.fetch(url, init)).text();
    const changed = new Uint8Array(await (await mock.fetch(url, init)).arrayBuffer());
    changed.fill(0x20);
    expect(await (await mock.fetch(url, init)).text()).toBe(expected);
    expect(mock.journal.at(-1)?.response.body?.text).toBe(expected);
  });

  it('in one session does not see another session\'s write, and its own session sees it', async () => {
    const before = await call(LIST, { session: 'b' });
    await renameFirst('a');
    expect((await call(LIST, { session: 'b' })).text).toBe(before.text);
    expect((await call(LIST)).text).toBe(before.text);
    expect(fieldValues((await call(LIST, { session: 'a' })).text)[0]).toBe('Renamed');
  });

  it('follows reset and restore', async () => {
    const seeded = await call(LIST);
    const snapshot = mock.snapshot();
    await renameFirst();
    const renamed = await call(LIST);
    expect(fieldValues(renamed.text)[0]).toBe('Renamed');
    mock.restore(snapshot);
    expect((await call(LIST)).text).toBe(seeded.text);
    await renameFirst();
    expect((await call(LIST)).text).toBe(renamed.text);
    mock.reset();
    expect((await call(LIST)).text).toBe(seeded.text);
  });

  it('shows a record added with mock.seed', async () => {
    const accountId = JSON.parse((await call('/v1/accounts')).text).data.accounts[0].account_id as string;
    const path = `/v1/contacts?account_id=${accountId}&limit=25`;
    const before = JSON.parse((await call(path)).text).data.contacts as { first_name: string }[];
    mock.seed.contact({ account_id: accountId, first_name: 'Ada', last_name: 'Lovelace' });
    const after = JSON.parse((await call(path)).text).data.contacts as { first_name: string }[];
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((contact) => contact.first_name)).toContain('Ada');
  });

  it('is answered for its own key: another key gets its own answer or its refusal', async () => {
    const admin = await call('/v1/accounts');
    const otherOrg = await call('/v1/accounts', { key: mock.keys.otherOrg });
    expect(otherOrg.status).toBe(200);
    expect(otherOrg.text).not.toBe(admin.text);
    expect((await call('/v1/accounts', { key: mock.keys.retired })).status).toBe(401);
    expect((await call('/v1/accounts')).text).toBe(admin.text);
  });

  it('meets an override set after it, a fault, and the journal as every request does', async () => {
    const listed = await call(LIST);
    const restore = mock.override('listContacts', () => ({ status: 200, body: { data: { contacts: [], pagination: { limit: 3, has_more: false } } } }));
    expect(JSON.parse((await call(LIST)).text).data.contacts).toEqual([]);
    restore();
    expect((await call(LIST)).text).toBe(listed.text);
    mock.faults.add({ method: 'GET', path: '/v1/contacts', status: 503 });
    expect((await call(LIST)).status).toBe(503);
    expect((await call(LIST)).text).toBe(listed.text);
    const journaled = mock.journal.filter((entry) => entry.path === '/v1/contacts' && entry.method === 'GET');
    expect(journaled.map((entry) => entry.status)).toEqual([200, 200, 200, 503, 200]);
  });

  it('that depends on the clock follows the clock', async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const clocked = createMockApi({ baseUrl: BASE_URL, rateLimit: false, contactsPerAccount: 4, networkSize: 4, clock: () => now });
    const summary = async () => {
      const response = await clocked.fetch(`${BASE_URL}/v1/activity/summary`, { headers: { authorization: `Bearer ${clocked.keys.admin}` } });
      return ((await response.json()) as { data: { generated_at: string } }).data.generated_at;
    };
    const first = await summary();
    now = new Date('2026-03-02T11:30:00Z');
    const second = await summary();
    expect(first).not.toBe(second);
    expect(Date.parse(second) - Date.parse(first)).toBe(25.5 * 3600 * 1000);
  });

  it('by a route given in `routes` runs that route every time', async () => {
    let served = 0;
    const counting = defineRoute('listContacts', (ctx) => {
      served += 1;
      return { status: 200, body: { data: { contacts: [], pagination: { limit: ctx.query.limit, has_more: false } } }, headers: { 'x-served': String(served) } };
    });
    const given = createMockApi({ baseUrl: BASE_URL, rateLimit: false, contactsPerAccount: 4, networkSize: 4, routes: [...defaultRoutes, counting] });
    const served1 = await given.fetch(`${BASE_URL}${LIST}`, { headers: { authorization: `Bearer ${given.keys.admin}` } });
    const served2 = await given.fetch(`${BASE_URL}${LIST}`, { headers: { authorization: `Bearer ${given.keys.admin}` } });
    expect([served1.headers.get('x-served'), served2.headers.get('x-served')]).toEqual(['1', '2']);
  });

  it.each([LIST, '/v1/accounts'])('%s is the caller\'s own: changing an answer\'s headers or bytes leaves the next one and the journal as they were', async (path) => {
    const request = { method: 'GET', url: `${BASE_URL}${path}`, headers: [['authorization', `Bearer ${mock.keys.admin}`]] as [string, string][] };
    const answers: MockResponse[] = [];
    for (let sent = 0; sent < 3; sent++) answers.push((await mock.answer(request)) as MockResponse);
    const bytes = new TextDecoder().decode(answers[0]!.body);
    for (const answer of answers) {
      answer.headers.push(['x-changed', 'yes']);
      answer.body.fill(32);
    }
    const next = (await mock.answer(request)) as MockResponse;
    expect(next.headers.filter(([name]) => name === 'x-changed')).toEqual([]);
    expect(new TextDecoder().decode(next.body)).toBe(bytes);
    const journaled = mock.journal.slice(-4);
    expect(journaled).toHaveLength(4);
    for (const entry of journaled) {
      expect(entry.response.headers).not.toHaveProperty('x-changed');
      expect(entry.response.body?.text).toBe(bytes);
    }
  });
});
