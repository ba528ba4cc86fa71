import type { CoverageLedger } from '../coverage/recorder';
import type { OperationId } from './operation-table';
import { ReadAnswers } from './read-answers';
import type { Route } from './router';
import type { Session } from './session';
import type { SessionRegistry } from './sessions';

export interface ResetOptions {
  /** Another dataset seed to build the dataset from. */
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

/** What the composition root builds a runtime from. */
export interface RuntimeParts {
  origin: string;
  basePath: string;
  routes: ReadonlyMap<OperationId, Route>;
  /** The mock's own routes, whose answers depend on the request, the data and the clock alone (not a route given). */
  builtInRoutes: ReadonlySet<Route>;
  latencyMs: number;
  control: ControlAccess;
  /** The injected clock; undefined for the system clock. */
  clock: (() => Date) | undefined;
  sessions: SessionRegistry;
  coverage: CoverageLedger;
  /** Puts a session back to the seeded dataset of its options (another seed or anchor builds that dataset). */
  resetSession(session: Session, options?: ResetOptions): void;
}

/**
 * The live state one mock instance's adapters, control API and entry points share. Its request-time parts are
 * defined here, below `answerRequest` (answer-request.ts), so a request never calls back up into the composition root.
 */
export class MockRuntime {
  /** Origin of the base URL, e.g. `https://api.network.test`. */
  readonly origin: string;
  /** Path of the base URL without a trailing slash; usually empty. */
  readonly basePath: string;
  readonly routes: ReadonlyMap<OperationId, Route>;
  readonly builtInRoutes: ReadonlySet<Route>;
  /** Milliseconds every API response is delayed by. */
  readonly latencyMs: number;
  readonly control: ControlAccess;
  /** The default session and the named ones. */
  readonly sessions: SessionRegistry;
  /** Whether requests are recorded for coverage, and the counts of the sessions dropped so far. */
  readonly coverage: CoverageLedger;
  /** Answers of reads sent again while their data is unchanged; shared by the sessions, keyed by the data's revision. */
  readonly readAnswers = new ReadAnswers();
  private readonly clock: (() => Date) | undefined;
  private readonly resetSession: RuntimeParts['resetSession'];

  constructor(parts: RuntimeParts) {
    this.origin = parts.origin;
    this.basePath = parts.basePath;
    this.routes = parts.routes;
    this.builtInRoutes = parts.builtInRoutes;
    this.latencyMs = parts.latencyMs;
    this.control = parts.control;
    this.clock = parts.clock;
    this.sessions = parts.sessions;
    this.coverage = parts.coverage;
    this.resetSession = parts.resetSession;
  }

  /** The time that passes: rate-limit windows and the journal. The injected `clock`, else the system clock. */
  currentTime(): Date {
    return this.clock ? this.clock() : new Date();
  }

  /** The time response bodies of a session use: the injected `clock`, else the dataset's anchor instant. */
  now(session: Session): Date {
    return this.clock ? this.clock() : new Date(session.store.now);
  }

  /** Back to the seeded dataset (optionally another seed or anchor); forgets faults, overrides, journal, windows. */
  reset(session: Session, options?: ResetOptions): void {
    this.resetSession(session, options);
  }
}
