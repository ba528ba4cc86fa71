/** A budget: at most `requests` requests in any window of `windowMs` milliseconds. */
export interface RateLimitBudget {
  requests: number;
  windowMs: number;
}

/**
 * The answer to `acquire`: a request may go now (`id` names its slot for `settle`), or the budget allows none for
 * `retryAfterMs` (> 0).
 */
export type RateLimitGrant = { ok: true; id?: string } | { ok: false; retryAfterMs: number };

/**
 * Where a rate-limit budget lives: the client's own memory by default, or a store several processes share
 * (`@network-org/sdk-redis`). `key` names one endpoint, e.g. `PATCH /v1/contacts/{contact_id}`.
 *
 * The SDK calls `acquire` for one request at a time per key and client, and sends the request only after
 * `{ok: true}`; a store counts a request when it grants it, so there is nothing to give back afterwards
 * (a process that dies holds nothing). When the answer comes, `settle` (optional) moves the slot to that instant:
 * the server counted the request when it arrived, some time between the two, and a slot held from the answer on
 * never frees before the server's does. `now` is the client's clock (epoch ms); a store shared by several
 * machines may use a clock of its own instead, as long as it measures `untilMs - now` from its own now.
 */
export interface RateLimitStore {
  /** Grants one request if fewer than `requests` were granted in the last `windowMs` and the key is not paused. */
  acquire(key: string, request: RateLimitBudget & { now: number }): Promise<RateLimitGrant>;
  /** Grants nothing on `key` before `untilMs` (the server answered 429 with a `Retry-After`). */
  pause(key: string, pause: { untilMs: number; now: number }): Promise<void>;
  /** The request granted as `id` got its answer at `now`: its slot counts from then. */
  settle?(key: string, settle: { id: string; now: number }): Promise<void>;
}

interface Window {
  /** Slot id -> the instant it counts from. Every instant written is the latest so far, so the insertion
   * order (a re-set moves a slot to the end) is the order of the instants: the oldest slot comes first. */
  slots: Map<string, number>;
  pausedUntil: number;
}

/** The default store: a sliding window per key in this client's memory (shared by its `withOptions` copies). */
export function memoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, Window>();
  let next = 0;
  const windowOf = (key: string): Window => {
    let window = windows.get(key);
    if (!window) {
      window = { slots: new Map(), pausedUntil: 0 };
      windows.set(key, window);
    }
    return window;
  };
  return {
    async acquire(key, { requests, windowMs, now }) {
      const window = windowOf(key);
      if (window.pausedUntil > now) return { ok: false, retryAfterMs: window.pausedUntil - now };
      const { slots } = window;
      for (const [id, at] of slots) {
        if (at > now - windowMs) break;
        slots.delete(id);
      }
      if (slots.size < requests) {
        const id = String(next++);
        slots.set(id, now);
        return { ok: true, id };
      }
      // Full: the next grant is possible once the oldest slot leaves the window.
      const oldest = slots.values().next().value as number;
      return { ok: false, retryAfterMs: Math.max(1, oldest + windowMs - now) };
    },
    async pause(key, { untilMs }) {
      const window = windowOf(key);
      window.pausedUntil = Math.max(window.pausedUntil, untilMs);
    },
    async settle(key, { id, now }) {
      const { slots } = windowOf(key);
      if (slots.delete(id)) slots.set(id, now);
    },
  };
}
