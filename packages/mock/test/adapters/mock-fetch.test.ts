// mock.fetch has fetch's signature (input: string | URL | Request, init?) and needs no interception: the SDK
// takes it as its `fetch` option.
import { ApiConnectionError, NetworkClient, NotFoundError } from '@network-org/sdk';
import { createMockApi } from '@network-org/mock';
import { describe, expect, it } from 'vitest';

const BASE_URL = 'https://mock-fetch.network.test';
const mock = createMockApi({ baseUrl: BASE_URL, rateLimit: false, contactsPerAccount: 12, networkSize: 10 });
const auth = { authorization: `Bearer ${mock.keys.admin}` };

describe('mock.fetch', () => {
  it('serves the SDK as its fetch, destructured from the mock, with no msw server', async () => {
    const { fetch } = mock;
    const client = new NetworkClient({ apiKey: mock.keys.admin, baseUrl: BASE_URL, fetch, maxRetries: 0 });
    const accounts = await client.accounts.list();
    expect(accounts.length).toBeGreaterThanOrEqual(3);
    const page = await client.contacts.list({ limit: 2 });
    expect(page.items).toHaveLength(2);
    const contact = page.items[0]!;
    const updated = await client.contacts.update(contact.contact_id, { account_id: contact.account.account_id, notes_json: '{"via":"mock.fetch"}' });
    expect(updated.notes_json).toBe('{"via":"mock.fetch"}');
    await expect(client.companies.update('999999999', { account_id: contact.account.account_id })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('takes a URL, a string or a Request, and a Request with init overriding it', async () => {
    const viaString = await mock.fetch(`${BASE_URL}/v1/organization`, { headers: auth });
    const viaUrl = await mock.fetch(new URL('/v1/organization', BASE_URL), { headers: auth });
    const viaRequest = await mock.fetch(new Request(`${BASE_URL}/v1/organization`, { headers: auth }));
    const texts = await Promise.all([viaString.text(), viaUrl.text(), viaRequest.text()]);
    expect(new Set(texts).size).toBe(1);
    expect([viaString.status, viaUrl.status, viaRequest.status]).toEqual([200, 200, 200]);
    const overridden = await mock.fetch(new Request(`${BASE_URL}/v1/organization`, { headers: auth }), { headers: {} });
    expect(overridden.status).toBe(401);
  });

  it('reads a bare path as a path under a base URL that has a path of its own', async () => {
    const prefixed = createMockApi({ baseUrl: 'https://prefixed.network.test/api/', rateLimit: false, contactsPerAccount: 5, networkSize: 10 });
    expect((await prefixed.fetch('/v1/accounts', { headers: auth })).status).toBe(200);
    expect((await prefixed.fetch('/api/v1/accounts', { headers: auth })).status).toBe(200);
    expect((await prefixed.fetch('https://prefixed.network.test/api/v1/organization', { headers: auth })).status).toBe(200);
    expect(await (await prefixed.fetch('/__mock/health')).json()).toMatchObject({ ok: true });
    const worker = prefixed.session('prefixed-worker');
    expect((await worker.fetch('/v1/accounts', { headers: auth })).status).toBe(200);
    expect(worker.journal.map((entry) => entry.path)).toEqual(['/v1/accounts']);
  });

  it('reads every kind of body fetch takes', async () => {
    const contact = ((await (await mock.fetch(`${BASE_URL}/v1/contacts?limit=1`, { headers: auth })).json()) as any).data.contacts[0];
    const json = JSON.stringify({ account_id: contact.account.account_id, notes_json: null });
    for (const body of [json, new TextEncoder().encode(json), new Blob([json]), new TextEncoder().encode(json).buffer]) {
      const response = await mock.fetch(`${BASE_URL}/v1/contacts/${contact.contact_id}`, { method: 'PATCH', headers: auth, body });
      expect(response.status).toBe(200);
    }
    await expect(mock.fetch(`${BASE_URL}/v1/accounts`, { headers: auth, body: '{}' })).rejects.toThrow(TypeError);
  });

  it('rejects as fetch does: with the abort reason, and with a TypeError on a dropped connection', async () => {
    const slow = createMockApi({ baseUrl: BASE_URL, rateLimit: false, latency: 200, contactsPerAccount: 4, networkSize: 4 });
    const reason = new Error('caller gave up');
    const controller = new AbortController();
    const pending = slow.fetch(`${BASE_URL}/v1/accounts`, { headers: auth, signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await expect(slow.fetch(`${BASE_URL}/v1/accounts`, { headers: auth, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);

    mock.faults.add({ path: '/v1/accounts', drop: true, count: 2 });
    await expect(mock.fetch(`${BASE_URL}/v1/accounts`, { headers: auth })).rejects.toThrow(TypeError);
    const client = new NetworkClient({ apiKey: mock.keys.admin, baseUrl: BASE_URL, fetch: mock.fetch, maxRetries: 0 });
    await expect(client.accounts.list()).rejects.toBeInstanceOf(ApiConnectionError);
  });
});
