import { createHash, randomUUID } from 'node:crypto';
import type { RateLimitGrant, RateLimitStore } from '@network-org/sdk';

/**
 * The part of a node-redis client (`createClient()` of the `redis` package, v4 to v6) the store uses: one
 * command at a time as an argument list. Any client with this method works.
 */
export interface RedisCommandClient {
  sendCommand(args: string[]): Promise<unknown>;
}

export interface RedisRateLimitStoreOptions {
  /** A connected node-redis client (`await createClient({url}).connect()`). */
  client: RedisCommandClient;
  /** Prefix of every key the store writes; default `network-org:rate-limit:`. Processes that share a budget share it. */
  prefix?: string;
  /**
   * Whose clock the windows are kept in. `'redis'` (default): Redis's own (`TIME`), so the machines' clocks do not
   * matter. `'caller'`: the `now` each call is given (the SDK passes `Date.now()`), for tests that pass explicit
   * instants, or for machines whose clocks are kept in step; every process sharing the prefix must use the same one.
   */
  clock?: 'redis' | 'caller';
}

// The script's instant: the caller's `now` when given (clock: 'caller'), else Redis's own clock.
const NOW = `
local function clock(given)
  if given ~= '' then return tonumber(given) end
  local time = redis.call('TIME')
  return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
`;

/**
 * One acquire, atomic in Redis: a sliding window log per endpoint in a sorted set, in Redis's own clock by default
 * (so the machines' clocks do not matter). KEYS: the window, the pause, the readiness instant. ARGV: requests,
 * windowMs, a unique member, the caller's now or '', and '1' when this caller was granted on this endpoint before.
 * Returns 0 for a grant, or the milliseconds until one may be possible.
 *
 * The readiness mark is set on the endpoint's first acquire. Missing for a caller that was granted before, the keys
 * were lost: without persistence a restarted Redis has forgotten the requests of the window before it stopped, so
 * until one window has passed since the server started (its uptime, less the second it may round up) it grants
 * nothing; where INFO is not allowed, a window from that acquire. Missing for a caller's first acquire, there is
 * nothing to forget (a new server, a new prefix): it is ready at once. The mark expires after a day (an unused
 * prefix leaves nothing behind); on a server up for longer than a window, setting it again holds nothing.
 */
const ACQUIRE = `${NOW}
local now = clock(ARGV[4])
local requests = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local ready = tonumber(redis.call('GET', KEYS[3]) or '-1')
if ready < 0 then
  ready = now
  if ARGV[5] == '1' then
    local info = redis.pcall('INFO', 'server')
    local uptime = 0
    if type(info) == 'string' then uptime = tonumber(string.match(info, 'uptime_in_seconds:(%d+)')) or 0 end
    -- Both ends of uptime_in_seconds are whole seconds, so the server may be up to a second younger than it says.
    ready = now - math.max(0, uptime - 1) * 1000 + window
  end
  redis.call('SET', KEYS[3], ready, 'PX', 86400000)
end
if now < ready then return ready - now end
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return paused - now end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < requests then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;

/** KEYS: the pause. ARGV: milliseconds from the script's now, the caller's now or ''. Only ever lengthens a pause. */
const PAUSE = `${NOW}
local now = clock(ARGV[2])
local duration = tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if now + duration > current then redis.call('SET', KEYS[1], now + duration, 'PX', duration) end
return 0
`;

/** KEYS: the window. ARGV: windowMs, the member, the caller's now or ''. Moves a granted slot to the script's now, if it is still there. */
const SETTLE = `${NOW}
if not redis.call('ZSCORE', KEYS[1], ARGV[2]) then return 0 end
local now = clock(ARGV[3])
redis.call('ZADD', KEYS[1], 'XX', now, ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 0
`;

interface Script {
  source: string;
  sha: string;
}

const script = (source: string): Script => ({ source, sha: createHash('sha1').update(source).digest('hex') });
const acquireScript = script(ACQUIRE);
const pauseScript = script(PAUSE);
const settleScript = script(SETTLE);

/**
 * A `RateLimitStore` in Redis: every process and machine given a client of the same Redis and the same prefix
 * shares one budget per endpoint. A grant is counted when it is made and moved to the answer's instant by
 * `settle`, so a process that dies holds nothing: its slots leave the window like any other.
 */
export function redisRateLimitStore({ client, prefix = 'network-org:rate-limit:', clock = 'redis' }: RedisRateLimitStoreOptions): RateLimitStore {
  if (typeof client?.sendCommand !== 'function') {
    throw new TypeError('redisRateLimitStore needs a node-redis client: redisRateLimitStore({ client: await createClient({ url }).connect() }).');
  }
  if (clock !== 'redis' && clock !== 'caller') throw new TypeError("redisRateLimitStore: clock is 'redis' (default) or 'caller'.");
  // What the scripts read as now: '' asks for Redis's clock.
  const at = clock === 'caller' ? (now: number) => String(Math.floor(now)) : () => '';
  // The braces make a Redis Cluster hash tag: the keys of one endpoint live in one slot, as a script needs.
  const keys = (key: string) => {
    const base = `${prefix}{${key}}`;
    return { window: `${base}:window`, pause: `${base}:pause`, ready: `${base}:ready` };
  };

  // The window each key was last acquired with, for the expiry of a settled slot.
  const windows = new Map<string, string>();
  // The endpoints this store was granted on: their readiness mark gone means Redis lost their window.
  const granted = new Set<string>();

  // EVALSHA, then EVAL when Redis does not know the script (first use, or after a restart).
  const run = async (which: Script, keyList: string[], args: string[]): Promise<unknown> => {
    try {
      return await client.sendCommand(['EVALSHA', which.sha, String(keyList.length), ...keyList, ...args]);
    } catch (error) {
      if (!String((error as Error)?.message ?? error).includes('NOSCRIPT')) throw error;
      return client.sendCommand(['EVAL', which.source, String(keyList.length), ...keyList, ...args]);
    }
  };

  return {
    async acquire(key, { requests, windowMs, now }): Promise<RateLimitGrant> {
      const { window, pause, ready } = keys(key);
      const id = randomUUID();
      const windowArg = String(Math.ceil(windowMs));
      windows.set(key, windowArg);
      const grantedBefore = granted.has(key) ? '1' : '';
      const wait = Number(await run(acquireScript, [window, pause, ready], [String(requests), windowArg, id, at(now), grantedBefore]));
      if (!Number.isFinite(wait)) throw new Error(`Unexpected reply from the rate-limit script for ${key}.`);
      if (wait > 0) return { ok: false, retryAfterMs: wait };
      granted.add(key);
      return { ok: true, id };
    },
    async pause(key, { untilMs, now }) {
      const duration = Math.ceil(untilMs - now);
      if (duration <= 0) return;
      await run(pauseScript, [keys(key).pause], [String(duration), at(now)]);
    },
    async settle(key, { id, now }) {
      await run(settleScript, [keys(key).window], [windows.get(key) ?? '0', id, at(now)]);
    },
  };
}
