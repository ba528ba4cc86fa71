import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContactListResponse } from '@network-org/sdk';

/** One recorded answer: exactly these bytes are sent back. */
export interface FixedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Answers by `fixedKey(...)`. */
export type FixedRoutes = Record<string, FixedResponse>;

/** Contacts in the paginated walk, in pages of the largest page size. */
export const WALK_CONTACTS = 10_000;
export const WALK_PAGE_SIZE = 25;

/** One recorded page of the walk: every page of it holds these contacts, and only its pagination differs. */
export interface WalkRecording {
  contacts: ContactListResponse['data']['contacts'];
  headers: Record<string, string>;
}

/**
 * The walk's pages, each linking to the next by its cursor. Made where they are served: the 400 pages (40 MB) are
 * one recorded page repeated, so a server process is sent that page, not the 40 MB.
 */
export function walkPages({ contacts, headers }: WalkRecording): FixedRoutes {
  const routes: FixedRoutes = {};
  const pageCount = WALK_CONTACTS / WALK_PAGE_SIZE;
  for (let page = 0; page < pageCount; page++) {
    const hasMore = page < pageCount - 1;
    const body: ContactListResponse = {
      data: {
        contacts,
        pagination: { limit: WALK_PAGE_SIZE, has_more: hasMore, ...(hasMore && { next_cursor: `page-${page + 1}` }) },
      },
    };
    routes[fixedKey('GET', '/v1/contacts', { limit: String(WALK_PAGE_SIZE), cursor: page === 0 ? undefined : `page-${page}` })] = {
      status: 200,
      headers,
      body: JSON.stringify(body),
    };
  }
  return routes;
}

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

/** A node:http server that sends prepared bytes: no parsing, no routing work beyond a map lookup (the ceiling). */
export function startFixedServer(routes: FixedRoutes, host = '127.0.0.1'): Promise<RunningServer> {
  const prepared: Prepared = new Map();
  for (const [key, response] of Object.entries(routes)) {
    const body = Buffer.from(response.body);
    prepared.set(key, { status: response.status, headers: { ...response.headers, 'content-length': body.byteLength }, body });
  }
  const server = createServer((req, res) => {
    // The request body is read to its end before answering, as any real server must.
    req.resume();
    req.once('end', () => {
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
