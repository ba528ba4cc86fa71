import type { Store, StoreOptions } from '../store/index';
import type { FaultInjector } from './faults';
import type { RequestJournal } from './journal';
import type { OverrideRegistry } from './overrides';
import type { RateLimiter } from './rate-limit';

/** One isolated state: the default one, or a named one chosen with `X-Mock-Session`. */
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
