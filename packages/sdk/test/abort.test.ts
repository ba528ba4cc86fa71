import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiConnectionError, ApiTimeoutError } from '@network-org/sdk';
import { bundleSdkSources, client, errorReply, fakeFetch, hangingFetch, json, settle } from './helpers';

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

  it('times out every attempt at its own deadline, whatever the other calls of the client did', async () => {
    vi.useFakeTimers();
    let answer = true;
    const { fetch: hanging } = hangingFetch();
    const fetch = (url: string, init: RequestInit) =>
      answer ? Promise.resolve(json({ data: { accounts: [] } })) : hanging(url, init);
    const network = client(fetch, { timeout: 1_000, maxRetries: 0 });
    await network.accounts.list();
    await vi.advanceTimersByTimeAsync(500);
    answer = false;
    const later = settle(network.accounts.list());
    const longer = settle(network.accounts.list({ timeout: 3_000 }));
    const shorter = settle(network.accounts.list({ timeout: 200 }));
    let settled = '';
    void shorter.then(() => (settled += 'shorter '));
    void later.then(() => (settled += 'later '));
    void longer.then(() => (settled += 'longer'));
    await vi.advanceTimersByTimeAsync(199);
    expect(settled).toBe('');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('shorter ');
    await vi.advanceTimersByTimeAsync(799);
    expect(settled).toBe('shorter ');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('shorter later ');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(settled).toBe('shorter later ');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('shorter later longer');
    for (const outcome of [later, longer, shorter]) expect((await outcome).error).toBeInstanceOf(ApiTimeoutError);
  });

  it('leaves no timer behind where timers are numbers (browsers, Deno), and still times out there', async () => {
    const { setTimeout: set, clearTimeout: clear } = globalThis;
    const live = new Set<number>();
    vi.stubGlobal('setTimeout', (run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const id: number = Number(set(() => (live.delete(id), run(...args)), ms));
      live.add(id);
      return id;
    });
    vi.stubGlobal('clearTimeout', (id: number | undefined) => {
      if (id !== undefined) live.delete(id);
      clear(id);
    });
    try {
      let answer = true;
      const { fetch: hanging } = hangingFetch();
      const fetch = (url: string, init: RequestInit) =>
        answer ? Promise.resolve(json({ data: { accounts: [] } })) : hanging(url, init);
      const network = client(fetch, { timeout: 60_000, maxRetries: 0 });
      for (let call = 0; call < 3; call++) await network.accounts.list();
      await Promise.all([network.accounts.list(), network.accounts.list()]);
      expect(live.size).toBe(0);
      answer = false;
      expect((await settle(network.accounts.list({ timeout: 20 }))).error).toBeInstanceOf(ApiTimeoutError);
      expect(live.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
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

describe('a Node process and the timeouts of its calls', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs `body` as an ES module in a new Node process, with `NetworkClient` and `ApiTimeoutError` of the SDK's sources. */
  async function runNode(body: string) {
    dir = mkdtempSync(join(tmpdir(), 'sdk-timeouts-'));
    const entry = join(dir, 'sdk.mjs');
    await bundleSdkSources(entry);
    const script = `const { NetworkClient, ApiTimeoutError } = await import(${JSON.stringify(entry)});\n${body}`;
    // Far below the 5 and 10 minute timeouts of the first test: a process held by one of them is killed, and seen as such.
    return spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, NODE_OPTIONS: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
  }

  it('ends with its last call: a timeout that never fired does not hold it', async () => {
    const run = await runNode(`
      const fetch = async () => new Response('{"data":{"accounts":[]}}', { headers: { 'content-type': 'application/json' } });
      const network = new NetworkClient({ apiKey: 'sk_test_exit', baseUrl: 'https://api.network.test', fetch, timeout: 600_000 });
      await network.accounts.list();
      await Promise.all([network.accounts.list(), network.accounts.list({ timeout: 300_000 })]);
      console.log('done');
    `);
    expect(run.signal, run.stderr).toBeNull();
    expect(run.stdout).toBe('done\n');
    expect(run.status).toBe(0);
  });

  it('stays until a pending call times out, even when nothing else holds it', async () => {
    const run = await runNode(`
      const fetch = () => new Promise(() => {});
      const network = new NetworkClient({ apiKey: 'sk_test_exit', baseUrl: 'https://api.network.test', fetch, maxRetries: 0 });
      for (const timeout of [100, 200]) {
        await network.accounts.list({ timeout }).catch((error) => console.log(error instanceof ApiTimeoutError));
      }
    `);
    expect(run.signal, run.stderr).toBeNull();
    expect(run.stdout).toBe('true\ntrue\n');
    expect(run.status).toBe(0);
  });
});
