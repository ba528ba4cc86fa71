// `client.request(operationId, {path, query, body}, options)`: any operation by name, through the same transport,
// pacing, retries and errors as the resources' methods, which are wrappers over it.
import { afterEach, describe, expect, it } from 'vitest';
import { createMockApi } from '@network-org/mock';
import { operationRoutes } from '@network-org/spec/routes';
import {
  ApiTimeoutError,
  NetworkClient,
  NetworkError,
  NotFoundError,
  type OperationId,
  Page,
  PagePromise,
  RateLimitError,
} from '@network-org/sdk';
import { API_KEY, BASE_URL, client, errorReply, fakeFetch, json, settle } from './helpers';

/** Each operation as `client.request` takes it and as its typed method; adding an operation to the spec without a row fails below. */
const CASES: Record<OperationId, { request: (c: NetworkClient) => Promise<unknown>; method: (c: NetworkClient) => Promise<unknown> }> = {
  listOrganizations: { request: (c) => c.request('listOrganizations'), method: (c) => c.organizations.list() },
  listAccounts: { request: (c) => c.request('listAccounts'), method: (c) => c.accounts.list() },
  listActivity: {
    request: (c) => c.request('listActivity', { query: { from: '2026-01-01', event_type: ['message_sent'], limit: 5 } }),
    method: (c) => c.activity.list({ from: '2026-01-01', event_type: ['message_sent'], limit: 5 }),
  },
  getActivitySummary: {
    request: (c) => c.request('getActivitySummary', { query: { timezone: 'Europe/Paris', account_id: ['101', '103'] } }),
    method: (c) => c.activity.summary({ timezone: 'Europe/Paris', account_id: ['101', '103'] }),
  },
  enrich: {
    request: (c) => c.request('enrich', { body: { account_id: '101', contact_id: '2001' } }),
    method: (c) => c.enrich({ account_id: '101', contact_id: '2001' }),
  },
  listContacts: {
    request: (c) => c.request('listContacts', { query: { account_id: ['101'], tag: 'Customer & co', relationship_status: 'connected' } }),
    method: (c) => c.contacts.list({ account_id: ['101'], tag: 'Customer & co', relationship_status: 'connected' }),
  },
  importContact: {
    request: (c) => c.request('importContact', { body: { account_id: '101', network_url: 'https://www.network.com/in/ada' } }),
    method: (c) => c.contacts.import({ account_id: '101', network_url: 'https://www.network.com/in/ada' }),
  },
  updateContact: {
    request: (c) => c.request('updateContact', { path: { contact_id: '20 01/é' }, body: { account_id: '101', 'Deal stage': 'Won' } }),
    method: (c) => c.contacts.update('20 01/é', { account_id: '101', 'Deal stage': 'Won' }),
  },
  findContactEmail: {
    request: (c) => c.request('findContactEmail', { path: { contact_id: '2001' }, body: { account_id: '101' } }),
    method: (c) => c.contacts.findEmail('2001', { account_id: '101' }),
  },
  listCompanies: {
    request: (c) => c.request('listCompanies', { query: { view_id: 'v1', limit: 3 } }),
    method: (c) => c.companies.list({ view_id: 'v1', limit: 3 }),
  },
  updateCompany: {
    request: (c) => c.request('updateCompany', { path: { company_id: '3001' }, body: { tags: { add: [{ name: 'VIP', color: 'red' }] } } }),
    method: (c) => c.companies.update('3001', { tags: { add: [{ name: 'VIP', color: 'red' }] } }),
  },
  listConversations: {
    request: (c) => c.request('listConversations', { query: { tag: 'Customer', cursor: 'abc' } }),
    method: (c) => c.conversations.list({ tag: 'Customer', cursor: 'abc' }),
  },
  listConversationMessages: {
    request: (c) => c.request('listConversationMessages', { path: { conversationId: '4001' }, query: { account_id: '101' } }),
    method: (c) => c.conversations.messages.list('4001', { account_id: '101' }),
  },
  createDraft: {
    request: (c) => c.request('createDraft', { body: { account_id: '101', contact_id: '2001', draft_message: 'Hi' } }),
    method: (c) => c.drafts.create({ account_id: '101', contact_id: '2001', draft_message: 'Hi' }),
  },
  listViews: { request: (c) => c.request('listViews', { query: { limit: 30 } }), method: (c) => c.views.list({ limit: 30 }) },
  createView: {
    request: (c) =>
      c.request('createView', {
        body: { account_id: '101', type: 'contact', name: 'N', filters: { specific_contacts: { contact_ids: ['2001'] } } },
      }),
    method: (c) =>
      c.views.create({ account_id: '101', type: 'contact', name: 'N', filters: { specific_contacts: { contact_ids: ['2001'] } } }),
  },
};

/** The request a call puts on the wire, answered with a 404 so that no operation's unwrapping matters. */
async function wire(call: (c: NetworkClient) => Promise<unknown>) {
  const { fetch, calls } = fakeFetch(errorReply(404, 'not_found'));
  await settle(call(client(fetch, { maxRetries: 0, headers: { 'x-trace': 'same' } })));
  return calls.map(({ url, method, headers, body }) => ({ url: url.href, method, headers: [...headers], body }));
}

describe('client.request', () => {
  it('has a case for every operation of the spec', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(operationRoutes).sort());
  });

  it.each(Object.keys(CASES) as OperationId[])('%s: puts the same request on the wire as its typed method', async (operationId) => {
    const { request, method } = CASES[operationId];
    const sent = await wire(request);
    expect(sent).toHaveLength(1);
    expect(sent).toEqual(await wire(method));
    const route = operationRoutes[operationId];
    expect(sent[0]?.method).toBe(route.method);
  });

  it('refuses an operationId the spec does not have, naming it and the known ones, and sends nothing', async () => {
    const { fetch, calls } = fakeFetch(json({}));
    const network = client(fetch);
    // @ts-expect-error the types refuse it too; this is what an untyped caller gets
    const { error } = await settle(network.request('deleteContact'));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/Unknown operation "deleteContact": use one of listOrganizations, .*createView/);
    // @ts-expect-error a name every object inherits is no operation either
    const { error: inherited } = await settle(network.request('toString'));
    expect((inherited as Error).message).toMatch(/Unknown operation "toString"/);
    expect(calls).toHaveLength(0);
  });

  it('refuses a body on an operation read with GET, and sends nothing', async () => {
    const { fetch, calls } = fakeFetch(json({}));
    const network = client(fetch);
    const { error } = await settle((network.request as (id: string, args: object) => Promise<unknown>)('listContacts', { body: {} }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('listContacts takes no body: pass its parameters as query');
    expect(calls).toHaveLength(0);
  });

  it('gives the answer’s whole body for an operation that is not a paged list, with withResponse()', async () => {
    const { fetch } = fakeFetch(json({ data: { accounts: [{ account_id: '101' }] } }));
    const call = client(fetch).request('listAccounts');
    expect(call).toBeInstanceOf(Promise);
    expect(call).not.toBeInstanceOf(PagePromise);
    const { data, response } = await call.withResponse();
    expect(data).toEqual({ data: { accounts: [{ account_id: '101' }] } });
    expect(response.status).toBe(200);
  });

  it('throws the status’s error class and retries as the typed methods do (a 429 honours Retry-After)', async () => {
    const { fetch, calls } = fakeFetch(errorReply(429, 'rate_limit_exceeded', 'slow down', { 'retry-after': '0' }), json({ data: { draft: { id: 'd' } } }));
    const { data } = await client(fetch).request('createDraft', { body: { account_id: '101', contact_id: '1', draft_message: 'x' } });
    expect(data.draft).toEqual({ id: 'd' });
    expect(calls).toHaveLength(2);

    const failing = fakeFetch(errorReply(429, 'rate_limit_exceeded', 'slow down', { 'retry-after': '0' }));
    const { error } = await settle(client(failing.fetch, { maxRetries: 1 }).request('listAccounts'));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(failing.calls).toHaveLength(2);

    const missing = await settle(client(fakeFetch(errorReply(404, 'not_found')).fetch).request('listCompanies', { query: { view_id: '9' } }));
    expect(missing.error).toBeInstanceOf(NotFoundError);
  });

  it('reports a 2xx body without the list’s items as not matching the spec', async () => {
    const { error } = await settle(client(fakeFetch(json({ data: { pagination: { has_more: false, limit: 10 } } })).fetch).request('listViews'));
    expect((error as Error).name).toBe('ResponseValidationError');
  });

  it('paces with the typed methods: one budget per endpoint, whichever path made the call', async () => {
    const { fetch } = fakeFetch(json({ data: { accounts: [] } }));
    const network = client(fetch, { rateLimit: { requests: 1, windowMs: 60_000 } });
    await network.accounts.list();
    const { error } = await settle(network.request('listAccounts', undefined, { timeout: 50 }));
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect((error as Error).message).toMatch(/waiting for the rate limit of GET \/v1\/accounts/);
  });
});

describe('client.request against the mock', () => {
  const mock = createMockApi({ seed: 1, rateLimit: false });
  const network = new NetworkClient({ apiKey: mock.keys.admin, baseUrl: 'https://api.network.test', fetch: mock.fetch });

  it('walks a list across pages with for await, meeting the items the typed method meets', async () => {
    const viaRequest: string[] = [];
    for await (const contact of network.request('listContacts', { query: { account_id: ['101'], limit: 25 } })) {
      viaRequest.push(contact.account_relationship_id);
    }
    const viaMethod: string[] = [];
    for await (const contact of network.contacts.list({ account_id: ['101'], limit: 25 })) viaMethod.push(contact.account_relationship_id);
    expect(viaRequest.length).toBeGreaterThan(25);
    expect(viaRequest).toEqual(viaMethod);
  });

  it('gives pages with hasNextPage/nextPage, and the activity list’s filters, generated_at and timezone on each', async () => {
    const first = await network.request('listActivity', { query: { from: '2026-01-01', to: '2026-01-10', limit: 2, timezone: 'Asia/Tokyo' } });
    expect(first).toBeInstanceOf(Page);
    expect(first.items).toHaveLength(2);
    expect(first.timezone).toBe('Asia/Tokyo');
    expect(first.filters.to_exclusive).toBe(true);
    expect(typeof first.generated_at).toBe('string');
    expect(first.hasNextPage()).toBe(true);
    const second = await first.nextPage();
    expect(second.filters).toEqual(first.filters);
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
  });

  it('takes path parameters by their spec names', async () => {
    const [conversation] = (await network.conversations.list({ limit: 1 })).items;
    const page = await network.request('listConversationMessages', {
      path: { conversationId: conversation!.conversation_id },
      query: { account_id: conversation!.account_id, limit: 1 },
    });
    expect(page.items[0]?.conversation_id).toBe(conversation!.conversation_id);
  });
});

describe('NETWORK_LOG', () => {
  const saved = process.env.NETWORK_LOG;
  afterEach(() => {
    if (saved === undefined) delete process.env.NETWORK_LOG;
    else process.env.NETWORK_LOG = saved;
  });
  const recording = () => {
    const lines: string[] = [];
    const push = (line: string) => void lines.push(line);
    return { lines, logger: { error: push, warn: push, info: push, debug: push } };
  };

  it('switches logging on at the level it names, without the key', async () => {
    process.env.NETWORK_LOG = 'info';
    const { lines, logger } = recording();
    await client(fakeFetch(json({ data: { accounts: [] } })).fetch, { logger }).accounts.list();
    expect(lines).toEqual([expect.stringMatching(/^\[network-org\/sdk\] GET \/v1\/accounts 200 \(attempt 1, \d+ ms\)$/)]);
    expect(lines.join('')).not.toContain(API_KEY);
  });

  it('yields to an explicit logLevel', async () => {
    process.env.NETWORK_LOG = 'debug';
    const { lines, logger } = recording();
    await client(fakeFetch(json({ data: { accounts: [] } })).fetch, { logger, logLevel: 'off' }).accounts.list();
    expect(lines).toEqual([]);
  });

  it('ignores a value that names no level, with one warning that says which values work', async () => {
    process.env.NETWORK_LOG = 'verbose';
    const { lines, logger } = recording();
    const network = new NetworkClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch: fakeFetch(json({ data: { accounts: [] } })).fetch, logger });
    await network.accounts.list();
    expect(lines).toEqual(['[network-org/sdk] NETWORK_LOG="verbose" is ignored: use one of off,error,warn,info,debug']);
  });
});
