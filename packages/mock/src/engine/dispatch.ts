import { operations as operationSchemas } from '@network-org/sdk/zod';
import type { z } from 'zod';
import { accountAccess, authenticate, creditLedger } from './auth';
import { requestClient } from './client';
import { defaultCodeForStatus, internalError, MockApiError, notFound, rateLimitExceeded } from './errors';
import { matchOperation, type OperationEntry } from './operation-table';
import { paginate } from './pagination';
import { readJsonObjectBody } from './request-body';
import { errorResponse, jsonResponse } from './respond';
import type { RouteContext } from './router';
import { sleep, type MockRuntime } from './runtime';
import { parseInput, queryInput } from './validation';

/** Contract §5: a page `limit` above this is clamped on these operations (activity has its own 1..200 range). */
export const PAGE_LIMIT_MAX = 25;
const ACTIVITY_LIMIT_MAX = 200;
const CLAMPED_LIMIT_OPERATIONS: ReadonlySet<string> = new Set([
  'listContacts',
  'listCompanies',
  'listConversations',
  'listConversationMessages',
  'listViews',
]);

function clampPageLimit(operationId: string, query: Record<string, string | string[]>): void {
  const raw = query.limit;
  if (!CLAMPED_LIMIT_OPERATIONS.has(operationId) || typeof raw !== 'string' || raw.trim() === '') return;
  const limit = Number(raw);
  if (Number.isInteger(limit) && limit > PAGE_LIMIT_MAX) query.limit = String(PAGE_LIMIT_MAX);
}

function shapeKeys(schema: z.ZodType | null): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | null)?.shape;
  return shape ? Object.keys(shape) : [];
}

// Whether an operation's body may be left out, per body schema: asked once, not on every request.
const bodyRequired = new WeakMap<z.ZodType, boolean>();

function isBodyRequired(schema: z.ZodType): boolean {
  let required = bodyRequired.get(schema);
  if (required === undefined) bodyRequired.set(schema, (required = !schema.safeParse(undefined).success));
  return required;
}

async function parseRequestInputs(entry: OperationEntry, request: Request, url: URL, rawParams: Record<string, string>) {
  const schemas = operationSchemas[entry.operationId] as {
    query: z.ZodType | null;
    params: z.ZodType | null;
    body: z.ZodType | null;
    arrayQueryParams: readonly string[];
  };
  const params = schemas.params ? parseInput(schemas.params, rawParams, 'path') : undefined;
  let query: unknown;
  if (schemas.query) {
    const input = queryInput(url, shapeKeys(schemas.query), schemas.arrayQueryParams);
    clampPageLimit(entry.operationId, input);
    query = parseInput(schemas.query, input, 'query');
  }
  let body: unknown;
  if (schemas.body) {
    body = parseInput(schemas.body, await readJsonObjectBody(request, isBodyRequired(schemas.body)), 'body');
  }
  return { params, query, body };
}

/** An injected fault's answer, or undefined when the fault only delays the request. */
async function applyFault(runtime: MockRuntime, request: Request, url: URL, entry: OperationEntry | undefined) {
  const fault = runtime.faults.take(request.method, url.pathname, entry?.template);
  if (!fault) return undefined;
  await sleep(fault.rule.delay_ms ?? 0);
  if (fault.drop) return Response.error();
  const status = fault.rule.status;
  // A success status (or none) only delays: the request is then answered as usual, never with an error body.
  if (status === undefined || status < 400) return undefined;
  const code = (fault.rule.code ?? defaultCodeForStatus(status)) as MockApiError['code'];
  const headers: Record<string, string> = {};
  if (status === 429 || fault.rule.retry_after !== undefined) headers['Retry-After'] = String(fault.rule.retry_after ?? 1);
  return jsonResponse(status, { code, message: fault.rule.message ?? `Injected fault: ${status} ${code}.` }, headers, request);
}

async function answerOperation(
  runtime: MockRuntime,
  request: Request,
  url: URL,
  entry: OperationEntry,
  rawParams: Record<string, string>,
): Promise<Response> {
  if (runtime.rateLimiter) {
    const key = `${requestClient(request)} ${entry.operationId}`;
    const decision = runtime.rateLimiter.hit(key, runtime.currentTime().getTime());
    if (!decision.allowed) throw rateLimitExceeded(decision.retryAfterSeconds);
  }
  const { store } = runtime;
  const auth = authenticate(request, store, entry.operationId);
  const inputs = await parseRequestInputs(entry, request, url, rawParams);
  const route = runtime.routes.get(entry.operationId);
  if (!route) throw internalError(`The mock does not implement ${entry.operationId} yet.`);
  const context: RouteContext<typeof entry.operationId> = {
    store,
    now: () => runtime.now(),
    auth,
    query: inputs.query as RouteContext<typeof entry.operationId>['query'],
    params: inputs.params as RouteContext<typeof entry.operationId>['params'],
    body: inputs.body as RouteContext<typeof entry.operationId>['body'],
    accounts: accountAccess(store, auth),
    credits: creditLedger(store, auth),
    request,
    paginate(items, scope) {
      const { limit, cursor, ...query } = (inputs.query ?? {}) as { limit?: number; cursor?: string } & Record<string, unknown>;
      return paginate(items, {
        limit: limit ?? PAGE_LIMIT_MAX,
        cursor,
        maxLimit: CLAMPED_LIMIT_OPERATIONS.has(entry.operationId) ? PAGE_LIMIT_MAX : ACTIVITY_LIMIT_MAX,
        scope: { operation: entry.operationId, organization_id: auth.organization.id, params: inputs.params, query: scope ?? query },
      });
    },
  };
  const result = await route.handle(context);
  return jsonResponse(Number(result.status), result.body, result.headers, request);
}

export interface ApiOutcome {
  response: Response;
  operationId?: string;
}

/** Answers one request under the API's paths: faults, rate limit, auth (section 5 order), validation, the route. */
export async function handleApiRequest(runtime: MockRuntime, request: Request, url: URL): Promise<ApiOutcome> {
  const match = matchOperation(request.method, url.pathname);
  const entry = match.kind === 'operation' ? match.entry : undefined;
  try {
    const faulted = await applyFault(runtime, request, url, entry);
    if (faulted) return { response: faulted, operationId: entry?.operationId };
    await sleep(runtime.latencyMs);
    if (match.kind === 'unknown') {
      throw notFound(`No operation matches ${request.method} ${url.pathname}. The API's paths start with /v1.`);
    }
    if (match.kind === 'wrong_method') {
      throw notFound(`${url.pathname} does not accept ${request.method}; it accepts ${match.allowed.join(', ')}.`);
    }
    return { response: await answerOperation(runtime, request, url, match.entry, match.rawParams), operationId: entry?.operationId };
  } catch (error) {
    if (error instanceof MockApiError) return { response: errorResponse(error, request), operationId: entry?.operationId };
    const detail = error instanceof Error ? error.message : String(error);
    return {
      response: jsonResponse(
        500,
        { code: 'internal_error', message: 'The mock failed while answering this request.', debug: detail },
        {},
        request,
      ),
      operationId: entry?.operationId,
    };
  }
}
