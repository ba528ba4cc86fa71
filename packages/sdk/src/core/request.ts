import { operationRoutes } from '@network-org/spec/routes';
import type { WithResponse } from './api-promise';
import { ApiConnectionError, ApiTimeoutError, errorFromResponse, ResponseValidationError } from './errors';
import { type ReceivedResponse, type Endpoint, pathOf, type Send } from './http';
import type { AttemptLog, AttemptRecord } from './logger';
import type { OperationId } from './operations';
import type { Redactor } from './redact';
import type { RequestOptions } from './request-options';
import { abortable, sleep, timeoutMs } from './abortable';
import { retryDelay } from './retry';
import { checkResponse, type ResponseValidator } from './validation';
import { type Pacing, paced, pauseOnRateLimit } from './rate-limit';

/** What every resource needs from its client. */
export interface RequestContext {
  send: Send;
  maxRetries: number;
  timeout: number;
  maxRetryDelay: number;
  /** The `validateResponses` option: checks every successful response body. */
  validate: ResponseValidator | undefined;
  redactor: Redactor;
  /** One line per attempt, when logging is on. */
  log: AttemptLog | undefined;
  /** Client-side pacing (`rateLimit`); undefined when the client does not pace. */
  pacing?: Pacing | undefined;
}

/** Takes a call's result out of its successful response body (the envelope). */
export type Unwrap<D, R> = (data: D, response: Response) => R | undefined;

type Outcome = { ok: true; received: ReceivedResponse } | { ok: false; error: unknown; status: AttemptRecord['status'] };

/**
 * Runs one call: its attempts with timeout, retries, logging and (when enabled) response validation, and
 * unwraps the result. Every attempt of every call passes through this loop, in order: this is where a client-side
 * rate limit waits for its turn before an attempt and where a 429 would pause the endpoint.
 */
export async function request<D, R>(
  context: RequestContext,
  operationId: OperationId,
  endpoint: Endpoint,
  options: RequestOptions,
  unwrap: Unwrap<D, R>,
): Promise<WithResponse<R>> {
  const maxRetries = options.maxRetries ?? context.maxRetries;
  const retrySafe = options.retrySafe ?? operationRoutes[operationId].retrySafe;
  const { pacing } = context;
  const key = pacing && `${endpoint.method} ${endpoint.path}`;
  let front = false;
  for (let retry = 0; ; retry++) {
    const started = context.log ? Date.now() : 0;
    const logAttempt = (status: AttemptRecord['status'], retryInMs?: number) =>
      context.log?.({ method: endpoint.method, path: pathOf(endpoint), status, attempt: retry + 1, ms: Date.now() - started, retryInMs });
    let outcome: Outcome;
    try {
      outcome = pacing
        ? await paced(
            pacing,
            key as string,
            { signal: options.signal, timeout: options.timeout ?? pacing.queueTimeout, front },
            () => attempt(context, operationId, endpoint, options),
          )
        : await attempt(context, operationId, endpoint, options);
    } catch (error) {
      // The status of a response that failed past its status line (too large, not JSON), when there was one.
      const status = (error as { status?: unknown } | undefined)?.status;
      logAttempt(options.signal?.aborted ? 'aborted' : typeof status === 'number' ? status : 'failed');
      throw error;
    }
    if (outcome.ok) {
      const { body, response } = outcome.received;
      logAttempt(response.status);
      if (context.validate) checkResponse(context.validate, operationId, response.status, body, context.redactor.text);
      return { data: unwrapped(operationId, body as D, response, unwrap), response };
    }
    const delay = retryDelay(outcome.error, retry, maxRetries, context.maxRetryDelay, retrySafe);
    logAttempt(outcome.status, delay);
    // A 429 pauses the endpoint's whole queue; the retry then waits at its head instead of sleeping on its own.
    front = pacing !== undefined && (await pauseOnRateLimit(pacing, key as string, outcome.error));
    if (delay === undefined) throw outcome.error;
    if (!front) await sleep(delay, options.signal);
  }
}

/**
 * `unwrap(data, response)`, with a 2xx body that lacks the operation's envelope (`{}`, an empty body, a page without
 * its items) reported as a `ResponseValidationError` instead of a TypeError from deep inside the SDK: an unwrap
 * throws a TypeError, or gives undefined, for a body it cannot take its result from.
 */
function unwrapped<D, R>(operationId: OperationId, data: D, response: Response, unwrap: Unwrap<D, R>): R {
  let value: R | undefined;
  try {
    value = unwrap(data, response);
  } catch (cause) {
    if (!(cause instanceof TypeError)) throw cause;
  }
  if (value === undefined) {
    throw new ResponseValidationError(operationId, response.status, [
      { path: [], message: "the body lacks the operation's envelope" },
    ]);
  }
  return value;
}

/**
 * One attempt, settled by whichever comes first: its answer, its timeout or the caller's abort. Settling on the
 * timeout or abort itself, not on the fetch's rejection, also ends attempts whose custom fetch ignores the signal.
 * An error status or a transport failure resolves (the loop decides on a retry); anything else rejects.
 */
function attempt(context: RequestContext, operationId: OperationId, endpoint: Endpoint, options: RequestOptions): Promise<Outcome> {
  const { signal, headers } = options;
  const timeout = timeoutMs(options.timeout ?? context.timeout);
  // A timeout aborts the request itself (a request left open keeps a Node process alive, and a browser's request
  // running, until the runtime gives up on it): fetch gets the signal of a controller of the attempt's own, which
  // the caller's abort also aborts. Without a timeout, fetch gets the caller's signal, or none.
  const controller = timeout === undefined ? undefined : new AbortController();
  return abortable<Outcome>(
    signal,
    timeout,
    () => {
      controller?.abort();
      return { ok: false, status: 'timeout', error: new ApiTimeoutError(`Request timed out after ${timeout} ms`) };
    },
    (settle) => {
      try {
        context.send(operationId, endpoint, { signal: controller ? controller.signal : signal, headers }).then(
          (received) =>
            settle(() => {
              const { response } = received;
              return response.ok
                ? { ok: true, received }
                : { ok: false, status: response.status, error: errorFromResponse(response.status, received.body, context.redactor.headers(response.headers), context.redactor.text) };
            }),
          (cause) => settle(() => failed(cause)),
        );
      } catch (cause) {
        settle(() => failed(cause));
      }
    },
    (aborted) => aborted && controller?.abort(signal?.reason),
  );
}

// The caller's abort settles the attempt first (abortable listens before the request starts), so a failure seen
// here is never the abort's.
function failed(cause: unknown): Outcome {
  if (!(cause instanceof ApiConnectionError)) throw cause;
  return { ok: false, status: 'connection error', error: cause };
}
