import { ApiConnectionError, ApiError, retryAfterMs } from './errors';

/** Statuses of a request the service may have processed: sent again only when a second one changes nothing more. */
const RETRYABLE_IF_SAFE = new Set([408, 500, 502, 503, 504]);
const INITIAL_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/**
 * How long to wait before retry number `retry` (0-based) after `error`, or undefined when the error must be
 * thrown: it is not retryable, the `maxRetries` are spent, or the server asks for a wait longer than
 * `maxRetryDelay` (ms). A request that surely was not processed (a 429, a connection that failed before the
 * request left) is retried whatever the operation; one that may have been (a timeout, a 5xx, a connection lost
 * after the request was sent) only when `retrySafe`: the API takes no idempotency key, so a second request of a
 * write that is not safe to repeat would be a second write.
 */
export function retryDelay(error: unknown, retry: number, maxRetries: number, maxRetryDelay: number, retrySafe: boolean): number | undefined {
  if (retry >= maxRetries) return undefined;
  if (error instanceof ApiConnectionError) return retrySafe || notSent(error) ? backoff(retry) : undefined;
  if (!(error instanceof ApiError)) return undefined;
  if (error.status !== 429 && !(retrySafe && RETRYABLE_IF_SAFE.has(error.status))) return undefined;
  const requested = retryAfterMs(error.headers);
  if (requested === undefined) return backoff(retry);
  return requested <= maxRetryDelay ? requested : undefined;
}

// Failures of the connection's set-up (name resolution, connect, TLS): the request never left. Node's codes
// (undici's and the system's) and the words Deno, Bun and browsers use for the same failures, in a code or a message.
const NOT_SENT = /conn\w* ?refused|ENOTFOUND|EAI_AGAIN|UNREACH|UND_ERR_CONNECT|CERT/i;

/** Whether a transport failure happened before the request was sent, as its `cause` chain says (a timeout has none). */
export function notSent(error: ApiConnectionError): boolean {
  for (let cause: unknown = error.cause, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (NOT_SENT.test(`${(cause as { code?: unknown }).code} ${cause.message}`)) return true;
  }
  return false;
}

/** Exponential backoff with up to 25 % jitter, so that many clients do not retry in lockstep. */
function backoff(retry: number): number {
  const delay = Math.min(INITIAL_DELAY_MS * 2 ** retry, MAX_BACKOFF_MS);
  return delay * (1 - Math.random() * 0.25);
}
