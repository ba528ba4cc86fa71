import { startMockServer, type MockServer } from '@network-org/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineTestRoutes } from '../support/engine-routes';

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
    expect(await control('/health')).toEqual({ status: 200, body: { ok: true } });
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
  it('does not exist without a control token', async () => {
    const server = await startMockServer({ ...options, host: '0.0.0.0' });
    try {
      const port = new URL(server.url).port;
      const response = await fetch(`http://127.0.0.1:${port}/__mock/health`);
      expect(response.status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/v1/accounts`, { headers: auth })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('requires the Bearer control token when one is given', async () => {
    const server = await startMockServer({ ...options, host: '0.0.0.0', controlToken: 's3cret' });
    try {
      const url = `http://127.0.0.1:${new URL(server.url).port}/__mock/health`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
      expect((await fetch(url, { headers: { Authorization: 'Bearer s3cret' } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
