import type { Store } from '../store/index';
import type { FaultInjector } from './faults';
import type { RequestJournal } from './journal';
import type { OperationId } from './operation-table';
import type { RateLimiter } from './rate-limit';
import type { Route } from './router';

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

/** The live state one mock instance's handlers, control API and entry points share. */
export interface MockRuntime {
  readonly store: Store;
  readonly routes: ReadonlyMap<OperationId, Route>;
  readonly faults: FaultInjector;
  readonly journal: RequestJournal;
  /** Absent when rate limiting is off. */
  readonly rateLimiter: RateLimiter | undefined;
  /** Milliseconds every API response is delayed by. */
  readonly latencyMs: number;
  readonly control: ControlAccess;
  /** The time that passes: rate-limit windows and the journal. The injected `clock`, else the system clock. */
  currentTime(): Date;
  /** The time response bodies use: the injected `clock`, else the dataset's anchor instant. */
  now(): Date;
  reset(options?: ResetOptions): void;
}

export const sleep = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
