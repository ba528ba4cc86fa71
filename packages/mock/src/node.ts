import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { setStandaloneRequest } from './engine/client';
import { MAX_BODY_BYTES } from './engine/request-body';
import { jsonResponse, responseBodyParts } from './engine/respond';
import { createMockApi, type MockApi, type MockApiOptions } from './index';

export interface MockServerOptions extends Omit<MockApiOptions, 'baseUrl' | 'controlExposed'> {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. The control API answers only on a loopback address unless `controlToken` is set. */
  host?: string;
}

export interface MockServer {
  /** `http://HOST:PORT`, without a trailing slash. */
  url: string;
  mock: MockApi;
  close(): Promise<void>;
}

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(bare);
}

// Hop-by-hop and framing headers describe the Node connection, not the request the handlers see.
const DROPPED_REQUEST_HEADERS = new Set(['connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade']);

/** The body, cut one byte past the limit: the engine then refuses it without buffering an unbounded upload. */
function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size > MAX_BODY_BYTES) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    req.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES + 1))));
    req.on('error', reject);
  });
}

async function toFetchRequest(req: IncomingMessage, baseUrl: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || DROPPED_REQUEST_HEADERS.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
  // The mock's base URL, not the Host header, so any name the server is reached by matches the handlers.
  const request = new Request(new URL(req.url ?? '/', `${baseUrl}/`), { method, headers });
  setStandaloneRequest(request, { client: req.socket.remoteAddress ?? 'unknown', body });
  return request;
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  // Name-value pairs in a flat list: node:http takes them without walking an object.
  const headers: string[] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') headers.push(name, value);
  });
  // The mock's own answers carry their JSON bytes: written as they are, without reading the body stream back.
  const parts = responseBodyParts(response) ?? [new Uint8Array(await response.arrayBuffer())];
  let length = 0;
  for (const part of parts) length += part.byteLength;
  headers.push('content-length', String(length));
  res.writeHead(response.status, headers);
  // Corked, the parts leave in one write (no copy into a single buffer first); end() uncorks.
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
}

async function answer(mock: MockApi, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const request = await toFetchRequest(req, mock.baseUrl);
    const response =
      (await getResponse(mock.handlers, request)) ??
      jsonResponse(404, { code: 'not_found', message: `No operation matches ${request.method} ${req.url ?? '/'}.` });
    // An injected dropped connection: close the socket without an answer.
    if (response.type === 'error') {
      req.socket.destroy();
      return;
    }
    await writeResponse(res, response);
  } catch (error) {
    // Too late for an error body once the answer has started: end the connection instead.
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    await writeResponse(
      res,
      jsonResponse(500, {
        code: 'internal_error',
        message: 'The mock server failed while answering this request.',
        debug: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}

/** Serves the mock's MSW handlers over real HTTP (the same implementation, through msw's `getResponse`). */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port = 4010, host = '127.0.0.1', ...mockOptions } = options;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  let mock: MockApi;
  try {
    mock = createMockApi({ ...mockOptions, baseUrl: url, controlExposed: isLoopbackHost(host) });
  } catch (error) {
    await close();
    throw error;
  }
  server.on('request', (req, res) => void answer(mock, req, res));
  return { url, mock, close };
}

export { createMockApi } from './index';
export type { MockApi, MockApiOptions } from './index';
