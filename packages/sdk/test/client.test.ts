import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkClient, NetworkError } from '@network-org/sdk';
import { API_KEY, BASE_URL, client, contactsPage, fakeFetch, json } from './helpers';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('construction', () => {
  it('reads NETWORK_API_KEY and NETWORK_BASE_URL from the environment', async () => {
    vi.stubEnv('NETWORK_API_KEY', 'sk_from_env');
    vi.stubEnv('NETWORK_BASE_URL', 'https://env.network.test');
    const { fetch, calls } = fakeFetch(json({ data: { accounts: [] } }));
    await new NetworkClient({ fetch }).accounts.list();
    expect(calls[0]?.url.origin).toBe('https://env.network.test');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer sk_from_env');
  });

  it('prefers explicit options over the environment', async () => {
    vi.stubEnv('NETWORK_API_KEY', 'sk_from_env');
    vi.stubEnv('NETWORK_BASE_URL', 'https://env.network.test');
    const { fetch, calls } = fakeFetch(json({ data: { accounts: [] } }));
    await client(fetch).accounts.list();
    expect(calls[0]?.url.origin).toBe(BASE_URL);
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
  });

  it('fails at construction with a clear error when the API key is missing', () => {
    vi.stubEnv('NETWORK_API_KEY', '');
    expect(() => new NetworkClient({ baseUrl: BASE_URL })).toThrow(NetworkError);
    expect(() => new NetworkClient({ baseUrl: BASE_URL })).toThrow(/NETWORK_API_KEY/);
  });

  it('says the environment could not be read, not "set NETWORK_API_KEY", where reading it is refused (Deno without --allow-env)', () => {
    const env = Object.getOwnPropertyDescriptor(process, 'env') as PropertyDescriptor;
    let error: unknown;
    Object.defineProperty(process, 'env', {
      configurable: true,
      get() {
        throw new Error('NotCapable: Requires env access to "NETWORK_API_KEY", run again with the --allow-env flag');
      },
    });
    try {
      new NetworkClient({ baseUrl: BASE_URL });
    } catch (thrown) {
      error = thrown;
    } finally {
      Object.defineProperty(process, 'env', env);
    }
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/environment could not be read/);
    expect((error as Error).message).toMatch(/pass `apiKey`/);
    expect((error as Error).message).not.toMatch(/set the NETWORK_API_KEY/);
  });

  it('fails at construction with a clear error when the base URL is missing or not absolute', () => {
    vi.stubEnv('NETWORK_BASE_URL', '');
    expect(() => new NetworkClient({ apiKey: API_KEY })).toThrow(/NETWORK_BASE_URL/);
    expect(() => new NetworkClient({ apiKey: API_KEY, baseUrl: 'api.network.test' })).toThrow(/absolute URL/);
  });

  it('does not expose the API key in the client’s enumerable fields', () => {
    const serialized = JSON.stringify(client(fakeFetch().fetch));
    expect(serialized).not.toContain(API_KEY);
  });
});

describe('requests', () => {
  it('sends client headers and per-call headers, the per-call ones winning', async () => {
    const { fetch, calls } = fakeFetch(json({ organization: [] }));
    const network = client(fetch, { headers: { 'x-team': 'growth', 'x-trace': 'client' } });
    await network.organizations.list({ headers: { 'x-trace': 'call' } });
    expect(calls[0]?.headers.get('x-team')).toBe('growth');
    expect(calls[0]?.headers.get('x-trace')).toBe('call');
  });

  it('sends query arrays as repeated parameters', async () => {
    const { fetch, calls } = fakeFetch(contactsPage([], { limit: 10, has_more: false }));
    await client(fetch).contacts.list({ account_id: ['101', '102'], relationship_status: 'connected' });
    expect(calls[0]?.url.searchParams.getAll('account_id')).toEqual(['101', '102']);
    expect(calls[0]?.url.searchParams.get('relationship_status')).toBe('connected');
  });

  it('sends bodies as JSON and path parameters in the path', async () => {
    const { fetch, calls } = fakeFetch(json({ data: { contact: { contact_id: '2001' } } }));
    await client(fetch).contacts.update('2001', { account_id: '101', 'Deal stage': 'Won', notes_json: null });
    expect(calls[0]?.method).toBe('PATCH');
    expect(calls[0]?.url.pathname).toBe('/v1/contacts/2001');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ account_id: '101', 'Deal stage': 'Won', notes_json: null });
  });

  it('unwraps the organization envelope, the only one without data', async () => {
    const organization = { id: 1, name: 'Acme', created_at: '2024-03-01T09:00:00Z' };
    const { fetch } = fakeFetch(json({ organization: [organization] }));
    await expect(client(fetch).organizations.list()).resolves.toEqual([organization]);
  });

  it('tells a first import (201) from an already attached contact (200)', async () => {
    const body = { data: { contact: { contact_id: '2001' }, warnings: [] } };
    const { fetch } = fakeFetch(json(body, 201), json(body, 200));
    const network = client(fetch);
    const input = { account_id: '101', network_url: 'https://www.network.com/in/grace-hopper' };
    await expect(network.contacts.import(input)).resolves.toMatchObject({ created: true, warnings: [] });
    await expect(network.contacts.import(input)).resolves.toMatchObject({ created: false });
  });

  it('gives the data and the response with withResponse()', async () => {
    const { fetch } = fakeFetch(json({ data: { draft: { draft_id: '1' } } }, 200, { 'x-request-id': 'req_1' }));
    const { data, response } = await client(fetch)
      .drafts.create({ account_id: '101', draft_message: 'Hi', contact_id: '2001' })
      .withResponse();
    expect(data).toEqual({ draft_id: '1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req_1');
  });

  it('exposes the openapi-fetch client as raw, with the key set and its middleware on raw calls', async () => {
    const { fetch, calls } = fakeFetch(json({ data: { accounts: [] } }));
    const network = client(fetch);
    network.raw.use({
      onRequest({ request }) {
        request.headers.set('x-middleware', 'yes');
        return request;
      },
    });
    const { data } = await network.raw.GET('/v1/accounts');
    expect(data?.data.accounts).toEqual([]);
    await network.accounts.list();
    expect(calls.map((call) => call.headers.get('x-middleware'))).toEqual(['yes', null]);
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual([`Bearer ${API_KEY}`, `Bearer ${API_KEY}`]);
  });
});
