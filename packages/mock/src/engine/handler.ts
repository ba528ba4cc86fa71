import { HttpHandler } from 'msw';
import { CONTROL_PREFIX, handleControlRequest } from '../control/http';
import { handleApiRequest } from './dispatch';
import { preflightResponse } from './respond';
import type { MockRuntime } from './runtime';

function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
}

/** The one implementation every entry point (in-process MSW, service worker, standalone server) answers with. */
export async function handleRequest(runtime: MockRuntime, request: Request, basePath = ''): Promise<Response> {
  const url = new URL(request.url);
  if (request.method.toUpperCase() === 'OPTIONS') return preflightResponse();
  const time = runtime.currentTime().toISOString();
  const pathname = url.pathname.slice(basePath.length) || '/';
  // Without a base path (the usual case) the URL is already the routed one.
  const routed = basePath === '' ? url : new URL(url);
  routed.pathname = pathname;
  if (isControlPath(pathname)) return handleControlRequest(runtime, request, routed);
  const { response, operationId } = await handleApiRequest(runtime, request, routed);
  runtime.journal.record({
    method: request.method.toUpperCase(),
    path: pathname,
    // A dropped connection has no status; the journal shows 0.
    status: response.type === 'error' ? 0 : response.status,
    time,
    ...(operationId ? { operation: operationId } : {}),
  });
  return response;
}

/**
 * A catch-all MSW handler over the base URL; the route table inside does the matching. It matches by a prefix
 * test instead of msw's path pattern and cookie parsing (the API reads no cookies): that is most of msw's cost
 * per request, and this handler sees every request.
 */
class MockApiHandler extends HttpHandler {
  readonly #prefix: string;

  constructor(prefix: string, resolver: (request: Request) => Promise<Response>) {
    super(/.+/, `${prefix}*`, ({ request }) => resolver(request));
    this.#prefix = prefix.toLowerCase();
  }

  override async parse({ request }: { request: Request }) {
    // Case-insensitive, as msw's own path matching is.
    const matches = request.url.slice(0, this.#prefix.length).toLowerCase() === this.#prefix;
    return { match: { matches, params: {} }, cookies: {} };
  }
}

export function createHandlers(runtime: MockRuntime, baseUrl: string): HttpHandler[] {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  return [new MockApiHandler(`${base.origin}${basePath}/`, (request) => handleRequest(runtime, request, basePath))];
}
