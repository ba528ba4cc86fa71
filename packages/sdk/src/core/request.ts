import type { Client, HeadersOptions } from 'openapi-fetch';
import type { operations, paths } from '../generated/openapi';
import { APIPromise, type WithResponse } from './api-promise';
import { ApiConnectionError, ApiTimeoutError, errorFromResponse, ResponseValidationError } from './errors';
import { retryDelay, sleep } from './retry';
import { MalformedBodyError } from './transport';
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
  raw: Client<paths>;
  maxRetries: number;
  timeout: number;
  maxRetryDelay: number;
  validateResponses: boolean;
  /** Removes the API key from text that ends up in an error. */
  redact: (text: string) => string;
}

/** One attempt through openapi-fetch, with the signal and headers of this attempt. */
export type RawCall<D> = (init: {
  signal: AbortSignal;
  headers?: HeadersOptions;
}) => Promise<{ data?: D; error?: unknown; response: Response }>;

type Outcome<D> = { ok: true; data: D; response: Response } | { ok: false; error: unknown };

/** Runs `call` with timeout, retries and (when enabled) response validation. */
export async function request<D>(
  context: RequestContext,
  operationId: OperationId,
  call: RawCall<D>,
  options: RequestOptions = {},
): Promise<WithResponse<D>> {
  const policy = {
    maxRetries: options.maxRetries ?? context.maxRetries,
    maxRetryDelay: context.maxRetryDelay,
  };
  for (let retry = 0; ; retry++) {
    const outcome = await attempt(context, operationId, call, options);
    if (outcome.ok) {
      if (context.validateResponses) {
        await validateResponse(operationId, outcome.response.status, outcome.data);
      }
      return { data: outcome.data, response: outcome.response };
    }
    const delay = retryDelay(outcome.error, retry, policy);
    if (delay === undefined) throw outcome.error;
    await sleep(delay, options.signal);
  }
}

/** `request`, with the payload unwrapped from its envelope, as an `APIPromise`. */
export function apiCall<D, R>(
  context: RequestContext,
  operationId: OperationId,
  call: RawCall<D>,
  options: RequestOptions | undefined,
  unwrap: (data: D, response: Response) => R,
): APIPromise<R> {
  return new APIPromise(
    request(context, operationId, call, options).then(({ data, response }) => ({
      data: unwrapped(operationId, response, () => unwrap(data, response)),
      response,
    })),
  );
}

/**
 * `unwrap()`, with a 2xx body that lacks the operation's envelope (`{}`, an empty body) reported as a
 * `ResponseValidationError` instead of a TypeError from deep inside the SDK. `check` rejects results that
 * unwrapped without throwing but are still not what the operation returns.
 */
export function unwrapped<R>(operationId: OperationId, response: Response, unwrap: () => R, check: (value: R) => boolean = () => true): R {
  let value: R | undefined;
  try {
    value = unwrap();
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

async function attempt<D>(
  context: RequestContext,
  operationId: OperationId,
  call: RawCall<D>,
  options: RequestOptions,
): Promise<Outcome<D>> {
  const { signal } = options;
  if (signal?.aborted) throw signal.reason;
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const timeout = options.timeout ?? context.timeout;
  let timedOut = false;
  const timer =
    Number.isFinite(timeout) && timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout)
      : undefined;
  try {
    const result = await untilAborted(
      call({ signal: controller.signal, ...(options.headers !== undefined && { headers: options.headers }) }),
      controller.signal,
    );
    if (result.response.ok) return { ok: true, data: result.data as D, response: result.response };
    return {
      ok: false,
      error: errorFromResponse(result.response.status, result.error, result.response.headers, context.redact),
    };
  } catch (cause) {
    if (signal?.aborted) throw signal.reason;
    if (timedOut) return { ok: false, error: new ApiTimeoutError(`Request timed out after ${timeout} ms`) };
    if (cause instanceof ApiConnectionError) return { ok: false, error: cause };
    if (cause instanceof MalformedBodyError) {
      throw new ResponseValidationError(operationId, cause.status, [{ path: [], message: cause.message }]);
    }
    throw cause;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Settles with `promise`, or rejects as soon as `signal` aborts, even if a custom fetch ignores the signal. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
