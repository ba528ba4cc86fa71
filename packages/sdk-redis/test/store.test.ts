import { NetworkClient, type RateLimitStore } from '@network-org/sdk';
import { redisRateLimitStore } from '@network-org/sdk-redis';
import { startMockServer } from '@network-org/mock/node';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireRedisServerInCi, type RedisServer, startRedisServer } from './redis-server';

const present = requireRedisServerInCi();

/**
 * Waits until a just-started server is older than the tests' windows (2 s) by its own account: Redis counts uptime
 * in whole seconds, and the store takes a second off it.
 */
const outliveFirstWindow = () => new Promise((resolve) => setTimeout(resolve, 3100));
type Client = ReturnType<typeof createClient>;

const KEY = 'PATCH /v1/contacts/{contact_id}';
/**
 * The stores below keep their windows in the instants the tests pass (clock: 'caller'), so that no result depends
 * on how fast a loaded machine runs. Redis still expires keys in its own time: windows and pauses of 2 s outlast
 * the few milliseconds a test takes.
 */
const WINDOW_MS = 2000;
const T0 = Date.UTC(2026, 0, 1);

describe.skipIf(!present)('redisRateLimitStore against a real Redis', () => {
  let redis: RedisServer;
  const clients: Client[] = [];
  let prefix = 0;

  const connect = async (options: Parameters<typeof createClient>[0] = {}) => {
    const client = createClient({ url: redis.url, ...options });
    client.on('error', () => {});
    await client.connect();
    clients.push(client);
    return client;
  };
  const store = async (client?: Client): Promise<RateLimitStore> =>
    redisRateLimitStore({ client: client ?? (await connect()), prefix: `test-${prefix}:`, clock: 'caller' });
  const acquire = (target: RateLimitStore, now: number, requests = 3, windowMs = WINDOW_MS) =>
    target.acquire(KEY, { requests, windowMs, now });

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    prefix++;
    await Promise.all(clients.splice(0).map((client) => client.destroy()));
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('grants `requests` per sliding window, then says how long until the oldest grant leaves it', async () => {
    const target = await store();
    const grants = [await acquire(target, T0), await acquire(target, T0 + 10), await acquire(target, T0 + 20)];
    expect(grants.map((grant) => grant.ok)).toEqual([true, true, true]);
    const refused = await acquire(target, T0 + 50);
    expect(refused).toEqual({ ok: false, retryAfterMs: WINDOW_MS - 50 });
    expect(await acquire(target, T0 + WINDOW_MS - 1)).toEqual({ ok: false, retryAfterMs: 1 });
    expect(await acquire(target, T0 + WINDOW_MS)).toMatchObject({ ok: true });
    expect(await acquire(target, T0 + WINDOW_MS)).toEqual({ ok: false, retryAfterMs: 10 });
  });

  it("keeps its windows in Redis's clock by default, whatever instants the callers pass", async () => {
    const target = redisRateLimitStore({ client: await connect(), prefix: `test-${prefix}:` });
    const grants = [await acquire(target, T0), await acquire(target, T0), await acquire(target, T0)];
    expect(grants.map((grant) => grant.ok)).toEqual([true, true, true]);
    // In the caller's instants the window is long over; in Redis's it has only begun.
    const refused = await acquire(target, T0 + 10 * WINDOW_MS);
    expect(refused.ok).toBe(false);
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(WINDOW_MS);
  });

  it('shares one budget between stores of different connections, and keeps endpoints apart', async () => {
    const one = await store();
    const two = await store();
    const results = await Promise.all(Array.from({ length: 10 }, (_, index) => acquire(index % 2 ? one : two, T0 + index, 4)));
    expect(results.filter((grant) => grant.ok)).toHaveLength(4);
    expect(await one.acquire('GET /v1/accounts', { requests: 4, windowMs: WINDOW_MS, now: T0 + 10 })).toMatchObject({ ok: true });
  });

  it('moves a settled slot to the instant of the answer', async () => {
    const target = await store();
    const grant = await acquire(target, T0, 1);
    await target.settle!(KEY, { id: (grant as { id: string }).id, now: T0 + 400 });
    expect(await acquire(target, T0 + 450, 1)).toEqual({ ok: false, retryAfterMs: WINDOW_MS - 50 });
    expect(await acquire(target, T0 + 400 + WINDOW_MS, 1)).toMatchObject({ ok: true });
  });

  it('loses nothing to a process that dies mid-job: its grants leave the window like any other', async () => {
    const dying = await connect();
    const doomed = await store(dying);
    for (let i = 0; i < 3; i++) expect((await acquire(doomed, T0 + i)).ok).toBe(true);
    // Gone without a word: no settle, no release.
    clients.splice(clients.indexOf(dying), 1);
    await dying.destroy();
    const survivor = await store();
    expect(await acquire(survivor, T0 + 100)).toEqual({ ok: false, retryAfterMs: WINDOW_MS - 100 });
    const after = T0 + 2 + WINDOW_MS;
    const grants = [await acquire(survivor, after), await acquire(survivor, after), await acquire(survivor, after)];
    expect(grants.map((grant) => grant.ok)).toEqual([true, true, true]);
  });

  it('pauses an endpoint for every process until the given instant, and never shortens a pause', async () => {
    const one = await store();
    const two = await store();
    await one.pause(KEY, { untilMs: T0 + 1800, now: T0 });
    await two.pause(KEY, { untilMs: T0 + 100, now: T0 });
    expect(await acquire(two, T0 + 10)).toEqual({ ok: false, retryAfterMs: 1790 });
    expect(await acquire(one, T0 + 1799)).toEqual({ ok: false, retryAfterMs: 1 });
    expect(await acquire(one, T0 + 1800)).toMatchObject({ ok: true });
  });

  it('grants the first call on a server that has just started, and the calls after it, without a hold', async () => {
    await redis.restart();
    const target = await store();
    const grants = [await acquire(target, T0), await acquire(target, T0 + 10), await acquire(target, T0 + 20)];
    expect(grants.map((grant) => grant.ok)).toEqual([true, true, true]);
    expect(await acquire(target, T0 + 30)).toEqual({ ok: false, retryAfterMs: WINDOW_MS - 30 });
    // A second store, new to the endpoint, shares the same window.
    expect(await acquire(await store(), T0 + 40)).toEqual({ ok: false, retryAfterMs: WINDOW_MS - 40 });
    expect(await (await store()).acquire('GET /v1/accounts', { requests: 1, windowMs: WINDOW_MS, now: T0 + 50 })).toMatchObject({ ok: true });
    await outliveFirstWindow();
  });

  it('after a Redis restart, grants nothing for one window (the window before was lost), then goes on', async () => {
    const client = await connect();
    const target = await store(client);
    expect(await acquire(target, T0)).toMatchObject({ ok: true });
    await redis.restart();
    // The client reconnects on its own; the script is loaded again (NOSCRIPT) and the new server holds a window
    // from its start, which its uptime (whole seconds, less one) places at most 1 s before now.
    const after = await acquire(target, T0 + 10);
    expect(after.ok).toBe(false);
    const wait = (after as { retryAfterMs: number }).retryAfterMs;
    expect(wait).toBeGreaterThan(400);
    expect(await acquire(target, T0 + 10 + wait - 1)).toEqual({ ok: false, retryAfterMs: 1 });
    expect(await acquire(target, T0 + 10 + wait)).toMatchObject({ ok: true });
    // Let later tests start on a server older than their windows.
    await outliveFirstWindow();
  });

  it('fails a call with RateLimitStoreError while Redis is unreachable (nothing sent), and the job goes on after', async () => {
    const client = await connect({ disableOfflineQueue: true, socket: { reconnectStrategy: 50 } });
    let sent = 0;
    const network = new NetworkClient({
      apiKey: 'sk_test_admin',
      baseUrl: 'https://api.network.test',
      rateLimit: { requests: 50, windowMs: 1000 },
      rateLimitStore: await store(client),
      maxRetries: 0,
      fetch: async () => {
        sent++;
        return new Response(JSON.stringify({ data: { accounts: [] } }), { headers: { 'content-type': 'application/json' } });
      },
    });
    await expect(network.accounts.list()).resolves.toEqual([]);
    await redis.crash();
    await expect(network.accounts.list()).rejects.toMatchObject({ name: 'RateLimitStoreError' });
    expect(sent).toBe(1);
    await redis.restart();
    while (!client.isReady) await new Promise((resolve) => setTimeout(resolve, 20));
    // The new server's first window passes in the queue; then the call is sent.
    await expect(network.accounts.list()).resolves.toEqual([]);
    expect(sent).toBe(2);
  });

  it('a job through a Redis that restarts mid-job goes on after the reconnect, with zero 429s from the server', async () => {
    // Windows longer than the answers take even on a loaded machine: a slot counts from its grant until its answer.
    const budget = { requests: 5, windowMs: 3000 };
    const server = await startMockServer({ port: 0, rateLimit: budget, contactsPerAccount: 10 });
    try {
      const client = await connect();
      const network = new NetworkClient({
        baseUrl: server.url,
        apiKey: server.mock.keys.admin,
        rateLimit: budget,
        rateLimitStore: await store(client),
      });
      const batch = () => Promise.all(Array.from({ length: budget.requests }, () => network.organizations.list()));
      // A full window spent, Redis lost with it, and the next batch asked for at once.
      await expect(batch()).resolves.toHaveLength(5);
      await redis.restart();
      while (!client.isReady) await new Promise((resolve) => setTimeout(resolve, 10));
      await expect(Promise.all([batch(), batch()])).resolves.toHaveLength(2);
      const journal = server.mock.journal.filter((entry) => entry.path === '/v1/organization');
      expect(journal).toHaveLength(15);
      expect(journal.filter((entry) => entry.status === 429)).toEqual([]);
    } finally {
      await server.close();
    }
    await outliveFirstWindow();
  }, 30_000);

  it('refuses something that is not a node-redis client', () => {
    expect(() => redisRateLimitStore({ client: {} as never })).toThrow(/needs a node-redis client/);
  });

  it('refuses a clock it does not know', () => {
    const client = { sendCommand: async () => 0 };
    expect(() => redisRateLimitStore({ client, clock: 'local' as never })).toThrow(/clock is 'redis' \(default\) or 'caller'/);
  });
});
