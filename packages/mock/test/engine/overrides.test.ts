// mock.override: typed answers for one operation, after authentication, validation and the
// rate limit; `times`, restore() and reset() end them.
import { createMockApi, type MockApi } from '@network-org/mock';
import { beforeEach, describe, expect, it } from 'vitest';

const BASE_URL = 'https://overrides.network.test';
let mock: MockApi;

beforeEach(() => {
  mock = createMockApi({ baseUrl: BASE_URL, rateLimit: false, contactsPerAccount: 12, networkSize: 10 });
});

async function call(path: string, init: { key?: string | null; method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.key !== null) headers.authorization = `Bearer ${init.key ?? mock.keys.admin}`;
  const response = await mock.fetch(`${BASE_URL}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

describe('mock.override', () => {
  it('answers the operation with the resolver until restored', async () => {
    const restore = mock.override('listAccounts', () => ({ status: 200, body: { data: { accounts: [] } } }));
    expect((await call('/v1/accounts')).body).toEqual({ data: { accounts: [] } });
    expect((await call('/v1/accounts')).body).toEqual({ data: { accounts: [] } });
    restore();
    expect((await call('/v1/accounts')).body.data.accounts.length).toBeGreaterThan(0);
  });

  it('answers only the next `times` calls', async () => {
    mock.override('importContact', () => ({ status: 409, body: { code: 'conflict', message: 'Overridden conflict.' } }), { times: 2 });
    const profile = mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles[0]!.network_url;
    const account = (await call('/v1/accounts')).body.data.accounts[0].account_id as string;
    const body = { account_id: account, network_url: profile };
    expect(await call('/v1/contacts', { method: 'POST', body })).toMatchObject({ status: 409, body: { code: 'conflict', message: 'Overridden conflict.' } });
    expect((await call('/v1/contacts', { method: 'POST', body })).status).toBe(409);
    expect((await call('/v1/contacts', { method: 'POST', body })).status).toBe(201);
  });

  it('gives the resolver the validated request, the caller and the built-in answer to change', async () => {
    const seen: unknown[] = [];
    mock.override('listContacts', async ({ query, auth, next }) => {
      seen.push({ limit: query.limit, relationship_status: query.relationship_status, organization: auth.organization.name });
      const answer = await next();
      if (answer.status !== 200) return answer;
      return { ...answer, headers: { 'X-Overridden': 'yes' }, body: { data: { ...answer.body.data, contacts: answer.body.data.contacts.slice(0, 1) } } };
    });
    const reply = await call('/v1/contacts?limit=100');
    expect(seen).toEqual([{ limit: 25, relationship_status: 'any', organization: expect.any(String) }]);
    expect(reply.status).toBe(200);
    expect(reply.body.data.contacts).toHaveLength(1);
    expect(reply.body.data.pagination).toMatchObject({ limit: 25, has_more: true });
    expect(reply.headers.get('x-overridden')).toBe('yes');
  });

  it('sends a change the resolver makes in place to the built-in answer, and later answers do not keep it', async () => {
    const listed = (await call('/v1/contacts?limit=2')).body.data.contacts;
    const updated = (await call(`/v1/contacts/${listed[0].contact_id}`, { method: 'PATCH', body: { notes_json: null } })).body;
    const restoreList = mock.override('listContacts', async ({ next }) => {
      const answer = await next();
      if (answer.status === 200) {
        answer.body.data.contacts[0]!.first_name = 'Changed';
        answer.body.data.contacts[1]!.account.display_name = 'Renamed';
      }
      return answer;
    });
    const restoreUpdate = mock.override('updateContact', async ({ next }) => {
      const answer = await next();
      if (answer.status === 200) answer.body.data.contact.headline = 'Changed too';
      return answer;
    });
    const changed = (await call('/v1/contacts?limit=2')).body.data.contacts;
    expect(changed[0].first_name).toBe('Changed');
    expect(changed[1].account).toEqual({ ...listed[1].account, display_name: 'Renamed' });
    const changedUpdate = (await call(`/v1/contacts/${listed[0].contact_id}`, { method: 'PATCH', body: { notes_json: null } })).body;
    expect(changedUpdate.data.contact.headline).toBe('Changed too');
    restoreList();
    restoreUpdate();
    expect((await call('/v1/contacts?limit=2')).body.data.contacts).toEqual(listed);
    expect((await call(`/v1/contacts/${listed[0].contact_id}`, { method: 'PATCH', body: { notes_json: null } })).body).toEqual(updated);
  });

  it('hands the built-in error to the resolver as its documented answer', async () => {
    let builtIn: unknown;
    mock.override('importContact', async ({ next }) => {
      builtIn = await next();
      return { status: 500, body: { code: 'internal_error', message: 'Overridden.' } };
    });
    const account = (await call('/v1/accounts')).body.data.accounts[0].account_id as string;
    const reply = await call('/v1/contacts', { method: 'POST', body: { account_id: account, network_url: 'https://www.network.com/in/upstream-error' } });
    expect(reply.status).toBe(500);
    expect(builtIn).toMatchObject({ status: 502, body: { code: 'upstream_error' } });
  });

  it('never answers a request the route refuses: account access, unknown ids and rules between fields come first', async () => {
    const answered: string[] = [];
    const accept = <T>(operation: string, answer: T) => () => {
      answered.push(operation);
      return answer;
    };
    mock.override('listContacts', accept('listContacts', { status: 200 as const, body: { data: { contacts: [], pagination: { limit: 1, has_more: false } } } }), { times: 1 });
    mock.override('listActivity', async ({ next }) => {
      answered.push('listActivity');
      const answer = await next();
      if (answer.status === 200) answer.body.data.activity = [];
      return answer;
    }, { times: 1 });
    mock.override('updateContact', accept('updateContact', { status: 500 as const, body: { code: 'internal_error' as const, message: 'Overridden.' } }), { times: 1 });
    const accounts = mock.db.accountsOf(mock.db.user(mock.db.apiKey(mock.keys.admin)!.user_id)!.organization_id);
    const unshared = accounts.find((account) => !account.shared_for_api)!.account_id;
    const contact = mock.db.contactsOf(accounts[0]!.account_id)[0]!;
    const before = mock.exportState();

    expect(await call(`/v1/contacts?account_id=${unshared}`, { key: mock.keys.member })).toMatchObject({ status: 403, body: { code: 'account_shared_access_required' } });
    expect(await call('/v1/contacts?account_id=999999')).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect(await call('/v1/activity?tag=x')).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    const patch = (body: unknown) => call(`/v1/contacts/${contact.contact_id}`, { method: 'PATCH', body: { account_id: contact.account_id, ...(body as object) } });
    expect(await patch({ 'Not a field': 1 })).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect(await patch({ tags: { set: [], add: [] } })).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect(await patch({ 'Lead score': 7, tags: { add: Array.from({ length: 201 }, (_, i) => ({ name: `t${i}`, color: 'green' })) } })).toMatchObject({ status: 400 });
    // The refused requests took no use of the overrides, and the route's trial runs changed nothing.
    expect(answered).toEqual([]);
    expect(mock.exportState()).toEqual(before);

    expect((await call('/v1/contacts')).body.data.contacts).toEqual([]);
    expect((await call('/v1/activity')).body.data.activity).toEqual([]);
    expect((await patch({ 'Lead score': 7 })).status).toBe(500);
    expect(answered).toEqual(['listContacts', 'listActivity', 'updateContact']);
    // An accepted write the override answers without next() is not written.
    expect(mock.exportState()).toEqual(before);
  });

  it('writes once when the override calls next()', async () => {
    mock.override('importContact', ({ next }) => next(), { times: 1 });
    const profile = mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles[0]!.network_url;
    const account = (await call('/v1/accounts')).body.data.accounts[0].account_id as string;
    const contactsBefore = mock.db.contactsOf(account).length;
    expect((await call('/v1/contacts', { method: 'POST', body: { account_id: account, network_url: profile } })).status).toBe(201);
    expect(mock.db.contactsOf(account).length).toBe(contactsBefore + 1);
    expect((await call('/v1/contacts', { method: 'POST', body: { account_id: account, network_url: profile } })).status).toBe(200);
  });

  it('never turns a refused request into a success: authentication, permissions and validation come first', async () => {
    mock.override('listActivity', async ({ next }) => {
      const answer = await next();
      if (answer.status === 200) answer.body.data.activity = [];
      return answer;
    });
    expect((await call('/v1/activity', { key: null })).status).toBe(401);
    expect((await call('/v1/activity', { key: mock.keys.retired })).status).toBe(401);
    expect(await call('/v1/activity', { key: mock.keys.member })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect((await call('/v1/activity?limit=0')).status).toBe(400);
    expect((await call('/v1/activity')).body.data.activity).toEqual([]);
  });

  it('comes after the rate limit', async () => {
    const limited = createMockApi({ baseUrl: BASE_URL, contactsPerAccount: 4, networkSize: 4 });
    limited.override('listAccounts', () => ({ status: 200, body: { data: { accounts: [] } } }));
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      statuses.push((await limited.fetch(`${BASE_URL}/v1/accounts`, { headers: { authorization: 'Bearer sk_test_admin' } })).status);
    }
    expect(statuses.slice(0, 50).every((status) => status === 200)).toBe(true);
    expect(statuses[50]).toBe(429);
  });

  it('is removed by reset(), and the latest override of an operation answers first', async () => {
    mock.override('listAccounts', () => ({ status: 500, body: { code: 'internal_error', message: 'first' } }));
    const second = mock.override('listAccounts', () => ({ status: 500, body: { code: 'internal_error', message: 'second' } }));
    expect((await call('/v1/accounts')).body.message).toBe('second');
    second();
    expect((await call('/v1/accounts')).body.message).toBe('first');
    mock.reset();
    expect((await call('/v1/accounts')).status).toBe(200);
  });

  it('refuses a times that is not a positive integer', () => {
    expect(() => mock.override('listAccounts', ({ next }) => next(), { times: 0 })).toThrow(/positive integer/);
  });

  it('refuses, from JavaScript, an operation the spec does not have and a resolver that is no function', () => {
    const untyped = mock.override as (operationId: string, resolver: unknown) => () => void;
    expect(() => untyped('listContact', () => ({ status: 200, body: {} }))).toThrow(/No operation "listContact"/);
    expect(() => untyped('listContacts', { status: 200 })).toThrow(TypeError);
  });

  it.each([
    ['a status fetch cannot send', () => ({ status: 'ok', body: {} }), /status must be an integer from 200 to 599, got "ok"/],
    ['a 1xx status', () => ({ status: 101, body: {} }), /status must be an integer from 200 to 599, got 101/],
    ['nothing', () => undefined, /returned undefined/],
    ['a body that is no JSON', () => ({ status: 200, body: { big: 1n } }), /body is not JSON/],
    ['a header name with a space', () => ({ status: 200, body: {}, headers: { 'x bad': '1' } }), /header name "x bad"/],
    ['a header value over two lines', () => ({ status: 200, body: {}, headers: { 'x-a': 'a\r\nb: c' } }), /header x-a must be a string on one line/],
  ])('answers an override that returns %s with a 500 that says what is wrong, through fetch and the same afterwards', async (_what, resolver, message) => {
    const untyped = mock.override as (operationId: string, resolver: unknown, options?: { times?: number }) => () => void;
    untyped('listAccounts', resolver, { times: 1 });
    const reply = await call('/v1/accounts');
    expect(reply.status).toBe(500);
    expect(reply.body.code).toBe('internal_error');
    expect(reply.body.message).toMatch(/^The mock\.override of listAccounts cannot be sent: /);
    expect(reply.body.message).toMatch(message);
    expect((await call('/v1/accounts')).status).toBe(200);
  });
});
