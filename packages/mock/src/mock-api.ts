import type { HttpHandler } from 'msw';
import { createFetch, type MockFetch } from './adapters/fetch';
import { networkProfiles, registeredCustomFields, savedDrafts, type NetworkProfilesQuery } from './control/operations';
import { answerRequest } from './answer-request';
import { mockCoverage, resetMockCoverage, sessionCoverage } from './coverage/of-mock';
import { CoverageLedger } from './coverage/recorder';
import type { CoverageReport } from './coverage/report';
import { FaultInjector, type FaultRule } from './engine/faults';
import { counter, JournalBudget, RequestJournal, type JournalEntry } from './engine/journal';
import { answersOwned, type Engine, type MockAnswer, type MockRequest } from './engine/message';
import type { OperationId } from './engine/operation-table';
import { OverrideRegistry, type OverrideOptions, type OverrideResolver } from './engine/overrides';
import { RateLimiter, rateLimitBudget, type RateLimitBudget, type RateLimitOption } from './engine/rate-limit';
import { SESSION_HEADER } from './engine/respond';
import type { Route } from './engine/router';
import { MockRuntime, type ControlAccess, type ResetOptions } from './engine/runtime';
import type { Session } from './engine/session';
import { MAX_TIMER_MS } from './lib/timers';
import { checkSessionName, DEFAULT_MAX_SESSIONS, SessionRegistry } from './engine/sessions';
import { MockApiError } from './engine/errors';
import { anchorProblem, PRESENT } from './store/anchor';
import { routes as defaultRoutes } from './routes/index';
import { exportState, sessionStoresFromState, storeFromState } from './store/state-file';
import { createInserter, type Seeder } from './control/insert';
import { datasetOptions, FIXTURE_KEYS, readerOf, seededDataset, Store, type SeededDataset, type StoreOptions, type StoreReader, type StoreSnapshot } from './store/index';

export const DEFAULT_BASE_URL = 'https://api.network.test';

export interface MockApiOptions extends StoreOptions {
  /** Where the handlers answer; default `https://api.network.test`. */
  baseUrl?: string;
  /**
   * Per client and endpoint: `true` (default) 50 requests / 10 s, as the service; `false` turns it off;
   * `{requests, windowMs}` sets another budget (e.g. `{requests: 20, windowMs: 2000}` for tests that run in seconds).
   */
  rateLimit?: RateLimitOption;
  /** The mock's clock (rate-limit windows, the journal, times written by requests). Default: system time for
   * windows and the dataset's `now` for response bodies, so the same seed gives the same bytes; with `now: 'now'`,
   * system time for both, so the mock's present moves with the real one. */
  clock?: () => Date;
  /** Milliseconds every API response is delayed by; default 0. */
  latency?: number;
  /** Requires `Authorization: Bearer <token>` on the `/__mock/` control API. */
  controlToken?: string;
  /** Whether the control API answers without a token; default true (the standalone server decides by address). */
  controlExposed?: boolean;
  /** The route table; default every operation of the spec (`defaultRoutes`). */
  routes?: readonly Route[];
  /** Named sessions (`X-Mock-Session`) alive at once; past it the least recently used is dropped. Default 1000. */
  maxSessions?: number;
  /**
   * Start from a state `mock.exportState()` or `network-mock snapshot` gave (JSON text). Its dataset options (seed,
   * now, sizes) replace the ones given here, except `now: 'now'`: that moves every time in the state by the same
   * amount, so that the instant the state was taken is the present. The named sessions it holds (`exportState({sessions:
   * true})`, a server's `--state-file`) come back too. A state of another format version, or a broken one, throws.
   */
  state?: string;
  /**
   * Whether the journal keeps request and answer bodies (each up to 64 kB); default true. `false` keeps the rest
   * (headers, status, timing) and saves the copy of every body.
   */
  journalBodies?: boolean;
  /**
   * The most bytes the journals of all sessions keep together (bodies, headers, paths); past it the oldest entries
   * of any session are dropped first. Default 64 MiB; at least 1 MiB. Each session also keeps at most 1,000 entries
   * and 8 MiB.
   */
  journalMaxBytes?: number;
  /**
   * Whether the mock records what requests exercise of the spec (`mock.coverage()`); default true. Only names and
   * counts are kept (no body, header value or key), in memory bounded per session.
   */
  coverage?: boolean;
}

/**
 * The coverage of a session (or, on `mock`, of the whole mock): the report as data; `reset()` forgets it.
 * `mock.reset()` keeps it: a suite's coverage outlives the resets of its tests.
 */
export interface CoverageAccess {
  (): CoverageReport;
  reset(): void;
}

export type FixtureKeys = typeof FIXTURE_KEYS;

/** What `mock.snapshot()` gives: opaque and immutable; `mock.restore(snapshot)` puts it back. */
export type MockSnapshot = StoreSnapshot;

export interface FaultControl {
  /** The next `count` (default 1) requests matching `method` and `path` fail as the rule says. */
  add(rule: FaultRule): void;
  clear(): void;
  list(): FaultRule[];
}

/** The control surface of one session: the default one (`mock` itself) or a named one (`mock.session(NAME)`). */
export interface MockSession {
  /** The session's name; undefined for the default session. */
  readonly name: string | undefined;
  /** The session's in-memory dataset, read-only: change it through the API, `mock.seed` or `restore`. */
  readonly db: StoreReader;
  /**
   * Back to the seeded dataset (instant: nothing is rebuilt) and forgets faults, overrides, journal and rate-limit
   * windows; with another `seed` or `now`, builds that dataset instead.
   */
  reset(options?: ResetOptions): void;
  /** An immutable handle on the whole state (dataset, drafts, imports): later changes never reach it. */
  snapshot(): MockSnapshot;
  /** Puts a snapshot's state back. */
  restore(snapshot: MockSnapshot): void;
  /**
   * The whole state as JSON text (versioned): `createMockApi({state})` or `PUT /__mock/state` starts from it. On
   * `mock`, `{sessions: true}` adds every named session (as `--state-file` writes it), which `createMockApi({state})`
   * brings back.
   */
  exportState(options?: { sessions?: boolean }): string;
  /**
   * Puts your own records in: each returns the record as the API shows it, visible at once to every
   * endpoint. Input the API could never produce throws a MockApiError (code bad_request) and changes nothing.
   */
  readonly seed: Seeder;
  readonly faults: FaultControl;
  /**
   * Requests answered so far, oldest first, with their headers (`Authorization` redacted) and bodies; at most the
   * last 1,000 or 8 MiB, and less when all sessions together reach `journalMaxBytes` (64 MiB).
   */
  readonly journal: readonly JournalEntry[];
  clearJournal(): void;
  /**
   * Answers `operationId` with `resolver` (after authentication, validation and the rate limit), for the next
   * `times` calls or until the returned function is called; only statuses and bodies the spec documents for the
   * operation compile. `reset()` removes every override.
   */
  override<Op extends OperationId>(operationId: Op, resolver: OverrideResolver<NoInfer<Op>>, options?: OverrideOptions): () => void;
  /** Profiles of the network, e.g. `{imported: false, limit: 5}` for URLs to import. */
  networkProfiles(query?: NetworkProfilesQuery): ReturnType<typeof networkProfiles>;
  /** Saved drafts (the service has no read endpoint for them). */
  drafts(query?: { account_id?: string }): ReturnType<typeof savedDrafts>;
  /** Registered custom fields per organization, with their types. */
  customFields(): ReturnType<typeof registeredCustomFields>;
  /** `fetch`'s signature, answered in process by this session (no interception needed). */
  readonly fetch: MockFetch;
  /** What this session's requests exercised of the spec; on `mock`, the whole mock's (every session's). */
  readonly coverage: CoverageAccess;
}

export interface MockApi extends MockSession {
  readonly baseUrl: string;
  /** MSW handlers (msw 2 or 3): `setupServer(...mock.handlers)` or `setupWorker(...mock.handlers)`. */
  readonly handlers: HttpHandler[];
  /** The fixture API keys. */
  readonly keys: FixtureKeys;
  /** The session named `name` (1-64 characters of A-Za-z0-9._-), created on first use, as `X-Mock-Session` does. */
  session(name: string): MockSession;
  /** The named sessions alive, least recently used first. */
  sessionNames(): string[];
  /** Drops a named session; false when there was none. */
  dropSession(name: string): boolean;
  /** The engine itself: a plain request in, a plain answer out (what every adapter calls); the answer is the caller's to change. */
  readonly answer: (request: MockRequest) => Promise<MockAnswer>;
}

// ---- 1. Options: checked once, defaults filled in -------------------------------------------------------------

/** The options as the composition reads them. */
interface MockConfig {
  baseUrl: string;
  origin: string;
  basePath: string;
  /** What every session's dataset is built from (a state's dataset options replace the ones given). */
  storeOptions: StoreOptions;
  /** The store a state option gave, for the default session. */
  stateStore: Store | undefined;
  /** The named sessions that state holds. */
  stateSessions: { name: string; store: Store }[];
  latencyMs: number;
  rateLimit: RateLimitBudget | undefined;
  control: ControlAccess;
  routes: ReadonlyMap<OperationId, Route>;
  clock: (() => Date) | undefined;
  maxSessions: number;
  journalBodies: boolean;
  journalMaxBytes: number | undefined;
  coverage: boolean;
}

function checkedOptions(given: MockApiOptions | null): MockConfig {
  // From JavaScript, null stands for no options as undefined does.
  const options: MockApiOptions = given ?? {};
  if (typeof options !== 'object') throw new TypeError(`createMockApi takes an options object, got ${typeof options}.`);
  const baseUrl = String(options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  let parsedBase: URL | undefined;
  try {
    parsedBase = new URL(baseUrl);
  } catch {
    parsedBase = undefined;
  }
  if (!parsedBase || !/^https?:$/.test(parsedBase.protocol)) {
    throw new RangeError(`baseUrl must be an absolute http(s) URL such as ${DEFAULT_BASE_URL}, got ${JSON.stringify(baseUrl)}.`);
  }
  if (options.clock !== undefined && typeof options.clock !== 'function') {
    throw new TypeError(`clock must be a function that returns the current Date, got ${typeof options.clock}.`);
  }
  // `now: 'now'` is read once, here: every session of this mock shares that anchor.
  const atPresent = options.now === PRESENT;
  const anchor = atPresent ? (options.clock?.() ?? new Date()) : options.now;
  const stateStore = options.state === undefined ? undefined : storeFromState(options.state, undefined, atPresent ? (anchor as Date) : undefined);
  const stateSessions = options.state === undefined ? [] : sessionStoresFromState(options.state, stateStore?.dataset, atPresent ? (anchor as Date) : undefined);
  const latencyMs = options.latency ?? 0;
  // Above 2^31 - 1 ms a timer fires at once instead of late.
  if (!Number.isFinite(latencyMs) || latencyMs < 0 || latencyMs > MAX_TIMER_MS) {
    throw new RangeError(`latency must be a number of milliseconds from 0 to ${MAX_TIMER_MS}, got ${String(options.latency)}`);
  }
  const control: ControlAccess = { exposed: options.controlExposed ?? true };
  if (options.controlToken !== undefined) control.token = options.controlToken;
  return {
    baseUrl,
    origin: parsedBase.origin,
    basePath: parsedBase.pathname.replace(/\/+$/, ''),
    storeOptions: { ...options, ...(anchor === undefined ? {} : { now: anchor }), ...(stateStore?.dataset.options as StoreOptions | undefined) },
    stateStore,
    stateSessions,
    latencyMs,
    rateLimit: rateLimitBudget(options.rateLimit),
    control,
    routes: new Map((options.routes ?? defaultRoutes).map((route) => [route.operationId, route])),
    clock: options.clock ?? (atPresent ? () => new Date() : undefined),
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    journalBodies: options.journalBodies ?? true,
    journalMaxBytes: options.journalMaxBytes,
    coverage: options.coverage ?? true,
  };
}

// ---- 2. Composition: datasets, sessions, the runtime -----------------------------------------------------------

const BUILT_IN_ROUTES: ReadonlySet<Route> = new Set(defaultRoutes);

/** The seeded datasets built so far, by their options: every session forks one instead of building its own. */
function datasets(config: MockConfig, currentTime: () => Date) {
  const built = new Map<string, SeededDataset>();
  // Keyed by the checked options (defaults filled in), so that the same dataset asked for twice is built once.
  const keyOf = (options: StoreOptions) => JSON.stringify(datasetOptions(options));
  if (config.stateStore) built.set(keyOf(config.storeOptions), config.stateStore.dataset);
  const datasetOf = (options: StoreOptions): SeededDataset => {
    const problem = anchorProblem(options.now);
    if (problem !== undefined) throw new RangeError(problem);
    const key = keyOf(options);
    let dataset = built.get(key);
    if (!dataset) built.set(key, (dataset = seededDataset(options)));
    return dataset;
  };
  // The mock's options never change, so neither does the dataset they name: looked up once, not per new session.
  let sessionsDataset: SeededDataset | undefined;
  return {
    /** A new session's store: a fork of the dataset of the mock's options. */
    newStore: () => new Store((sessionsDataset ??= datasetOf(config.storeOptions))),
    reset(session: Session, resetOptions: ResetOptions = {}): void {
      const storeOptions: StoreOptions = { ...session.store.resetsTo.options };
      if (resetOptions.seed !== undefined) storeOptions.seed = resetOptions.seed;
      if (resetOptions.now !== undefined) storeOptions.now = resetOptions.now === PRESENT ? currentTime() : resetOptions.now;
      // Built before anything changes: a seed or now the store refuses leaves the session as it was.
      session.store.reset(datasetOf(storeOptions));
      session.faults.clear();
      session.journal.clear();
      session.overrides.clear();
      session.rateLimiter?.clear();
    },
  };
}

function composedRuntime(config: MockConfig): MockRuntime {
  const currentTime = config.clock ?? (() => new Date());
  const { newStore, reset } = datasets(config, currentTime);
  // Journal ids count across sessions, so an id names one request of the whole mock.
  const journalOptions = { nextSequence: counter(), bodies: config.journalBodies, budget: new JournalBudget(config.journalMaxBytes) };
  const coverage = new CoverageLedger(config.coverage);
  const createSession = (name: string | undefined, store?: Store): Session => {
    const createdAt = currentTime();
    return {
      name,
      store: store ?? newStore(),
      faults: new FaultInjector(),
      journal: new RequestJournal(journalOptions),
      rateLimiter: config.rateLimit ? new RateLimiter(config.rateLimit) : undefined,
      overrides: new OverrideRegistry(),
      coverage: coverage.sessionCoverage(),
      createdAt,
      lastUsedAt: createdAt,
      startNotice: store === undefined ? createdAt.toISOString() : undefined,
    };
  };
  const sessions = new SessionRegistry(createSession(undefined, config.stateStore), createSession, config.maxSessions, currentTime);
  // A state file's named sessions, least recently used first: past the bound, the oldest of them are left out.
  for (const { name, store } of config.stateSessions) sessions.adopt({ ...createSession(name, store), name });
  return new MockRuntime({
    origin: config.origin,
    basePath: config.basePath,
    routes: config.routes,
    builtInRoutes: BUILT_IN_ROUTES,
    latencyMs: config.latencyMs,
    control: config.control,
    clock: config.clock,
    sessions,
    coverage,
    resetSession: reset,
  });
}

// ---- 3. The public surface ---------------------------------------------------------------------------------------

/** Turns an engine error thrown in process (a bad session name) into a RangeError. */
function inProcess<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof MockApiError) throw new RangeError(error.message);
    throw error;
  }
}

const coverageAccess = (report: () => CoverageReport, reset: () => void): CoverageAccess => Object.assign(report, { reset });

function publicSurface(runtime: MockRuntime, baseUrl: string, handlersFor: HandlersFor): MockApi {
  // Bound, not wrapped: a request goes from its adapter straight to `answerRequest`.
  const answer: Engine = answerRequest.bind(undefined, runtime);
  /**
   * The surface of a session. A named one is looked up by name on every use, so that an evicted one comes back
   * fresh; the default one is never evicted, and a session keeps its store for life, so it is held directly.
   */
  const sessionSurface = (name: string | undefined): MockSession => {
    const current = name === undefined ? () => runtime.sessions.defaultSession : () => runtime.sessions.use(name).session;
    return {
      name,
      get db() {
        return readerOf(current().store);
      },
      reset: (resetOptions) => runtime.reset(current(), resetOptions),
      snapshot: () => current().store.snapshot(),
      restore: (snapshot) => current().store.restore(snapshot),
      exportState: (exportOptions) =>
        exportState(
          current().store,
          name === undefined && exportOptions?.sessions ? runtime.sessions.list().map((session) => ({ name: session.name as string, store: session.store })) : undefined,
        ),
      get seed() {
        return createInserter(current().store);
      },
      faults: {
        add: (rule) => current().faults.add(rule),
        clear: () => current().faults.clear(),
        list: () => current().faults.list(),
      },
      get journal() {
        return current().journal.list();
      },
      clearJournal: () => current().journal.clear(),
      override: (operationId, resolver, overrideOptions) => current().overrides.add(operationId, resolver, overrideOptions),
      networkProfiles: (query) => networkProfiles(current().store, query),
      drafts: (query) => savedDrafts(current().store, query),
      customFields: () => registeredCustomFields(current().store),
      fetch: createFetch(answer, baseUrl, name === undefined ? [] : [[SESSION_HEADER.toLowerCase(), name]]),
      coverage: coverageAccess(
        () => sessionCoverage(runtime, name),
        () => (name === undefined ? runtime.sessions.defaultSession : runtime.sessions.peek(name))?.coverage.clear(),
      ),
    };
  };

  const mockWide: Omit<MockApi, keyof MockSession> & Pick<MockApi, 'coverage'> = {
    baseUrl,
    handlers: handlersFor(baseUrl, answer),
    keys: FIXTURE_KEYS,
    session: (name: string) => inProcess(() => sessionSurface(checkSessionName(name))),
    sessionNames: () => runtime.sessions.list().map((session) => session.name as string),
    dropSession: (name: string) => inProcess(() => runtime.sessions.drop(name)),
    answer: answersOwned(answer),
    coverage: coverageAccess(
      () => mockCoverage(runtime),
      () => resetMockCoverage(runtime),
    ),
  };
  // The default session's surface and the mock-wide members, as one object (its getters kept as getters).
  const mock = Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(sessionSurface(undefined)), ...Object.getOwnPropertyDescriptors(mockWide) }) as MockApi;
  engines.set(mock, answer);
  return mock;
}

/** Each mock's engine as the mock's own adapters call it: without the copy of every answer `mock.answer` makes. */
const engines = new WeakMap<MockApi, Engine>();

/** The engine of `mock` for an adapter of the mock's own (the node:http server), which never changes an answer's bytes. */
export const engineOf = (mock: MockApi): Engine => engines.get(mock) ?? mock.answer;

/** What makes `mock.handlers`: msw's, in every entry but `network-mock serve`, which answers over node:http only. */
export type HandlersFor = (baseUrl: string, answer: Engine) => HttpHandler[];

/**
 * The mock: its options checked, its datasets, sessions and runtime composed, its surface built. `createMockApi`
 * (create-mock-api.ts) gives it msw's handlers; `network-mock serve` none, so that it never loads msw.
 */
export function assembleMockApi(given: MockApiOptions | null, handlersFor: HandlersFor): MockApi {
  const config = checkedOptions(given);
  return publicSurface(composedRuntime(config), config.baseUrl, handlersFor);
}
