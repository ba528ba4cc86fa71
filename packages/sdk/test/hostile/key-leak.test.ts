// The API key never reaches a thrown object: not its message, stack, enumerable fields, headers, cause chain,
// util.inspect or JSON.stringify, whatever the key is and whatever a server sends back (contract, section 2).
import { inspect } from 'node:util';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiConnectionError,
  ApiError,
  ApiTimeoutError,
  NetworkClient,
  NetworkError,
  PaginationLoopError,
  ResponseTooLargeError,
  ResponseValidationError,
  TooManyRedirectsError,
  type ClientOptions,
} from '@network-org/sdk';
import { validateResponses } from '@network-org/sdk/zod';
import { contactsPage, reset, sendJson, sendText, startHostileServer, type Behaviour, type HostileServer } from './server';

// Keys with characters that URL-encoding, JSON and util.inspect each write differently.
const KEYS = ['sk_live_SECRET_9f8e7d', `sk_live_a/b+c%d"e\\f'g&h=i`];

let servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function serve(behave: Behaviour): Promise<HostileServer> {
  const server = await startHostileServer(behave);
  servers.push(server);
  return server;
}

/** Every form in which a thrown value could show the key to a person or a log. */
function renderings(error: unknown): string[] {
  const texts = [String(error), inspect(error, { depth: 20, showHidden: true }), JSON.stringify(error) ?? ''];
  for (let current = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth++) {
    texts.push(current.message, current.stack ?? '', JSON.stringify(current) ?? '', inspect(current, { depth: 20 }));
    for (const value of Object.values(current)) texts.push(typeof value === 'string' ? value : inspect(value, { depth: 20 }));
  }
  if (error instanceof ApiError) error.headers.forEach((value, name) => texts.push(`${name}: ${value}`));
  return texts;
}

function expectNoKey(error: unknown, key: string): void {
  const forms = [key, encodeURIComponent(key), JSON.stringify(key).slice(1, -1)];
  for (const text of renderings(error)) for (const form of forms) expect(text.includes(form), `${form} in ${text}`).toBe(false);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

const echoAll = (key: string) => (status: number) => (req: { headers: Record<string, unknown> }, res: ServerResponse) => {
  const authorization = String(req.headers.authorization);
  sendJson(
    res,
    status,
    { code: key, message: `Bad credentials: ${authorization}`, debug: `key=${encodeURIComponent(key)} raw=${key}` },
    {
      'x-echo-authorization': authorization,
      'x-echo-key': key,
      'set-cookie': `session=${key}`,
      'www-authenticate': `Bearer realm="${key}"`,
      'retry-after': '0',
    },
  );
};

describe.each(KEYS)('the key %s', (key) => {
  const options = (server: HostileServer, extra: Partial<ClientOptions> = {}): ClientOptions => ({
    apiKey: key,
    baseUrl: server.url,
    maxRetries: 0,
    timeout: 2_000,
    ...extra,
  });

  it.each([400, 401, 403, 404, 409, 429, 500, 502, 503])('never shows in a %i error that echoes it in headers and body', async (status) => {
    const server = await serve(echoAll(key)(status));
    const error = await rejection(new NetworkClient(options(server)).accounts.list());
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expectNoKey(error, key);
    // The headers stay readable, with credentials and echoes replaced.
    expect((error as ApiError).headers.get('content-type')).toBe('application/json');
    expect((error as ApiError).headers.get('x-echo-key')).toBe('[redacted]');
  });

  it('never shows in a connection error, a timeout or a redirect loop that carries it in Location', async () => {
    const resets = await serve((req) => reset(req));
    expectNoKey(await rejection(new NetworkClient(options(resets)).accounts.list()), key);
    const stalls = await serve(() => undefined);
    const timeout = await rejection(new NetworkClient(options(stalls, { timeout: 100 })).accounts.list());
    expect(timeout).toBeInstanceOf(ApiTimeoutError);
    expectNoKey(timeout, key);
    const loops = await serve((req, res) => {
      res.writeHead(302, { location: `/v1/accounts?key=${encodeURIComponent(key)}&n=${req.url?.length ?? 0}`, 'content-length': '0' });
      res.end();
    });
    const loop = await rejection(new NetworkClient(options(loops)).accounts.list());
    expect(loop).toBeInstanceOf(TooManyRedirectsError);
    expectNoKey(loop, key);
  });

  it('never shows when a redirect with the key in its URL leads nowhere', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:1/${encodeURIComponent(key)}?key=${encodeURIComponent(key)}`, 'content-length': '0' });
      res.end();
    });
    const error = await rejection(new NetworkClient(options(server)).accounts.list());
    expect(error).toBeInstanceOf(ApiConnectionError);
    expectNoKey(error, key);
  });

  it('never shows in a ResponseValidationError, a ResponseTooLargeError or a PaginationLoopError', async () => {
    const notJson = await serve((_req, res) => sendText(res, 200, `text/html; note=${key}`, `<html>${key}</html>`));
    const malformed = await rejection(new NetworkClient(options(notJson)).accounts.list());
    expect(malformed).toBeInstanceOf(ResponseValidationError);
    expectNoKey(malformed, key);

    const mismatched = await serve((_req, res) => sendJson(res, 200, { data: { accounts: [{ account_id: key, [key]: 1, display_name: 5 }] } }));
    const invalid = await rejection(new NetworkClient(options(mismatched, { validateResponses })).accounts.list());
    expect(invalid).toBeInstanceOf(ResponseValidationError);
    expectNoKey(invalid, key);

    const large = await serve((_req, res) => sendText(res, 200, 'application/json', JSON.stringify({ key, pad: 'x'.repeat(2048) })));
    const tooLarge = await rejection(new NetworkClient(options(large, { maxResponseBytes: 1024 })).accounts.list());
    expect(tooLarge).toBeInstanceOf(ResponseTooLargeError);
    expectNoKey(tooLarge, key);

    const looping = await serve((_req, res) => sendJson(res, 200, contactsPage(['1'], key)));
    const walk = async () => {
      for await (const _contact of new NetworkClient(options(looping)).contacts.list());
    };
    const loop = await rejection(walk());
    expect(loop).toBeInstanceOf(PaginationLoopError);
    expectNoKey(loop, key);
  });
});

describe('an API key that no header can carry', () => {
  const SECRET = 'sk_live_SECRET';
  it.each([`${SECRET}\nX`, `${SECRET}\r\n`, ` ${SECRET}`, `${SECRET} X`, `${SECRET}\tX`, `${SECRET}é`, `${SECRET}\u0000`])(
    'is refused at construction with a clear error that does not hold it (%j)',
    (apiKey) => {
      let error: unknown;
      try {
        new NetworkClient({ apiKey, baseUrl: 'https://api.network.test' });
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as Error).message).toMatch(/Invalid API key/);
      for (const text of renderings(error)) expect(text).not.toContain(SECRET);
    },
  );

  it('a base URL holding the key is refused without showing it', () => {
    const apiKey = 'sk_live_SECRET_url';
    expect(() => new NetworkClient({ apiKey, baseUrl: `not a url ${apiKey}` })).toThrow(/Invalid base URL/);
    try {
      new NetworkClient({ apiKey, baseUrl: `not a url ${apiKey}` });
    } catch (error) {
      for (const text of renderings(error)) expect(text).not.toContain(apiKey);
    }
  });
});
