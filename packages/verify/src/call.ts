// What one call of a scenario is: its request, the target's answer, and what a scenario throws to end early.
import type { OperationId } from '@network-org/sdk';
import type { WireAnswer } from './target/transport';

/** Which key a request carries. */
export type KeyRole = 'admin' | 'member';

/** A request of one operation, in wire names. */
export interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Headers over the client's: `Authorization: null` sends none. */
  headers?: Record<string, string | null>;
  key?: KeyRole;
  /** The rate-limit probe's calls: a 429 is the answer it looks for, not a failure to wait. */
  probe?: boolean;
  /** No retries and no 429 waits: one attempt (the checks before the run). */
  once?: boolean;
}

/** The target's final answer to one call (after the SDK's retries and 429 waits), with the call that asked. */
export interface Answer extends WireAnswer {
  operation: OperationId;
  request: CallInput;
}

/** Sends one request and gives its answer: `callOperation` bound to a run, or a scenario's checked `call`. */
export type Call = (operation: OperationId, input?: CallInput) => Promise<Answer>;

/** Thrown by `skip`: the scenario cannot run here; its reason goes into the report. */
export class Skip extends Error {
  override name = 'Skip';
}

/** Thrown by `stop`: the scenario found its differences and cannot safely go on; they are its outcome. */
export class Stop extends Error {
  override name = 'Stop';
}
