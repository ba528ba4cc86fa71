import { z } from 'zod';
import { mockCoverage, resetMockCoverage, sessionCoverage } from '../coverage/of-mock';
import { badRequest, notFound } from '../engine/errors';
import { faultRuleSchema } from '../engine/faults';
import type { RequestHeaders, MockResponse } from '../engine/message';
import { MAX_BODY_BYTES } from '../engine/request-body';
import type { MockRuntime } from '../engine/runtime';
import { namedSession } from '../engine/sessions';
import type { Session } from '../engine/session';
import { anchorProblem } from '../store/anchor';
import { VERSION } from '../version';
import * as answers from './answers';
import { clearRequests, findRequest, listRequests } from './requests';
import { INSERT_INPUTS, insertByKind } from './insert';
import { listSnapshots, loadState, networkProfiles, registeredCustomFields, restoreSnapshot, savedDrafts, stateText, takeSnapshot } from './operations';
import { jsonAnswer } from '../engine/respond';

/*
 * The control API, one row per operation: what routes a request under `/__mock` and what
 * `GET /__mock/control.openapi.json` describes (control/description.ts), so the two cannot drift. A row's path is
 * an OpenAPI template; its query and body schemas check the input before the row's `answer` runs and describe it.
 */

/** Who may call a row: anyone (health, the descriptions), the control token's holder, or the inspector page's opener. */
export type ControlAccessRule = 'open' | 'control' | 'page';

export interface ControlCall {
  runtime: MockRuntime;
  /** The path parameters, decoded. */
  params: Record<string, string>;
  /** The query, as the row's query schema gave it (the raw entries without one). */
  query: Record<string, unknown>;
  /** The body as the row's body schema gave it (the JSON object, or its bytes, when the row checks it itself). */
  body: unknown;
  rawQuery: URLSearchParams;
  headers: RequestHeaders;
  /** The session `X-Mock-Session` names (the default one without it), created on first use. */
  session(): Session;
  /** `http://host:port` as the request reached the mock (its Host header), for the served descriptions. */
  selfUrl: string;
}

export interface ControlAnswerDoc {
  description: string;
  schema?: z.ZodType;
  /** `application/json` unless said. */
  contentType?: string;
}

export interface ControlRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** An OpenAPI path template under `/__mock`: `/sessions/{name}`. */
  path: string;
  operationId: string;
  tag: 'Health' | 'Descriptions' | 'Sessions' | 'State' | 'Seeding' | 'Faults' | 'Journal' | 'Coverage' | 'Data' | 'Inspector';
  summary: string;
  description: string;
  access: ControlAccessRule;
  /** Whether the row acts on the session `X-Mock-Session` names. */
  session: boolean;
  /** Answered with a slash after the path too (a page's address). */
  trailingSlash?: boolean;
  /** The last path parameter takes the rest of the path, slashes included. */
  restParam?: boolean;
  /** Documented values of a path parameter. */
  paramValues?: Record<string, readonly string[]>;
  query?: z.ZodObject;
  /**
   * The body: checked against `schema` (the default), read as a JSON object the row checks itself (`route`), or
   * passed on as bytes (`raw`); `schema` describes it in every case.
   */
  body?: { schema: z.ZodType; required: boolean; check?: 'schema' | 'route' | 'raw' };
  /** The answers other than the errors every row can give (400, 401, 404, 500: description.ts adds them). */
  answers: Record<number, ControlAnswerDoc>;
  answer(call: ControlCall): MockResponse | Promise<MockResponse>;
}

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

/** JSON text that is already serialized (the state, the descriptions), sent as it is. */
export function textAnswer(status: number, text: string, contentType = 'application/json'): MockResponse {
  return { kind: 'response', status, headers: [['content-type', contentType]], body: new TextEncoder().encode(text) };
}

function sessionInfo(session: Session) {
  return { name: session.name, created_at: session.createdAt.toISOString(), last_used_at: session.lastUsedAt.toISOString() };
}

const json = (description: string, schema: z.ZodType): ControlAnswerDoc => ({ description, schema });

/** With `X-Mock-Session`, that session's coverage (asking creates no session); without, the whole mock's. */
function coverageOf(runtime: MockRuntime, headers: RequestHeaders) {
  const name = namedSession(headers);
  return name === undefined ? mockCoverage(runtime) : sessionCoverage(runtime, name);
}

function resetCoverageOf(runtime: MockRuntime, headers: RequestHeaders): void {
  const name = namedSession(headers);
  if (name === undefined) resetMockCoverage(runtime);
  else runtime.sessions.peek(name)?.coverage.clear();
}

/** Rows the description and the API's reads are answered from; their answers come from description.ts. */
export interface DescriptionSources {
  apiDescription(selfUrl: string): Promise<MockResponse>;
  controlDescription(selfUrl: string): MockResponse;
  inspectorPage(): Promise<MockResponse>;
  readAsAdmin(call: ControlCall, pathname: string): Promise<MockResponse>;
}

/** The table; `sources` answers the rows that serve documents and pages. */
export function controlRoutes(sources: DescriptionSources): ControlRoute[] {
  return [
    {
      method: 'GET', path: '/health', operationId: 'getHealth', tag: 'Health', access: 'open', session: false,
      summary: 'Whether the mock is up',
      description: 'Answered to anyone on any address, with no API key and no control token, so that container health checks and load balancers can probe it. It reads and creates no session.',
      answers: { 200: json('The mock is up: its version and its current instant (the dataset\'s anchor, or the injected clock).', answers.health) },
      answer: ({ runtime }) => jsonAnswer(200, { ok: true, version: VERSION, now: runtime.now(runtime.sessions.defaultSession).toISOString() }),
    },
    {
      method: 'GET', path: '/openapi.json', operationId: 'getApiDescription', tag: 'Descriptions', access: 'open', session: false,
      summary: 'The API\'s OpenAPI description',
      description: 'The OpenAPI 3.1 description of the API this mock serves, with the address the request reached the mock at as its only server, so that a client generated from it calls this mock. Answered like health: anyone, no key, no token.',
      answers: { 200: json('The OpenAPI description of the API.', answers.openapiDocument) },
      answer: ({ selfUrl }) => sources.apiDescription(selfUrl),
    },
    {
      method: 'GET', path: '/control.openapi.json', operationId: 'getControlDescription', tag: 'Descriptions', access: 'open', session: false,
      summary: 'This description',
      description: 'The OpenAPI 3.1 description of the control API under `/__mock/`, generated from the table that routes it. Answered like health: anyone, no key, no token.',
      answers: { 200: json('The OpenAPI description of the control API.', answers.openapiDocument) },
      answer: ({ selfUrl }) => sources.controlDescription(selfUrl),
    },
    {
      method: 'GET', path: '/sessions', operationId: 'listSessions', tag: 'Sessions', access: 'control', session: false,
      summary: 'The named sessions alive',
      description: 'Named sessions (`X-Mock-Session`), least recently used first, and how many may live at once; past that bound the least recently used is dropped.',
      answers: { 200: json('The named sessions.', answers.sessions) },
      answer: ({ runtime }) => jsonAnswer(200, { sessions: runtime.sessions.list().map(sessionInfo), max_sessions: runtime.sessions.max }),
    },
    {
      method: 'DELETE', path: '/sessions/{name}', operationId: 'dropSession', tag: 'Sessions', access: 'control', session: false,
      summary: 'Drop a named session',
      description: 'Forgets the session: its next request starts it again from the seeded dataset.',
      answers: { 200: json('The session was dropped.', answers.dropped) },
      answer: ({ runtime, params }) => {
        const name = params['name'] as string;
        if (!runtime.sessions.drop(name)) throw notFound(`No session ${JSON.stringify(name)}: GET /__mock/sessions lists them.`);
        return jsonAnswer(200, { ok: true, dropped: name });
      },
    },
    {
      method: 'POST', path: '/reset', operationId: 'reset', tag: 'State', access: 'control', session: true,
      summary: 'Back to the seeded dataset',
      description: 'Puts the session back to its seeded dataset (another `seed` or `now` builds that one) and forgets its faults, overrides, journal and rate-limit windows.',
      body: { schema: resetBodySchema, required: false },
      answers: { 200: json('The session is back at the seeded dataset.', answers.reset) },
      answer: ({ runtime, session, body }) => {
        const current = session();
        runtime.reset(current, body as z.output<typeof resetBodySchema>);
        return jsonAnswer(200, { ok: true, seed: current.store.datasetSeed, now: current.store.now.toISOString() });
      },
    },
    {
      method: 'GET', path: '/state', operationId: 'getState', tag: 'State', access: 'control', session: true,
      summary: 'The session\'s state',
      description: 'The whole state of the session (dataset options and what differs from that dataset) as versioned JSON text: `PUT /__mock/state`, `--state-file` and `createMockApi({state})` start from it.',
      answers: { 200: json('The state.', answers.state) },
      answer: ({ session }) => textAnswer(200, stateText(session().store)),
    },
    {
      method: 'PUT', path: '/state', operationId: 'putState', tag: 'State', access: 'control', session: true,
      summary: 'Start from a state',
      description: 'Replaces the session\'s state with one `GET /__mock/state` gave (at most 1 MiB); a state of another format version, or a broken one, is 400 and changes nothing.',
      body: { schema: answers.state, required: true, check: 'raw' },
      answers: { 200: json('The session now holds that state.', answers.reset) },
      answer: ({ session, body }) => {
        const bytes = (body as Uint8Array | undefined) ?? new Uint8Array(0);
        if (bytes.byteLength > MAX_BODY_BYTES) {
          throw badRequest('The state is larger than the 1 MiB body limit: load it with --state-file or createMockApi({ state }) instead.');
        }
        const { store } = session();
        loadState(store, new TextDecoder().decode(bytes));
        return jsonAnswer(200, { ok: true, seed: store.datasetSeed, now: store.now.toISOString() });
      },
    },
    {
      method: 'POST', path: '/snapshots', operationId: 'takeSnapshot', tag: 'State', access: 'control', session: true,
      summary: 'Take a snapshot',
      description: 'Keeps the session\'s whole state under a new id, to put back with `POST /__mock/snapshots/{snapshot_id}/restore`.',
      answers: { 201: json('The snapshot\'s id.', answers.snapshot) },
      answer: ({ session }) => jsonAnswer(201, takeSnapshot(session().store)),
    },
    {
      method: 'GET', path: '/snapshots', operationId: 'listSnapshots', tag: 'State', access: 'control', session: true,
      summary: 'The snapshots taken',
      description: 'The snapshots the session took since its last reset to another dataset, oldest first.',
      answers: { 200: json('The snapshots.', answers.snapshots) },
      answer: ({ session }) => jsonAnswer(200, listSnapshots(session().store)),
    },
    {
      method: 'POST', path: '/snapshots/{snapshot_id}/restore', operationId: 'restoreSnapshot', tag: 'State', access: 'control', session: true,
      summary: 'Put a snapshot back',
      description: 'Puts the state the snapshot holds back into the session; 404 for an id the session never gave.',
      answers: { 200: json('The snapshot is back.', answers.snapshot) },
      answer: ({ session, params }) => jsonAnswer(200, restoreSnapshot(session().store, params['snapshot_id'] as string)),
    },
    {
      method: 'POST', path: '/seed/{kind}', operationId: 'seed', tag: 'Seeding', access: 'control', session: true,
      paramValues: { kind: Object.keys(INSERT_INPUTS) },
      summary: 'Put a record in',
      description: 'As `mock.seed.{kind}` in process: the body is the record\'s fields (every field not given is generated from the seed), the answer the record as the API shows it, visible at once to every endpoint. A body the API could never produce (unknown account, wrong type, unregistered custom field, a misspelt field) is 400 and changes nothing.',
      body: { schema: z.union(Object.values(INSERT_INPUTS)), required: true, check: 'route' },
      answers: { 201: json('The record as the API shows it.', answers.record) },
      answer: ({ session, params, body }) => jsonAnswer(201, insertByKind(session().store, params['kind'] as string, body)),
    },
    {
      method: 'GET', path: '/network-profiles', operationId: 'listNetworkProfiles', tag: 'Data', access: 'control', session: true,
      summary: 'Profiles of the network',
      description: 'Profiles of the network: `imported=false` gives the URLs to import (people nobody has as a contact yet, companies nobody tracks).',
      query: networkProfilesQuerySchema,
      answers: { 200: json('The profiles.', answers.networkProfiles) },
      answer: ({ session, query }) => {
        const { imported, kind, limit } = query as z.output<typeof networkProfilesQuerySchema>;
        return jsonAnswer(200, networkProfiles(session().store, { imported: imported === undefined ? undefined : imported === 'true', kind, limit }));
      },
    },
    {
      method: 'GET', path: '/drafts', operationId: 'listDrafts', tag: 'Data', access: 'control', session: true,
      summary: 'The saved drafts',
      description: 'The drafts the API saved (it has no read endpoint for them), oldest first.',
      query: draftsQuerySchema,
      answers: { 200: json('The drafts.', answers.drafts) },
      answer: ({ session, query }) => jsonAnswer(200, savedDrafts(session().store, query as z.output<typeof draftsQuerySchema>)),
    },
    {
      method: 'GET', path: '/custom-fields', operationId: 'listCustomFields', tag: 'Data', access: 'control', session: true,
      summary: 'The registered custom fields',
      description: 'The custom fields registered per organization, with their types.',
      answers: { 200: json('The custom fields.', answers.customFields) },
      answer: ({ session }) => jsonAnswer(200, registeredCustomFields(session().store)),
    },
    {
      method: 'GET', path: '/faults', operationId: 'listFaults', tag: 'Faults', access: 'control', session: true,
      summary: 'The faults waiting',
      description: 'The session\'s faults that have requests left to fail.',
      answers: { 200: json('The faults.', answers.faults) },
      answer: ({ session }) => jsonAnswer(200, { faults: session().faults.list() }),
    },
    {
      method: 'POST', path: '/faults', operationId: 'addFault', tag: 'Faults', access: 'control', session: true,
      summary: 'Fail the next matching requests',
      description: 'The next `count` (default 1) requests of the session matching `method` and `path` (exact, the spec\'s template or a glob with `*`) fail with `status` and `code`, are delayed by `delay_ms`, or are dropped (`status: 0` or `drop: true`).',
      body: { schema: faultRuleSchema, required: true },
      answers: { 201: json('The faults now waiting.', answers.faults) },
      answer: ({ session, body }) => {
        const { faults } = session();
        faults.add(body as z.output<typeof faultRuleSchema>);
        return jsonAnswer(201, { faults: faults.list() });
      },
    },
    {
      method: 'DELETE', path: '/faults', operationId: 'clearFaults', tag: 'Faults', access: 'control', session: true,
      summary: 'Clear the faults',
      description: 'Forgets every fault of the session.',
      answers: { 200: json('No fault is left.', answers.faults) },
      answer: ({ session }) => {
        session().faults.clear();
        return jsonAnswer(200, { faults: [] });
      },
    },
    {
      method: 'GET', path: '/requests', operationId: 'listRequests', tag: 'Journal', access: 'control', session: true,
      summary: 'The request journal',
      description: 'Summaries of the requests answered, oldest first: the session the header names, or every session with `session=*`; only those after `after` (for polling); the latest `limit` (at most 1000).',
      query: requestsQuerySchema,
      answers: { 200: json('The requests.', answers.requests) },
      answer: ({ runtime, session, query }) => jsonAnswer(200, listRequests(runtime, session, query as z.output<typeof requestsQuerySchema>)),
    },
    {
      method: 'DELETE', path: '/requests', operationId: 'clearRequests', tag: 'Journal', access: 'control', session: true,
      summary: 'Empty the journal',
      description: 'Empties the journal of the session the header names, or (`session=*`) every journal.',
      query: requestsQuerySchema,
      answers: { 200: json('The journal is empty.', answers.requests) },
      answer: ({ runtime, session, query }) => {
        clearRequests(runtime, session, query as z.output<typeof requestsQuerySchema>);
        return jsonAnswer(200, { requests: [] });
      },
    },
    {
      method: 'GET', path: '/requests/{id}', operationId: 'getRequest', tag: 'Journal', access: 'control', session: false,
      summary: 'One request with its bodies',
      description: 'One request of any session with its headers (`Authorization` redacted) and bodies; 404 for an id no longer kept.',
      answers: { 200: json('The request.', answers.request) },
      answer: ({ runtime, params }) => jsonAnswer(200, findRequest(runtime, params['id'] as string)),
    },
    {
      method: 'GET', path: '/coverage', operationId: 'getCoverage', tag: 'Coverage', access: 'control', session: false,
      summary: 'Which parts of the API were exercised',
      description: 'Per operation of the spec: the statuses, error codes, parameters and body fields used, pages followed and forced answers, and the requests no operation matched. With `X-Mock-Session`, that session\'s (asking creates no session); without, the whole mock\'s.',
      answers: { 200: json('The coverage report.', answers.record) },
      answer: ({ runtime, headers }) => jsonAnswer(200, coverageOf(runtime, headers)),
    },
    {
      method: 'DELETE', path: '/coverage', operationId: 'resetCoverage', tag: 'Coverage', access: 'control', session: false,
      summary: 'Start the coverage again',
      description: 'Forgets the coverage of the session `X-Mock-Session` names, or without it the whole mock\'s, and answers the empty report.',
      answers: { 200: json('The coverage report, empty.', answers.record) },
      answer: ({ runtime, headers }) => {
        resetCoverageOf(runtime, headers);
        return jsonAnswer(200, coverageOf(runtime, headers));
      },
    },
    {
      method: 'GET', path: '/api/v1/{path}', operationId: 'readAsAdmin', tag: 'Inspector', access: 'control', session: true, restParam: true,
      summary: 'A read of the API as the admin key',
      description: 'A GET operation of the API (`path` is the rest of its path, slashes included) read as the admin fixture key, with no fault, override, rate limit or journal entry: the inspector\'s data browser.',
      answers: { 200: json('The API\'s answer.', answers.record) },
      answer: (call) => sources.readAsAdmin(call, `/v1/${call.params['path'] as string}`),
    },
    {
      method: 'GET', path: '/ui', trailingSlash: true, operationId: 'getInspector', tag: 'Inspector', access: 'page', session: false,
      summary: 'The inspector page',
      description: 'The page that shows the journal live (at `/__mock/ui/` too). With a control token, it may be opened once with `?token=<control token>`.',
      answers: { 200: { description: 'The inspector page.', schema: z.string(), contentType: 'text/html' } },
      answer: () => sources.inspectorPage(),
    },
  ];
}
