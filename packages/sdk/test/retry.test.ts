import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiConnectionError, BadRequestError, InternalServerError, RateLimitError } from '@network-org/sdk';
import { client, errorReply, fakeFetch, json, settle } from './helpers';

const accounts = () => json({ data: { accounts: [] } });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retries', () => {
  it.each([408, 500, 502, 503, 504])('retries status %i and then succeeds', async (status) => {
    const { fetch, calls } = fakeFetch(errorReply(status, 'internal_error'), accounts());
    const promise = client(fetch).accounts.list();
    await vi.runAllTimersAsync();
    await expect(promise).resolves.toEqual([]);
    expect(calls).toHaveLength(2);
  });

  it('retries connection failures', async () => {
    const { fetch, calls } = fakeFetch(new TypeError('fetch failed'), accounts());
    const promise = client(fetch).accounts.list();
    await vi.runAllTimersAsync();
    await expect(promise).resolves.toEqual([]);
    expect(calls).toHaveLength(2);
  });

  it('gives up after maxRetries (2 by default) with the last error', async () => {
    const { fetch, calls } = fakeFetch(errorReply(503, 'internal_error'));
    const outcome = settle(client(fetch).accounts.list());
    await vi.runAllTimersAsync();
    expect((await outcome).error).toBeInstanceOf(InternalServerError);
    expect(calls).toHaveLength(3);
  });

  it('takes maxRetries from the client and lets a call override it', async () => {
    const { fetch, calls } = fakeFetch(new TypeError('fetch failed'));
    const network = client(fetch, { maxRetries: 4 });
    const first = settle(network.accounts.list());
    await vi.runAllTimersAsync();
    expect((await first).error).toBeInstanceOf(ApiConnectionError);
    expect(calls).toHaveLength(5);

    const second = settle(network.accounts.list({ maxRetries: 0 }));
    await vi.runAllTimersAsync();
    expect((await second).error).toBeInstanceOf(ApiConnectionError);
    expect(calls).toHaveLength(6);
  });

  it.each([400, 401, 403, 404, 409, 422])('never retries status %i', async (status) => {
    const { fetch, calls } = fakeFetch(errorReply(status, 'bad_request'), accounts());
    const outcome = settle(client(fetch).accounts.list());
    await vi.runAllTimersAsync();
    expect((await outcome).error).toMatchObject({ status });
    expect(calls).toHaveLength(1);
  });

  it('backs off exponentially with jitter', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { fetch, calls } = fakeFetch(errorReply(500, 'internal_error'), errorReply(500, 'internal_error'), accounts());
    const promise = client(fetch).accounts.list();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    await expect(promise).resolves.toEqual([]);
  });

  it('shortens the wait by up to a quarter as jitter', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const { fetch, calls } = fakeFetch(errorReply(500, 'internal_error'), accounts());
    const promise = client(fetch).accounts.list();
    await vi.advanceTimersByTimeAsync(374);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(calls).toHaveLength(2);
    await expect(promise).resolves.toEqual([]);
  });

  it('waits the Retry-After of a 429 before retrying', async () => {
    const { fetch, calls } = fakeFetch(
      errorReply(429, 'rate_limit_exceeded', 'Slow down', { 'retry-after': '7' }),
      accounts(),
    );
    const promise = client(fetch).accounts.list();
    await vi.advanceTimersByTimeAsync(6_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await expect(promise).resolves.toEqual([]);
  });

  it('accepts Retry-After as an HTTP-date', async () => {
    vi.setSystemTime(new Date('2026-01-15T12:00:00Z'));
    const { fetch, calls } = fakeFetch(
      errorReply(429, 'rate_limit_exceeded', 'Slow down', { 'retry-after': 'Thu, 15 Jan 2026 12:00:03 GMT' }),
      accounts(),
    );
    const promise = client(fetch).accounts.list();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await expect(promise).resolves.toEqual([]);
  });

  it('throws RateLimitError at once when Retry-After is above maxRetryDelay', async () => {
    const { fetch, calls } = fakeFetch(errorReply(429, 'rate_limit_exceeded', 'Slow down', { 'retry-after': '61' }), accounts());
    const { error } = await settle(client(fetch).accounts.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(61);
    expect(calls).toHaveLength(1);

    const lowCap = fakeFetch(errorReply(429, 'rate_limit_exceeded', 'Slow down', { 'retry-after': '2' }), accounts());
    const capped = await settle(client(lowCap.fetch, { maxRetryDelay: 1_000 }).accounts.list());
    expect(capped.error).toBeInstanceOf(RateLimitError);
    expect(lowCap.calls).toHaveLength(1);
  });

  it('backs off on a 429 without Retry-After', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { fetch, calls } = fakeFetch(errorReply(429, 'rate_limit_exceeded'), accounts());
    const promise = client(fetch).accounts.list();
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await expect(promise).resolves.toEqual([]);
  });

  it('does not retry a 429 when retries are off', async () => {
    const { fetch, calls } = fakeFetch(errorReply(429, 'rate_limit_exceeded', 'Slow down', { 'retry-after': '1' }));
    const { error } = await settle(client(fetch, { maxRetries: 0 }).accounts.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(calls).toHaveLength(1);
  });

  it('retries writes too, with the same body', async () => {
    const { fetch, calls } = fakeFetch(errorReply(502, 'upstream_error'), json({ data: { contact: {}, warnings: [] } }, 201));
    const body = { account_id: '101', network_url: 'https://www.network.com/in/grace-hopper' };
    const promise = client(fetch).contacts.import(body);
    await vi.runAllTimersAsync();
    await expect(promise).resolves.toMatchObject({ created: true });
    expect(calls.map((call) => call.body)).toEqual([body, body]);
  });

  it('does not retry a 400', async () => {
    const { fetch } = fakeFetch(errorReply(400, 'bad_request'));
    const { error } = await settle(client(fetch).accounts.list());
    expect(error).toBeInstanceOf(BadRequestError);
  });
});
