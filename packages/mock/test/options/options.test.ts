import { createMockApi, type MockApi, type MockApiOptions } from '@network-org/mock';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectError, KEYS, request } from '../support/harness';
import { startMockServer } from '@network-org/mock/node';

describe('accepted options', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  function mockAt(options: MockApiOptions): MockApi {
    const mock = createMockApi(options);
    server.use(...mock.handlers);
    return mock;
  }

  describe('createMockApi options', () => {
    it('answers at https://api.network.test by default, and exposes the fixture keys', async () => {
      const mock = mockAt({});
      expect(mock.keys).toMatchObject(KEYS);
      expect((await request('https://api.network.test', mock.keys.admin, 'GET', '/v1/organization')).status).toBe(200);
    });

    it('answers under a baseUrl with a path prefix', async () => {
      mockAt({ baseUrl: 'http://localhost:9876/api/', rateLimit: false });
      const reply = await request('http://localhost:9876/api', KEYS.admin, 'GET', '/v1/accounts');
      expect(reply.status).toBe(200);
      expect(reply.body.data.accounts.length).toBeGreaterThanOrEqual(3);
      expect((await fetch('http://localhost:9876/api/__mock/health')).status).toBe(200);
    });

    it('gives byte-identical answers for the same seed and now, and other data for another seed', async () => {
      const paths = ['/v1/contacts?limit=25', '/v1/companies?limit=25', '/v1/views', '/v1/conversations', '/v1/activity?limit=200'];
      const texts = async (base: string) =>
        Promise.all(
          paths.map(async (path) => (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${KEYS.admin}` } })).text()),
        );
      mockAt({ baseUrl: 'https://one.network.test', seed: 7, rateLimit: false });
      mockAt({ baseUrl: 'https://two.network.test', seed: 7, rateLimit: false });
      mockAt({ baseUrl: 'https://three.network.test', seed: 8, rateLimit: false });
      const one = await texts('https://one.network.test');
      expect(await texts('https://two.network.test')).toEqual(one);
      const three = await texts('https://three.network.test');
      expect(three[0]).not.toEqual(one[0]);
    });

    it('anchors the dataset at now (default 2026-01-15T12:00:00Z)', async () => {
      mockAt({ baseUrl: 'https://default-now.network.test', rateLimit: false });
      mockAt({ baseUrl: 'https://past.network.test', now: '2024-03-01T00:00:00Z', rateLimit: false });
      const latest = async (base: string) => {
        const reply = await request(base, KEYS.admin, 'GET', '/v1/activity/summary');
        expect(reply.status).toBe(200);
        const page = await request(base, KEYS.admin, 'GET', '/v1/conversations?limit=1');
        return Date.parse(page.body.data.conversations[0].last_message_at);
      };
      const defaultLatest = await latest('https://default-now.network.test');
      expect(defaultLatest).toBeLessThanOrEqual(Date.parse('2026-01-15T12:00:00Z'));
      expect(defaultLatest).toBeGreaterThan(Date.parse('2025-12-15T00:00:00Z'));
      const pastLatest = await latest('https://past.network.test');
      expect(pastLatest).toBeLessThanOrEqual(Date.parse('2024-03-01T00:00:00Z'));
      expect(pastLatest).toBeGreaterThan(Date.parse('2024-01-01T00:00:00Z'));
    });

    it('sizes the dataset with contactsPerAccount', async () => {
      mockAt({ baseUrl: 'https://small.network.test', contactsPerAccount: 12, rateLimit: false });
      const accounts = (await request('https://small.network.test', KEYS.admin, 'GET', '/v1/accounts')).body.data.accounts;
      for (const account of accounts) {
        const page = await request('https://small.network.test', KEYS.admin, 'GET', `/v1/contacts?account_id=${account.account_id}&limit=25`);
        expect(page.body.data.contacts).toHaveLength(12);
        expect(page.body.data.pagination.has_more).toBe(false);
      }
    });

    it('rate-limits by default: the 51st request to an endpoint within 10 s is 429 with an integer Retry-After', async () => {
      let now = Date.parse('2026-01-15T12:00:00Z');
      mockAt({ baseUrl: 'https://limited.network.test', clock: () => new Date(now) });
      const hit = (path: string) => request('https://limited.network.test', KEYS.admin, 'GET', path);
      for (let index = 0; index < 50; index++) expect((await hit('/v1/organization')).status).toBe(200);
      const limited = await hit('/v1/organization');
      expectError(limited, 429, 'rate_limit_exceeded');
      const retryAfter = limited.headers.get('retry-after');
      expect(retryAfter).toMatch(/^[1-9][0-9]*$/);
      expect(Number(retryAfter)).toBeLessThanOrEqual(10);
      expect((await hit('/v1/accounts')).status).toBe(200);
      now += 10_001;
      expect((await hit('/v1/organization')).status).toBe(200);
    });

    it('turns the rate limit off with rateLimit: false', async () => {
      mockAt({ baseUrl: 'https://unlimited.network.test', rateLimit: false });
      for (let index = 0; index < 60; index++) {
        expect((await request('https://unlimited.network.test', KEYS.admin, 'GET', '/v1/organization')).status).toBe(200);
      }
    });

    it('offers the control operations in-process on the mock object', async () => {
      const mock = mockAt({ baseUrl: 'https://object.network.test', rateLimit: false });
      const base = 'https://object.network.test';
      const [profile] = mock.networkProfiles({ imported: false, limit: 1 }).profiles;
      expect(Object.keys(profile!).sort()).toEqual(['full_name', 'kind', 'network_url']);
      const account = (await request(base, KEYS.admin, 'GET', '/v1/accounts')).body.data.accounts[0].account_id;
      expect((await request(base, KEYS.admin, 'POST', '/v1/contacts', { body: { account_id: account, network_url: profile!.network_url } })).status).toBe(201);
      expect(mock.networkProfiles({ imported: false, limit: 1 }).profiles[0]!.network_url).not.toBe(profile!.network_url);

      mock.faults.add({ path: '/v1/views', status: 500 });
      expect((await request(base, KEYS.admin, 'GET', '/v1/views')).status).toBe(500);
      expect((await request(base, KEYS.admin, 'GET', '/v1/views')).status).toBe(200);
      mock.faults.add({ path: '/v1/views', status: 500 });
      mock.faults.clear();
      expect((await request(base, KEYS.admin, 'GET', '/v1/views')).status).toBe(200);

      const last = mock.journal[mock.journal.length - 1]!;
      expect(last).toMatchObject({ method: 'GET', path: '/v1/views', status: 200 });
      expect(Number.isNaN(Date.parse(last.time))).toBe(false);

      const contact = (await request(base, KEYS.admin, 'GET', `/v1/contacts?account_id=${account}&limit=1`)).body.data.contacts[0];
      await request(base, KEYS.admin, 'POST', '/v1/drafts', { body: { account_id: account, contact_id: contact.contact_id, draft_message: 'Hi there' } });
      expect(JSON.stringify(mock.drafts({ account_id: account }))).toContain('Hi there');
      expect(JSON.stringify(mock.customFields())).toContain('Deal stage');

      mock.reset();
      expect(mock.networkProfiles({ imported: false, limit: 1 }).profiles[0]!.network_url).toBe(profile!.network_url);
      expect(JSON.stringify(mock.drafts({ account_id: account }))).not.toContain('Hi there');
      mock.reset({ seed: 3, now: '2025-01-01T00:00:00Z' });
      expect(mock.networkProfiles({ imported: false, limit: 1 }).profiles[0]!.network_url).not.toBe(profile!.network_url);
    });
  });
});

describe('refused options', () => {
  const accountsStatus = async (mock: ReturnType<typeof createMockApi>) =>
    (await mock.fetch('/v1/accounts', { headers: { authorization: `Bearer ${KEYS.admin}` } })).status;

  describe('options the mock refuses', () => {
    it('refuses a now that is no date-time with a message that names now', () => {
      expect(() => createMockApi({ now: 'yesterday-ish' })).toThrow(/now must be an ISO date-time/);
    });

    it('refuses a baseUrl that is no http(s) URL and a clock that is no function, naming the option', () => {
      for (const baseUrl of ['not a url', '/v1', 'ftp://api.network.test']) {
        expect(() => createMockApi({ baseUrl })).toThrow(/baseUrl must be an absolute http\(s\) URL/);
      }
      expect(() => createMockApi({ clock: 5 as never })).toThrow(/clock must be a function/);
      // From JavaScript, null options are no options.
      expect(createMockApi(null as never).baseUrl).toBe('https://api.network.test');
    });

    it('refuses a negative or non-numeric latency instead of ignoring it', () => {
      expect(() => createMockApi({ latency: -5 })).toThrow(RangeError);
      expect(() => createMockApi({ latency: Number.NaN })).toThrow(/latency/);
      // A timer of more than 2^31 - 1 ms would fire at once: refused rather than answered without delay.
      expect(() => createMockApi({ latency: 2 ** 31 })).toThrow(/latency must be a number of milliseconds from 0 to 2147483647/);
    });

    it('leaves the session as it was when reset gets a seed or now the store refuses', async () => {
      const mock = createMockApi({ rateLimit: false, seed: 3 });
      const before = await (await mock.fetch('/v1/accounts', { headers: { authorization: `Bearer ${KEYS.admin}` } })).text();
      expect(() => mock.reset({ now: 'garbage' })).toThrow(/now must be an ISO date-time/);
      expect(() => mock.reset({ seed: 1.5 })).toThrow(/seed must be an integer/);
      // A later plain reset still works and goes back to the seed the mock had.
      mock.reset();
      expect(await accountsStatus(mock)).toBe(200);
      const after = await (await mock.fetch('/v1/accounts', { headers: { authorization: `Bearer ${KEYS.admin}` } })).text();
      expect(after).toBe(before);
    });
  });

  describe('a dataset anchor (now) the mock cannot build', () => {
    const refused = ['+275760-09-13T00:00:00.000Z', '2026-02-30T00:00:00Z', '10000-01-01T00:00:00Z', 'garbage'];

    it.each(refused)('createMockApi({now: %j}) throws a RangeError naming now', (now) => {
      expect(() => createMockApi({ now, contactsPerAccount: 1, networkSize: 1 })).toThrow(RangeError);
      expect(() => createMockApi({ now, contactsPerAccount: 1, networkSize: 1 })).toThrow(/now must be an ISO date-time/);
    });

    it('POST /__mock/reset refuses each with 400 bad_request (never a 500) and keeps the dataset', async () => {
      const server = await startMockServer({ port: 0, rateLimit: false, contactsPerAccount: 3, networkSize: 5 });
      try {
        for (const now of refused) {
          const response = await fetch(`${server.url}/__mock/reset`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ now }),
          });
          expectError({ status: response.status, body: await response.json() }, 400, 'bad_request', /"now"/);
        }
        const reset = await fetch(`${server.url}/__mock/reset`, { method: 'POST' });
        expect(await reset.json()).toMatchObject({ ok: true, now: '2026-01-15T12:00:00.000Z' });
      } finally {
        await server.close();
      }
    });

    it('accepts the first and last days the years 1 to 9999 allow, and a date without a time', () => {
      for (const now of ['9999-12-31T23:59:59Z', '0001-03-01T00:00:00Z', '2024-02-29']) {
        expect(() => createMockApi({ now, contactsPerAccount: 1, networkSize: 1 })).not.toThrow();
      }
    });
  });
});
