import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiConnectionError, ApiTimeoutError } from '@network-org/sdk';
import { client, errorReply, fakeFetch, hangingFetch, json, settle } from './helpers';

afterEach(() => {
  vi.useRealTimers();
});

/** A fetch that answers `answer()` (never, when absent) and keeps the signal it was given. */
function signalKeepingFetch(answer?: () => Response) {
  let signal: AbortSignal | null | undefined;
  const fetch = (_url: string, init: RequestInit) => {
    signal = init.signal;
    return answer ? Promise.resolve(answer()) : new Promise<Response>(() => {});
  };
  return { fetch, signal: () => signal };
}

/** A JSON body that sends its first bytes and then nothing. */
function stalledBody(): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"data":'));
    },
  });
}

describe('timeouts', () => {
  it('rejects with ApiTimeoutError when no answer comes within the timeout', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = hangingFetch();
    const outcome = settle(client(fetch, { timeout: 1_000, maxRetries: 0 }).accounts.list());
    await vi.advanceTimersByTimeAsync(1_000);
    const { error } = await outcome;
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(error).toBeInstanceOf(ApiConnectionError);
    expect(calls()).toBe(1);
  });

  it('times out even when a custom fetch ignores the signal', async () => {
    vi.useFakeTimers();
    const fetch = () => new Promise<Response>(() => {});
    const outcome = settle(client(fetch, { timeout: 500, maxRetries: 0 }).accounts.list());
    await vi.advanceTimersByTimeAsync(500);
    expect((await outcome).error).toBeInstanceOf(ApiTimeoutError);
  });

  it('aborts the signal fetch was given when the timeout fires before an answer', async () => {
    vi.useFakeTimers();
    const { fetch, signal } = signalKeepingFetch();
    const outcome = settle(client(fetch, { timeout: 1_000, maxRetries: 0 }).accounts.list());
    await vi.advanceTimersByTimeAsync(999);
    expect(signal()?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await outcome).error).toBeInstanceOf(ApiTimeoutError);
    expect(signal()?.aborted).toBe(true);
  });

  it('aborts the signal fetch was given when the timeout fires while the body is read', async () => {
    vi.useFakeTimers();
    const { fetch, signal } = signalKeepingFetch(() => new Response(stalledBody(), { headers: { 'content-type': 'application/json' } }));
    const outcome = settle(client(fetch, { timeout: 1_000, maxRetries: 0 }).accounts.list());
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await outcome).error).toBeInstanceOf(ApiTimeoutError);
    expect(signal()?.aborted).toBe(true);
  });

  it("aborts the signal fetch was given when the caller aborts, with a timeout set", async () => {
    const { fetch, signal } = signalKeepingFetch();
    const controller = new AbortController();
    const reason = new Error('stop');
    const promise = client(fetch, { timeout: 60_000 }).accounts.list({ signal: controller.signal });
    controller.abort(reason);
    await expect(promise).rejects.toBe(reason);
    expect(signal()?.aborted).toBe(true);
  });

  it('takes a per-call timeout and retries a timed-out attempt', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = hangingFetch();
    const outcome = settle(client(fetch, { timeout: 60_000, maxRetries: 1 }).accounts.list({ timeout: 100 }));
    await vi.runAllTimersAsync();
    expect((await outcome).error).toBeInstanceOf(ApiTimeoutError);
    expect(calls()).toBe(2);
  });
});

describe('caller abort', () => {
  it('rejects with the caller’s abort reason while the request is in flight', async () => {
    const { fetch } = hangingFetch();
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    const promise = client(fetch).accounts.list({ signal: controller.signal });
    controller.abort(reason);
    await expect(promise).rejects.toBe(reason);
  });

  it('rejects with the caller’s reason even when a custom fetch ignores the signal', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const promise = client(() => new Promise<Response>(() => {})).accounts.list({ signal: controller.signal });
    controller.abort(reason);
    await expect(promise).rejects.toBe(reason);
  });

  it('rejects with the caller’s reason and aborts the fetch when the call has no timeout', async () => {
    let fetchSignal: AbortSignal | undefined;
    const { fetch } = hangingFetch();
    const controller = new AbortController();
    const reason = new Error('cancelled without a timeout');
    const promise = client(
      (url, init) => {
        fetchSignal = init.signal ?? undefined;
        return fetch(url, init);
      },
      { timeout: Number.POSITIVE_INFINITY },
    ).accounts.list({ signal: controller.signal });
    controller.abort(reason);
    await expect(promise).rejects.toBe(reason);
    expect(fetchSignal?.aborted).toBe(true);
  });

  it('rejects at once with the reason when the signal is already aborted, without a request', async () => {
    const { fetch, calls } = fakeFetch(json({ data: { accounts: [] } }));
    const reason = new Error('already cancelled');
    await expect(client(fetch).accounts.list({ signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(calls).toHaveLength(0);
  });

  it('stops waiting to retry when the caller aborts', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = fakeFetch(errorReply(503, 'internal_error'));
    const controller = new AbortController();
    const reason = new Error('stop');
    const outcome = settle(client(fetch).accounts.list({ signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(0);
    controller.abort(reason);
    await vi.runAllTimersAsync();
    expect((await outcome).error).toBe(reason);
    expect(calls).toHaveLength(1);
  });

  it('passes the abort to a list walk', async () => {
    const { fetch } = hangingFetch();
    const controller = new AbortController();
    const reason = new Error('walk cancelled');
    const walk = (async () => {
      for await (const _ of client(fetch).contacts.list({}, { signal: controller.signal })) {
        // never reached
      }
    })();
    controller.abort(reason);
    await expect(walk).rejects.toBe(reason);
  });
});
