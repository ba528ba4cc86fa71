import { startMockServer, type MockServer } from '@network-org/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineTestRoutes } from '../support/engine-routes';
import { acmeAccounts, expectError, KEYS, request } from '../support/harness';

describe("on the engine's test routes", () => {
  const options = { routes: engineTestRoutes, contactsPerAccount: 30, networkSize: 20, port: 0 };
  const auth = { Authorization: 'Bearer sk_test_admin' };

  describe('the control API on a loopback server', () => {
    let server: MockServer;
    beforeAll(async () => {
      server = await startMockServer(options);
    });
    afterAll(() => server.close());

    const control = async (path: string, init: { method?: string; body?: unknown } = {}) => {
      const response = await fetch(`${server.url}/__mock${path}`, {
        method: init.method ?? 'GET',
        headers: init.body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    it('reports health without an API key', async () => {
      expect(await control('/health')).toEqual({ status: 200, body: { ok: true, version: expect.any(String), now: expect.any(String) } });
    });

    it('lists importable network profiles', async () => {
      const { status, body } = await control('/network-profiles?imported=false&limit=3');
      expect(status).toBe(200);
      const profiles = body.profiles as { network_url: string; kind: string; full_name: string }[];
      expect(profiles).toHaveLength(3);
      expect(profiles[0]).toEqual({ network_url: expect.stringMatching(/^https:\/\//), kind: 'member', full_name: expect.any(String) });
      const person = [...server.mock.db.people()].find((candidate) => profiles[0]!.network_url.endsWith(candidate.public_identifier));
      expect(server.mock.db.isImported(person!)).toBe(false);
    });

    it('rejects a malformed control query with a named parameter', async () => {
      const { status, body } = await control('/network-profiles?limit=0');
      expect(status).toBe(400);
      expect(body.message).toContain('"limit"');
    });

    it('lists registered custom fields with their types', async () => {
      const { body } = await control('/custom-fields');
      const acme = (body.organizations as { organization_name: string; contact: { name: string; type: string }[] }[]).find(
        (organization) => organization.organization_name.includes('Acme'),
      );
      expect(acme?.contact).toEqual(
        expect.arrayContaining([
          { name: 'Deal stage', type: 'string' },
          { name: 'Lead score', type: 'number' },
          { name: 'Is customer', type: 'boolean' },
        ]),
      );
    });

    it('lists saved drafts', async () => {
      const { status, body } = await control('/drafts');
      expect(status).toBe(200);
      expect(Array.isArray(body.drafts)).toBe(true);
    });

    it('injects and clears faults', async () => {
      expect((await control('/faults', { method: 'POST', body: { path: '/v1/accounts', status: 503, count: 2 } })).status).toBe(201);
      expect((await fetch(`${server.url}/v1/accounts`, { headers: auth })).status).toBe(503);
      await control('/faults', { method: 'DELETE' });
      expect((await fetch(`${server.url}/v1/accounts`, { headers: auth })).status).toBe(200);
    });

    it('refuses a malformed fault', async () => {
      const { status, body } = await control('/faults', { method: 'POST', body: { status: 'boom' } });
      expect(status).toBe(400);
      expect(body.message).toContain('"status"');
    });

    it('shows the request journal and resets the dataset', async () => {
      await fetch(`${server.url}/v1/organization`, { headers: auth });
      const journal = (await control('/requests')).body.requests as { method: string; path: string; status: number; time: string }[];
      expect(journal.at(-1)).toMatchObject({ method: 'GET', path: '/v1/organization', status: 200 });
      const reset = await control('/reset', { method: 'POST', body: { seed: 7, now: '2025-06-01T00:00:00Z' } });
      expect(reset).toEqual({ status: 200, body: { ok: true, seed: 7, now: '2025-06-01T00:00:00.000Z' } });
      expect(server.mock.db.seed).toBe(7);
      expect((await control('/requests')).body.requests).toEqual([]);
    });

    it('rejects a malformed reset', async () => {
      expect((await control('/reset', { method: 'POST', body: { now: 'yesterday' } })).status).toBe(400);
    });
  });

  describe('the control API off loopback', () => {
    it('answers 401 naming NETWORK_MOCK_CONTROL_TOKEN without a control token', async () => {
      const server = await startMockServer({ ...options, host: '0.0.0.0' });
      try {
        const port = new URL(server.url).port;
        const response = await fetch(`http://127.0.0.1:${port}/__mock/faults`);
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ code: 'unauthorized', message: expect.stringContaining('NETWORK_MOCK_CONTROL_TOKEN') });
        expect((await fetch(`http://127.0.0.1:${port}/v1/accounts`, { headers: auth })).status).toBe(200);
      } finally {
        await server.close();
      }
    });

    it('requires the Bearer control token when one is given', async () => {
      const server = await startMockServer({ ...options, host: '0.0.0.0', controlToken: 's3cret' });
      try {
        const url = `http://127.0.0.1:${new URL(server.url).port}/__mock/faults`;
        const refused = await fetch(url);
        expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([401, expect.stringContaining('NETWORK_MOCK_CONTROL_TOKEN')]);
        expect((await fetch(url, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
        expect((await fetch(url, { headers: { Authorization: 'Bearer s3cret' } })).status).toBe(200);
      } finally {
        await server.close();
      }
    });
  });
});

describe('on the default dataset', () => {
  let server: MockServer;
  let url: string;

  const control = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}/__mock${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
  };
  const call = (key: string, method: string, path: string, body?: unknown) => request(url, key, method, path, { body });

  beforeAll(async () => {
    server = await startMockServer({ port: 0, rateLimit: false });
    url = server.url;
  });
  afterAll(() => server.close());

  describe('the control API over HTTP (loopback, no key)', () => {
    it('GET /__mock/health answers {ok: true, version, now}', async () => {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await control('GET', '/health');
      expect([health.status, health.body]).toEqual([200, { ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/), now: '2026-01-15T12:00:00.000Z' }]);
    });

    it('GET /__mock/network-profiles?imported=false&limit=N answers {profiles: [{network_url, kind, full_name}]}', async () => {
      const reply = await control('GET', '/network-profiles?imported=false&limit=7');
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body)).toEqual(['profiles']);
      expect(reply.body.profiles).toHaveLength(7);
      for (const profile of reply.body.profiles) {
        expect(Object.keys(profile).sort()).toEqual(['full_name', 'kind', 'network_url']);
        expect(typeof profile.full_name).toBe('string');
        const imported = await call(KEYS.admin, 'POST', '/v1/contacts', {
          account_id: (await acmeAccounts(url)).shared,
          network_url: profile.network_url,
        });
        if (profile.kind === 'member') expect(imported.status).toBe(201);
      }
    });

    it('POST /__mock/reset rebuilds the dataset, optionally with another seed and now', async () => {
      const contact = (await call(KEYS.admin, 'GET', '/v1/contacts?limit=1')).body.data.contacts[0];
      await call(KEYS.admin, 'PATCH', `/v1/contacts/${contact.contact_id}`, { tags: { set: [] } });
      expect((await call(KEYS.admin, 'GET', '/v1/contacts?limit=1')).body.data.contacts[0].tags).toEqual([]);
      expect((await control('POST', '/reset', {})).status).toBe(200);
      expect((await call(KEYS.admin, 'GET', '/v1/contacts?limit=1')).body.data.contacts[0]).toEqual(contact);

      expect((await control('POST', '/reset')).status).toBe(200);
      expect((await call(KEYS.admin, 'GET', '/v1/contacts?limit=1')).body.data.contacts[0]).toEqual(contact);

      expect((await control('POST', '/reset', { seed: 2 })).status).toBe(200);
      const seeded = (await call(KEYS.admin, 'GET', '/v1/contacts?limit=1')).body.data.contacts[0];
      expect(seeded.name === contact.name && seeded.headline === contact.headline).toBe(false);

      expect((await control('POST', '/reset', { seed: 1, now: '2025-06-01T00:00:00Z' })).status).toBe(200);
      const activity = await call(KEYS.admin, 'GET', '/v1/activity?from=2025-03-01&to=2025-06-01&limit=200');
      expect(activity.status).toBe(200);
      expect(activity.body.data.activity.length).toBeGreaterThan(0);
      for (const event of activity.body.data.activity) expect(Date.parse(event.occurred_at)).toBeLessThanOrEqual(Date.parse('2025-06-01T00:00:00Z'));

      expectError(await control('POST', '/reset', { seed: 'one' }), 400, 'bad_request');
      expectError(await control('POST', '/reset', { now: 'yesterday' }), 400, 'bad_request');
      expect((await control('POST', '/reset', { now: '2025-06-01' })).status).toBe(200);
      expect((await control('POST', '/reset', { now: '2025-06-01T02:00:00.000+02:00' })).status).toBe(200);
      expect((await control('POST', '/reset', {})).status).toBe(200);
    });

    it('POST /__mock/faults makes the next count matching requests fail; DELETE clears', async () => {
      expect((await control('POST', '/faults', { method: 'GET', path: '/v1/accounts', status: 500, count: 2 })).status).toBeLessThan(300);
      expectError(await call(KEYS.admin, 'GET', '/v1/accounts'), 500, 'internal_error');
      expect((await call(KEYS.admin, 'GET', '/v1/organization')).status).toBe(200);
      expectError(await call(KEYS.admin, 'GET', '/v1/accounts'), 500, 'internal_error');
      expect((await call(KEYS.admin, 'GET', '/v1/accounts')).status).toBe(200);

      await control('POST', '/faults', { path: '/v1/contacts', status: 429, retry_after: 7 });
      const limited = await call(KEYS.admin, 'GET', '/v1/contacts');
      expectError(limited, 429, 'rate_limit_exceeded');
      expect(limited.headers.get('retry-after')).toBe('7');

      await control('POST', '/faults', { method: 'POST', path: '/v1/enrich', status: 502, code: 'upstream_error' });
      expect((await call(KEYS.admin, 'GET', '/v1/accounts')).status).toBe(200);
      const accounts = await acmeAccounts(url);
      expectError(await call(KEYS.admin, 'POST', '/v1/enrich', { account_id: accounts.shared, network_url: 'x' }), 502, 'upstream_error');

      await control('POST', '/faults', { status: 503, count: 5 });
      expect((await call(KEYS.admin, 'GET', '/v1/views')).status).toBe(503);
      expect((await control('DELETE', '/faults')).status).toBe(200);
      expect((await call(KEYS.admin, 'GET', '/v1/views')).status).toBe(200);

      await control('POST', '/faults', { path: '/v1/organization', status: 200, delay_ms: 20 });
      const delayed = await call(KEYS.admin, 'GET', '/v1/organization');
      expect(delayed.status).toBe(200);
      expect(delayed.body.organization[0].name).toBe('Acme');
      await control('DELETE', '/faults');

      for (const rule of [{}, { status: 'x' }, { status: 500, count: 0 }]) {
        expectError((await control('POST', '/faults', rule)), 400, 'bad_request');
      }
    });

    it('GET /__mock/requests lists the journal: method, path, status, time', async () => {
      await call(KEYS.admin, 'GET', '/v1/contacts?limit=3');
      await call(KEYS.retired, 'GET', '/v1/accounts');
      const reply = await control('GET', '/requests');
      expect(reply.status).toBe(200);
      const entries = reply.body.requests as { method: string; path: string; status: number; time: string }[];
      const last = entries.slice(-2);
      expect(last[0]).toMatchObject({ method: 'GET', path: '/v1/contacts', status: 200 });
      expect(last[1]).toMatchObject({ method: 'GET', path: '/v1/accounts', status: 401 });
      for (const entry of last) expect(Number.isNaN(Date.parse(entry.time))).toBe(false);
      expect(entries.some((entry) => entry.path.startsWith('/__mock'))).toBe(false);
    });

    it('GET /__mock/drafts?account_id= lists the saved drafts', async () => {
      const accounts = await acmeAccounts(url);
      const contact = (await call(KEYS.admin, 'GET', `/v1/contacts?account_id=${accounts.shared}&limit=1`)).body.data.contacts[0];
      const saved = await call(KEYS.admin, 'POST', '/v1/drafts', {
        account_id: accounts.shared,
        contact_id: contact.contact_id,
        draft_message: 'Hello from the acceptance test',
      });
      expect(saved.status).toBe(200);
      const drafts = await control('GET', `/drafts?account_id=${accounts.shared}`);
      expect(drafts.status).toBe(200);
      expect(JSON.stringify(drafts.body)).toContain('Hello from the acceptance test');
      const other = await control('GET', `/drafts?account_id=${accounts.member}`);
      expect(JSON.stringify(other.body)).not.toContain('Hello from the acceptance test');
    });

    it('GET /__mock/custom-fields lists the registered fields with their types', async () => {
      const reply = await control('GET', '/custom-fields');
      expect(reply.status).toBe(200);
      const text = JSON.stringify(reply.body);
      for (const name of ['Deal stage', 'Lead score', 'Is customer', 'Tier']) expect(text).toContain(name);
      for (const type of ['string', 'number', 'boolean']) expect(text).toContain(type);
    });

    it('answers 404 for an unknown control path', async () => {
      expect((await control('GET', '/nothing-here')).status).toBe(404);
    });
  });

  describe('control access rules', () => {
    it('requires the control token when one is given', async () => {
      const guarded = await startMockServer({ port: 0, controlToken: 'T0ken' });
      try {
        expect((await fetch(`${guarded.url}/__mock/faults`)).status).toBe(401);
        expect((await fetch(`${guarded.url}/__mock/faults`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
        const ok = await fetch(`${guarded.url}/__mock/faults`, { headers: { authorization: 'Bearer T0ken' } });
        expect(ok.status).toBe(200);
        expect(await ok.json()).toEqual({ faults: [] });
        expect((await request(guarded.url, KEYS.admin, 'GET', '/v1/organization')).status).toBe(200);
      } finally {
        await guarded.close();
      }
    });
  });
});
