import { MockApiError, notFound, unauthorized } from '../engine/errors';
import { readOperation } from '../engine/dispatch';
import { RequestHeaders, type MockResponse } from '../engine/message';
import { readJsonObjectBody } from '../engine/request-body';
import { errorAnswer, unexpectedErrorAnswer } from '../engine/respond';
import type { MockRuntime } from '../engine/runtime';
import type { Session } from '../engine/session';
import { namedSession } from '../engine/sessions';
import { parseInput } from '../engine/validation';
import { FIXTURE_KEYS } from '../store/index';
import { CONTROL_PREFIX, controlDescription } from './description';
import { inspectorPage } from './ui/page';
import { controlRoutes, textAnswer, type ControlCall, type ControlRoute } from './table';

export { CONTROL_PREFIX };

/** A request under `/__mock`, with the session it names resolved only when an operation needs one. */
export interface ControlRequest {
  method: string;
  /** The path after `/__mock`, e.g. `/faults`. */
  pathname: string;
  query: URLSearchParams;
  headers: RequestHeaders;
  body: Uint8Array | undefined;
  /** `http://host:port` the request reached the mock at. */
  selfUrl: string;
  session(): Session;
}

const TOKEN_VARIABLE = 'NETWORK_MOCK_CONTROL_TOKEN';

function checkAccess(runtime: MockRuntime, route: ControlRoute | undefined, request: ControlRequest): void {
  const { token, exposed } = runtime.control;
  if (token !== undefined) {
    const sent = request.headers.all('authorization');
    // A browser cannot send a header when it opens a page: the inspector page takes the token in its query.
    const page = route?.access === 'page';
    const inQuery = page && request.query.getAll('token').length === 1;
    if (inQuery ? request.query.get('token') !== token : sent.length !== 1 || sent[0] !== `Bearer ${token}`) {
      throw unauthorized(
        page
          ? `The inspector needs the control token (${TOKEN_VARIABLE}): open ${CONTROL_PREFIX}/ui/?token=<control token>.`
          : `The control API needs \`Authorization: Bearer <control token>\`, the token the mock was started with (${TOKEN_VARIABLE} or --control-token).`,
      );
    }
    return;
  }
  // Off a loopback address without a token, the control API answers nobody; it says how to open it.
  if (!exposed) {
    throw unauthorized(
      `The control API answers off a loopback address only with a control token: start the mock with ${TOKEN_VARIABLE}=<token> (or --control-token <token>) and send \`Authorization: Bearer <token>\`.`,
    );
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

interface CompiledRoute {
  route: ControlRoute;
  pattern: RegExp;
  names: string[];
}

function compile(route: ControlRoute): CompiledRoute {
  const names: string[] = [];
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_match, name: string) => {
    names.push(name);
    return route.restParam && route.path.endsWith(`{${name}}`) ? '(.+)' : '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}${route.trailingSlash ? '/?' : ''}$`), names };
}

/** `GET /__mock/api/v1/...`: a read of the API as the admin key, for the inspector's data browser (no fault, override, rate limit or journal). */
function readAsAdmin(runtime: MockRuntime, call: ControlCall, pathname: string): Promise<MockResponse> {
  return readOperation(runtime, call.session(), {
    pathname,
    query: call.rawQuery,
    headers: new RequestHeaders([['authorization', `Bearer ${FIXTURE_KEYS.admin}`]]),
    client: 'inspector',
  });
}

/** The API's description, parsed once, with the mock's address as its server. */
let apiDocument: Record<string, unknown> | undefined;
async function apiDescription(runtime: MockRuntime, selfUrl: string): Promise<MockResponse> {
  // Loaded on first use: in process, a test that never asks for it never parses 100 kB of JSON.
  apiDocument ??= JSON.parse((await import('@network-org/spec/document')).OPENAPI_DOCUMENT_JSON) as Record<string, unknown>;
  const servers = [{ url: `${selfUrl}${runtime.basePath}`, description: 'This mock.' }];
  return textAnswer(200, JSON.stringify({ ...apiDocument, servers }));
}

const runtimes = new WeakMap<MockRuntime, CompiledRoute[]>();

/** The compiled table of a runtime: its rows answer from that runtime. */
function tableOf(runtime: MockRuntime): CompiledRoute[] {
  let compiled = runtimes.get(runtime);
  if (!compiled) {
    const routes: ControlRoute[] = controlRoutes({
      apiDescription: (selfUrl) => apiDescription(runtime, selfUrl),
      controlDescription: (selfUrl) => textAnswer(200, JSON.stringify(controlDescription(routes, selfUrl))),
      inspectorPage,
      readAsAdmin: (call, pathname) => readAsAdmin(runtime, call, pathname),
    });
    runtimes.set(runtime, (compiled = routes.map(compile)));
  }
  return compiled;
}

/** The row a request matches and its path parameters, or the reason it matches none. */
function match(runtime: MockRuntime, request: ControlRequest): { route: ControlRoute; params: Record<string, string> } | undefined {
  for (const { route, pattern, names } of tableOf(runtime)) {
    if (route.method !== request.method) continue;
    const found = pattern.exec(request.pathname);
    if (!found) continue;
    // Names need no escaping; a malformed escape is left as sent and refused by the row.
    return { route, params: Object.fromEntries(names.map((name, index) => [name, safeDecode(found[index + 1] as string)])) };
  }
  return undefined;
}

function bodyOf(route: ControlRoute, bytes: Uint8Array | undefined): unknown {
  if (!route.body) return undefined;
  const { check = 'schema', required, schema } = route.body;
  if (check === 'raw') return bytes;
  const json = readJsonObjectBody(bytes, required);
  return check === 'route' ? json : parseInput(schema, json ?? {}, 'body');
}

/** Answers `/__mock/...`: no API key; loopback-only unless a control token is configured, but for the open rows. */
export async function handleControlRequest(runtime: MockRuntime, request: ControlRequest): Promise<MockResponse> {
  try {
    const found = match(runtime, request);
    // Health, the descriptions: probes and client generators come from anywhere, and they read no session.
    if (found?.route.access !== 'open') checkAccess(runtime, found?.route, request);
    // A bad session name is 400 on every call, also on those that act on no session.
    namedSession(request.headers);
    if (!found) throw notFound(`No control operation ${request.method} ${CONTROL_PREFIX}${request.pathname}: GET ${CONTROL_PREFIX}/control.openapi.json lists them.`);
    const { route, params } = found;
    const query = route.query ? parseInput(route.query, Object.fromEntries(request.query.entries()), 'query') : Object.fromEntries(request.query.entries());
    return await route.answer({
      runtime,
      params,
      query,
      body: bodyOf(route, request.body),
      rawQuery: request.query,
      headers: request.headers,
      session: request.session,
      selfUrl: request.selfUrl,
    });
  } catch (error) {
    if (error instanceof MockApiError) return errorAnswer(error);
    return unexpectedErrorAnswer('The mock failed while answering this control request.', error);
  }
}
