// Every response the mock sends through these helpers is checked against spec/openapi.yaml: a status the
// operation declares, the JSON body (ajv over the spec, and the generated zod schemas), the declared headers.
import { createHash } from 'node:crypto';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { operations as generatedOperations } from '@network-org/spec/operations';
import { createMockApi, type MockApi, type MockApiOptions } from '../../packages/mock/src/index';
import { createFetch } from '../../packages/mock/src/adapters/fetch';
import { createMswHandlers } from '../../packages/mock/src/adapters/msw';
import type { MockAnswer, MockRequest } from '../../packages/mock/src/engine/message';
import { findSpecOperation, type SpecOperation, validateBodyWithAjv, validateHeaders, validateWithAjv } from './spec';

export interface ContractViolation {
  request: string;
  status: number;
  operationId: string | undefined;
  problems: string[];
}

type ZodLike = { safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } };

/** Collects the verdict on every response; `assertClean()` throws when any broke the spec. */
export class ContractRecorder {
  readonly violations: ContractViolation[] = [];
  /** operationId -> statuses seen, for the coverage count. */
  readonly covered = new Map<string, Set<number>>();
  /**
   * Statuses of faults a test injected, with the answers each may still give: a status the spec does not list is
   * the test's choice, not drift, but only for as many answers as the faults give, so that an injected 503 never
   * excuses a real one later.
   */
  readonly injectedStatuses = new Map<number, number>();
  checked = 0;

  /** Checks one response against the spec, given the path relative to the base URL. */
  check(method: string, url: URL, pathname: string, answer: MockAnswer): void {
    // An injected dropped connection has no response to check; the control API is the mock's, not the spec's;
    // a preflight has no body.
    if (answer.kind === 'drop' || method === 'OPTIONS' || pathname === '/__mock' || pathname.startsWith('/__mock/')) return;
    this.checked++;
    const response = { status: answer.status, headers: new Headers(answer.headers) };
    const label = `${method} ${pathname}${url.search}`;
    // Methods are case-sensitive: `get` is no operation of the spec.
    const operation = method === method.toUpperCase() ? findSpecOperation(method, pathname) : undefined;
    const problems: string[] = [];
    const text = new TextDecoder().decode(answer.body);
    if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
      problems.push(`content-type is "${response.headers.get('content-type')}", not application/json`);
    }
    const body = judgeBody(operation, response.status, text);
    if (!body.json) problems.push(`body is not JSON: ${text.slice(0, 80)}`);
    if (!operation) {
      // Not an operation of the spec (unknown path or method): only a 404 with the error body is acceptable.
      if (response.status !== 404) problems.push(`status ${response.status} for a path the spec does not define`);
      problems.push(...body.problems);
    } else {
      this.cover(operation.operationId, response.status);
      const declared = operation.responses.get(String(response.status));
      const injected = this.takeInjected(response.status);
      if (body.injected) {
        problems.push(...body.problems);
      } else if (!declared) {
        if (!injected) problems.push(`status ${response.status} is not declared for ${operation.operationId}`);
      } else {
        problems.push(...body.problems, ...validateHeaders(declared, response.headers));
      }
    }
    if (problems.length > 0) {
      this.violations.push({ request: label, status: response.status, operationId: operation?.operationId, problems });
    }
  }

  /** Counts a fault a test injected, excusing `count` answers of its status. */
  inject(status: number, count = 1): void {
    this.injectedStatuses.set(status, (this.injectedStatuses.get(status) ?? 0) + count);
  }

  /** Whether an answer of this status may be an injected fault's, spending one of the answers the faults give. */
  private takeInjected(status: number): boolean {
    const left = this.injectedStatuses.get(status) ?? 0;
    if (left === 0) return false;
    if (left === 1) this.injectedStatuses.delete(status);
    else this.injectedStatuses.set(status, left - 1);
    return true;
  }

  cover(operationId: string, status: number): void {
    const statuses = this.covered.get(operationId) ?? new Set<number>();
    statuses.add(status);
    this.covered.set(operationId, statuses);
  }

  /** Throws a readable list of the violations seen since the last call, and forgets them. */
  assertClean(): void {
    const found = this.violations.splice(0);
    if (found.length === 0) return;
    const lines = found.map((v) => `${v.request} -> ${v.status}: ${v.problems.join('; ')}`);
    throw new Error(`${found.length} response(s) broke spec/openapi.yaml:\n${lines.join('\n')}`);
  }

  /** `operations x statuses` seen, e.g. for the suite's summary line. */
  pairs(): number {
    let total = 0;
    for (const statuses of this.covered.values()) total += statuses.size;
    return total;
  }

  summary(name: string): string {
    return `[contract:${name}] responses checked: ${this.checked}, operations x statuses: ${this.pairs()} over ${this.covered.size} operations, violations: ${this.violations.length}`;
  }
}

/** What a body says under the schema its operation and status name: whether it is JSON, whether it is an injected fault's, its problems. */
interface BodyVerdict {
  json: boolean;
  injected: boolean;
  problems: string[];
}

/**
 * The verdicts already given, by operation, status and a digest of the body: a mock sends the same bytes again and
 * again (every session starts from the same dataset; verify's suites ask the same requests run after run), and ajv
 * and zod would say the same of them each time. Dropped whole past BODY_VERDICTS, so that a long file cannot grow it
 * without bound.
 */
const bodyVerdicts = new Map<string, BodyVerdict>();
const BODY_VERDICTS = 20_000;

function judgeBody(operation: SpecOperation | undefined, status: number, text: string): BodyVerdict {
  const key = `${operation?.operationId ?? '(none)'} ${status} ${createHash('sha1').update(text).digest('base64')}`;
  const known = bodyVerdicts.get(key);
  if (known) return known;
  let body: unknown;
  let json = true;
  try {
    body = JSON.parse(text);
  } catch {
    json = false;
  }
  const injected = operation !== undefined && injectedMessage(body);
  const problems: string[] = [];
  const declared = operation?.responses.get(String(status));
  if (!operation || injected) {
    // No operation of the spec, or an injected fault (`{code, message}` with whatever status the test chose, even a 2xx).
    problems.push(...validateWithAjv('#/components/schemas/ErrorBody', body).map((problem) => `ajv: ${problem}`));
  } else if (declared?.hasJsonBody && json) {
    problems.push(...validateBodyWithAjv(declared, body).map((problem) => `ajv: ${problem}`));
    const zod = (generatedOperations[operation.operationId as keyof typeof generatedOperations].responses as Record<string, ZodLike>)[declared.status];
    const result = zod?.safeParse(body);
    if (result && !result.success) {
      problems.push(...(result.error?.issues ?? []).map((issue) => `zod: ${issue.path.map(String).join('.') || '(root)'} ${issue.message}`));
    }
  }
  const verdict = { json, injected, problems };
  if (bodyVerdicts.size >= BODY_VERDICTS) bodyVerdicts.clear();
  bodyVerdicts.set(key, verdict);
  return verdict;
}

// Faults added over HTTP (`POST /__mock/faults`) bypass the wrapper; the engine's default message names them.
function injectedMessage(body: unknown): boolean {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.startsWith('Injected fault');
}

export type CheckedMockApi = MockApi & { readonly contract: ContractRecorder };

/** The unwrapped mock behind a checked one, so that wrapping twice does not check (and report) twice. */
const UNCHECKED = Symbol('unchecked mock');

/**
 * `createMockApi` whose `handlers` and `fetch` check every response against the spec. Drop-in: the rest of
 * the mock (db, faults, keys, reset, journal, ...) is the wrapped mock's.
 */
export function createCheckedMockApi(options: MockApiOptions = {}, recorder = new ContractRecorder()): CheckedMockApi {
  return wrapMockApi(createMockApi(options), recorder);
}

/** Wraps an existing mock so that every answer of its engine (through any adapter) is checked. */
export function wrapMockApi(checkedOrNot: MockApi, recorder = new ContractRecorder()): CheckedMockApi {
  const mock = (checkedOrNot as MockApi & { [UNCHECKED]?: MockApi })[UNCHECKED] ?? checkedOrNot;
  const base = new URL(mock.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const answer = async (request: MockRequest): Promise<MockAnswer> => {
    const result = await mock.answer(request);
    // A bad X-Mock-Session name is the mock's own 400, not an answer of the operation.
    const badSession =
      result.kind === 'response' &&
      result.status === 400 &&
      new TextDecoder().decode(result.body).includes('X-Mock-Session');
    if (badSession) return result;
    // A target that is no URL gets the mock's own 400 before any operation is looked up.
    if (typeof request.url === 'string' && !URL.canParse(request.url, base.origin)) return result;
    const url = typeof request.url === 'string' ? new URL(request.url, base.origin) : request.url;
    recorder.check(request.method, url, url.pathname.slice(basePath.length) || '/', result);
    return result;
  };
  const handlers = createMswHandlers(mock.baseUrl, answer);
  const fetch = createFetch(answer, mock.baseUrl);
  const faults: MockApi['faults'] = {
    add: (rule) => {
      mock.faults.add(rule);
      if (rule.status !== undefined) recorder.inject(rule.status, rule.count);
    },
    clear: () => {
      recorder.injectedStatuses.clear();
      mock.faults.clear();
    },
    list: () => mock.faults.list(),
  };
  const session = (name: string) => {
    const inner = mock.session(name);
    const sessionFetch = createFetch(answer, mock.baseUrl, [['x-mock-session', name]]);
    return new Proxy(inner, { get: (target, property) => (property === 'fetch' ? sessionFetch : Reflect.get(target, property)) });
  };
  return new Proxy(mock, {
    get(target, property, receiver) {
      if (property === 'answer') return answer;
      if (property === 'handlers') return handlers;
      if (property === 'fetch') return fetch;
      if (property === 'faults') return faults;
      if (property === 'reset') {
        // A reset forgets the faults, so their statuses are no longer excused.
        return (...args: Parameters<MockApi['reset']>) => {
          recorder.injectedStatuses.clear();
          return target.reset(...args);
        };
      }
      if (property === 'session') return session;
      if (property === 'contract') return recorder;
      if (property === UNCHECKED) return target;
      return Reflect.get(target, property, receiver);
    },
  }) as CheckedMockApi;
}

export interface CheckedMockSuite {
  mock: CheckedMockApi;
  server: SetupServer;
}

/**
 * For a vitest file: a checked mock behind msw's `setupServer` for the whole file; after each test any
 * violation fails that test; the counts are printed when the file ends.
 */
export function useCheckedMock(name: string, options: MockApiOptions = {}): CheckedMockSuite {
  const mock = createCheckedMockApi(options);
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => mock.contract.assertClean());
  afterAll(() => {
    server.close();
    console.info(mock.contract.summary(name));
  });
  return { mock, server };
}
