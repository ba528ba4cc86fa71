// Tag every contact of a view from N worker processes that share one rate-limit budget in Redis: together they
// never exceed the limit, and one progress bar covers the whole job.
//   pnpm exec tsx bulk-update-across-workers.ts [--workers 4] [--view-id 901] [--tag Bulk] [--redis-url redis://...]
// Offline it starts its own mock server (limited to 20 requests / 2 s per endpoint, so the demo runs in seconds)
// and its own redis-server (Debian: apt-get install redis-server). With NETWORK_BASE_URL and NETWORK_API_KEY it
// runs against the service at the service's budget and needs --redis-url (or REDIS_URL).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NetworkClient, type RateLimitOption } from '@network-org/sdk';
import { redisRateLimitStore } from '@network-org/sdk-redis';
import { createClient } from 'redis';
import { main, parseArgs, stringArg } from './lib/args';
import { Progress } from './lib/terminal';

/** What the coordinator hands each worker (as JSON in argv). */
interface WorkerTask {
  baseUrl: string;
  apiKey: string;
  redisUrl: string;
  prefix: string;
  rateLimit: RateLimitOption;
  accountId: string;
  contactIds: string[];
  tag: string;
}

type WorkerMessage = { done: number } | { failed: string };

// The service's rate at a short window; a window much shorter than 2 s would be shorter than a request can stall
// on a loaded machine between its grant and its answer, which is when the shared budget counts it.
/** The offline mock's limit per endpoint. */
const OFFLINE_LIMIT = { requests: 20, windowMs: 2000 };
/**
 * The workers' shared budget, a little under the limit: a request paced into the budget still travels (and on a busy
 * machine waits for its process) before the server counts it, so pacing at exactly the limit can meet a 429.
 */
const OFFLINE_BUDGET = { requests: 18, windowMs: OFFLINE_LIMIT.windowMs };

if (process.argv[2] === '--worker') main(() => work(JSON.parse(process.argv[3] as string) as WorkerTask));
else main(coordinate);

async function work(task: WorkerTask): Promise<void> {
  const redis = await createClient({ url: task.redisUrl }).connect();
  try {
    const client = new NetworkClient({
      baseUrl: task.baseUrl,
      apiKey: task.apiKey,
      rateLimit: task.rateLimit,
      rateLimitStore: redisRateLimitStore({ client: redis, prefix: task.prefix }),
    });
    // Every call at once: the shared budget, not this process, decides when each goes.
    await Promise.all(
      task.contactIds.map((contactId) =>
        client.contacts.update(contactId, { account_id: task.accountId, tags: { add: [{ name: task.tag, color: 'green' }] } }).then(
          () => process.send?.({ done: 1 } satisfies WorkerMessage),
          (error: unknown) => process.send?.({ failed: `${contactId}: ${(error as Error).message}` } satisfies WorkerMessage),
        ),
      ),
    );
  } finally {
    await redis.quit();
  }
}

async function coordinate(): Promise<void> {
  const args = parseArgs();
  const workers = Number(stringArg(args, 'workers') ?? 4);
  if (!Number.isInteger(workers) || workers < 1) throw new Error('--workers must be a positive integer.');
  const tag = stringArg(args, 'tag') ?? 'Bulk';
  const online = Boolean(process.env.NETWORK_BASE_URL && process.env.NETWORK_API_KEY);
  const cleanup: Array<() => Promise<void>> = [];
  let journal: (() => ReadonlyArray<{ status: number }>) | undefined;
  try {
    let baseUrl: string;
    let apiKey: string;
    if (online) {
      baseUrl = process.env.NETWORK_BASE_URL as string;
      apiKey = process.env.NETWORK_API_KEY as string;
    } else {
      // Loaded here, not at the top: the workers run this file too and never start a mock.
      const { startMockServer } = await import('@network-org/mock/node');
      const server = await startMockServer({ port: 0, rateLimit: OFFLINE_LIMIT });
      cleanup.push(() => server.close());
      journal = () => server.mock.journal;
      baseUrl = server.url;
      apiKey = server.mock.keys.admin;
    }
    let redisUrl = stringArg(args, 'redis-url') ?? process.env.REDIS_URL;
    if (!redisUrl) {
      if (online) throw new Error('Pass --redis-url redis://HOST:PORT (or set REDIS_URL): the workers share their budget there.');
      const redis = await startRedis();
      cleanup.push(redis.stop);
      redisUrl = redis.url;
    }
    const rateLimit: RateLimitOption = online ? 'service' : OFFLINE_BUDGET;

    const client = new NetworkClient({ baseUrl, apiKey, rateLimit });
    const viewId = stringArg(args, 'view-id') ?? (await client.views.list()).items[0]?.id;
    if (!viewId) throw new Error('No view to work on: pass --view-id.');
    const contacts: Array<{ contact_id: string; account: { account_id: string } }> = [];
    for await (const contact of client.contacts.list({ view_id: viewId, limit: 25 })) contacts.push(contact);
    const accountId = contacts[0]?.account.account_id;
    if (!accountId) throw new Error(`View ${viewId} has no contacts.`);

    const budget = rateLimit === 'service' ? '50 requests / 10 s' : `${OFFLINE_BUDGET.requests} requests / ${OFFLINE_BUDGET.windowMs} ms`;
    console.error(`Tagging the ${contacts.length} contacts of view ${viewId} with "${tag}": ${workers} workers share ${budget} in Redis`);
    const progress = new Progress('contacts', contacts.length);
    const started = Date.now();
    let done = 0;
    const failures: string[] = [];
    const prefix = `bulk-update-${started}:`;
    const share = (index: number) => contacts.filter((_, position) => position % workers === index).map((contact) => contact.contact_id);
    const exits = Array.from({ length: workers }, (_, index) => {
      const task: WorkerTask = { baseUrl, apiKey, redisUrl, prefix, rateLimit, accountId, contactIds: share(index), tag };
      // The same file as a worker, with the same loader (tsx) as this process.
      const child: ChildProcess = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--worker', JSON.stringify(task)], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.on('message', (message: WorkerMessage) => {
        if ('failed' in message) failures.push(message.failed);
        else done += message.done;
        progress.update(done + failures.length, failures.length ? `(${failures.length} failed)` : '');
      });
      return new Promise<number | null>((resolve) => child.on('exit', resolve));
    });
    const codes = await Promise.all(exits);
    progress.done(`done: ${done} tagged, ${failures.length} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const failure of failures) console.error(failure);
    console.log(`tagged "${tag}": ${done}`);
    console.log(`failed: ${failures.length}`);
    // Offline, the mock's journal shows what the budget spared: not one request was refused.
    if (journal) console.log(`answered 429 by the mock: ${journal().filter((entry) => entry.status === 429).length}`);
    if (failures.length > 0 || codes.some((code) => code !== 0)) process.exitCode = 1;
  } finally {
    for (const stop of cleanup.reverse()) await stop();
  }
}

/** A throwaway redis-server on a free loopback port (no persistence), or a clear message when there is none. */
async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const dir = mkdtempSync(join(tmpdir(), 'bulk-update-redis-'));
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('error', () =>
      reject(
        new Error(
          'No redis-server on PATH: install one (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) or pass --redis-url redis://HOST:PORT.',
        ),
      ),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  // A new Redis grants nothing for one window (it cannot know what was sent before it started): wait it out here,
  // so that the job's time is the job's.
  await new Promise((resolve) => setTimeout(resolve, OFFLINE_BUDGET.windowMs * 2));
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
