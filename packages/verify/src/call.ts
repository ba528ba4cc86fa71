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
  /** Query arrays sent in their other documented form: one parameter, the values comma-separated (`a=1,2`). */
  commaSeparated?: string[];
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

/**
 * Thrown when a request verify sends for itself (the read before a record is first changed, a write that sets up
 * what a scenario checks, a restore) is refused: the scenario errors with this as its reason, loudly, since a
 * refused write may leave a record changed on the target (the ledger lists it in `writes.left`).
 */
export class OwnStepRefused extends Error {
  override name = 'OwnStepRefused';
}

/** `status code: message` of an error answer, for a reason a person reads. */
export function refusalOf(answer: Answer): string {
  const body = answer.body as { code?: unknown; message?: unknown } | undefined;
  const code = typeof body?.code === 'string' ? ` ${body.code}` : '';
  const message = typeof body?.message === 'string' ? ` (${JSON.stringify(body.message)})` : '';
  return `${answer.status}${code}${message}`;
}
