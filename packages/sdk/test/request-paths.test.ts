// The SDK's calls have one request path of their own; `client.raw` is openapi-fetch over the same transport.
// For the same operation both put the same request on the wire, and raw's middleware stays on raw's calls.
import { afterEach, describe, expect, it } from 'vitest';
import type { Middleware } from 'openapi-fetch';
import { ApiConnectionError, type ClientOptions, NetworkClient, ResponseTooLargeError } from '@network-org/sdk';
import { API_KEY, BASE_URL, json } from './helpers';
import { sendJson, startHostileServer, type HostileServer } from './hostile/server';

/** A request as a custom fetch receives it, every part kept as given (the URL as a string, the body unparsed). */
interface SeenRequest {
  url: string;
  method: string | undefined;
  headers: [string, string][];
  body: unknown;
  redirect: RequestRedirect | undefined;
  signal: boolean;
  /** The options given, so that an extra one on either path shows. */
  keys: string[];
}

function recordingFetch(reply: () => Response) {
  const seen: SeenRequest[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    seen.push({
      url,
      method: init.method,
      headers: [...new Headers(init.headers)],
      body: init.body,
      redirect: init.redirect,
      signal: init.signal instanceof AbortSignal,
      keys: Object.keys(init).sort(),
    });
    return reply();
  };
  return { fetch, seen };
}

/** The calls whose requests are compared, each as an SDK call and as the same operation through `client.raw`. */
type Compared = [string, (network: NetworkClient) => Promise<unknown>, (network: NetworkClient) => Promise<unknown>];
const calls: Compared[] = [
  ['organizations.list', (network) => network.organizations.list(), (network) => network.raw.GET('/v1/organization')],
  [
    'contacts.list',
    (network) =>
      network.contacts.list({ account_id: ['101', '10 2'], query: "O'Brien & Co/ü?#", relationship_status: 'connected', limit: 5 }),
    (network) =>
      network.raw.GET('/v1/contacts', {
        params: { query: { account_id: ['101', '10 2'], query: "O'Brien & Co/ü?#", relationship_status: 'connected', limit: 5 } },
      }),
  ],
  [
    'contacts.update',
    (network) =>
      network.contacts.update('20 01/é', { account_id: '101', 'Deal stage': 'Won', notes_json: null }, { headers: { 'x-trace': 'call' } }),
    (network) =>
      network.raw.PATCH('/v1/contacts/{contact_id}', {
        params: { path: { contact_id: '20 01/é' } },
        body: { account_id: '101', 'Deal stage': 'Won', notes_json: null },
        headers: { 'x-trace': 'call' },
      }),
  ],
  [
    'conversations.messages.list',
    (network) => network.conversations.messages.list('conv 1/2', { account_id: '101', cursor: 'c/1+2=' }),
    (network) =>
      network.raw.GET('/v1/conversations/{conversationId}/messages', {
        params: { path: { conversationId: 'conv 1/2' }, query: { account_id: '101', cursor: 'c/1+2=' } },
      }),
  ],
  [
    'drafts.create',
    (network) => network.drafts.create({ account_id: '101', draft_message: 'Hi', contact_id: '2001' }),
    (network) => network.raw.POST('/v1/drafts', { body: { account_id: '101', draft_message: 'Hi', contact_id: '2001' } }),
  ],
];

const clientOptions: Partial<ClientOptions> = { headers: { 'x-team': 'growth', 'user-agent': 'my-app/1.0' } };

function answer(): Response {
  // One body that unwraps for every compared call.
  return json({
    organization: [],
    data: { contacts: [], messages: [], pagination: { limit: 5, has_more: false }, contact: {}, draft: {}, total: 0 },
  });
}

/** The parts of a request that reach the server; the signal and the options' shape differ by path. */
const onTheWire = ({ url, method, headers, body }: SeenRequest) => ({ url, method, headers, body });

describe('the SDK’s calls and client.raw', () => {
  it.each(calls)('hand a custom fetch the same request for %s', async (_name, sdkCall, rawCall) => {
    const viaSdk = recordingFetch(answer);
    const viaRaw = recordingFetch(answer);
    await sdkCall(new NetworkClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch: viaSdk.fetch, ...clientOptions })).catch(() => undefined);
    await rawCall(new NetworkClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch: viaRaw.fetch, ...clientOptions }));
    expect(viaSdk.seen).toHaveLength(1);
    expect(viaSdk.seen.map(onTheWire)).toEqual(viaRaw.seen.map(onTheWire));
  });
});

describe('client.raw middleware', () => {
  it('runs on raw calls and leaves the SDK’s calls as they were', async () => {
    const { fetch, seen } = recordingFetch(() => json({ data: { accounts: [] } }));
    const network = new NetworkClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch });
    const before = await network.accounts.list();
    let runs = 0;
    const tagging: Middleware = {
      onRequest({ request }) {
        runs++;
        request.headers.set('x-middleware', 'yes');
        return request;
      },
    };
    network.raw.use(tagging);
    const { data } = await network.raw.GET('/v1/accounts');
    expect(data?.data.accounts).toEqual([]);
    expect(runs).toBe(1);
    expect(new Headers(seen[1]?.headers).get('x-middleware')).toBe('yes');
    await expect(network.accounts.list()).resolves.toEqual(before);
    expect(runs).toBe(1);
    expect(seen[2]).toEqual(seen[0]);
  });

  it('can answer a raw call in place of the service', async () => {
    const { fetch, seen } = recordingFetch(() => json({ data: { accounts: [{ account_id: 'from-fetch' }] } }));
    const network = new NetworkClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch });
    network.raw.use({ onRequest: () => json({ data: { accounts: [{ account_id: 'from-middleware' }] } }) });
    expect((await network.raw.GET('/v1/accounts')).data?.data.accounts).toEqual([{ account_id: 'from-middleware' }]);
    expect(seen).toHaveLength(0);
  });
});

describe('client.raw transport', () => {
  let server: HostileServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('receives, on a real server, the same requests as the SDK’s calls, with fetch’s own headers such as user-agent', async () => {
    const received: { method?: string; url?: string; headers: Record<string, unknown>; body: string }[] = [];
    server = await startHostileServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
        sendJson(res, 200, { organization: [], data: { contacts: [], pagination: { limit: 5, has_more: false }, contact: {} } });
      });
    });
    const network = new NetworkClient({ apiKey: API_KEY, baseUrl: server.url });
    const patch = { account_id: '101', tags: { add: [{ name: 'vip', color: 'blue' }] } };
    await network.contacts.list({ account_id: ['101', '102'], query: "O'Brien" });
    await network.contacts.update('2001', patch);
    await network.raw.GET('/v1/contacts', { params: { query: { account_id: ['101', '102'], query: "O'Brien" } } });
    await network.raw.PATCH('/v1/contacts/{contact_id}', { params: { path: { contact_id: '2001' } }, body: patch });
    expect(received).toHaveLength(4);
    expect(received.slice(0, 2)).toEqual(received.slice(2));
    expect(received[0]?.headers['user-agent']).toBeTruthy();
    expect(received[1]?.headers['content-type']).toBe('application/json');
  });

  it('bounds raw bodies by maxResponseBytes and types a broken connection as the SDK does', async () => {
    server = await startHostileServer((_req, res) => sendJson(res, 200, { data: { accounts: [], padding: 'x'.repeat(4096) } }));
    const network = new NetworkClient({ apiKey: API_KEY, baseUrl: server.url, maxResponseBytes: 1024 });
    await expect(network.raw.GET('/v1/accounts')).rejects.toBeInstanceOf(ResponseTooLargeError);
    const closed = new NetworkClient({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:1' });
    await expect(closed.raw.GET('/v1/accounts')).rejects.toBeInstanceOf(ApiConnectionError);
  });
});
