import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, HttpHandler } from 'msw';

/** One recorded answer: exactly these bytes are sent back. */
export interface FixedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Answers by `fixedKey(...)`. */
export type FixedRoutes = Record<string, FixedResponse>;

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Routes by method and path, and by the `limit` and `cursor` query parameters: a list page and the pages of a
 * paginated walk are told apart without caring how each client orders or encodes the rest of the query.
 */
export function fixedKey(method: string, pathname: string, page: { limit?: string | null; cursor?: string | null } = {}): string {
  let key = `${method.toUpperCase()} ${pathname}`;
  if (page.limit) key += ` limit=${page.limit}`;
  if (page.cursor) key += ` cursor=${page.cursor}`;
  return key;
}

const NOT_FOUND = Buffer.from(JSON.stringify({ code: 'not_found', message: 'No fixed answer for this request.' }));

type Prepared = Map<string, { status: number; headers: OutgoingHttpHeaders; body: Buffer }>;

function lookUp(prepared: Prepared, method: string, url: URL) {
  return prepared.get(fixedKey(method, url.pathname, { limit: url.searchParams.get('limit'), cursor: url.searchParams.get('cursor') }));
}

/**
 * The mock's serving path with no route behind it: each request becomes a fetch `Request` and goes through
 * msw's `getResponse` to one handler that matches by prefix, as the mock's own does, and answers a body-less
 * Response; the prepared bytes are written beside it. What this serves is the most the mock can serve while
 * issue 3 has its standalone server answer through `getResponse`.
 */
class PreparedHandler extends HttpHandler {
  constructor(
    private readonly origin: string,
    resolver: (request: Request) => Response,
  ) {
    super(/.+/, `${origin}/*`, ({ request }) => resolver(request));
  }

  override async parse({ request }: { request: Request }) {
    return { match: { matches: request.url.startsWith(`${this.origin}/`), params: {} }, cookies: {} };
  }
}

function mswAnswerer(prepared: Prepared) {
  const origin = 'http://fixed';
  const bodies = new WeakMap<Response, Buffer>();
  const handlers = [
    new PreparedHandler(origin, (request) => {
      const answer = lookUp(prepared, request.method, new URL(request.url));
      const response = new Response(null, { status: answer?.status ?? 404, headers: { 'content-type': 'application/json' } });
      bodies.set(response, answer?.body ?? NOT_FOUND);
      return response;
    }),
  ];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'content-length') headers.set(name, value);
    const request = new Request(new URL(req.url ?? '/', origin), { method: req.method ?? 'GET', headers });
    const response = (await getResponse(handlers, request)) as Response;
    const sent = bodies.get(response) as Buffer;
    const written: string[] = [];
    response.headers.forEach((value, name) => written.push(name, value));
    res.writeHead(response.status, [...written, 'content-length', String(sent.byteLength)]);
    res.end(sent);
  };
}

/**
 * A node:http server that sends prepared bytes: bare (no parsing, no routing work beyond a map lookup), or
 * `throughMsw` (the mock's serving path with no route behind it, see `PreparedHandler`).
 */
export function startFixedServer(routes: FixedRoutes, host = '127.0.0.1', throughMsw = false): Promise<RunningServer> {
  const prepared: Prepared = new Map();
  for (const [key, response] of Object.entries(routes)) {
    const body = Buffer.from(response.body);
    prepared.set(key, { status: response.status, headers: { ...response.headers, 'content-length': body.byteLength }, body });
  }
  const answerThroughMsw = throughMsw ? mswAnswerer(prepared) : undefined;
  const server = createServer((req, res) => {
    // The request body is read to its end before answering, as any real server must.
    req.resume();
    req.once('end', () => {
      if (answerThroughMsw) {
        void answerThroughMsw(req, res);
        return;
      }
      const answer = lookUp(prepared, req.method ?? 'GET', new URL(req.url ?? '/', 'http://fixed'));
      if (answer) {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      } else {
        res.writeHead(404, { 'content-type': 'application/json', 'content-length': NOT_FOUND.byteLength });
        res.end(NOT_FOUND);
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
