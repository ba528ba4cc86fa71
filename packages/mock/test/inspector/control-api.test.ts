import { createMockApi, type MockApi, type MockApiOptions } from '@network-org/mock';
import { startMockServer } from '@network-org/mock/node';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../support/harness';

const KEY = KEYS.admin;
const auth = { Authorization: `Bearer ${KEY}` };

function mockWith(options: MockApiOptions = {}): MockApi {
  return createMockApi({ rateLimit: false, ...options });
}

async function control(mock: MockApi, path: string, init: RequestInit = {}) {
  const response = await mock.fetch(`/__mock${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as Record<string, any> };
}

describe('GET /__mock/requests', () => {
  it('lists summaries with id, session, duration, query and operation, and no headers or bodies', async () => {
    const mock = mockWith();
    await mock.fetch('/v1/contacts?limit=2', { headers: auth });
    const { status, body } = await control(mock, '/requests');
    expect(status).toBe(200);
    expect(body.requests).toEqual([
      {
        id: '1',
        session: null,
        method: 'GET',
        path: '/v1/contacts',
        query: { limit: '2' },
        status: 200,
        time: expect.any(String),
        duration_ms: expect.any(Number),
        operation: 'listContacts',
      },
    ]);
  });

  it('reads one session with the header, every session with session=*, merged in arrival order', async () => {
    const mock = mockWith();
    await mock.session('a').fetch('/v1/accounts', { headers: auth });
    await mock.fetch('/v1/organization', { headers: auth });
    await mock.session('b').fetch('/v1/nothing', { headers: auth });
    const all = await control(mock, '/requests?session=*');
    expect(all.body.requests.map((entry: { session: string | null; path: string }) => [entry.session, entry.path])).toEqual([
      ['a', '/v1/accounts'],
      [null, '/v1/organization'],
      ['b', '/v1/nothing'],
    ]);
    const onlyB = await control(mock, '/requests', { headers: { 'X-Mock-Session': 'b' } });
    expect(onlyB.body.requests.map((entry: { path: string }) => entry.path)).toEqual(['/v1/nothing']);
  });

  it('gives only the requests after an id (polling) and the latest `limit`', async () => {
    const mock = mockWith();
    for (const path of ['/v1/accounts', '/v1/organization', '/v1/views']) await mock.fetch(path, { headers: auth });
    const after = await control(mock, '/requests?session=*&after=1');
    expect(after.body.requests.map((entry: { id: string }) => entry.id)).toEqual(['2', '3']);
    expect((await control(mock, '/requests?session=*&after=3')).body.requests).toEqual([]);
    const latest = await control(mock, '/requests?limit=1');
    expect(latest.body.requests.map((entry: { path: string }) => entry.path)).toEqual(['/v1/views']);
  });

  it('refuses a malformed after or session with 400 naming it', async () => {
    const mock = mockWith();
    const badAfter = await control(mock, '/requests?after=abc');
    expect(badAfter.status).toBe(400);
    expect(badAfter.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining('after') });
    const badSession = await control(mock, '/requests?session=worker');
    expect(badSession.status).toBe(400);
    expect(badSession.body.message).toContain('session');
  });

  it('empties every journal with DELETE ?session=*', async () => {
    const mock = mockWith();
    await mock.session('a').fetch('/v1/accounts', { headers: auth });
    await mock.fetch('/v1/accounts', { headers: auth });
    expect((await control(mock, '/requests?session=*', { method: 'DELETE' })).status).toBe(200);
    expect((await control(mock, '/requests?session=*')).body.requests).toEqual([]);
  });
});

describe('GET /__mock/requests/ID', () => {
  it('gives one request of any session with its headers (key redacted) and bodies', async () => {
    const mock = mockWith();
    await mock.session('w1').fetch('/v1/contacts', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ account_id: '101' }),
    });
    const { status, body, text } = await control(mock, '/requests/1');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: '1', session: 'w1', method: 'POST', status: 400, operation: 'importContact' });
    expect(body.request.headers.authorization).toBe('Bearer ****dmin');
    expect(JSON.parse(body.request.body.text)).toEqual({ account_id: '101' });
    expect(JSON.parse(body.response.body.text)).toMatchObject({ code: 'bad_request' });
    expect(body.response.headers['content-type']).toBe('application/json');
    expect(text).not.toContain(KEY);
  });

  it('answers 404 {code, message} for an id it does not keep', async () => {
    const { status, body } = await control(mockWith(), '/requests/42');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'not_found', message: expect.stringContaining('42') });
  });

  it('gives no bodies with journalBodies: false', async () => {
    const mock = mockWith({ journalBodies: false });
    await mock.fetch('/v1/accounts', { headers: auth });
    const { body } = await control(mock, '/requests/1');
    expect(body.response.body).toBeNull();
    expect(body.status).toBe(200);
  });
});

describe('GET /__mock/api/v1/... (the data browser)', () => {
  it('reads as the admin fixture key, skipping faults and the journal', async () => {
    const mock = mockWith();
    mock.faults.add({ path: '/v1/accounts', status: 503 });
    const read = await control(mock, '/api/v1/accounts');
    expect(read.status).toBe(200);
    expect(read.body.data.accounts.length).toBeGreaterThan(0);
    expect(mock.journal).toEqual([]);
    // The fault is still pending for the API's callers.
    expect((await mock.fetch('/v1/accounts', { headers: auth })).status).toBe(503);
  });

  it('reads the session the header names', async () => {
    const mock = mockWith();
    const seeded = mock.session('s').seed.contact({ account_id: '101', first_name: 'Zelda', last_name: 'Inspector' });
    const inSession = await control(mock, '/api/v1/contacts?account_id=101&query=Zelda%20Inspector', { headers: { 'X-Mock-Session': 's' } });
    expect(inSession.body.data.contacts.map((contact: { contact_id: string }) => contact.contact_id)).toEqual([seeded.contact_id]);
    const inDefault = await control(mock, '/api/v1/contacts?account_id=101&query=Zelda%20Inspector');
    expect(inDefault.body.data.contacts).toEqual([]);
  });

  it('answers only reads: another method or path is a 404 naming what exists', async () => {
    const mock = mockWith();
    const write = await control(mock, '/api/v1/drafts');
    expect(write.status).toBe(404);
    expect(write.body.message).toContain('accepts POST');
    expect((await control(mock, '/api/v1/contacts', { method: 'POST' })).status).toBe(404);
  });
});

describe('GET /__mock/snapshots', () => {
  it('lists the snapshots the session took', async () => {
    const mock = mockWith();
    await control(mock, '/snapshots', { method: 'POST' });
    await control(mock, '/snapshots', { method: 'POST' });
    expect((await control(mock, '/snapshots')).body).toEqual({ snapshots: [{ snapshot_id: 'snap_1' }, { snapshot_id: 'snap_2' }] });
  });
});

describe('GET /__mock/ui/', () => {
  it('serves one self-contained page under a strict Content-Security-Policy, with no key in it', async () => {
    const mock = mockWith();
    await mock.fetch('/v1/accounts', { headers: auth });
    const response = await mock.fetch('/__mock/ui/');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("connect-src 'self'");
    // Nothing from elsewhere: no src or href attribute but the empty icon.
    expect(html.match(/\s(src|href)=/g) ?? []).toEqual([' href=']);
    expect(html).toContain('<link rel="icon" href="data:,">');
    expect(html).not.toContain(KEY);
    expect(html).not.toContain('sk_test_');
  });

  it('with a control token: 401 without it, the page with ?token=, and the API still needs the header', async () => {
    const server = await startMockServer({ port: 0, host: '127.0.0.1', controlToken: 'tok-123456789', rateLimit: false });
    try {
      const without = await fetch(`${server.url}/__mock/ui/`);
      expect(without.status).toBe(401);
      expect(((await without.json()) as { message: string }).message).toContain('?token=');
      expect((await fetch(`${server.url}/__mock/ui/?token=wrong`)).status).toBe(401);
      const page = await fetch(`${server.url}/__mock/ui/?token=tok-123456789`);
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain('tok-123456789');
      expect((await fetch(`${server.url}/__mock/requests?token=tok-123456789`)).status).toBe(401);
      expect((await fetch(`${server.url}/__mock/requests`, { headers: { Authorization: 'Bearer tok-123456789' } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('is not served off loopback without a token (401)', async () => {
    const mock = mockWith({ controlExposed: false });
    expect((await mock.fetch('/__mock/ui/')).status).toBe(401);
  });
});
