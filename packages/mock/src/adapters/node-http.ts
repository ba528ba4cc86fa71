import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Engine, MockAnswer, MockResponse } from '../engine/message';
import { MAX_BODY_BYTES } from '../engine/request-body';
import { jsonAnswer, unexpectedErrorAnswer } from '../engine/respond';

// Hop-by-hop and framing headers describe the connection, not the request the engine sees.
const DROPPED_REQUEST_HEADERS = new Set(['connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade']);

/** The headers as sent, repeated ones kept (node's `headers` object keeps only the first Authorization). */
function headerPairs(raw: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    if (!DROPPED_REQUEST_HEADERS.has(name)) pairs.push([name, raw[i + 1] as string]);
  }
  return pairs;
}

/** The body, cut one byte past the limit: the engine then refuses it without buffering an unbounded upload. */
function readBody(req: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size > MAX_BODY_BYTES) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    req.on('end', () => resolve(Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES + 1)));
    req.on('error', reject);
  });
}

const failure = (error: unknown): MockResponse => unexpectedErrorAnswer('The mock server failed while answering this request.', error);

function writeAnswer(res: ServerResponse, answer: MockResponse): void {
  // Name-value pairs in a flat list: node:http takes them without walking an object.
  const headers: string[] = [];
  for (const [name, value] of answer.headers) headers.push(name, value);
  headers.push('content-length', String(answer.body.byteLength));
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}

/** A `request` listener of node:http answering with the engine; the remote address is the client. */
export function createRequestListener(answer: Engine): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      try {
        const method = req.method ?? 'GET';
        const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
        const result = await answer({
          method,
          url: req.url ?? '/',
          headers: headerPairs(req.rawHeaders),
          body,
          client: req.socket.remoteAddress ?? 'unknown',
        });
        // An injected dropped connection: close the socket without an answer.
        if (result.kind === 'drop') req.socket.destroy();
        else writeAnswer(res, result);
      } catch (error) {
        // Too late for an error body once the answer has started: end the connection instead.
        if (res.headersSent) req.socket.destroy();
        else writeAnswer(res, failure(error));
      }
    })();
  };
}

/** An answer written straight onto a socket, for requests node:http does not hand to a `request` listener. */
function writeRaw(socket: Duplex, answer: MockAnswer): void {
  if (answer.kind === 'drop') {
    socket.destroy();
    return;
  }
  const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`];
  for (const [name, value] of answer.headers) head.push(`${name}: ${value}`);
  head.push(`content-length: ${answer.body.byteLength}`, 'connection: close', '', '');
  socket.end(Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), answer.body]));
}

/** A `connect` listener: CONNECT is no method of the API, so it gets the engine's 404 instead of a closed socket. */
export function createConnectListener(answer: Engine): (req: IncomingMessage, socket: Duplex) => void {
  return (req, socket) => {
    // A CONNECT target is an authority (`host:port`), not a path.
    const url = req.url?.startsWith('/') ? req.url : '/';
    answer({ method: 'CONNECT', url, headers: headerPairs(req.rawHeaders), client: req.socket.remoteAddress ?? 'unknown' }).then(
      (result) => writeRaw(socket, result),
      (error: unknown) => writeRaw(socket, failure(error)),
    );
  };
}

/** The request line and headers of a request node's parser refused, read off the raw bytes it reports. */
function parseRefused(packet: Buffer | undefined): { method: string; target: string; headers: [string, string][] } | undefined {
  const text = packet?.toString('latin1') ?? '';
  const [requestLine = '', ...lines] = text.split('\r\n');
  const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\/\S*) HTTP\/1\.[01]$/.exec(requestLine);
  if (!match) return undefined;
  const headers: [string, string][] = [];
  for (const line of lines) {
    if (line === '') break;
    const colon = line.indexOf(':');
    if (colon > 0) headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return { method: match[1] as string, target: match[2] as string, headers };
}

/**
 * A `clientError` listener. node's parser knows a fixed list of upper-case methods and refuses any other token
 * (`get`, `FOO`); those still reach the engine, which answers 404 as for any method the API does not route.
 * Anything else malformed gets a 400 with the error body.
 */
export function createClientErrorListener(answer: Engine): (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => void {
  return (error, socket) => {
    if (!socket.writable) return;
    const refused = error.code === 'HPE_INVALID_METHOD' ? parseRefused(error.rawPacket) : undefined;
    if (!refused) {
      writeRaw(socket, jsonAnswer(400, { code: 'bad_request', message: `Malformed HTTP request: ${error.message}.` }));
      return;
    }
    answer({ method: refused.method, url: refused.target, headers: refused.headers, client: (socket as Socket).remoteAddress ?? 'unknown' }).then(
      (result) => writeRaw(socket, result),
      (failed: unknown) => writeRaw(socket, failure(failed)),
    );
  };
}
