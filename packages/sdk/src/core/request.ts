import type { HeadersOptions } from 'openapi-fetch';
import type { operations } from '../generated/openapi';
import { APIPromise, type WithResponse } from './api-promise';
import { ApiConnectionError, ApiTimeoutError, errorFromResponse, ResponseValidationError } from './errors';
import { retryDelay, sleep } from './retry';
import type { Caller } from './direct';
import { endpointOf, type Pacing, pauseOnRateLimit } from './rate-limit';
import { MalformedBodyError, type Redact } from './transport';
import { validateResponse } from './validation';

/** The last argument of every call. */
export interface RequestOptions {
  /** Aborting it rejects the call with the signal's reason, also while waiting to retry. */
  signal?: AbortSignal;
  /** Milliseconds per attempt before `ApiTimeoutError`. */
  timeout?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /** Extra request headers, merged over the client's. */
  headers?: HeadersOptions;
}

export type OperationId = keyof operations;

/** What every resource needs from its client. */
export interface RequestContext {
  /** What to send the next attempt through: `client.raw` while it has middleware, the direct path otherwise. */
  caller: () => Caller;
  maxRetries: number;
  timeout: number;
  maxRetryDelay: number;
  validateResponses: boolean;
  /** Removes the API key from text that ends up in an error. */
  redact: Redact;
  /** Client-side pacing (`rateLimit`); undefined when the client does not pace. */
  pacing?: Pacing | undefined;
}

/** One attempt, sent through `client` with the signal and headers of this attempt. */
export type RawCall<D> = (
  client: Caller,
  init: {
    signal?: AbortSignal | undefined;
    headers?: HeadersOptions;
  },
) => Promise<{ data?: D; error?: unknown; response: Response }>;

/** Takes a call's result out of its successful response body (the envelope). */
export type Unwrap<D, R> = (data: D, response: Response) => R;

type Outcome<D> = { ok: true; data: D; response: Response } | { ok: false; error: unknown };

const accept = () => true;

/** Runs `call` with timeout, retries and (when enabled) response validation, and unwraps the result. */
export async function request<D, R>(
  context: RequestContext,
  operationId: OperationId,
  call: RawCall<D>,
  options: RequestOptions,
  unwrap: Unwrap<D, R>,
  check: (value: R) => boolean = accept,
): Promise<WithResponse<R>> {
  const { pacing } = context;
  const endpoint = pacing && endpointOf(operationId, call);
  let front = false;
  for (let retry = 0; ; retry++) {
    const outcome: Outcome<D> = pacing
      ? await pacing.limiter.run(
          endpoint as string,
          pacing.budget,
          { signal: options.signal, timeout: options.timeout ?? pacing.queueTimeout, front },
          () => attempt(context, operationId, call, options),
        )
      : await attempt(context, operationId, call, options);
    if (outcome.ok) {
      const { data, response } = outcome;
      if (context.validateResponses) await validateResponse(operationId, response.status, data);
      return { data: unwrapped(operationId, data, response, unwrap, check), response };
    }
    const delay = retryDelay(outcome.error, retry, {
      maxRetries: options.maxRetries ?? context.maxRetries,
      maxRetryDelay: context.maxRetryDelay,
    });
    front = pacing !== undefined && (await pauseOnRateLimit(pacing, endpoint as string, outcome.error));
    if (delay === undefined) throw outcome.error;
    if (!front) await sleep(delay, options.signal);
  }
}

/** `request` as an `APIPromise`. */
export function apiCall<D, R>(
  context: RequestContext,
  operationId: OperationId,
  call: RawCall<D>,
  options: RequestOptions | undefined,
  unwrap: Unwrap<D, R>,
): APIPromise<R> {
  return new APIPromise(request(context, operationId, call, options ?? {}, unwrap));
}

/**
 * `unwrap(data, response)`, with a 2xx body that lacks the operation's envelope (`{}`, an empty body) reported as a
 * `ResponseValidationError` instead of a TypeError from deep inside the SDK. `check` rejects results that
 * unwrapped without throwing but are still not what the operation returns.
 */
function unwrapped<D, R>(operationId: OperationId, data: D, response: Response, unwrap: Unwrap<D, R>, check: (value: R) => boolean): R {
  let value: R | undefined;
  try {
    value = unwrap(data, response);
  } catch (cause) {
    if (!(cause instanceof TypeError)) throw cause;
  }
  if (value === undefined || !check(value)) {
    throw new ResponseValidationError(operationId, response.status, [
      { path: [], message: "the body does not have this operation's response envelope" },
    ]);
  }
  return value;
}

/**
 * One attempt, settled by whichever comes first: its answer, its timeout or the caller's abort. Settling on the
 * timeout or abort itself, not on the fetch's rejection, also ends attempts whose custom fetch ignores the signal.
 */
function attempt<D>(context: RequestContext, operationId: OperationId, call: RawCall<D>, options: RequestOptions): Promise<Outcome<D>> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason as unknown);
  const timeout = options.timeout ?? context.timeout;
  const timed = Number.isFinite(timeout) && timeout > 0;
  // An AbortSignal costs more than the rest of the SDK's work on a call: make one only for a timeout, and
  // otherwise hand fetch the caller's (or none).
  const controller = timed ? new AbortController() : undefined;
  return new Promise<Outcome<D>>((resolve, reject) => {
    const onAbort = () => {
      finish();
      controller?.abort(signal?.reason);
      reject(signal?.reason as unknown);
    };
    const timer = controller
      ? setTimeout(() => {
          finish();
          controller.abort();
          resolve({ ok: false, error: new ApiTimeoutError(`Request timed out after ${timeout} ms`) });
        }, timeout)
      : undefined;
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    const answered = ({ data, error, response }: Awaited<ReturnType<RawCall<D>>>) => {
      finish();
      // What throws here rejects the attempt instead of escaping as an unhandled rejection.
      try {
        resolve(
          response.ok
            ? { ok: true, data: data as D, response }
            : { ok: false, error: errorFromResponse(response.status, error, response.headers, context.redact) },
        );
      } catch (cause) {
        reject(cause);
      }
    };
    const failed = (cause: unknown) => {
      finish();
      if (signal?.aborted) reject(signal.reason as unknown);
      else if (cause instanceof ApiConnectionError) resolve({ ok: false, error: cause });
      else if (cause instanceof MalformedBodyError) {
        reject(new ResponseValidationError(operationId, cause.status, [{ path: [], message: cause.message }]));
      } else reject(cause);
    };
    const init = { signal: controller ? controller.signal : signal, ...(options.headers !== undefined && { headers: options.headers }) };
    try {
      call(context.caller(), init).then(answered, failed);
    } catch (cause) {
      failed(cause);
    }
  });
}
