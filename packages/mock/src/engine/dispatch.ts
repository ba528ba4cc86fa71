import { operations as operationSchemas } from '@network-org/spec/operations';
import { inputOutlines } from '@network-org/spec/outlines';
import type { z } from 'zod';
import { accountAccess, authenticate, creditLedger } from './auth';
import type { Forced } from '../coverage/recorder';
import type { MatchedFault } from './faults';
import { defaultCodeForStatus, internalError, MockApiError, notFound, rateLimitExceeded } from './errors';
import type { MockAnswer, MockResponse, RequestHeaders } from './message';
import { matchOperation, type OperationEntry } from './operation-table';
import { unknownPathMessage, wrongMethodMessage } from './near-miss';
import { overrideAnswerProblem } from './overrides';
import { paginate } from './pagination';
import { ReadAnswers } from './read-answers';
import { readJsonObjectBody } from './request-body';
import { errorAnswer, jsonAnswer, unexpectedErrorAnswer } from './respond';
import type { OperationId } from './operation-table';
import { pageLimitOf, type AnyRouteResult, type OperationResult, type PageLimitRule, type Route, type RouteContext } from './router';
import { sleep } from '../lib/timers';
import type { MockRuntime } from './runtime';
import type { Session } from './session';
import { checkQueryNumbers, parseInput, queryInput } from './validation';

/** An API request as the engine routes it: the path under the base URL. */
export interface ApiRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  headers: RequestHeaders;
  body: Uint8Array | undefined;
  client: string;
}

/** A `limit` above the rule's maximum becomes the maximum when the rule clamps. */
function clampPageLimit(rule: PageLimitRule | undefined, query: Record<string, string | string[]>): void {
  const raw = query.limit;
  if (!rule?.clamp || typeof raw !== 'string' || raw.trim() === '') return;
  const limit = Number(raw);
  if (Number.isInteger(limit) && limit > rule.max) query.limit = String(rule.max);
}

/** Each operation's query parameter names, in the spec's order: what a request's query is read for. */
const QUERY_NAMES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(inputOutlines).map(([operationId, inputs]) => [operationId, Object.keys(inputs.query?.fields ?? {})]),
);

/** Whether each operation's body must be sent: the spec's outline says so, without a parse per request. */
const isBodyRequired = (operationId: OperationId): boolean => inputOutlines[operationId].body?.type !== 'optional';

function parseRequestInputs(entry: OperationEntry, route: Route | undefined, request: ApiRequest, rawParams: Record<string, string>, outcome?: ApiOutcome) {
  const schemas = operationSchemas[entry.operationId] as {
    query: z.ZodType | null;
    params: z.ZodType | null;
    body: z.ZodType | null;
    arrayQueryParams: readonly string[];
    numberQueryParams: readonly string[];
  };
  const params = schemas.params ? parseInput(schemas.params, rawParams, 'path') : undefined;
  let query: unknown;
  if (schemas.query) {
    const input = queryInput(request.query, QUERY_NAMES[entry.operationId] ?? [], schemas.arrayQueryParams);
    checkQueryNumbers(schemas.numberQueryParams, input);
    clampPageLimit(pageLimitOf(entry.operationId, route), input);
    query = parseInput(schemas.query, input, 'query');
  }
  let body: unknown;
  if (schemas.body) {
    const raw = readJsonObjectBody(request.body, isBodyRequired(entry.operationId));
    // The body as read, for coverage to name its fields: read once here, never parsed again.
    if (outcome) outcome.body = raw;
    body = parseInput(schemas.body, raw, 'body');
  }
  return { params, query, body };
}

/** An injected fault's answer, or undefined when the fault only delays the request. */
async function faultAnswer(fault: MatchedFault): Promise<MockAnswer | undefined> {
  await sleep(fault.rule.delay_ms ?? 0);
  if (fault.drop) return { kind: 'drop' };
  const status = fault.rule.status;
  // A success status (or none) only delays: the request is then answered as usual, never with an error body.
  if (status === undefined || status < 400) return undefined;
  const code = (fault.rule.code ?? defaultCodeForStatus(status)) as MockApiError['code'];
  const headers: Record<string, string> = {};
  if (status === 429 || fault.rule.retry_after !== undefined) headers['Retry-After'] = String(fault.rule.retry_after ?? 1);
  return jsonAnswer(status, { code, message: fault.rule.message ?? `Injected fault: ${status} ${code}.` }, headers);
}

/**
 * A route's refusals that are checks of the request (its input, its key, its access) rather than outcomes of the
 * operation: an override never replaces them. A 404, 409 or 502 of the route is an outcome an override may replace.
 */
const REQUEST_CHECK_STATUSES = new Set([400, 401, 403]);

/** A route's thrown API error as the documented result it stands for. */
async function settle(run: () => AnyRouteResult | Promise<AnyRouteResult>): Promise<AnyRouteResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof MockApiError) return { status: error.status, body: error.toBody(), headers: { ...error.headers } };
    throw error;
  }
}

/** An operation's request, validated and ready for its route: what its route and an override both work from. */
interface PreparedOperation {
  operationId: OperationId;
  route: Route;
  context: RouteContext<OperationId>;
  /** Whether the route asked the clock: its answer then depends on more than the request and the data. */
  reads: { clock: boolean };
}

/** Authentication (section 5 order), then the path, query and body against the generated schemas. */
function prepareOperation(
  runtime: MockRuntime,
  session: Session,
  request: ApiRequest,
  entry: OperationEntry,
  rawParams: Record<string, string>,
  outcome?: ApiOutcome,
): PreparedOperation {
  const { store } = session;
  const route = runtime.routes.get(entry.operationId);
  const auth = authenticate(request.headers, store, route?.rules);
  const inputs = parseRequestInputs(entry, route, request, rawParams, outcome);
  if (!route) throw internalError(`The mock does not implement ${entry.operationId} yet.`);
  const pageLimit = pageLimitOf(entry.operationId, route);
  const reads = { clock: false };
  const context: RouteContext<OperationId> = {
    store,
    now: () => {
      reads.clock = true;
      return runtime.now(session);
    },
    auth,
    query: inputs.query as RouteContext<OperationId>['query'],
    params: inputs.params as RouteContext<OperationId>['params'],
    body: inputs.body as RouteContext<OperationId>['body'],
    headers: request.headers,
    accounts: accountAccess(store, auth),
    credits: creditLedger(store, auth),
    paginate(items, scope) {
      const { limit, cursor, ...query } = (inputs.query ?? {}) as { limit?: number; cursor?: string } & Record<string, unknown>;
      return paginate(items, {
        limit: limit ?? pageLimit.default,
        cursor,
        maxLimit: pageLimit.max,
        scope: { operation: entry.operationId, organization_id: auth.organization.id, params: inputs.params, query: scope ?? query },
      });
    },
  };
  return { operationId: entry.operationId, route, context, reads };
}

/** A route's result that shares nothing with the store. */
function ownCopy({ status, body, headers }: AnyRouteResult): AnyRouteResult {
  return { status, body: structuredClone(body), ...(headers && { headers: { ...headers } }) };
}

/** The built-in route's answer. */
async function routeAnswer({ route, context }: PreparedOperation): Promise<MockResponse> {
  const result: AnyRouteResult = await route.handle(context);
  return jsonAnswer(Number(result.status), result.body, result.headers);
}

/** A read's answer: the kept one while the data is unchanged, else the route's, kept when it depends on nothing else. */
async function readAnswer(runtime: MockRuntime, session: Session, request: ApiRequest, entry: OperationEntry, rawParams: Record<string, string>): Promise<MockResponse> {
  const { store } = session;
  const revision = store.revision;
  const key = ReadAnswers.key(revision, entry.operationId, request.pathname, request.query, request.headers.all('authorization'));
  const kept = key === undefined ? undefined : runtime.readAnswers.answer(key);
  if (kept) return kept;
  const prepared = prepareOperation(runtime, session, request, entry, rawParams);
  const answer = await routeAnswer(prepared);
  const fromDataAlone = runtime.builtInRoutes.has(prepared.route) && !prepared.reads.clock && store.revision === revision;
  if (key !== undefined && answer.status === 200 && fromDataAlone) runtime.readAnswers.keep(key, answer);
  return answer;
}

/**
 * An operation as a client's request meets it: the session's rate limit, authentication and validation, then the
 * next override of the operation if a test set one, else the route.
 */
async function answerClientOperation(
  runtime: MockRuntime,
  session: Session,
  request: ApiRequest,
  entry: OperationEntry,
  rawParams: Record<string, string>,
  outcome: ApiOutcome,
): Promise<MockResponse> {
  if (session.rateLimiter) {
    const key = `${request.client} ${entry.operationId}`;
    const decision = session.rateLimiter.hit(key, runtime.currentTime().getTime());
    if (!decision.allowed) throw rateLimitExceeded(decision.retryAfterSeconds);
  }
  const overridden = session.overrides.has(entry.operationId);
  if (request.method === 'GET' && !overridden) return readAnswer(runtime, session, request, entry, rawParams);
  const prepared = prepareOperation(runtime, session, request, entry, rawParams, outcome);
  const { operationId, route, context } = prepared;
  if (!overridden) return routeAnswer(prepared);
  // An override answers only what the operation accepts. The route's own checks (account access,
  // unknown ids, rules between fields) live in the route, so it runs first on a snapshot that is then put back:
  // its refusal is the answer, and only an accepted request reaches the override (which may still call next()).
  const { store } = session;
  const trial = store.snapshot();
  let checked: AnyRouteResult;
  try {
    checked = await settle(() => route.handle(context));
  } finally {
    store.restore(trial);
  }
  if (REQUEST_CHECK_STATUSES.has(Number(checked.status))) return jsonAnswer(Number(checked.status), checked.body, checked.headers);
  const override = session.overrides.take(operationId);
  if (!override) return routeAnswer(prepared);
  const answer = await override({
    params: context.params,
    query: context.query,
    body: context.body,
    auth: context.auth,
    // The route's result is the operation's documented answer; the table only loses its operation type. The
    // resolver gets a copy of it to change as it likes: the route's result may share arrays and objects with the
    // stored records, which a change in place would alter behind the API's back.
    next: () => settle(() => route.handle(context)).then(ownCopy) as Promise<OperationResult<OperationId>>,
  });
  const problem = overrideAnswerProblem(answer);
  if (problem !== undefined) throw internalError(`The mock.override of ${operationId} cannot be sent: ${problem}.`);
  outcome.forced = 'override';
  return jsonAnswer(Number(answer.status), answer.body, answer.headers);
}

export interface ApiOutcome {
  answer: MockAnswer;
  operationId: string | undefined;
  /** Set when a fault or an override gave the answer instead of the route. */
  forced?: Forced;
  /** The request body as the mock read it (it reads one after authentication), for coverage to name its fields. */
  body?: Record<string, unknown> | undefined;
}

// Replaced before the outcome is returned: every path through handleApiRequest sets the answer.
const NO_ANSWER: MockAnswer = { kind: 'drop' };

/** Answers one request under the API's paths: faults, rate limit, auth (section 5 order), validation, the route. */
export async function handleApiRequest(runtime: MockRuntime, session: Session, request: ApiRequest): Promise<ApiOutcome> {
  const match = matchOperation(request.method, request.pathname);
  const entry = match.kind === 'operation' ? match.entry : undefined;
  const outcome: ApiOutcome = { answer: NO_ANSWER, operationId: entry?.operationId };
  try {
    const fault = session.faults.take(request.method, request.pathname, entry?.template);
    const faulted = fault && (await faultAnswer(fault));
    if (faulted) {
      outcome.answer = faulted;
      outcome.forced = 'fault';
      return outcome;
    }
    // Awaited only when there is a delay: without one, no timer is waited for (not even a zero-length one).
    if (runtime.latencyMs > 0) await sleep(runtime.latencyMs);
    if (match.kind === 'unknown') {
      throw notFound(unknownPathMessage(request.method, request.pathname));
    }
    if (match.kind === 'wrong_method') {
      throw notFound(wrongMethodMessage(request.method, request.pathname, match.allowed));
    }
    outcome.answer = await answerClientOperation(runtime, session, request, match.entry, match.rawParams, outcome);
  } catch (error) {
    outcome.answer = error instanceof MockApiError ? errorAnswer(error) : unexpectedErrorAnswer('The mock failed while answering this request.', error);
  }
  return outcome;
}

/**
 * A GET operation answered as the built-in route answers it, for a reader beside the API (the inspector's data
 * browser): no fault, latency, rate limit or override applies, and nothing is journaled.
 */
export async function readOperation(runtime: MockRuntime, session: Session, request: Omit<ApiRequest, 'method' | 'body'>): Promise<MockResponse> {
  const match = matchOperation('GET', request.pathname);
  try {
    if (match.kind === 'wrong_method') throw notFound(wrongMethodMessage('GET', request.pathname, match.allowed));
    if (match.kind === 'unknown') throw notFound(unknownPathMessage('GET', request.pathname));
    return await routeAnswer(prepareOperation(runtime, session, { ...request, method: 'GET', body: undefined }, match.entry, match.rawParams));
  } catch (error) {
    if (error instanceof MockApiError) return errorAnswer(error);
    return unexpectedErrorAnswer('The mock failed while answering this request.', error);
  }
}
