import type { ErrorBody } from '@network-org/spec/openapi';
import { retryAfterMs } from './retry-after';

/** One of the error codes of the service description (section 7). */
export type ErrorCode = ErrorBody['code'];

/** Base class of every error the SDK throws itself. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** The service answered with an error status. */
export class ApiError extends NetworkError {
  override name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly debug: string | undefined;
  readonly headers: Headers;

  constructor(status: number, body: Partial<ErrorBody> | undefined, headers: Headers) {
    super(body?.message || `Request failed with status ${status}`);
    this.status = status;
    this.code = body?.code ?? fallbackCode(status);
    this.debug = body?.debug ?? undefined;
    this.headers = headers;
  }
}

export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
  declare readonly status: 400;
}

export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
  declare readonly status: 401;
}

export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
  declare readonly status: 403;
}

export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
  declare readonly status: 404;
}

export class ConflictError extends ApiError {
  override name = 'ConflictError';
  declare readonly status: 409;
}

export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  declare readonly status: 429;
  /** Seconds the service asks to wait before the next request (`Retry-After`), when it said so. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: Partial<ErrorBody> | undefined, headers: Headers) {
    super(status, body, headers);
    const delay = retryAfterMs(headers);
    this.retryAfter = delay === undefined ? undefined : Math.ceil(delay / 1000);
  }
}

/** 500 and every other 5xx without a class of its own. */
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}

export class UpstreamError extends ApiError {
  override name = 'UpstreamError';
  declare readonly status: 502;
}

/** The request never got an answer: DNS, refused connection, reset, CORS. */
export class ApiConnectionError extends NetworkError {
  override name = 'ApiConnectionError';
}

/** No answer within the request's `timeout`. */
export class ApiTimeoutError extends ApiConnectionError {
  override name = 'ApiTimeoutError';
}

/** With `validateResponses: true`, a response that does not match the spec's schema. */
export class ResponseValidationError extends NetworkError {
  override name = 'ResponseValidationError';
  readonly operationId: string;
  readonly status: number;
  /** The schema violations, each with the path of the offending field. */
  readonly issues: { path: PropertyKey[]; message: string }[];

  constructor(operationId: string, status: number, issues: { path: PropertyKey[]; message: string }[]) {
    const first = issues[0];
    const where = first ? ` at ${first.path.map(String).join('.') || '(root)'}: ${first.message}` : '';
    super(`Response of ${operationId} (status ${status}) does not match the spec${where}`);
    this.operationId = operationId;
    this.status = status;
    this.issues = issues;
  }
}

/** Narrows `error` to an `ApiError`, and its `code` to the given codes when any are given. */
export function isApiError<C extends ErrorCode = ErrorCode>(
  error: unknown,
  ...codes: C[]
): error is ApiError & { code: C } {
  return error instanceof ApiError && (codes.length === 0 || (codes as ErrorCode[]).includes(error.code));
}

/** Builds the error class that matches the response status. */
export function errorFromResponse(
  status: number,
  body: unknown,
  headers: Headers,
  redact: (text: string) => string = (text) => text,
): ApiError {
  const errorBody = toErrorBody(body, redact);
  const ErrorClass = errorClassFor(status);
  return new ErrorClass(status, errorBody, headers);
}

function errorClassFor(status: number): typeof ApiError {
  switch (status) {
    case 400:
      return BadRequestError;
    case 401:
      return AuthenticationError;
    case 403:
      return PermissionDeniedError;
    case 404:
      return NotFoundError;
    case 409:
      return ConflictError;
    case 429:
      return RateLimitError;
    case 502:
      return UpstreamError;
    default:
      return status >= 500 ? InternalServerError : ApiError;
  }
}

// A proxy or gateway may answer without the service's error body; keep the code meaningful anyway.
function fallbackCode(status: number): ErrorCode {
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
      return status >= 500 ? 'internal_error' : 'bad_request';
  }
}

function toErrorBody(body: unknown, redact: (text: string) => string): Partial<ErrorBody> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message, debug } = body as Record<string, unknown>;
  return {
    ...(typeof code === 'string' && { code: code as ErrorCode }),
    ...(typeof message === 'string' && { message: redact(message) }),
    ...(typeof debug === 'string' && { debug: redact(debug) }),
  };
}
