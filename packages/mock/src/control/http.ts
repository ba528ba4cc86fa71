import { z } from 'zod';
import { mockCoverage, resetMockCoverage, sessionCoverage } from '../coverage/of-mock';
import { badRequest, MockApiError, notFound, unauthorized } from '../engine/errors';
import { faultRuleSchema } from '../engine/faults';
import { readOperation } from '../engine/dispatch';
import { RequestHeaders, type MockResponse } from '../engine/message';
import { MAX_BODY_BYTES, readJsonObjectBody } from '../engine/request-body';
import { errorAnswer, jsonAnswer, unexpectedErrorAnswer } from '../engine/respond';
import type { MockRuntime } from '../engine/runtime';
import type { Session } from '../engine/session';
import { namedSession } from '../engine/sessions';
import { parseInput } from '../engine/validation';
import { anchorProblem } from '../store/anchor';
import { VERSION } from '../version';
import { FIXTURE_KEYS } from '../store/index';
import { clearRequests, findRequest, listRequests } from './requests';
import { inspectorPage } from './ui/page';
import { seedByKind } from './seed';
import { listSnapshots, loadState, networkProfiles, registeredCustomFields, restoreSnapshot, savedDrafts, stateText, takeSnapshot } from './operations';

export const CONTROL_PREFIX = '/__mock';

const resetBodySchema = z.object({
  seed: z.number().int().optional(),
  // Whatever `createMockApi({now})` and `--now` take: any date-time (or date) string Date can read, or `now`.
  now: z
    .string()
    .refine((value) => anchorProblem(value) === undefined, {
      message: 'must be an ISO date-time of a real day in the years 1 to 9999, such as 2026-01-15T12:00:00Z',
    })
    .optional(),
});

const networkProfilesQuerySchema = z.object({
  imported: z.enum(['true', 'false']).optional(),
  kind: z.enum(['member', 'company']).optional(),
  limit: z.coerce.number().int().min(1).optional(),
});

const draftsQuerySchema = z.object({ account_id: z.string().optional() });

const requestsQuerySchema = z.object({
  session: z.literal('*', { message: 'must be * (every session); name one session with the X-Mock-Session header instead' }).optional(),
  after: z.string().optional(),
  limit: z.coerce.number().int().min(1).optional(),
});

/** Where the inspector page is served; with a control token it may be opened once with `?token=`. */
const UI_ROUTE = 'GET /ui/';
const UI_PATHS = new Set([UI_ROUTE, 'GET /ui']);

/** A request under `/__mock`, with the session it names resolved only when an operation needs one. */
export interface ControlRequest {
  method: string;
  /** The path after `/__mock`, e.g. `/faults`. */
  pathname: string;
  query: URLSearchParams;
  headers: RequestHeaders;
  body: Uint8Array | undefined;
  session(): Session;
}

function checkAccess(runtime: MockRuntime, request: ControlRequest): void {
  const { token, exposed } = runtime.control;
  if (token !== undefined) {
    const sent = request.headers.all('authorization');
    // A browser cannot send a header when it opens a page: the inspector page takes the token in its query.
    const page = UI_PATHS.has(`${request.method} ${request.pathname}`);
    const inQuery = page && request.query.getAll('token').length === 1;
    if (inQuery ? request.query.get('token') !== token : sent.length !== 1 || sent[0] !== `Bearer ${token}`) {
      throw unauthorized(
        page
          ? `The inspector needs the control token: open ${CONTROL_PREFIX}/ui/?token=<control token>.`
          : 'The control API needs `Authorization: Bearer <control token>`.',
      );
    }
    return;
  }
  // Off a loopback address without a token, the control API does not exist.
  if (!exposed) throw notFound(`No operation matches ${request.method} ${CONTROL_PREFIX}${request.pathname}.`);
}

/** JSON text that is already serialized (the state), sent as it is. */
function textAnswer(status: number, text: string): MockResponse {
  return { kind: 'response', status, headers: [['content-type', 'application/json']], body: new TextEncoder().encode(text) };
}

function queryObject(query: URLSearchParams): Record<string, string> {
  return Object.fromEntries(query.entries());
}

function sessionInfo(session: Session) {
  return { name: session.name, created_at: session.createdAt.toISOString(), last_used_at: session.lastUsedAt.toISOString() };
}

const SESSION_PATH = /^\/sessions\/([^/]+)$/;
const REQUEST_PATH = /^GET \/requests\/([^/]+)$/;
const API_READ = /^GET \/api(\/v1\/.*)$/;
const SNAPSHOT_RESTORE = /^POST \/snapshots\/([^/]+)\/restore$/;
const SEED = /^POST \/seed\/([^/]+)$/;

/** With `X-Mock-Session`, that session's coverage (asking creates no session); without, the whole mock's. */
function coverageOf(runtime: MockRuntime, request: ControlRequest) {
  const name = namedSession(request.headers);
  return name === undefined ? mockCoverage(runtime) : sessionCoverage(runtime, name);
}

function resetCoverageOf(runtime: MockRuntime, request: ControlRequest): void {
  const name = namedSession(request.headers);
  if (name === undefined) resetMockCoverage(runtime);
  else runtime.sessions.peek(name)?.coverage.clear();
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function answer(runtime: MockRuntime, request: ControlRequest): MockResponse {
  const sessionPath = SESSION_PATH.exec(request.pathname);
  if (sessionPath && request.method === 'DELETE') {
    // Session names need no escaping; a malformed escape is left as sent and refused as a bad name.
    const name = safeDecode(sessionPath[1] as string);
    if (!runtime.sessions.drop(name)) throw notFound(`No session ${JSON.stringify(name)}: GET ${CONTROL_PREFIX}/sessions lists them.`);
    return jsonAnswer(200, { ok: true, dropped: name });
  }
  const route = `${request.method} ${request.pathname}`;
  const restore = SNAPSHOT_RESTORE.exec(route);
  if (restore) return jsonAnswer(200, restoreSnapshot(request.session().store, safeDecode(restore[1] as string)));
  const found = REQUEST_PATH.exec(route);
  if (found) return jsonAnswer(200, findRequest(runtime, safeDecode(found[1] as string)));
  const seed = SEED.exec(route);
  if (seed) {
    const body = readJsonObjectBody(request.body, true);
    return jsonAnswer(201, seedByKind(request.session().store, safeDecode(seed[1] as string), body));
  }
  switch (route) {
    case 'GET /state':
      return textAnswer(200, stateText(request.session().store));
    case 'PUT /state': {
      const bytes = request.body ?? new Uint8Array(0);
      if (bytes.byteLength > MAX_BODY_BYTES) {
        throw badRequest('The state is larger than the 1 MiB body limit: load it with --state-file or createMockApi({ state }) instead.');
      }
      const { store } = request.session();
      loadState(store, new TextDecoder().decode(bytes));
      return jsonAnswer(200, { ok: true, seed: store.seed, now: store.now.toISOString() });
    }
    case 'POST /snapshots':
      return jsonAnswer(201, takeSnapshot(request.session().store));
    case 'GET /sessions':
      return jsonAnswer(200, { sessions: runtime.sessions.list().map(sessionInfo), max_sessions: runtime.sessions.max });
    case 'POST /reset': {
      const body = parseInput(resetBodySchema, readJsonObjectBody(request.body, false) ?? {}, 'body');
      const session = request.session();
      runtime.reset(session, body);
      return jsonAnswer(200, { ok: true, seed: session.store.seed, now: session.store.now.toISOString() });
    }
    case 'GET /network-profiles': {
      const query = parseInput(networkProfilesQuerySchema, queryObject(request.query), 'query');
      return jsonAnswer(
        200,
        networkProfiles(request.session().store, {
          imported: query.imported === undefined ? undefined : query.imported === 'true',
          kind: query.kind,
          limit: query.limit,
        }),
      );
    }
    case 'GET /drafts':
      return jsonAnswer(200, savedDrafts(request.session().store, parseInput(draftsQuerySchema, queryObject(request.query), 'query')));
    case 'GET /custom-fields':
      return jsonAnswer(200, registeredCustomFields(request.session().store));
    case 'GET /faults':
      return jsonAnswer(200, { faults: request.session().faults.list() });
    case 'POST /faults': {
      const rule = parseInput(faultRuleSchema, readJsonObjectBody(request.body, true), 'body');
      const { faults } = request.session();
      faults.add(rule);
      return jsonAnswer(201, { faults: faults.list() });
    }
    case 'DELETE /faults':
      request.session().faults.clear();
      return jsonAnswer(200, { faults: [] });
    case 'GET /requests':
      return jsonAnswer(200, listRequests(runtime, request.session, parseInput(requestsQuerySchema, queryObject(request.query), 'query')));
    case 'DELETE /requests':
      clearRequests(runtime, request.session, parseInput(requestsQuerySchema, queryObject(request.query), 'query'));
      return jsonAnswer(200, { requests: [] });
    case 'GET /snapshots':
      return jsonAnswer(200, listSnapshots(request.session().store));
    case 'GET /coverage':
      return jsonAnswer(200, coverageOf(runtime, request));
    case 'DELETE /coverage':
      resetCoverageOf(runtime, request);
      return jsonAnswer(200, coverageOf(runtime, request));
    default:
      throw notFound(`No control operation ${request.method} ${CONTROL_PREFIX}${request.pathname}.`);
  }
}

/**
 * `GET /__mock/api/v1/...`: a read of the API as the admin fixture key for the inspector's data browser, so that the
 * key never reaches the page; no fault, override or rate limit applies and nothing is journaled.
 */
async function readAsAdmin(runtime: MockRuntime, request: ControlRequest, pathname: string): Promise<MockResponse> {
  return readOperation(runtime, request.session(), {
    pathname,
    query: request.query,
    headers: new RequestHeaders([['authorization', `Bearer ${FIXTURE_KEYS.admin}`]]),
    client: 'inspector',
  });
}

/** Answers `/__mock/...`: no API key; loopback-only unless a control token is configured, but for `GET /health`. */
export async function handleControlRequest(runtime: MockRuntime, request: ControlRequest): Promise<MockResponse> {
  try {
    // Health checks and probes come from anywhere (a container's HEALTHCHECK, a load balancer): the one call
    // answered without the control token and off loopback. It reads nothing a session holds and creates none.
    if (request.method === 'GET' && request.pathname === '/health') {
      namedSession(request.headers);
      return jsonAnswer(200, { ok: true, version: VERSION, now: runtime.now(runtime.sessions.defaultSession).toISOString() });
    }
    checkAccess(runtime, request);
    // A bad session name is 400 on every call, also on those that act on no session.
    namedSession(request.headers);
    const read = API_READ.exec(`${request.method} ${request.pathname}`);
    if (read) return await readAsAdmin(runtime, request, read[1] as string);
    if (UI_PATHS.has(`${request.method} ${request.pathname}`)) return await inspectorPage();
    return answer(runtime, request);
  } catch (error) {
    if (error instanceof MockApiError) return errorAnswer(error);
    return unexpectedErrorAnswer('The mock failed while answering this control request.', error);
  }
}
