// Method and header edges in every adapter: unrouted methods are 404 with the error body,
// two Authorization headers are 401, CORS preflights answer any origin and every answer exposes Retry-After.
import { connect } from 'node:net';
import { createMockApi, type MockApi } from '@network-org/mock';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BASE_URL = 'https://edges.network.test';
type Pairs = [string, string][];

interface Seen {
  status: number;
  header(name: string): string | null;
  body: string;
}

/** One request over a raw socket: any method token, repeated headers, exactly as written. */
function rawHttp(url: string, method: string, path: string, headers: Pairs, body = ''): Promise<Seen> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const lines = [`${method} ${path} HTTP/1.1`, `host: ${hostname}:${port}`, 'connection: close'];
      for (const [name, value] of headers) lines.push(`${name}: ${value}`);
      if (body !== '') lines.push(`content-length: ${Buffer.byteLength(body)}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const found = new Map<string, string>();
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        found.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      resolve({ status: Number(statusLine.split(' ')[1]), header: (name) => found.get(name.toLowerCase()) ?? null, body: rest.join('\r\n\r\n') });
    });
  });
}

async function fromResponse(response: Response): Promise<Seen> {
  return { status: response.status, header: (name) => response.headers.get(name), body: await response.text() };
}

function headersOf(pairs: Pairs): Headers {
  const headers = new Headers();
  for (const [name, value] of pairs) headers.append(name, value);
  return headers;
}

interface Adapter {
  name: string;
  /** Methods this client can put on the wire (fetch refuses TRACE and CONNECT and upper-cases `get`). */
  methods: string[];
  send(method: string, path: string, headers: Pairs, body?: string): Promise<Seen>;
}

let inProcess: MockApi;
let server: MockServer;
const msw = setupServer();

beforeAll(async () => {
  inProcess = createMockApi({ baseUrl: BASE_URL, rateLimit: false, contactsPerAccount: 12, networkSize: 10 });
  msw.use(...createMockApi({ baseUrl: BASE_URL, rateLimit: false, contactsPerAccount: 12, networkSize: 10 }).handlers);
  msw.listen({ onUnhandledRequest: 'bypass' });
  server = await startMockServer({ port: 0, rateLimit: false, contactsPerAccount: 12, networkSize: 10 });
});
afterAll(async () => {
  msw.close();
  await server.close();
});

const adapters: Adapter[] = [
  {
    name: 'mock.fetch',
    methods: ['TRACE', 'CONNECT', 'TRACK', 'PUT', 'FOO', 'patch', 'HEAD'],
    send: async (method, path, headers, body) => fromResponse(await inProcess.fetch(`${BASE_URL}${path}`, { method, headers, body })),
  },
  {
    name: 'msw handlers',
    methods: ['PUT', 'FOO', 'patch', 'HEAD'],
    send: async (method, path, headers, body) => fromResponse(await fetch(`${BASE_URL}${path}`, { method, headers: headersOf(headers), body })),
  },
  {
    name: 'node:http server',
    methods: ['TRACE', 'CONNECT', 'PUT', 'FOO', 'get', 'patch', 'HEAD'],
    send: (method, path, headers, body) => rawHttp(server.url, method, path, headers, body),
  },
];

const ADMIN: Pairs = [['authorization', 'Bearer sk_test_admin']];

describe.each(adapters)('$name', (adapter) => {
  it('answers a method the API does not route with 404 not_found and the error body, never a 5xx', async () => {
    for (const method of adapter.methods) {
      const reply = await adapter.send(method, '/v1/accounts', ADMIN);
      expect(reply.status, method).toBe(404);
      expect(reply.header('access-control-allow-origin'), method).toBe('*');
      if (method === 'HEAD') continue;
      expect(reply.header('content-type'), method).toContain('application/json');
      const body = JSON.parse(reply.body) as { code: string; message: string };
      expect(body.code, method).toBe('not_found');
      expect(body.message, method).toContain(method);
    }
  });

  it('refuses two Authorization headers with 401 unauthorized, whichever key comes first', async () => {
    for (const keys of [
      ['sk_test_admin', 'sk_test_member'],
      ['sk_test_retired', 'sk_test_admin'],
      ['sk_test_admin', 'sk_test_admin'],
    ]) {
      const reply = await adapter.send('GET', '/v1/accounts', keys.map((key): [string, string] => ['authorization', `Bearer ${key}`]));
      expect(reply.status, keys.join(' + ')).toBe(401);
      expect(JSON.parse(reply.body)).toMatchObject({ code: 'unauthorized' });
    }
    expect((await adapter.send('GET', '/v1/accounts', ADMIN)).status).toBe(200);
  });

  it('answers a CORS preflight for any origin, echoing the requested headers', async () => {
    const reply = await adapter.send('OPTIONS', '/v1/contacts/1', [
      ['origin', 'https://app.example.org'],
      ['access-control-request-method', 'PATCH'],
      ['access-control-request-headers', 'authorization, content-type, x-trace-id'],
    ]);
    expect(reply.status).toBe(204);
    expect(reply.header('access-control-allow-origin')).toBe('*');
    expect(reply.header('access-control-allow-methods')).toContain('PATCH');
    const allowed = (reply.header('access-control-allow-headers') ?? '').toLowerCase();
    for (const name of ['authorization', 'content-type', 'x-trace-id', 'x-mock-session']) expect(allowed).toContain(name);
  });

  it('lets a public page reach the mock on loopback: a Private Network Access preflight is allowed', async () => {
    const reply = await adapter.send('OPTIONS', '/v1/accounts', [
      ['origin', 'https://app.example.org'],
      ['access-control-request-method', 'GET'],
      ['access-control-request-headers', 'authorization'],
      ['access-control-request-private-network', 'true'],
    ]);
    expect(reply.status).toBe(204);
    expect(reply.header('access-control-allow-private-network')).toBe('true');
    const plain = await adapter.send('OPTIONS', '/v1/accounts', [
      ['origin', 'https://app.example.org'],
      ['access-control-request-method', 'GET'],
    ]);
    expect(plain.header('access-control-allow-private-network')).toBeNull();
  });

  it('lets a page of any origin read every answer, Retry-After and the session eviction notice included', async () => {
    for (const [path, headers] of [
      ['/v1/accounts', ADMIN],
      ['/v1/accounts', []],
      ['/v1/nothing', ADMIN],
    ] as const) {
      const reply = await adapter.send('GET', path, headers as Pairs);
      expect(reply.header('access-control-allow-origin')).toBe('*');
      const exposed = (reply.header('access-control-expose-headers') ?? '').toLowerCase();
      expect(exposed).toContain('retry-after');
      expect(exposed).toContain('x-mock-session-evicted');
    }
  });
});

describe('node:http server, malformed requests', () => {
  it('answers a request target that is no URL, or a request node cannot parse, with 400 and the error body', async () => {
    const target = await rawHttp(server.url, 'GET', '//[', ADMIN);
    expect(target.status).toBe(400);
    expect(JSON.parse(target.body)).toMatchObject({ code: 'bad_request' });
    const garbled = await rawHttp(server.url, 'GET', '/v1/accounts', [['bad header name', 'x']]);
    expect(garbled.status).toBe(400);
    expect(JSON.parse(garbled.body)).toMatchObject({ code: 'bad_request' });
  });
});
