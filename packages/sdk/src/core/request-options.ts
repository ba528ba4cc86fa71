import type { HeadersOptions } from 'openapi-fetch';

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
