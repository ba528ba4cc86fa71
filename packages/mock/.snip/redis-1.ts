import { NetworkClient } from '@network-org/sdk';
import { redisRateLimitStore } from '@network-org/sdk-redis';
import { createClient } from 'redis';

const redis = await createClient({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }).connect();
const client = new NetworkClient({
  rateLimit: 'service',
  rateLimitStore: redisRateLimitStore({ client: redis, prefix: 'my-job:' }),
});
// ... as many processes as you like, each with its own client and the same Redis and prefix.
await redis.quit();
