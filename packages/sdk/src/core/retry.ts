import { ApiConnectionError, ApiError, retryAfterMs } from './errors';

const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
const INITIAL_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/**
 * How long to wait before retry number `retry` (0-based) after `error`, or undefined when the error
 * must be thrown: it is not retryable, the `maxRetries` are spent, or the server asks for a wait longer than
 * `maxRetryDelay` (ms).
 */
export function retryDelay(error: unknown, retry: number, maxRetries: number, maxRetryDelay: number): number | undefined {
  if (retry >= maxRetries) return undefined;
  if (error instanceof ApiConnectionError) return backoff(retry);
  if (!(error instanceof ApiError) || !RETRYABLE_STATUSES.has(error.status)) return undefined;
  const requested = retryAfterMs(error.headers);
  if (requested === undefined) return backoff(retry);
  return requested <= maxRetryDelay ? requested : undefined;
}

/** Exponential backoff with up to 25 % jitter, so that many clients do not retry in lockstep. */
function backoff(retry: number): number {
  const delay = Math.min(INITIAL_DELAY_MS * 2 ** retry, MAX_BACKOFF_MS);
  return delay * (1 - Math.random() * 0.25);
}
