// Sessions: `X-Mock-Session: NAME` gives a request its own copy of the seeded dataset, faults,
// overrides, journal and rate-limit windows; the control API honours the header; LRU eviction past maxSessions.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createMockApi } from '@network-org/mock';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SMALL = { contactsPerAccount: 16, conversationsPerAccount: 4, networkSize: 10 };

interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

async function call(base: string, path: string, init: { session?: string; key?: string | null; method?: string; body?: unknown } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (init.key !== null) headers.authorization = `Bearer ${init.key ?? 'sk_test_admin'}`;
  if (init.session !== undefined) headers['x-mock-session'] = init.session;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

describe('sessions over HTTP', () => {
  let server: MockServer;
  let contactId: string;
  let accountId: string;

  beforeAll(async () => {
    server = await startMockServer({ port: 0, ...SMALL });
    const first = (await call(server.url, '/v1/contacts?limit=1')).body.data.contacts[0];
    contactId = first.contact_id;
    accountId = first.account.account_id;
  });
  afterAll(() => server.close());

  const tagNames = (contact: { tags: { name: string }[] }) => contact.tags.map((tag) => tag.name);

  it('32 concurrent sessions each write and read their own contact and see exactly their own writes', async () => {
    const names = Array.from({ length: 32 }, (_, index) => `worker-${index}`);
    await Promise.all(
      names.map(async (session) => {
        const written = await call(server.url, `/v1/contacts/${contactId}`, {
          session,
          method: 'PATCH',
          body: { account_id: accountId, tags: { add: [{ name: `own-${session}`, color: 'green' }] }, notes_json: JSON.stringify({ by: session }) },
        });
        expect(written.status).toBe(200);
        const read = await call(server.url, `/v1/contacts?account_id=${accountId}&tag=own-${session}`, { session });
        expect(read.body.data.contacts.map((contact: { contact_id: string }) => contact.contact_id)).toEqual([contactId]);
        const ownTags = tagNames(read.body.data.contacts[0]).filter((name) => name.startsWith('own-'));
        expect(ownTags).toEqual([`own-${session}`]);
        const again = await call(server.url, `/v1/contacts/${contactId}`, { session, method: 'PATCH', body: { account_id: accountId } });
        expect(JSON.parse(again.body.data.contact.notes_json)).toEqual({ by: session });
      }),
    );
    // The default session saw none of it.
    const untouched = await call(server.url, `/v1/contacts?account_id=${accountId}&tag=own-worker-0`);
    expect(untouched.body.data.contacts).toEqual([]);
    const listed = (await call(server.url, '/__mock/sessions')).body.sessions.map((session: { name: string }) => session.name);
    expect(listed).toEqual(expect.arrayContaining(names));
  });

  it('refuses a bad session name with 400 bad_request and the error body', async () => {
    for (const name of ['', 'x'.repeat(65), 'has space', 'slash/name', 'ünïcode']) {
      const reply = await fetch(`${server.url}/v1/accounts`, {
        headers: { authorization: 'Bearer sk_test_admin', 'x-mock-session': encodeURIComponent(name) === name ? name : name.replace(/[^ -~]/g, '?') },
      });
      expect(reply.status, JSON.stringify(name)).toBe(400);
      expect(await reply.json()).toMatchObject({ code: 'bad_request', message: expect.stringContaining('X-Mock-Session') });
    }
    expect((await call(server.url, '/v1/accounts', { session: 'a'.repeat(64) })).status).toBe(200);
    expect((await call(server.url, '/v1/accounts', { session: 'A-z_0.9' })).status).toBe(200);
  });

  it('refuses a bad session name on every control API call, also on those that act on no session', async () => {
    for (const path of ['/__mock/health', '/__mock/sessions', '/__mock/faults', '/__mock/requests', '/__mock/ui/']) {
      for (const name of ['has space', '!!', 'x'.repeat(65)]) {
        const reply = await fetch(`${server.url}${path}`, { headers: { 'x-mock-session': name } });
        expect(reply.status, `${path} ${name}`).toBe(400);
        expect(await reply.json()).toMatchObject({ code: 'bad_request', message: expect.stringContaining('X-Mock-Session') });
      }
    }
    const twice = await fetch(`${server.url}/__mock/health`, { headers: [['x-mock-session', 'a'], ['x-mock-session', 'b']] });
    expect(twice.status).toBe(400);
    expect((await fetch(`${server.url}/__mock/health`, { headers: { 'x-mock-session': 'fine-name' } })).status).toBe(200);
  });

  it('keeps faults, the journal and resets per session through the control API', async () => {
    const fault = await fetch(`${server.url}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-session': 'faulty' },
      body: JSON.stringify({ path: '/v1/accounts', status: 503, count: 5 }),
    });
    expect(fault.status).toBe(201);
    expect((await call(server.url, '/v1/accounts', { session: 'faulty' })).status).toBe(503);
    expect((await call(server.url, '/v1/accounts', { session: 'healthy' })).status).toBe(200);
    expect((await call(server.url, '/v1/accounts')).status).toBe(200);

    const journal = await (await fetch(`${server.url}/__mock/requests`, { headers: { 'x-mock-session': 'healthy' } })).json();
    expect(journal.requests).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/accounts', status: 200 })]);

    await fetch(`${server.url}/__mock/reset`, { method: 'POST', headers: { 'x-mock-session': 'faulty' } });
    expect((await call(server.url, '/v1/accounts', { session: 'faulty' })).status).toBe(200);
  });

  it('drops a session with DELETE /__mock/sessions/NAME; it then starts again from the seeded dataset', async () => {
    await call(server.url, `/v1/contacts/${contactId}`, {
      session: 'dropped',
      method: 'PATCH',
      body: { account_id: accountId, tags: { add: [{ name: 'before-drop', color: 'red' }] } },
    });
    const dropped = await fetch(`${server.url}/__mock/sessions/dropped`, { method: 'DELETE' });
    expect(dropped.status).toBe(200);
    expect((await fetch(`${server.url}/__mock/sessions/dropped`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${server.url}/__mock/sessions/%E0%A4%A`, { method: 'DELETE' })).status).toBe(400);
    const read = await call(server.url, `/v1/contacts?account_id=${accountId}&tag=before-drop`, { session: 'dropped' });
    expect(read.body.data.contacts).toEqual([]);
  });

  it('works from a client in another language (Python standard library)', async () => {
    const script = `
import json, sys, urllib.request
base, contact, account = sys.argv[1], sys.argv[2], sys.argv[3]
def call(method, path, session, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method, headers={
        "Authorization": "Bearer sk_test_admin", "X-Mock-Session": session, "Content-Type": "application/json"})
    with urllib.request.urlopen(req) as res:
        return res.status, json.loads(res.read())
status, _ = call("PATCH", "/v1/contacts/" + contact, "py-a", {"account_id": account, "tags": {"add": [{"name": "from-python", "color": "green"}]}})
_, mine = call("GET", "/v1/contacts?tag=from-python&account_id=" + account, "py-a")
_, theirs = call("GET", "/v1/contacts?tag=from-python&account_id=" + account, "py-b")
print(json.dumps({"status": status, "mine": len(mine["data"]["contacts"]), "theirs": len(theirs["data"]["contacts"])}))
`;
    const { stdout } = await promisify(execFile)('python3', ['-c', script, server.url, contactId, accountId]);
    expect(JSON.parse(stdout)).toEqual({ status: 200, mine: 1, theirs: 0 });
  });
});

describe('eviction past maxSessions', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, maxSessions: 2, ...SMALL });
  });
  afterAll(() => server.close());

  it('drops the least recently used session and names it in X-Mock-Session-Evicted', async () => {
    expect((await call(server.url, '/v1/accounts', { session: 'a' })).headers.get('x-mock-session-evicted')).toBeNull();
    await call(server.url, '/v1/accounts', { session: 'b' });
    await call(server.url, '/v1/accounts', { session: 'a' });
    const third = await call(server.url, '/v1/accounts', { session: 'c' });
    expect(third.status).toBe(200);
    expect(third.headers.get('x-mock-session-evicted')).toBe('b');
    const listed = (await call(server.url, '/__mock/sessions')).body;
    expect(listed.sessions.map((session: { name: string }) => session.name)).toEqual(['a', 'c']);
    expect(listed.max_sessions).toBe(2);
  });
});

describe('mock.session(NAME) in process', () => {
  it('gives the same control surface for that session: db, faults, journal, override, reset and fetch', async () => {
    const mock = createMockApi({ baseUrl: 'https://sessions.network.test', rateLimit: false, ...SMALL });
    const worker = mock.session('worker-a');
    expect(worker.name).toBe('worker-a');
    expect(mock.session('worker-a').db).toBe(worker.db);
    expect(worker.db).not.toBe(mock.db);

    worker.faults.add({ path: '/v1/organization', status: 500 });
    worker.override('listAccounts', () => ({ status: 200, body: { data: { accounts: [] } } }));
    const headers = { authorization: 'Bearer sk_test_admin' };
    expect((await worker.fetch('https://sessions.network.test/v1/organization', { headers })).status).toBe(500);
    expect(await (await worker.fetch('https://sessions.network.test/v1/accounts', { headers })).json()).toEqual({ data: { accounts: [] } });
    // The same requests through the default session are untouched.
    expect((await mock.fetch('https://sessions.network.test/v1/organization', { headers })).status).toBe(200);
    expect((await (await mock.fetch('https://sessions.network.test/v1/accounts', { headers })).json()).data.accounts.length).toBeGreaterThan(0);
    expect(worker.journal.map((entry) => entry.status)).toEqual([500, 200]);
    expect(mock.journal.map((entry) => entry.status)).toEqual([200, 200]);
    expect(mock.sessionNames()).toEqual(['worker-a']);

    worker.reset();
    expect(worker.journal).toEqual([]);
    expect((await worker.fetch('https://sessions.network.test/v1/organization', { headers })).status).toBe(200);
    expect(mock.dropSession('worker-a')).toBe(true);
    expect(mock.sessionNames()).toEqual([]);
    expect(() => mock.session('no spaces')).toThrow(/X-Mock-Session/);
  });
});

describe('rate-limit windows per session', () => {
  it('counts each session on its own: one session at its limit leaves the others and the default one alone', async () => {
    const mock = createMockApi({ baseUrl: 'https://limits.network.test', ...SMALL });
    const headers = { authorization: 'Bearer sk_test_admin' };
    const url = 'https://limits.network.test/v1/organization';
    const busy = mock.session('busy');
    for (let i = 0; i < 50; i++) expect((await busy.fetch(url, { headers })).status).toBe(200);
    const limited = await busy.fetch(url, { headers });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await mock.session('quiet').fetch(url, { headers })).status).toBe(200);
    expect((await mock.fetch(url, { headers })).status).toBe(200);
    busy.reset();
    expect((await busy.fetch(url, { headers })).status).toBe(200);
  });
});
