import { describe, expect, it } from 'vitest';
import {
  ApiConnectionError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UpstreamError,
  isApiError,
} from '@network-org/sdk';
import { API_KEY, client, errorReply, fakeFetch, settle } from './helpers';

const cases = [
  [400, 'bad_request', BadRequestError],
  [401, 'unauthorized', AuthenticationError],
  [403, 'account_shared_access_required', PermissionDeniedError],
  [404, 'not_found', NotFoundError],
  [409, 'conflict', ConflictError],
  [429, 'rate_limit_exceeded', RateLimitError],
  [500, 'internal_error', InternalServerError],
  [502, 'upstream_error', UpstreamError],
  [503, 'internal_error', InternalServerError],
] as const;

describe('errors', () => {
  it.each(cases)('status %i becomes %s as its class, with status, code, message and headers', async (status, code, ErrorClass) => {
    const { fetch } = fakeFetch(
      new Response(JSON.stringify({ code, message: 'What went wrong', debug: 'trace-1' }), {
        status,
        headers: { 'content-type': 'application/json', 'x-request-id': 'req_9' },
      }),
    );
    const { error } = await settle(client(fetch, { maxRetries: 0 }).accounts.list());
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, code, message: 'What went wrong', debug: 'trace-1' });
    expect((error as ApiError).headers.get('x-request-id')).toBe('req_9');
  });

  it('keeps a meaningful code when the body is not the service’s error body', async () => {
    const { fetch } = fakeFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const { error } = await settle(client(fetch, { maxRetries: 0 }).accounts.list());
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ status: 502, code: 'upstream_error', debug: undefined });
  });

  it('makes a 502 an UpstreamError that is also an InternalServerError, as every 5xx is', async () => {
    const { fetch } = fakeFetch(errorReply(502, 'upstream_error'));
    const { error } = await settle(client(fetch, { maxRetries: 0 }).accounts.list());
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as Error).name).toBe('UpstreamError');
  });

  it('gives RateLimitError.retryAfter in seconds from Retry-After', async () => {
    const { fetch } = fakeFetch(errorReply(429, 'rate_limit_exceeded', 'Slow down', { 'retry-after': '4' }));
    const { error } = await settle(client(fetch, { maxRetries: 0 }).accounts.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(4);
  });

  it('narrows the code with isApiError', async () => {
    const { fetch } = fakeFetch(errorReply(403, 'billing_insufficient_credits'));
    const { error } = await settle(client(fetch).enrich({ account_id: '101', contact_id: '2001' }));
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 'billing_insufficient_credits', 'billing_invalid')).toBe(true);
    expect(isApiError(error, 'forbidden')).toBe(false);
    expect(isApiError(new Error('other'))).toBe(false);
  });

  it('wraps transport failures as ApiConnectionError with a copy of the cause', async () => {
    const failure = new TypeError('fetch failed');
    const { fetch } = fakeFetch(failure);
    const { error } = await settle(client(fetch, { maxRetries: 0 }).accounts.list());
    expect(error).toBeInstanceOf(ApiConnectionError);
    // A copy of the cause (name and message), so that nothing the transport put in it can carry the key.
    expect((error as Error).cause).toMatchObject({ name: 'TypeError', message: 'fetch failed' });
  });

  it('never puts the API key into an error, even when the server or transport echoes it', async () => {
    const echoes = [
      errorReply(401, 'unauthorized', `Invalid API key ${API_KEY}`),
      errorReply(500, 'internal_error', `boom for Bearer ${API_KEY}`),
      new TypeError(`connect failed with Authorization: Bearer ${API_KEY}`),
    ];
    for (const echo of echoes) {
      const { fetch } = fakeFetch(echo);
      const { error } = await settle(client(fetch, { maxRetries: 0 }).accounts.list());
      expect(error).toBeInstanceOf(Error);
      const thrown = error as Error;
      const serialized = [
        thrown.message,
        thrown.stack,
        JSON.stringify(thrown),
        JSON.stringify(Object.entries(thrown)),
        String(thrown),
      ].join('\n');
      expect(serialized).not.toContain(API_KEY);
    }
  });
});
