import type { HttpHandler } from 'msw';
import { networkProfiles, registeredCustomFields, savedDrafts, type NetworkProfilesQuery } from './control/operations';
import { FaultInjector, type FaultRule } from './engine/faults';
import { createHandlers, handleRequest } from './engine/handler';
import { RequestJournal, type JournalEntry } from './engine/journal';
import type { OperationId } from './engine/operation-table';
import { RateLimiter, rateLimitBudget, type RateLimitOption } from './engine/rate-limit';
import type { Route } from './engine/router';
import type { ControlAccess, MockRuntime, ResetOptions } from './engine/runtime';
import { routes as defaultRoutes } from './routes/index';
import { createStore, FIXTURE_KEYS, type Store, type StoreOptions } from './store/index';

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
   * windows and the dataset's `now` for response bodies, so the same seed gives the same bytes. */
  clock?: () => Date;
  /** Milliseconds every API response is delayed by; default 0. */
  latency?: number;
  /** Requires `Authorization: Bearer <token>` on the `/__mock/` control API. */
  controlToken?: string;
  /** Whether the control API answers without a token; default true (the standalone server decides by address). */
  controlExposed?: boolean;
  /** The route table; default every operation of the spec. */
  routes?: readonly Route[];
}

export type FixtureKeys = typeof FIXTURE_KEYS;

export interface FaultControl {
  /** The next `count` (default 1) requests matching `method` and `path` fail as the rule says. */
  add(rule: FaultRule): void;
  clear(): void;
  list(): FaultRule[];
}

export interface MockApi {
  readonly baseUrl: string;
  /** MSW handlers: `setupServer(...mock.handlers)` or `setupWorker(...mock.handlers)`. */
  readonly handlers: HttpHandler[];
  /** The fixture API keys of contract §4. */
  readonly keys: FixtureKeys;
  /** The in-memory dataset (replaced by `reset`). */
  readonly db: Store;
  /** Rebuilds the dataset (same options, or the given seed and anchor) and forgets faults, journal and rate windows. */
  reset(options?: ResetOptions): void;
  readonly faults: FaultControl;
  /** Requests answered so far, oldest first. */
  readonly journal: readonly JournalEntry[];
  clearJournal(): void;
  /** Profiles of the network, e.g. `{imported: false, limit: 5}` for URLs to import. */
  networkProfiles(query?: NetworkProfilesQuery): ReturnType<typeof networkProfiles>;
  /** Saved drafts (the service has no read endpoint for them). */
  drafts(query?: { account_id?: string }): ReturnType<typeof savedDrafts>;
  /** Registered custom fields per organization, with their types. */
  customFields(): ReturnType<typeof registeredCustomFields>;
  /** Answers one request without MSW (what the handlers call). */
  fetch(request: Request): Promise<Response>;
}

export function createMockApi(options: MockApiOptions = {}): MockApi {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const storeOptions: StoreOptions = { ...options };
  let store = createStore(storeOptions);
  const faults = new FaultInjector();
  const journal = new RequestJournal();
  const budget = rateLimitBudget(options.rateLimit);
  const rateLimiter = budget && new RateLimiter(budget);
  const control: ControlAccess = { exposed: options.controlExposed ?? true };
  if (options.controlToken !== undefined) control.token = options.controlToken;
  const routeTable = new Map<OperationId, Route>((options.routes ?? defaultRoutes).map((route) => [route.operationId, route]));
  const clock = options.clock;

  const runtime: MockRuntime = {
    get store() {
      return store;
    },
    routes: routeTable,
    faults,
    journal,
    rateLimiter,
    latencyMs: options.latency ?? 0,
    control,
    currentTime: () => (clock ? clock() : new Date()),
    now: () => (clock ? clock() : new Date(store.now)),
    reset(resetOptions = {}) {
      if (resetOptions.seed !== undefined) storeOptions.seed = resetOptions.seed;
      if (resetOptions.now !== undefined) storeOptions.now = resetOptions.now;
      store = createStore(storeOptions);
      faults.clear();
      journal.clear();
      rateLimiter?.clear();
    },
  };

  return {
    baseUrl,
    handlers: createHandlers(runtime, baseUrl),
    keys: FIXTURE_KEYS,
    get db() {
      return store;
    },
    reset: (resetOptions) => runtime.reset(resetOptions),
    faults: {
      add: (rule) => faults.add(rule),
      clear: () => faults.clear(),
      list: () => faults.list(),
    },
    get journal() {
      return journal.list();
    },
    clearJournal: () => journal.clear(),
    networkProfiles: (query) => networkProfiles(store, query),
    drafts: (query) => savedDrafts(store, query),
    customFields: () => registeredCustomFields(store),
    fetch: (request) => handleRequest(runtime, request, basePath),
  };
}

export { defineRoute, type Route, type RouteContext, type RouteHandler, type RouteResult } from './engine/router';
export { MockApiError } from './engine/errors';
export type { FaultRule } from './engine/faults';
export type { JournalEntry } from './engine/journal';
export type { RateLimitBudget, RateLimitOption } from './engine/rate-limit';
export type { ResetOptions } from './engine/runtime';
export type { NetworkProfile, NetworkProfilesQuery } from './control/operations';
export { FIXTURE_KEYS };
