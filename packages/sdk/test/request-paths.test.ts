// While `client.raw` has no middleware the SDK calls fetch directly; with middleware it goes through
// openapi-fetch. Both must put the same request on the wire, and switching between them must be invisible.
import { afterEach, describe, expect, it } from 'vitest';
import type { Middleware } from 'openapi-fetch';
import { type ClientOptions, NetworkClient } from '@network-org/sdk';
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

// Changes nothing, but makes every call go through openapi-fetch.
const passThrough: Middleware = { onRequest: ({ request }) => request };

/** The calls whose requests are compared: arrays, reserved characters, path parameters, bodies, per-call headers. */
const calls: [string, (network: NetworkClient) => Promise<unknown>][] = [
  ['organizations.list', (network) => network.organizations.list()],
  [
    'contacts.list',
    (network) =>
      network.contacts.list({ account_id: ['101', '10 2'], query: "O'Brien & Co/ü?#", relationship_status: 'connected', limit: 5 }),
  ],
  [
    'contacts.update',
    (network) =>
      network.contacts.update('20 01/é', { account_id: '101', 'Deal stage': 'Won', notes_json: null }, { headers: { 'x-trace': 'call' } }),
  ],
  [
    'conversations.messages.list',
    (network) => network.conversations.messages.list('conv 1/2', { account_id: '101', cursor: 'c/1+2=' }),
  ],
  ['drafts.create', (network) => network.drafts.create({ account_id: '101', draft_message: 'Hi', contact_id: '2001' })],
  ['activity.summary', (network) => network.activity.summary({ from: '2024-01-01', to: '2024-02-01' })],
];

const clientOptions: Partial<ClientOptions> = { headers: { 'x-team': 'growth', 'user-agent': 'my-app/1.0' } };

function answer(): Response {
  // One body that unwraps for every compared call.
  return json({
    organization: [],
    data: { contacts: [], messages: [], pagination: { limit: 5, has_more: false }, contact: {}, draft: {}, total: 0 },
  });
}

describe('the direct path and the middleware path', () => {
  it.each(calls)('hand a custom fetch the same request for %s', async (_name, call) => {
    const direct = recordingFetch(answer);
    const viaMiddleware = recordingFetch(answer);
    await call(new NetworkClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch: direct.fetch, ...clientOptions })).catch(() => undefined);
    const network = new NetworkClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch: viaMiddleware.fetch, ...clientOptions });
    network.raw.use(passThrough);
    await call(network).catch(() => undefined);
    expect(direct.seen).toHaveLength(1);
    expect(direct.seen).toEqual(viaMiddleware.seen);
  });

  describe('against a real server', () => {
    let server: HostileServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    it('receive the same requests, with fetch’s own headers such as user-agent', async () => {
      const received: { method?: string; url?: string; headers: Record<string, unknown>; body: string }[] = [];
      server = await startHostileServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
          sendJson(res, 200, { organization: [], data: { contacts: [], pagination: { limit: 5, has_more: false }, contact: {} } });
        });
      });
      const direct = new NetworkClient({ apiKey: API_KEY, baseUrl: server.url });
      const viaMiddleware = new NetworkClient({ apiKey: API_KEY, baseUrl: server.url });
      viaMiddleware.raw.use(passThrough);
      for (const network of [direct, viaMiddleware]) {
        await network.contacts.list({ account_id: ['101', '102'], query: "O'Brien" });
        await network.contacts.update('2001', { account_id: '101', tags: { add: [{ name: 'vip', color: 'blue' }] } });
      }
      expect(received).toHaveLength(4);
      expect(received.slice(0, 2)).toEqual(received.slice(2));
      expect(received[0]?.headers['user-agent']).toBeTruthy();
      expect(received[1]?.headers['content-type']).toBe('application/json');
    });
  });
});

describe('client.raw middleware', () => {
  it('registered after construction runs on the SDK’s calls, and ejecting it restores the request sent before', async () => {
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
    await network.accounts.list();
    expect(runs).toBe(1);
    expect(new Headers(seen[1]?.headers).get('x-middleware')).toBe('yes');

    network.raw.eject(tagging);
    const after = await network.accounts.list();
    expect(runs).toBe(1);
    expect(after).toEqual(before);
    expect(seen[2]).toEqual(seen[0]);
  });

  it('can answer in place of the service, and keeps running until every registered one is ejected', async () => {
    const { fetch, seen } = recordingFetch(() => json({ data: { accounts: [{ account_id: 'from-fetch' }] } }));
    const network = new NetworkClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch });
    const answering: Middleware = { onRequest: () => json({ data: { accounts: [{ account_id: 'from-middleware' }] } }) };
    network.raw.use(passThrough, answering);
    await expect(network.accounts.list()).resolves.toEqual([{ account_id: 'from-middleware' }]);
    network.raw.eject(answering);
    network.raw.use(passThrough);
    network.raw.eject(passThrough);
    // One passThrough is still registered: still through openapi-fetch, now down to the fetch.
    await expect(network.accounts.list()).resolves.toEqual([{ account_id: 'from-fetch' }]);
    network.raw.eject(passThrough);
    await expect(network.accounts.list()).resolves.toEqual([{ account_id: 'from-fetch' }]);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
  });

  it('that openapi-fetch rejects is not counted as registered', async () => {
    const { fetch, seen } = recordingFetch(() => json({ data: { accounts: [] } }));
    // Without a timeout or a caller's signal the direct path hands fetch no signal, while a `Request` always has one.
    const network = new NetworkClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch, timeout: Number.POSITIVE_INFINITY });
    expect(() => network.raw.use({} as Middleware)).toThrow(/Middleware must be an object/);
    await network.accounts.list();
    network.raw.use(passThrough);
    await network.accounts.list();
    network.raw.eject(passThrough);
    await network.accounts.list();
    expect(seen.map((request) => request.signal)).toEqual([false, true, false]);
  });
});
