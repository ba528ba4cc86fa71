import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiTimeoutError,
  memoryRateLimitStore,
  NetworkError,
  type RateLimitStore,
  RateLimitStoreError,
} from '@network-org/sdk';
import { client, contact, errorReply, fakeFetch, json, type RecordedCall, settle } from './helpers';

const updated = (call: RecordedCall) => json({ data: { contact: contact(call.url.pathname.split('/').pop() as string) } });
const body = { account_id: '101', tags: { add: [{ name: 'vip', color: 'green' }] } };

/** The fetch calls made so far, as `contact ids` in the order sent, with the fake clock's time of each. */
function sentLog(calls: RecordedCall[], times: number[]) {
  return calls.map((call, index) => `${call.url.pathname.split('/').pop()}@${times[index]}`);
}

function timedFetch(...replies: Parameters<typeof fakeFetch>) {
  const { fetch, calls } = fakeFetch(...replies);
  const times: number[] = [];
  const start = Date.now();
  const timed = (url: string, init: RequestInit) => {
    times.push(Date.now() - start);
    return fetch(url, init);
  };
  return { fetch: timed, calls, times };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('rateLimit', () => {
  it('sends the calls of one endpoint in FIFO order, a budget per window (each held 1 % longer than the server’s)', async () => {
    const { fetch, calls, times } = timedFetch(updated);
    const network = client(fetch, { rateLimit: { requests: 2, windowMs: 1000 } });
    const results = ['1', '2', '3', '4', '5'].map((id) => network.contacts.update(id, body));
    await vi.advanceTimersByTimeAsync(3000);
    await expect(Promise.all(results)).resolves.toHaveLength(5);
    expect(sentLog(calls, times)).toEqual(['1@0', '2@0', '3@1010', '4@1010', '5@2020']);
  });

  it('does not pace without the option (the default), and paces every endpoint on its own', async () => {
    const unpaced = timedFetch(updated);
    const free = client(unpaced.fetch);
    await Promise.all(['1', '2', '3', '4'].map((id) => free.contacts.update(id, body)));
    expect(unpaced.times).toEqual([0, 0, 0, 0]);

    const { fetch, calls, times } = timedFetch((call) =>
      call.method === 'PATCH' ? updated(call) : json({ data: { accounts: [] } }),
    );
    const network = client(fetch, { rateLimit: { requests: 1, windowMs: 1000 } });
    const both = Promise.all([network.contacts.update('1', body), network.accounts.list(), network.contacts.update('2', body)]);
    await vi.advanceTimersByTimeAsync(1100);
    await both;
    expect(calls.map((call, index) => `${call.method} ${call.url.pathname}@${times[index]}`)).toEqual([
      'PATCH /v1/contacts/1@0',
      'GET /v1/accounts@0',
      'PATCH /v1/contacts/2@1010',
    ]);
  });

  it('counts a slot from the answer, since the server counted the request some time before it', async () => {
    const slow = (call: RecordedCall) => new Promise<Response>((resolve) => setTimeout(() => resolve(updated(call)), 300));
    const { fetch, calls, times } = timedFetch(slow);
    const network = client(fetch, { rateLimit: { requests: 1, windowMs: 1000 } });
    const both = Promise.all([network.contacts.update('1', body), network.contacts.update('2', body)]);
    await vi.advanceTimersByTimeAsync(2000);
    await both;
    expect(sentLog(calls, times)).toEqual(['1@0', '2@1310']);
  });

  it('holds the window 5 % longer with a store that cannot settle (slots then count from their grant)', async () => {
    const { fetch, calls, times } = timedFetch(updated);
    const memory = memoryRateLimitStore();
    const grantOnly: RateLimitStore = { acquire: (key, request) => memory.acquire(key, request), pause: (key, pause) => memory.pause(key, pause) };
    const network = client(fetch, { rateLimit: { requests: 1, windowMs: 1000 }, rateLimitStore: grantOnly });
    const both = Promise.all([network.contacts.update('1', body), network.contacts.update('2', body)]);
    await vi.advanceTimersByTimeAsync(1100);
    await both;
    expect(sentLog(calls, times)).toEqual(['1@0', '2@1050']);
  });

  it('lets an aborted call leave the queue without spending budget', async () => {
    const { fetch, calls, times } = timedFetch(updated);
    const network = client(fetch, { rateLimit: { requests: 1, windowMs: 1000 } });
    const controller = new AbortController();
    const first = network.contacts.update('1', body);
    const aborted = settle(network.contacts.update('2', body, { signal: controller.signal }));
    const third = network.contacts.update('3', body);
    const fourth = network.contacts.update('4', body);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort(new Error('no longer needed'));
    expect((await aborted).error).toEqual(new Error('no longer needed'));
    await vi.advanceTimersByTimeAsync(2000);
    await Promise.all([first, third, fourth]);
    expect(sentLog(calls, times)).toEqual(['1@0', '3@1010', '4@2020']);
  });

  it("rejects a call still queued after its own timeout with ApiTimeoutError; the client's default timeout does not bound the queue", async () => {
    const { fetch, calls, times } = timedFetch(updated);
    const network = client(fetch, { rateLimit: { requests: 1, windowMs: 1000 } });
    const first = network.contacts.update('1', body);
    const late = settle(network.contacts.update('2', body, { timeout: 300 }));
    const patient = network.contacts.update('3', body);
    await vi.advanceTimersByTimeAsync(300);
    const { error } = await late;
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect((error as Error).message).toMatch(/waiting for the rate limit of PATCH \/v1\/contacts\/\{contact_id\}/);
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all([first, patient]);
    expect(sentLog(calls, times)).toEqual(['1@0', '3@1010']);

    // 300 queued calls at 1 per 1.01 s wait far longer than the default 60 s timeout, and all are sent.
    const many = Array.from({ length: 70 }, (_, index) => network.contacts.update(String(index + 10), body));
    await vi.advanceTimersByTimeAsync(75_000);
    await expect(Promise.all(many)).resolves.toHaveLength(70);
  });

  it('bounds the queue by a timeout given to the client', async () => {
    const { fetch, calls } = timedFetch(updated);
    const network = client(fetch, { rateLimit: { requests: 1, windowMs: 1000 }, timeout: 200 });
    const first = network.contacts.update('1', body);
    const late = settle(network.contacts.update('2', body));
    await vi.advanceTimersByTimeAsync(200);
    expect((await late).error).toBeInstanceOf(ApiTimeoutError);
    await first;
    expect(calls).toHaveLength(1);
  });

  it("pauses the endpoint's whole queue on a 429 with Retry-After, and retries that call first", async () => {
    let replies = 0;
    const { fetch, calls, times } = timedFetch((call) => {
      if (call.method === 'GET') return json({ data: { accounts: [] } });
      return ++replies === 1 ? errorReply(429, 'rate_limited', 'Too many requests', { 'Retry-After': '3' }) : updated(call);
    });
    const network = client(fetch, { rateLimit: { requests: 10, windowMs: 1000 } });
    const first = network.contacts.update('1', body);
    await vi.advanceTimersByTimeAsync(10);
    const later = ['2', '3'].map((id) => network.contacts.update(id, body));
    const other = network.accounts.list();
    await vi.advanceTimersByTimeAsync(100);
    // Another endpoint is not paused; this one sends nothing until the Retry-After has passed.
    expect(sentLog(calls, times)).toEqual(['1@0', 'accounts@10']);
    await vi.advanceTimersByTimeAsync(3000);
    await Promise.all([first, ...later, other]);
    expect(sentLog(calls, times)).toEqual(['1@0', 'accounts@10', '1@3000', '2@3000', '3@3000']);
  });

  it('shares one FIFO queue between clients given the same store (what a copy of a client gets)', async () => {
    const { fetch, calls, times } = timedFetch(updated);
    const rateLimitStore = memoryRateLimitStore();
    const one = client(fetch, { rateLimit: { requests: 1, windowMs: 1000 }, rateLimitStore });
    const two = client(fetch, { rateLimit: { requests: 1, windowMs: 1000 }, rateLimitStore });
    const all = Promise.all([one.contacts.update('1', body), two.contacts.update('2', body), one.contacts.update('3', body)]);
    await vi.advanceTimersByTimeAsync(2100);
    await all;
    expect(sentLog(calls, times)).toEqual(['1@0', '2@1010', '3@2020']);
  });

  it('shares the client’s own queue and budget with its withOptions copies', async () => {
    const { fetch, calls, times } = timedFetch(updated);
    const base = client(fetch, { rateLimit: { requests: 1, windowMs: 1000 } });
    const copy = base.withOptions({ maxRetries: 0 });
    const all = Promise.all([base.contacts.update('1', body), copy.contacts.update('2', body), copy.withOptions({}).contacts.update('3', body)]);
    await vi.advanceTimersByTimeAsync(2100);
    await all;
    expect(sentLog(calls, times)).toEqual(['1@0', '2@1010', '3@2020']);
  });

  it('shares one budget between clients given the same store', async () => {
    const { fetch, times } = timedFetch(updated);
    const rateLimitStore = memoryRateLimitStore();
    const one = client(fetch, { rateLimit: { requests: 2, windowMs: 1000 }, rateLimitStore });
    const two = client(fetch, { rateLimit: { requests: 2, windowMs: 1000 }, rateLimitStore });
    const all = Promise.all([one.contacts.update('1', body), two.contacts.update('2', body), two.contacts.update('3', body)]);
    await vi.advanceTimersByTimeAsync(1100);
    await all;
    expect(times).toEqual([0, 0, 1010]);
  });

  it('fails the queued calls with RateLimitStoreError when the store fails, sends nothing, and asks the store again next time', async () => {
    const { fetch, calls } = timedFetch(updated);
    let down = true;
    const memory = memoryRateLimitStore();
    const flaky: RateLimitStore = {
      acquire: (key, request) => (down ? Promise.reject(new Error('connection lost')) : memory.acquire(key, request)),
      pause: (key, pause) => memory.pause(key, pause),
    };
    const network = client(fetch, { rateLimit: 'service', rateLimitStore: flaky });
    const failed = await Promise.all(['1', '2'].map((id) => settle(network.contacts.update(id, body))));
    for (const { error } of failed) {
      expect(error).toBeInstanceOf(RateLimitStoreError);
      expect((error as Error).cause).toEqual(new Error('connection lost'));
    }
    expect(calls).toHaveLength(0);
    down = false;
    await expect(network.contacts.update('3', body)).resolves.toMatchObject({ contact_id: '3' });
  });

  it('refuses a malformed rateLimit at construction', () => {
    const { fetch } = fakeFetch(updated);
    for (const rateLimit of [{ requests: 0, windowMs: 1000 }, { requests: 1.5, windowMs: 1000 }, { requests: 5, windowMs: -1 }, 'fast']) {
      expect(() => client(fetch, { rateLimit: rateLimit as never })).toThrow(NetworkError);
    }
  });
});
