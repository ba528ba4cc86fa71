import { NetworkClient, type RateLimitStore } from '@network-org/sdk';
import { redisRateLimitStore } from '@network-org/sdk-redis';
import { startMockServer } from '@network-org/mock/node';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireRedisServerInCi, type RedisServer, startRedisServer } from './redis-server';

const present = requireRedisServerInCi();

/** Waits until a just-started server is older than the tests' windows (1 s), as Redis counts uptime in whole seconds. */
const outliveFirstWindow = () => new Promise((resolve) => setTimeout(resolve, 2100));
type Client = ReturnType<typeof createClient>;

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
    redisRateLimitStore({ client: client ?? (await connect()), prefix: `test-${prefix}:` });
  const acquire = (target: RateLimitStore, requests = 3, windowMs = 1000) =>
    target.acquire('PATCH /v1/contacts/{contact_id}', { requests, windowMs, now: Date.now() });

  beforeAll(async () => {
    redis = await startRedisServer();
    // A server younger than a window grants nothing (it may have lost the window before it started); see below.
    await outliveFirstWindow();
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
    const grants = [await acquire(target), await acquire(target), await acquire(target)];
    expect(grants.map((grant) => grant.ok)).toEqual([true, true, true]);
    const refused = await acquire(target);
    expect(refused.ok).toBe(false);
    const wait = (refused as { retryAfterMs: number }).retryAfterMs;
    expect(wait).toBeGreaterThan(900);
    expect(wait).toBeLessThanOrEqual(1000);
    await new Promise((resolve) => setTimeout(resolve, wait + 5));
    expect(await acquire(target)).toMatchObject({ ok: true });
  });

  it('shares one budget between stores of different connections, and keeps endpoints apart', async () => {
    const one = await store();
    const two = await store();
    const results = await Promise.all(Array.from({ length: 10 }, (_, index) => acquire(index % 2 ? one : two, 4, 1000)));
    expect(results.filter((grant) => grant.ok)).toHaveLength(4);
    expect(await one.acquire('GET /v1/accounts', { requests: 4, windowMs: 1000, now: Date.now() })).toMatchObject({ ok: true });
  });

  it('moves a settled slot to the instant of the answer', async () => {
    const target = await store();
    const key = 'PATCH /v1/contacts/{contact_id}';
    const grant = await acquire(target, 1, 1000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await target.settle!(key, { id: (grant as { id: string }).id, now: Date.now() });
    const refused = await acquire(target, 1, 1000);
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(900);
  });

  it('loses nothing to a process that dies mid-job: its grants leave the window like any other', async () => {
    const dying = await connect();
    const doomed = await store(dying);
    for (let i = 0; i < 3; i++) expect((await acquire(doomed, 3, 800)).ok).toBe(true);
    // Gone without a word: no settle, no release.
    clients.splice(clients.indexOf(dying), 1);
    await dying.destroy();
    const survivor = await store();
    const refused = await acquire(survivor, 3, 800);
    expect(refused.ok).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, (refused as { retryAfterMs: number }).retryAfterMs + 5));
    const grants = [await acquire(survivor, 3, 800), await acquire(survivor, 3, 800), await acquire(survivor, 3, 800)];
    expect(grants.map((grant) => grant.ok)).toEqual([true, true, true]);
  });

  it('pauses an endpoint for every process until the given instant, and never shortens a pause', async () => {
    const one = await store();
    const two = await store();
    await one.pause('PATCH /v1/contacts/{contact_id}', { untilMs: Date.now() + 800, now: Date.now() });
    await two.pause('PATCH /v1/contacts/{contact_id}', { untilMs: Date.now() + 100, now: Date.now() });
    const paused = await acquire(two);
    expect(paused.ok).toBe(false);
    expect((paused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(600);
    await new Promise((resolve) => setTimeout(resolve, 820));
    expect(await acquire(one)).toMatchObject({ ok: true });
  });

  it('after a Redis restart, grants nothing for one window (the window before was lost), then goes on', async () => {
    const client = await connect();
    const target = await store(client);
    expect(await acquire(target, 3, 1500)).toMatchObject({ ok: true });
    await redis.restart();
    // The client reconnects on its own; the script is loaded again (NOSCRIPT) and the new server holds a window.
    const after = await acquire(target, 3, 1500);
    expect(after.ok).toBe(false);
    expect((after as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(400);
    await new Promise((resolve) => setTimeout(resolve, (after as { retryAfterMs: number }).retryAfterMs + 10));
    expect(await acquire(target, 3, 1500)).toMatchObject({ ok: true });
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
});
