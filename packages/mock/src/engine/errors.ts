import type { ErrorBody } from '@network-org/spec/openapi';

export type ErrorCode = ErrorBody['code'];

/** Thrown anywhere while a request is handled; the engine answers it as `{code, message}`. */
export class MockApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'MockApiError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message };
  }
}

export const badRequest = (message: string) => new MockApiError(400, 'bad_request', message);
export const unauthorized = (message: string) => new MockApiError(401, 'unauthorized', message);
export const forbidden = (message: string) => new MockApiError(403, 'forbidden', message);
export const notFound = (message: string) => new MockApiError(404, 'not_found', message);
export const conflict = (message: string) => new MockApiError(409, 'conflict', message);
export const upstreamError = (message: string) => new MockApiError(502, 'upstream_error', message);
export const internalError = (message: string) => new MockApiError(500, 'internal_error', message);
export const accountSharedAccessRequired = (message: string) =>
  new MockApiError(403, 'account_shared_access_required', message);
export const billingFeatureNotAvailable = (message: string) =>
  new MockApiError(403, 'billing_feature_not_available', message);
export const billingInsufficientCredits = (message: string) =>
  new MockApiError(403, 'billing_insufficient_credits', message);
export const rateLimitExceeded = (retryAfterSeconds: number) =>
  new MockApiError(429, 'rate_limit_exceeded', `Rate limit exceeded: retry in ${retryAfterSeconds} s.`, {
    'Retry-After': String(retryAfterSeconds),
  });

/** The code an injected fault answers with when the fault names none. */
export function defaultCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 429:
      return 'rate_limit_exceeded';
    case 502:
      return 'upstream_error';
    default:
      return 'internal_error';
  }
}
