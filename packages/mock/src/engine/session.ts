import type { SessionCoverage } from '../coverage/recorder';
import type { Store } from '../store/index';
import type { FaultInjector } from './faults';
import type { RequestJournal } from './journal';
import type { OverrideRegistry } from './overrides';
import type { RateLimiter } from './rate-limit';

/** One isolated state: the default one, or a named one chosen with `X-Mock-Session`. */
export interface Session {
  /** Undefined for the default session. */
  readonly name: string | undefined;
  /** The session's data for its whole life: a reset to another dataset re-points it (`store.reset(to)`). */
  readonly store: Store;
  readonly faults: FaultInjector;
  readonly journal: RequestJournal;
  /** Absent when rate limiting is off. */
  readonly rateLimiter: RateLimiter | undefined;
  readonly overrides: OverrideRegistry;
  /** What the session's requests exercised of the spec; kept across `reset()`, cleared by `coverage.reset()`. */
  readonly coverage: SessionCoverage;
  readonly createdAt: Date;
  lastUsedAt: Date;
  /**
   * For a session that started from the seeded dataset (not from a state file): the instant it started, until its
   * first answer carries it in `X-Mock-Session-Started`.
   */
  startNotice: string | undefined;
}
