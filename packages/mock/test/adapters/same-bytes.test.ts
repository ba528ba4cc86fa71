// The same request gets the same answer through the three adapters: msw handlers, the node:http
// server and mock.fetch, each on a fresh mock with the same seed.
import fc from 'fast-check';
import { createMockApi, type MockApiOptions } from '@network-org/mock';
import { startMockServer } from '@network-org/mock/node';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BASE_URL = 'https://same-bytes.network.test';
const OPTIONS: MockApiOptions = { seed: 1, rateLimit: false, contactsPerAccount: 24, conversationsPerAccount: 6, networkSize: 30 };
const COMPARED_HEADERS = ['content-type', 'retry-after', 'access-control-allow-origin', 'access-control-expose-headers'];

interface Sent {
  method: string;
  path: string;
  key?: string | null;
  body?: string;
}

interface Seen {
  status: number;
  headers: Record<string, string | null>;
  body: string;
}

const msw = setupServer();
// Requests to the node:http server pass through to the network.
beforeAll(() => msw.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => msw.close());

function init(request: Sent): RequestInit {
  const headers: Record<string, string> = {};
  if (request.key !== null) headers.authorization = `Bearer ${request.key ?? 'sk_test_admin'}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  return { method: request.method, headers, body: request.body };
}

async function seen(response: Response): Promise<Seen> {
  const headers: Record<string, string | null> = {};
  for (const name of COMPARED_HEADERS) headers[name] = response.headers.get(name);
  return { status: response.status, headers, body: await response.text() };
}

/** Each request in order through one adapter, on a fresh mock. */
async function throughEachAdapter(requests: readonly Sent[]): Promise<Record<'msw' | 'fetch' | 'http', Seen[]>> {
  const viaMsw = createMockApi({ ...OPTIONS, baseUrl: BASE_URL });
  msw.resetHandlers(...viaMsw.handlers);
  const viaFetch = createMockApi({ ...OPTIONS, baseUrl: BASE_URL });
  const server = await startMockServer({ ...OPTIONS, port: 0 });
  const result = { msw: [] as Seen[], fetch: [] as Seen[], http: [] as Seen[] };
  try {
    for (const request of requests) {
      result.msw.push(await seen(await fetch(`${BASE_URL}${request.path}`, init(request))));
      result.fetch.push(await seen(await viaFetch.fetch(`${BASE_URL}${request.path}`, init(request))));
      result.http.push(await seen(await fetch(`${server.url}${request.path}`, init(request))));
    }
  } finally {
    await server.close();
  }
  return result;
}

describe('msw handlers, node:http and mock.fetch', () => {
  let requests: Sent[] = [];

  beforeAll(async () => {
    // Ids of the dataset, read through the API as a user would.
    const probe = createMockApi({ ...OPTIONS, baseUrl: BASE_URL });
    const get = async (path: string, key = 'sk_test_admin') =>
      (await (await probe.fetch(`${BASE_URL}${path}`, { headers: { authorization: `Bearer ${key}` } })).json()) as any;
    const contacts = (await get('/v1/contacts?limit=3')).data.contacts as { contact_id: string; account: { account_id: string } }[];
    const contact = contacts[0]!;
    const accounts = (await get('/v1/accounts')).data.accounts as { account_id: string }[];
    const memberAccounts = new Set(((await get('/v1/accounts', 'sk_test_member')).data.accounts as { account_id: string }[]).map((a) => a.account_id));
    const privateAccount = accounts.find((account) => !memberAccounts.has(account.account_id))!.account_id;
    const account = contact.account.account_id;
    requests = [
      { method: 'GET', path: '/v1/organization' },
      { method: 'GET', path: '/v1/accounts', key: 'sk_test_member' },
      { method: 'GET', path: '/v1/contacts?limit=5' },
      { method: 'GET', path: '/v1/contacts?limit=100' },
      { method: 'GET', path: '/v1/contacts?search=a&relationship_status=connected&limit=4' },
      { method: 'GET', path: `/v1/contacts?account_id=${privateAccount}`, key: 'sk_test_member' },
      { method: 'GET', path: '/v1/contacts?limit=0' },
      { method: 'GET', path: '/v1/companies?limit=3' },
      { method: 'GET', path: '/v1/views' },
      { method: 'GET', path: '/v1/conversations?limit=2' },
      { method: 'GET', path: '/v1/activity?limit=5' },
      { method: 'GET', path: '/v1/activity?limit=5', key: 'sk_test_member' },
      { method: 'GET', path: '/v1/activity/summary?from=2025-12-01&timezone=Europe/Paris' },
      {
        method: 'PATCH',
        path: `/v1/contacts/${contact.contact_id}`,
        body: JSON.stringify({ account_id: account, tags: { add: [{ name: 'Same bytes', color: 'green' }] }, notes_json: '{"a":1}' }),
      },
      { method: 'PATCH', path: `/v1/contacts/${contact.contact_id}`, body: '{not json' },
      { method: 'POST', path: `/v1/contacts/${contact.contact_id}/find-email`, body: JSON.stringify({ account_id: account }) },
      { method: 'POST', path: `/v1/contacts/${contact.contact_id}/find-email`, key: 'sk_test_no_credits', body: JSON.stringify({ account_id: account }) },
      { method: 'GET', path: '/v1/nothing' },
      { method: 'DELETE', path: '/v1/contacts' },
      { method: 'PUT', path: '/v1/accounts' },
      { method: 'GET', path: '/v1/accounts', key: null },
      { method: 'GET', path: '/v1/accounts', key: 'sk_test_retired' },
    ];
  });

  it('give the same status, headers and body bytes to the same requests', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 8 }), async (picks) => {
        const sequence = picks.map((pick) => requests[pick % requests.length]!);
        const { msw: viaMsw, fetch: viaFetch, http } = await throughEachAdapter(sequence);
        expect(viaFetch).toEqual(viaMsw);
        expect(http).toEqual(viaMsw);
      }),
      { numRuns: 8 },
    );
  });
});
