import type { HttpHandler } from 'msw';
import { networkProfiles, registeredCustomFields, savedDrafts, type NetworkProfilesQuery } from './control/operations';
import { FaultInjector, type FaultRule } from './engine/faults';
import { createHandlers, handleRequest } from './engine/handler';
import { RequestJournal, type JournalEntry } from './engine/journal';
import type { OperationId } from './engine/operation-table';
import { RateLimiter } from './engine/rate-limit';
import type { Route } from './engine/router';
import type { ControlAccess, MockRuntime, ResetOptions } from './engine/runtime';
import { routes as defaultRoutes } from './routes/index';
import { exportState, storeFromState } from './store/state-file';
import { createSeeder, type Seeder } from './control/seed';
import { createStore, FIXTURE_KEYS, type Store, type StoreOptions, type StoreReader, type StoreSnapshot } from './store/index';

export const DEFAULT_BASE_URL = 'https://api.network.test';

export interface MockApiOptions extends StoreOptions {
  /** Where the handlers answer; default `https://api.network.test`. */
  baseUrl?: string;
  /** 50 requests / 10 s per client and endpoint, as the service; `false` turns it off. Default on. */
  rateLimit?: boolean;
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
  /**
   * Start from a state `mock.exportState()` gave (JSON text). Its dataset options (seed, now, sizes) replace the
   * ones given here; a state of another format version, or a broken one, throws.
   */
  state?: string;
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

export interface MockApi {
  readonly baseUrl: string;
  /** MSW handlers: `setupServer(...mock.handlers)` or `setupWorker(...mock.handlers)`. */
  readonly handlers: HttpHandler[];
  /** The fixture API keys of contract §4. */
  readonly keys: FixtureKeys;
  /** The in-memory dataset, read-only: change it through the API, `mock.seed` or `restore`. */
  readonly db: StoreReader;
  /**
   * Back to the seeded dataset (instant: nothing is rebuilt) and forgets faults, journal and rate windows; with
   * another `seed` or `now`, builds that dataset instead.
   */
  reset(options?: ResetOptions): void;
  /** An immutable handle on the whole state (dataset, drafts, imports): later changes never reach it. */
  snapshot(): MockSnapshot;
  /** Puts a snapshot's state back. */
  restore(snapshot: MockSnapshot): void;
  /** The whole state as JSON text (versioned): `createMockApi({state})` or `PUT /__mock/state` starts from it. */
  exportState(): string;
  /**
   * Puts your own records in (contract §3.3): each returns the record as the API shows it, visible at once to every
   * endpoint. Input the API could never produce throws a MockApiError (code bad_request) and changes nothing.
   */
  readonly seed: Seeder;
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
  let store = options.state === undefined ? createStore(storeOptions) : storeFromState(options.state);
  if (options.state !== undefined) Object.assign(storeOptions, store.origin.options);
  const faults = new FaultInjector();
  const journal = new RequestJournal();
  const rateLimiter = options.rateLimit === false ? undefined : new RateLimiter();
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
      const seed = resetOptions.seed ?? store.seed;
      const now = resetOptions.now === undefined ? store.now : new Date(resetOptions.now);
      if (seed === store.seed && now.getTime() === store.now.getTime()) {
        store.reset();
      } else {
        // The same store object takes the new dataset, so whoever holds it sees the change.
        store.adopt(createStore({ ...storeOptions, seed, now }));
        storeOptions.seed = seed;
        storeOptions.now = now;
      }
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
    snapshot: () => store.snapshot(),
    exportState: () => exportState(store),
    seed: createSeeder(store),
    restore: (snapshot) => store.restore(snapshot),
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
export type { ResetOptions } from './engine/runtime';
export type { NetworkProfile, NetworkProfilesQuery } from './control/operations';
export { StateFileError } from './store/state-file';
export type {
  Seeder,
  SeedActivityEventInput,
  SeedCompanyInput,
  SeedContactInput,
  SeedConversationInput,
  SeedCustomFieldInput,
  SeedMessageInput,
  SeedNetworkProfileInput,
  SeedViewInput,
} from './control/seed';
export { FIXTURE_KEYS };
