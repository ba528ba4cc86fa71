import { CONTROL_PREFIX, handleControlRequest } from './control/http';
import { handleApiRequest } from './engine/dispatch';
import { MockApiError } from './engine/errors';
import { IN_PROCESS_CLIENT, RequestHeaders, type MockAnswer, type MockRequest, type MockResponse } from './engine/message';
import { errorAnswer, preflightAnswer, SESSION_EVICTED_HEADER, SESSION_STARTED_HEADER, withCors } from './engine/respond';
import type { MockRuntime } from './engine/runtime';
import { namedSession, type SessionUse } from './engine/sessions';

function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
}

/** The path under the base path (matched case-insensitively, as msw matches it), or undefined outside it. */
function routedPath(pathname: string, basePath: string): string | undefined {
  if (basePath === '') return pathname;
  const prefix = pathname.slice(0, basePath.length + 1).toLowerCase();
  if (prefix === basePath.toLowerCase()) return '/';
  return prefix === `${basePath.toLowerCase()}/` ? pathname.slice(basePath.length) : undefined;
}

/** The address the request reached the mock at: its Host header, else its URL's origin (in process). */
function selfUrl(url: URL, headers: RequestHeaders): string {
  const hosts = headers.all('host');
  return hosts.length === 1 && /^[A-Za-z0-9.:[\]-]+$/.test(hosts[0] as string) ? `${url.protocol}//${hosts[0]}` : url.origin;
}

/** The session a request names with `X-Mock-Session` (400 on a bad name), or the default one. */
function useSession(runtime: MockRuntime, headers: RequestHeaders): SessionUse {
  return runtime.sessions.use(namedSession(headers));
}

function finish(answer: MockAnswer, use: SessionUse | undefined): MockAnswer {
  if (answer.kind === 'drop') return answer;
  if (use?.evicted !== undefined) answer.headers.push([SESSION_EVICTED_HEADER.toLowerCase(), use.evicted]);
  // The first answer of a session that started from the seeded dataset says so, once.
  const started = use?.session.startNotice;
  if (started !== undefined) {
    answer.headers.push([SESSION_STARTED_HEADER.toLowerCase(), started]);
    use!.session.startNotice = undefined;
  }
  return withCors(answer);
}

/**
 * The one implementation every adapter (msw handlers, `mock.fetch`, the node:http server) answers with: a plain
 * request in, a plain answer out.
 */
export async function answerRequest(runtime: MockRuntime, request: MockRequest): Promise<MockAnswer> {
  const headers = new RequestHeaders(request.headers);
  let url: URL;
  try {
    url = typeof request.url === 'string' ? new URL(request.url, runtime.origin) : request.url;
  } catch {
    const target = JSON.stringify(String(request.url).slice(0, 200));
    return finish(errorAnswer(new MockApiError(400, 'bad_request', `The request target ${target} is not a valid URL.`)), undefined);
  }
  if (request.method === 'OPTIONS') return withCors(preflightAnswer(headers));
  const pathname = routedPath(url.pathname, runtime.basePath);
  if (pathname === undefined) {
    const message = `No operation matches ${request.method} ${url.pathname}: the mock answers under ${runtime.basePath}/.`;
    return finish(errorAnswer(new MockApiError(404, 'not_found', message)), undefined);
  }
  let use: SessionUse | undefined;
  try {
    if (isControlPath(pathname)) {
      return finish(
        await handleControlRequest(runtime, {
          method: request.method,
          pathname: pathname.slice(CONTROL_PREFIX.length),
          query: url.searchParams,
          headers,
          body: request.body,
          selfUrl: selfUrl(url, headers),
          // The control API checks its own access before a session is created.
          session: () => (use ??= useSession(runtime, headers)).session,
        }),
        use,
      );
    }
    use = useSession(runtime, headers);
  } catch (error) {
    if (error instanceof MockApiError) return finish(errorAnswer(error), use);
    throw error;
  }
  const { session } = use;
  const started = performance.now();
  const time = runtime.currentTime().toISOString();
  const outcome = await handleApiRequest(runtime, session, {
    method: request.method,
    pathname,
    query: url.searchParams,
    headers,
    body: request.body,
    client: request.client ?? IN_PROCESS_CLIENT,
  });
  const { answer, operationId } = outcome;
  const finished = finish(answer, use);
  if (runtime.coverage.enabled) session.coverage.record(outcome, request.method, pathname, url.searchParams);
  session.journal.record({
    session: session.name ?? null,
    method: request.method,
    path: pathname,
    search: url.search,
    // A dropped connection has no status; the journal shows 0.
    status: finished.kind === 'drop' ? 0 : finished.status,
    time,
    duration_ms: Math.round((performance.now() - started) * 100) / 100,
    operation: operationId,
    requestHeaders: request.headers,
    requestBody: request.body,
    responseHeaders: finished.kind === 'drop' ? [] : finished.headers,
    // Spliced JSON is kept in its parts: no copy of the whole answer per request.
    responseBody: finished.kind === 'drop' ? undefined : finished.body,
  });
  return finished;
}
