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

/**
 * The memory store's own methods, answering in the same turn: with them a call that finds its queue empty is
 * granted and sent without waiting for a promise. Keyed by a symbol the package does not export.
 */
export const SAME_TURN = Symbol('sameTurn');

export type SameTurnGrant = { ok: true; id: number } | { ok: false; retryAfterMs: number };

export interface SameTurnStore {
  acquire(key: string, request: RateLimitBudget & { now: number }): SameTurnGrant;
  settle(key: string, settle: { id: number; now: number }): void;
}

interface Slot {
  id: number;
  /** The instant it counts from. */
  at: number;
  /** False once settled: the slot was queued again at the answer's instant. */
  live: boolean;
}

interface Window {
  /** The slots in the order of their instants: every instant written is the latest so far, and a settled slot is
   * queued again at the end (its old entry stays behind, not live). The oldest comes first, from `head` on. */
  queue: Slot[];
  head: number;
  /** The live slots by id: what the window holds. */
  live: Map<number, Slot>;
  pausedUntil: number;
}

/** The default store: a sliding window per key in this client's memory (shared by its `withOptions` copies). */
export function memoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, Window>();
  let next = 0;
  const windowOf = (key: string): Window => {
    let window = windows.get(key);
    if (!window) {
      window = { queue: [], head: 0, live: new Map(), pausedUntil: 0 };
      windows.set(key, window);
    }
    return window;
  };
  const sameTurn: SameTurnStore = {
    acquire(key, { requests, windowMs, now }) {
      const window = windowOf(key);
      if (window.pausedUntil > now) return { ok: false, retryAfterMs: window.pausedUntil - now };
      const { queue, live } = window;
      // Off the head: what left the window, and the old entries of settled slots.
      let { head } = window;
      for (let slot = queue[head]; slot && !(slot.live && slot.at > now - windowMs); slot = queue[++head]) {
        if (slot.live) live.delete(slot.id);
      }
      if (head > 1024 && head * 2 > queue.length) {
        queue.splice(0, head);
        head = 0;
      }
      window.head = head;
      if (live.size < requests) {
        const slot = { id: next++, at: now, live: true };
        queue.push(slot);
        live.set(slot.id, slot);
        return { ok: true, id: slot.id };
      }
      // Full: the next grant is possible once the oldest slot leaves the window.
      return { ok: false, retryAfterMs: Math.max(1, (queue[head] as Slot).at + windowMs - now) };
    },
    settle(key, { id, now }) {
      const { queue, live } = windowOf(key);
      const slot = live.get(id);
      if (!slot) return;
      slot.live = false;
      const moved = { id, at: now, live: true };
      queue.push(moved);
      live.set(id, moved);
    },
  };
  const store: RateLimitStore & { [SAME_TURN]: SameTurnStore } = {
    async acquire(key, request) {
      const grant = sameTurn.acquire(key, request);
      return grant.ok ? { ok: true, id: String(grant.id) } : grant;
    },
    async pause(key, { untilMs }) {
      const window = windowOf(key);
      window.pausedUntil = Math.max(window.pausedUntil, untilMs);
    },
    async settle(key, { id, now }) {
      sameTurn.settle(key, { id: Number(id), now });
    },
    [SAME_TURN]: sameTurn,
  };
  return store;
}
