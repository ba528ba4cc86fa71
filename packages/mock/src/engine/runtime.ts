import type { Store, StoreOptions } from '../store/index';
import type { FaultInjector } from './faults';
import type { RequestJournal } from './journal';
import type { OperationId } from './operation-table';
import type { OverrideRegistry } from './overrides';
import type { RateLimiter } from './rate-limit';
import type { Route } from './router';
import type { SessionRegistry } from './sessions';

export interface ResetOptions {
  seed?: number;
  now?: string | Date;
}

/** Who may use the `/__mock/` control API. */
export interface ControlAccess {
  /** False on a server listening on a non-loopback address: the control API then answers 404. */
  exposed: boolean;
  /** When set, `Authorization: Bearer <token>` is required (and the API is answered on any address). */
  token?: string;
}

/** One isolated state (contract §3.5): the default one, or a named one chosen with `X-Mock-Session`. */
export interface Session {
  /** Undefined for the default session. */
  readonly name: string | undefined;
  store: Store;
  /** What `reset` rebuilds the store from (its seed and `now` change with `reset({seed, now})`). */
  storeOptions: StoreOptions;
  readonly faults: FaultInjector;
  readonly journal: RequestJournal;
  /** Absent when rate limiting is off. */
  readonly rateLimiter: RateLimiter | undefined;
  readonly overrides: OverrideRegistry;
  readonly createdAt: Date;
  lastUsedAt: Date;
}

/** The live state one mock instance's adapters, control API and entry points share. */
export interface MockRuntime {
  /** Origin of the base URL, e.g. `https://api.network.test`. */
  readonly origin: string;
  /** Path of the base URL without a trailing slash; usually empty. */
  readonly basePath: string;
  readonly routes: ReadonlyMap<OperationId, Route>;
  readonly sessions: SessionRegistry;
  /** Milliseconds every API response is delayed by. */
  readonly latencyMs: number;
  readonly control: ControlAccess;
  /** The time that passes: rate-limit windows and the journal. The injected `clock`, else the system clock. */
  currentTime(): Date;
  /** The time response bodies of a session use: the injected `clock`, else the dataset's anchor instant. */
  now(session: Session): Date;
  /** The one place a session's dataset comes from: the default session's, every named one's, and every reset's. */
  createSessionStore(options: StoreOptions): Store;
  /** Back to the seeded dataset (optionally another seed or anchor); forgets faults, overrides, journal, windows. */
  reset(session: Session, options?: ResetOptions): void;
}
