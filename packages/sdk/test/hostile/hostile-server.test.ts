// The SDK against a real, misbehaving HTTP server: every failure ends in one of the SDK's own error classes,
// never a hang, a raw TypeError/SyntaxError, or an unhandled rejection.
import type { IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateResponses } from '@network-org/sdk/zod';
import {
  ApiConnectionError,
  ApiTimeoutError,
  BadRequestError,
  InternalServerError,
  NetworkClient,
  NetworkError,
  RateLimitError,
  ResponseValidationError,
  TooManyRedirectsError,
  UpstreamError,
  type ClientOptions,
} from '@network-org/sdk';
import {
  accountsBody,
  contactsPage,
  reset,
  sendJson,
  sendText,
  sendTruncated,
  stallBody,
  startHostileServer,
  type Behaviour,
  type HostileServer,
} from './server';

const API_KEY = 'sk_test_hostile_secret';
// A liveness bound, not a speed target: far above every timeout and retry wait used below.
const HANG_LIMIT_MS = 8_000;

let server: HostileServer | undefined;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
let casesRun = 0;

beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  // Let any stray rejection of the finished case surface before checking.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(unhandled).toEqual([]);
  casesRun++;
});

afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
  console.info(`[hostile-server] cases run: ${casesRun}`);
});

async function serve(behave: Behaviour, options: Partial<ClientOptions> = {}): Promise<NetworkClient> {
  server = await startHostileServer(behave);
  return new NetworkClient({ apiKey: API_KEY, baseUrl: server.url, maxRetries: 0, timeout: 2_000, ...options });
}

type Outcome<T> = { value: T } | { error: unknown } | { hung: true };

/** Settles `promise`, or reports a hang once the liveness bound passes. */
async function outcome<T>(promise: Promise<T>): Promise<Outcome<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<Outcome<T>>((resolve) => {
    timer = setTimeout(() => resolve({ hung: true }), HANG_LIMIT_MS);
  });
  try {
    return await Promise.race([promise.then((value) => ({ value }), (error: unknown) => ({ error })), hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** The error the call ended in; fails the test when it resolved or hung. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  const result = await outcome(promise);
  expect(result).not.toHaveProperty('hung');
  expect(result).not.toHaveProperty('value');
  return (result as { error: unknown }).error;
}

/**
 * Whether the connection of `req` closes within the liveness bound. A request left open after its call settled keeps
 * a Node process alive (and a browser's request running) until the runtime gives up on it: 300 s for undici.
 */
function connectionCloses(req: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, HANG_LIMIT_MS, false);
    req.socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** A body that breaks off, is not JSON, or lacks its envelope ends in one of the SDK's own errors. */
function expectSettledWithError(error: unknown): void {
  expect(error).toBeInstanceOf(NetworkError);
}

function expectKeyHidden(error: unknown): void {
  expect(String(error)).not.toContain(API_KEY);
  expect(JSON.stringify(error)).not.toContain(API_KEY);
}

const accountsText = JSON.stringify(accountsBody);

describe('SDK against a hostile server', () => {
  describe('truncated bodies', () => {
    it('a 200 body cut short of its Content-Length rejects', async () => {
      const network = await serve((_req, res) => sendTruncated(res, 200, accountsText, 12));
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(ApiConnectionError);
      expect((error as Error).message).toMatch(/closed before the response body was complete/);
      expectKeyHidden(error);
    });

    it('a 200 body of incomplete JSON with a matching Content-Length rejects', async () => {
      const cut = accountsText.slice(0, 15);
      const network = await serve((_req, res) => sendText(res, 200, 'application/json', cut));
      const error = await failure(network.accounts.list());
      expectSettledWithError(error);
    });

    it('an error body cut short of its Content-Length rejects', async () => {
      const body = JSON.stringify({ code: 'internal_error', message: 'Something broke on our side' });
      const network = await serve((_req, res) => sendTruncated(res, 500, body, 10));
      const error = await failure(network.accounts.list());
      expectSettledWithError(error);
    });

    it('a truncated page in the middle of a pagination walk rejects the walk after page one', async () => {
      const page2 = JSON.stringify(contactsPage(['3', '4']));
      const network = await serve((_req, res, index) =>
        index === 0 ? sendJson(res, 200, contactsPage(['1', '2'], 'c2')) : sendTruncated(res, 200, page2, 30),
      );
      const seen: string[] = [];
      const walk = (async () => {
        for await (const item of network.contacts.list()) seen.push(item.contact_id);
      })();
      const error = await failure(walk);
      expectSettledWithError(error);
      expect(seen).toEqual(['1', '2']);
    });
  });

  describe('error bodies that are not the service error JSON', () => {
    it('a plain-text 500 is an InternalServerError with code internal_error', async () => {
      const network = await serve((_req, res) => sendText(res, 500, 'text/plain', 'upstream connect error'));
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error).toMatchObject({ status: 500, code: 'internal_error' });
    });

    it('a plain-text 400 is a BadRequestError with code bad_request', async () => {
      const network = await serve((_req, res) => sendText(res, 400, 'text/plain', 'Bad Request'));
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ status: 400, code: 'bad_request' });
    });

    it('JSON that is not an error body (an array) keeps the status-derived code', async () => {
      const network = await serve((_req, res) => sendJson(res, 400, ['nope']));
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ code: 'bad_request' });
    });

    it('an HTML 502 page from a gateway is an UpstreamError whose message is not the page', async () => {
      const page = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>';
      const network = await serve((_req, res) => sendText(res, 502, 'text/html', page));
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ status: 502, code: 'upstream_error' });
      expect((error as Error).message).not.toContain('<html>');
    });

    it('an HTML 503 maintenance page, retried and still failing, is an InternalServerError', async () => {
      const network = await serve((_req, res) => sendText(res, 503, 'text/html', '<html>Down for maintenance</html>'), {
        maxRetries: 1,
      });
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error).toMatchObject({ status: 503 });
      expect(server?.requests).toBe(2);
    });

    it('an HTML page with status 200 (a captive portal) rejects', async () => {
      const network = await serve((_req, res) => sendText(res, 200, 'text/html', '<html><body>Sign in to Wi-Fi</body></html>'));
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(error).toMatchObject({ operationId: 'listAccounts', status: 200 });
    });

    it('a 200 JSON body without the data envelope rejects', async () => {
      const network = await serve((_req, res) => sendJson(res, 200, {}));
      expectSettledWithError(await failure(network.accounts.list()));
    });

    it('with validateResponses, a 200 body without the envelope is a ResponseValidationError', async () => {
      const network = await serve((_req, res) => sendJson(res, 200, { data: { accounts: [{ account_id: 101 }] } }), {
        validateResponses,
      });
      expect(await failure(network.accounts.list())).toBeInstanceOf(ResponseValidationError);
    });
  });

  it('an empty 200 body (Content-Length: 0) rejects', async () => {
    const network = await serve((_req, res) => sendText(res, 200, 'application/json', ''));
    expect(await failure(network.accounts.list())).toBeInstanceOf(ResponseValidationError);
  });

  describe('Retry-After', () => {
    it('a 429 without Retry-After is a RateLimitError with retryAfter undefined', async () => {
      const network = await serve((_req, res) => sendJson(res, 429, { code: 'rate_limit_exceeded', message: 'Slow down' }));
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfter).toBeUndefined();
    });

    it('a 429 without Retry-After is retried with backoff and the call then succeeds', async () => {
      const network = await serve(
        (_req, res, index) =>
          index === 0
            ? sendJson(res, 429, { code: 'rate_limit_exceeded', message: 'Slow down' })
            : sendJson(res, 200, accountsBody),
        { maxRetries: 1 },
      );
      const result = await outcome(network.accounts.list());
      expect(result).toEqual({ value: accountsBody.data.accounts });
      expect(server?.requests).toBe(2);
    });

    it('Retry-After as an HTTP date gives retryAfter in seconds', async () => {
      const at = new Date(Date.now() + 30_000).toUTCString();
      const network = await serve((_req, res) =>
        sendJson(res, 429, { code: 'rate_limit_exceeded', message: 'Slow down' }, { 'retry-after': at }),
      );
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(RateLimitError);
      const { retryAfter } = error as RateLimitError;
      expect(retryAfter).toBeGreaterThanOrEqual(28);
      expect(retryAfter).toBeLessThanOrEqual(31);
    });

    it('Retry-After as an HTTP date in the past retries at once and succeeds', async () => {
      const past = new Date(Date.now() - 60_000).toUTCString();
      const network = await serve(
        (_req, res, index) =>
          index === 0
            ? sendJson(res, 429, { code: 'rate_limit_exceeded', message: 'Slow down' }, { 'retry-after': past })
            : sendJson(res, 200, accountsBody),
        { maxRetries: 1 },
      );
      expect(await outcome(network.accounts.list())).toEqual({ value: accountsBody.data.accounts });
      expect(server?.requests).toBe(2);
    });

    it('Retry-After as an HTTP date beyond maxRetryDelay throws at once instead of waiting', async () => {
      const later = new Date(Date.now() + 3_600_000).toUTCString();
      const network = await serve(
        (_req, res) => sendJson(res, 429, { code: 'rate_limit_exceeded', message: 'Slow down' }, { 'retry-after': later }),
        { maxRetries: 3 },
      );
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(RateLimitError);
      expect(server?.requests).toBe(1);
    });

    it('an unreadable Retry-After is treated as absent', async () => {
      const network = await serve((_req, res) =>
        sendJson(res, 429, { code: 'rate_limit_exceeded', message: 'Slow down' }, { 'retry-after': 'soon-ish' }),
      );
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfter).toBeUndefined();
    });
  });

  describe('stalls', () => {
    it('a body that stalls past the timeout is an ApiTimeoutError', async () => {
      const network = await serve((_req, res) => stallBody(res, accountsText, 10), { timeout: 300 });
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(ApiTimeoutError);
      expectKeyHidden(error);
    });

    it('a server that never sends headers is an ApiTimeoutError after every retry', async () => {
      const network = await serve(() => undefined, { timeout: 200, maxRetries: 1 });
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(ApiTimeoutError);
      expect(server?.requests).toBe(2);
    });

    it('a timeout closes the connection of a server that never sends headers', async () => {
      let closes: Promise<boolean> | undefined;
      const network = await serve((req) => void (closes = connectionCloses(req)), { timeout: 200 });
      expect(await failure(network.accounts.list())).toBeInstanceOf(ApiTimeoutError);
      expect(await closes).toBe(true);
    });

    it('a timeout closes the connection of a body that stalls', async () => {
      let closes: Promise<boolean> | undefined;
      const network = await serve((req, res) => {
        closes = connectionCloses(req);
        stallBody(res, accountsText, 10);
      }, { timeout: 200 });
      expect(await failure(network.accounts.list())).toBeInstanceOf(ApiTimeoutError);
      expect(await closes).toBe(true);
    });

    it("the caller's abort closes the connection, with a timeout set", async () => {
      let closes: Promise<boolean> | undefined;
      const controller = new AbortController();
      const reason = new Error('stop');
      const network = await serve((req) => {
        closes = connectionCloses(req);
        controller.abort(reason);
      });
      expect(await failure(network.accounts.list({ signal: controller.signal }))).toBe(reason);
      expect(await closes).toBe(true);
    });

    it('a per-call timeout overrides the client one on a stalled body', async () => {
      const network = await serve((_req, res) => stallBody(res, accountsText, 10), { timeout: 60_000 });
      const error = await failure(network.accounts.list({ timeout: 200 }));
      expect(error).toBeInstanceOf(ApiTimeoutError);
    });

    it('a page that stalls in the middle of a pagination walk rejects the walk with an ApiTimeoutError', async () => {
      const page2 = JSON.stringify(contactsPage(['3']));
      const network = await serve(
        (_req, res, index) => (index === 0 ? sendJson(res, 200, contactsPage(['1', '2'], 'c2')) : stallBody(res, page2, 5)),
        { timeout: 300 },
      );
      const seen: string[] = [];
      const walk = (async () => {
        for await (const item of network.contacts.list()) seen.push(item.contact_id);
      })();
      expect(await failure(walk)).toBeInstanceOf(ApiTimeoutError);
      expect(seen).toEqual(['1', '2']);
    });
  });

  describe('redirects and echoes', () => {
    it('a redirect loop is a TooManyRedirectsError, not a connection failure, and is not retried', async () => {
      const network = await serve(
        (_req, res) => {
          res.writeHead(302, { location: '/v1/accounts', 'content-length': '0' });
          res.end();
        },
        { maxRetries: 2 },
      );
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(TooManyRedirectsError);
      expect(error).not.toBeInstanceOf(ApiConnectionError);
      expect((error as Error).message).toMatch(/redirect/i);
      // fetch's first request and its 20 redirects, once.
      expect(server?.requests).toBe(21);
    });

    it('a redirect to another origin does not carry the API key there', async () => {
      const received: (string | undefined)[] = [];
      const elsewhere = await startHostileServer((req, res) => {
        received.push(req.headers.authorization);
        sendJson(res, 200, accountsBody);
      });
      try {
        const network = await serve((_req, res) => {
          res.writeHead(307, { location: `${elsewhere.url}/v1/accounts`, 'content-length': '0' });
          res.end();
        });
        await outcome(network.accounts.list());
        expect(received.length).toBeGreaterThan(0);
        for (const header of received) expect(header ?? '').not.toContain(API_KEY);
      } finally {
        await elsewhere.close();
      }
    });

    it('an error that echoes the key back in message and debug has it redacted', async () => {
      const network = await serve((req, res) =>
        sendJson(res, 400, { code: 'bad_request', message: `Bad header: ${req.headers.authorization}`, debug: String(req.headers.authorization) }),
      );
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(BadRequestError);
      expectKeyHidden(error);
      expect((error as BadRequestError).debug ?? '').not.toContain(API_KEY);
    });

    it('a body that trickles a byte at a time past the timeout is an ApiTimeoutError', async () => {
      const timers: ReturnType<typeof setInterval>[] = [];
      const network = await serve(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"data":{"accounts":[');
          timers.push(setInterval(() => res.write(' '), 20));
          res.on('close', () => timers.forEach(clearInterval));
        },
        { timeout: 300 },
      );
      const error = await failure(network.accounts.list());
      timers.forEach(clearInterval);
      expect(error).toBeInstanceOf(ApiTimeoutError);
    });
  });

  describe('connection resets', () => {
    it('a reset before any answer is an ApiConnectionError that does not reveal the key', async () => {
      const network = await serve((req) => reset(req));
      const error = await failure(network.accounts.list());
      expect(error).toBeInstanceOf(ApiConnectionError);
      expectKeyHidden(error);
    });

    it('a reset is retried and a later answer wins', async () => {
      const network = await serve((req, res, index) => (index === 0 ? reset(req) : sendJson(res, 200, accountsBody)), {
        maxRetries: 1,
      });
      expect(await outcome(network.accounts.list())).toEqual({ value: accountsBody.data.accounts });
    });

    it('a reset in the middle of a pagination walk rejects the walk with an ApiConnectionError after page one', async () => {
      const network = await serve((req, res, index) =>
        index === 0 ? sendJson(res, 200, contactsPage(['1', '2'], 'c2')) : reset(req),
      );
      const seen: string[] = [];
      const walk = (async () => {
        for await (const item of network.contacts.list()) seen.push(item.contact_id);
      })();
      expect(await failure(walk)).toBeInstanceOf(ApiConnectionError);
      expect(seen).toEqual(['1', '2']);
    });

    it('resets on a later page are retried and the walk still meets each item exactly once', async () => {
      const network = await serve(
        (req, res, index) => {
          const cursor = new URL(req.url ?? '/', 'http://x').searchParams.get('cursor');
          if (cursor === null) return sendJson(res, 200, contactsPage(['1', '2'], 'c2'));
          // The first two tries of page two are reset, the third answers.
          if (index <= 2) return reset(req);
          return sendJson(res, 200, contactsPage(['3', '4']));
        },
        { maxRetries: 2 },
      );
      const seen: string[] = [];
      const walk = (async () => {
        for await (const item of network.contacts.list()) seen.push(item.contact_id);
      })();
      expect(await outcome(walk)).toEqual({ value: undefined });
      expect(seen).toEqual(['1', '2', '3', '4']);
      expect(server?.requests).toBe(4);
    });

    it('a reset while walking pages with nextPage() rejects that call only; the first page stays usable', async () => {
      const network = await serve((req, res, index) =>
        index === 0 ? sendJson(res, 200, contactsPage(['1'], 'c2')) : reset(req),
      );
      const first = await network.contacts.list();
      expect(first.items.map((item) => item.contact_id)).toEqual(['1']);
      expect(await failure(first.nextPage())).toBeInstanceOf(ApiConnectionError);
      expect(first.hasNextPage()).toBe(true);
    });
  });
});

// The same failures through openapi-fetch, the path every call takes while `client.raw` has middleware.
describe('SDK against a hostile server, with client.raw middleware registered', () => {
  async function serveThroughMiddleware(behave: Behaviour, options: Partial<ClientOptions> = {}): Promise<NetworkClient> {
    const network = await serve(behave, options);
    network.raw.use({ onRequest: ({ request }) => request });
    return network;
  }

  it('a 200 body cut short of its Content-Length is an ApiConnectionError', async () => {
    const network = await serveThroughMiddleware((_req, res) => sendTruncated(res, 200, accountsText, 12));
    const error = await failure(network.accounts.list());
    expect(error).toBeInstanceOf(ApiConnectionError);
    expectKeyHidden(error);
  });

  it('an HTML page with status 200 is a ResponseValidationError', async () => {
    const network = await serveThroughMiddleware((_req, res) => sendText(res, 200, 'text/html', '<html>Sign in</html>'));
    expect(await failure(network.accounts.list())).toBeInstanceOf(ResponseValidationError);
  });

  it('a reset is an ApiConnectionError that does not reveal the key, and is retried', async () => {
    const network = await serveThroughMiddleware((req) => reset(req), { maxRetries: 1 });
    const error = await failure(network.accounts.list());
    expect(error).toBeInstanceOf(ApiConnectionError);
    expectKeyHidden(error);
    expect(server?.requests).toBe(2);
  });

  it('a body that stalls past the timeout is an ApiTimeoutError', async () => {
    const network = await serveThroughMiddleware((_req, res) => stallBody(res, accountsText, 10), { timeout: 300 });
    expect(await failure(network.accounts.list())).toBeInstanceOf(ApiTimeoutError);
  });
});
