import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NetworkClient } from '@network-org/sdk';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireRedisServerInCi, type RedisServer, startRedisServer } from './redis-server';

const present = requireRedisServerInCi();
const worker = fileURLToPath(new URL('./worker.mjs', import.meta.url));
const built = ['../../sdk/dist/index.js', '../dist/index.js'].map((path) => fileURLToPath(new URL(path, import.meta.url)));

const WORKERS = 4;
const PER_WORKER = 60;
const BUDGET = { requests: 20, windowMs: 2000 };

interface WorkerResult {
  ok: number;
  failed: string[];
}

function runWorker(input: object): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [worker, JSON.stringify(input)], { timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`worker failed: ${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout) as WorkerResult);
    });
  });
}

describe.skipIf(!present)('4 worker processes x 60 PATCHes against one mock limited to 20 requests / 2 s', () => {
  let redis: RedisServer;
  let server: MockServer;
  let accountId: string;
  let contactIds: string[];

  beforeAll(async () => {
    const missing = built.filter((path) => !existsSync(path));
    if (missing.length > 0) throw new Error(`The workers run the built packages: run \`pnpm build\` first (missing ${missing.join(', ')}).`);
    redis = await startRedisServer();
    server = await startMockServer({ port: 0, rateLimit: BUDGET });
    const client = new NetworkClient({ baseUrl: server.url, apiKey: server.mock.keys.admin });
    const [account] = await client.accounts.list();
    accountId = account!.account_id;
    contactIds = [];
    for await (const contact of client.contacts.list({ account_id: [accountId], limit: 25 })) {
      contactIds.push(contact.contact_id);
      if (contactIds.length === PER_WORKER) break;
    }
  });
  afterAll(async () => {
    await server?.close();
    await redis?.stop();
  });

  const run = (store: 'redis' | 'memory', maxRetries: number) => {
    server.mock.reset();
    const input = { baseUrl: server.url, apiKey: server.mock.keys.admin, accountId, contactIds, budget: BUDGET, maxRetries };
    return Promise.all(
      Array.from({ length: WORKERS }, (_, index) =>
        runWorker({ ...input, tag: `worker-${index}`, ...(store === 'redis' && { redisUrl: redis.url, prefix: `job-${maxRetries}:` }) }),
      ),
    );
  };
  const patches = () => server.mock.journal.filter((entry) => entry.method === 'PATCH');

  // The mock's sliding window refuses any request over the budget, so zero 429s says the job kept to it; how fast
  // it went is the machine's business (a loaded one is slower), not something a test can bound.
  it('sharing one budget through redisRateLimitStore: all 240 succeed, zero 429s', async () => {
    const results = await run('redis', 2);
    expect(results.map((result) => result.failed)).toEqual([[], [], [], []]);
    expect(results.reduce((sum, result) => sum + result.ok, 0)).toBe(WORKERS * PER_WORKER);

    const journal = patches();
    expect(journal).toHaveLength(WORKERS * PER_WORKER);
    expect(journal.filter((entry) => entry.status === 429)).toEqual([]);
  }, 120_000);

  it('each process pacing on its own (no shared store) runs into 429s: the shared store is what prevents them', async () => {
    const results = await run('memory', 0);
    const limited = patches().filter((entry) => entry.status === 429);
    expect(limited.length).toBeGreaterThan(100);
    expect(results.flatMap((result) => result.failed)).toContain('429');
  }, 60_000);
});
