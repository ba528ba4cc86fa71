// One worker process of the shared-budget test: PATCHes the given contacts concurrently, paced by the SDK,
// and prints what it saw as one line of JSON. Runs on the built packages (`pnpm build` first).
import { NetworkClient, memoryRateLimitStore } from '@network-org/sdk';
import { redisRateLimitStore } from '@network-org/sdk-redis';
import { createClient } from 'redis';

const { baseUrl, apiKey, redisUrl, prefix, accountId, contactIds, tag, budget, maxRetries } = JSON.parse(process.argv[2]);

const redis = redisUrl ? await createClient({ url: redisUrl }).connect() : undefined;
const client = new NetworkClient({
  baseUrl,
  apiKey,
  rateLimit: budget,
  rateLimitStore: redis ? redisRateLimitStore({ client: redis, prefix }) : memoryRateLimitStore(),
  maxRetries,
});

const outcomes = await Promise.all(
  contactIds.map((contactId) =>
    client.contacts.update(contactId, { account_id: accountId, tags: { add: [{ name: tag, color: 'green' }] } }).then(
      () => 'ok',
      (error) => String(error?.status ?? error?.name ?? error),
    ),
  ),
);
await redis?.quit();
process.stdout.write(`${JSON.stringify({ ok: outcomes.filter((outcome) => outcome === 'ok').length, failed: outcomes.filter((outcome) => outcome !== 'ok') })}\n`);
