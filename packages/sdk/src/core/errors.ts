// A leaf: the error classes import nothing from the rest of the SDK, so every layer may throw them.
import type { ErrorBody } from '@network-org/spec/openapi';

/** One of the error codes of the service description (section 7). */
export type ErrorCode = ErrorBody['code'];

/** One way a response body differs from the spec: where (a path into the body) and how. */
export interface ValidationIssue {
  path: PropertyKey[];
  message: string;
}

/** `Retry-After` in milliseconds: integer seconds or an HTTP-date; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Base class of every error the SDK throws itself. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** The service answered with an error status. */
export class ApiError extends NetworkError {
  override name = 'ApiError';
  declare readonly status: number;
  declare readonly code: ErrorCode;
  declare readonly debug: string | undefined;
  declare readonly headers: Headers;

  constructor(status: number, body: Partial<ErrorBody> | undefined, headers: Headers) {
    super(body?.message || `Request failed with status ${status}`);
    this.status = status;
    this.code = body?.code ?? byStatus(status)[1];
    this.debug = body?.debug;
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
  declare readonly retryAfter: number | undefined;

  constructor(status: number, body: Partial<ErrorBody> | undefined, headers: Headers) {
    super(status, body, headers);
    const delay = retryAfterMs(headers);
    this.retryAfter = delay && Math.ceil(delay / 1000);
  }
}

/** 500 and every other 5xx without a class of its own. */
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}

/** 502: the service could not reach the network provider. Also an `InternalServerError`, as every 5xx is. */
export class UpstreamError extends InternalServerError {
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

/** The redirects never ended (fetch gives up after 20): a server misconfiguration, so it is not retried. */
export class TooManyRedirectsError extends NetworkError {
  override name = 'TooManyRedirectsError';
}

/** A response body larger than the client's `maxResponseBytes`; reading stopped there, and it is not retried. */
export class ResponseTooLargeError extends NetworkError {
  override name = 'ResponseTooLargeError';
  /** The HTTP status of the response whose body was too large. */
  declare readonly status: number;
  /** The limit it went over (`maxResponseBytes`). */
  declare readonly maxResponseBytes: number;

  constructor(status: number, maxResponseBytes: number) {
    super(`Response body (status ${status}) over maxResponseBytes (${maxResponseBytes})`);
    this.status = status;
    this.maxResponseBytes = maxResponseBytes;
  }
}

/**
 * A list whose server sent a cursor it had already sent in the same walk (or an empty page that claims more
 * under the cursor that fetched it): following it would loop forever, so the walk ends with this error.
 */
export class PaginationLoopError extends NetworkError {
  override name = 'PaginationLoopError';

  constructor(message = 'The server repeated a pagination cursor') {
    super(message);
  }
}

/** With `validateResponses`, a response that does not match the spec's schema. */
export class ResponseValidationError extends NetworkError {
  override name = 'ResponseValidationError';
  declare readonly operationId: string;
  declare readonly status: number;
  /** The schema violations, each with the path of the offending field. */
  declare readonly issues: ValidationIssue[];

  constructor(operationId: string, status: number, issues: ValidationIssue[]) {
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

/**
 * Builds the error class that matches the response status, with the body's texts passed through `redact`; the
 * caller gives headers already redacted.
 */
export function errorFromResponse(status: number, body: unknown, headers: Headers, redact: (text: string) => string): ApiError {
  const ErrorClass = byStatus(status)[0];
  return new ErrorClass(status, toErrorBody(body, redact), headers);
}

// Each status's class and the code it gets when the answer lacks the service's error body (a proxy, a gateway).
const BY_STATUS: Partial<Record<number, [typeof ApiError, ErrorCode]>> = {
  400: [BadRequestError, 'bad_request'],
  401: [AuthenticationError, 'unauthorized'],
  403: [PermissionDeniedError, 'forbidden'],
  404: [NotFoundError, 'not_found'],
  409: [ConflictError, 'conflict'],
  429: [RateLimitError, 'rate_limit_exceeded'],
  502: [UpstreamError, 'upstream_error'],
};

function byStatus(status: number): [typeof ApiError, ErrorCode] {
  return BY_STATUS[status] ?? (status >= 500 ? [InternalServerError, 'internal_error'] : [ApiError, 'bad_request']);
}

function toErrorBody(body: unknown, redact: (text: string) => string): Partial<ErrorBody> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields: Record<string, string> = {};
  for (const name of ['code', 'message', 'debug']) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === 'string') fields[name] = redact(value);
  }
  return fields;
}
