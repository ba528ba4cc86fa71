import type { HeadersOptions } from 'openapi-fetch';

/** The last argument of every call. */
export interface RequestOptions {
  /** Aborting it rejects the call with the signal's reason, also while waiting to retry. */
  signal?: AbortSignal;
  /** Milliseconds per attempt before `ApiTimeoutError`. */
  timeout?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /**
   * Whether a second request of this call changes nothing more than the first, so that it may be sent again after
   * an attempt the service may have processed (a timeout, a 5xx, a connection lost after sending). Default: the
   * operation's own (true for reads, updates, import and drafts; false for view creation, enrich and find-email).
   * `true` opts a call in (a view whose creation you check for), `false` out. A 429, or a connection that failed
   * before the request was sent, is retried either way (`maxRetries: 0` turns every retry off).
   */
  retrySafe?: boolean;
  /** Extra request headers, merged over the client's. */
  headers?: HeadersOptions;
}
