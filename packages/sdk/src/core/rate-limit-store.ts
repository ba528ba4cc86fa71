/** A budget: at most `requests` requests in any window of `windowMs` milliseconds. */
export interface RateLimitBudget {
  requests: number;
  windowMs: number;
}

/** The answer to `acquire`: a request may go now, or the budget allows none for `retryAfterMs` (> 0). */
export type RateLimitGrant = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Where a rate-limit budget lives: the client's own memory by default, or a store several processes share
 * (`@network-org/sdk-redis`). `key` names one endpoint, e.g. `PATCH /v1/contacts/{contact_id}`.
 *
 * The SDK calls `acquire` for one request at a time per key and client, and sends the request only after
 * `{ok: true}`; a store counts a request when it grants it, so there is nothing to give back afterwards
 * (a process that dies holds nothing). `now` is the client's clock (epoch ms); a store shared by several
 * machines may use a clock of its own instead, as long as it measures `untilMs - now` from its own now.
 */
export interface RateLimitStore {
  /** Grants one request if fewer than `requests` were granted in the last `windowMs` and the key is not paused. */
  acquire(key: string, request: RateLimitBudget & { now: number }): Promise<RateLimitGrant>;
  /** Grants nothing on `key` before `untilMs` (the server answered 429 with a `Retry-After`). */
  pause(key: string, pause: { untilMs: number; now: number }): Promise<void>;
}

interface Window {
  /** Grant times, oldest first. */
  granted: number[];
  pausedUntil: number;
}

/** The default store: a sliding window per key in this client's memory (shared by its `withOptions` copies). */
export function memoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, Window>();
  const windowOf = (key: string): Window => {
    let window = windows.get(key);
    if (!window) {
      window = { granted: [], pausedUntil: 0 };
      windows.set(key, window);
    }
    return window;
  };
  return {
    acquire(key, { requests, windowMs, now }) {
      const window = windowOf(key);
      if (window.pausedUntil > now) return Promise.resolve({ ok: false, retryAfterMs: window.pausedUntil - now });
      const { granted } = window;
      let expired = 0;
      while (expired < granted.length && (granted[expired] as number) <= now - windowMs) expired++;
      if (expired > 0) granted.splice(0, expired);
      if (granted.length < requests) {
        granted.push(now);
        return Promise.resolve({ ok: true });
      }
      // Full: the next grant is possible once the oldest of the window leaves it.
      return Promise.resolve({ ok: false, retryAfterMs: Math.max(1, (granted[0] as number) + windowMs - now) });
    },
    pause(key, { untilMs }) {
      const window = windowOf(key);
      window.pausedUntil = Math.max(window.pausedUntil, untilMs);
      return Promise.resolve();
    },
  };
}
