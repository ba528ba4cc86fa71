import { ApiError, ApiTimeoutError, NetworkError, retryAfterMs } from './errors';
import { abortable, timeoutMs } from './abortable';
import { type RateLimitBudget, type RateLimitStore, memoryRateLimitStore, SAME_TURN, type SameTurnStore } from './rate-limit-store';

/** `'service'`: the service's own limit (description section 8); `false`: no pacing. */
export type RateLimitOption = 'service' | RateLimitBudget | false;

/** 50 requests per 10 s per client and endpoint. */
export const SERVICE_RATE_LIMIT: Readonly<RateLimitBudget> = Object.freeze({ requests: 50, windowMs: 10_000 });

/** The rate-limit store failed (e.g. Redis unreachable): the call was not sent. */
export class RateLimitStoreError extends NetworkError {
  override name = 'RateLimitStoreError';
}

/** What the store threw (or a `TypeError` for an answer that is not a grant), as the call's `RateLimitStoreError`. */
async function fromStore<T>(key: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    throw new RateLimitStoreError(`Rate-limit store failed on ${key}; request not sent`, { cause });
  }
}

/** How a queued call may leave the queue early. */
export interface QueueOptions {
  signal?: AbortSignal | undefined;
  /** Milliseconds the call may wait for its turn before `ApiTimeoutError`; none when undefined. */
  timeout?: number | undefined;
  /** A retry of a call that got a 429 goes back to the head of its queue, not to the end. */
  front?: boolean;
}

/** Takes a queued call out of its queue and settles its wait with what `outcome` gives (the slot's id) or throws. */
type Waiter = (outcome: () => string | undefined) => void;

interface Queue {
  waiters: Waiter[];
  /** Whether the loop that grants the head of this queue is running. */
  pumping?: boolean;
  /** Ends the loop's wait for the budget: set while it waits, called when the queue empties. */
  wake?: (() => void) | undefined;
}

/**
 * A store and its FIFO queue per key (method and path template). Calls are not limited in number in flight,
 * only in how many start per window.
 */
export interface RateLimiter {
  store: RateLimitStore;
  queues: Map<string, Queue>;
}

/** What a client that paces carries on every call. */
export interface Pacing {
  limiter: RateLimiter;
  /** The budget as the store is asked for it: each window held a little longer than the server's (see `pacing`). */
  budget: RateLimitBudget;
  /** The client's own `timeout` when one was given: it then bounds the wait in the queue too. */
  queueTimeout: number | undefined;
}

/**
 * Waits for the turn of a call on `key`, runs `send`, and settles its slot when `send` has settled. Rejects
 * without sending with the signal's reason, an `ApiTimeoutError` or a `RateLimitStoreError`.
 */
export async function paced<T>({ limiter, budget }: Pacing, key: string, { signal, timeout, front }: QueueOptions, send: () => Promise<T>): Promise<T> {
  const { store, queues } = limiter;
  let queue = queues.get(key);
  if (!queue) queues.set(key, (queue = { waiters: [] }));
  const { waiters } = queue;
  // Nobody ahead and a store that answers in this turn: the call is granted (or queued) here, as the loop would.
  const sameTurn = (store as { [SAME_TURN]?: SameTurnStore })[SAME_TURN];
  if (sameTurn && !queue.pumping && !waiters.length && !signal?.aborted) {
    // Spelled out: an object spread costs a microsecond here, as much as the rest of the grant.
    const grant = sameTurn.acquire(key, { requests: budget.requests, windowMs: budget.windowMs, now: Date.now() });
    if (grant.ok) {
      try {
        return await send();
      } finally {
        sameTurn.settle(key, { id: grant.id, now: Date.now() });
      }
    }
  }
  let waiter: Waiter;
  const id = await abortable<string | undefined>(
    signal,
    timeoutMs(timeout),
    () => {
      throw new ApiTimeoutError(`Request timed out after ${timeout} ms waiting for the rate limit of ${key}`);
    },
    (settle) => {
      if (front) waiters.unshift((waiter = settle));
      else waiters.push((waiter = settle));
      if (!queue.pumping) void pump(store, key, queue, budget);
    },
    () => {
      const index = waiters.indexOf(waiter);
      if (index >= 0) waiters.splice(index, 1);
      if (!waiters.length) queue.wake?.();
    },
  );
  try {
    return await send();
  } finally {
    // A slot that is not moved stays counted from its grant, which is only less exact: a store that fails
    // at it has nothing to report.
    if (id !== undefined) (async () => store.settle?.(key, { id, now: Date.now() }))().catch(() => {});
  }
}

/** Grants the head of the queue, one at a time, for as long as the queue has one. */
async function pump(store: RateLimitStore, key: string, queue: Queue, { requests, windowMs }: RateLimitBudget): Promise<void> {
  // The flag is set in the same turn as the call that starts the loop, and the flag and the failures in the
  // same turn as the loop ends: a call queued right after must either be seen by this loop or start its own.
  queue.pumping = true;
  try {
    for (const { waiters } = queue; waiters.length; ) {
      const grant = await fromStore(key, async () => {
        const answer = await store.acquire(key, { requests, windowMs, now: Date.now() });
        if (typeof answer !== 'object' || !answer) throw new TypeError(`The store answered ${String(answer)}, not a grant`);
        return answer;
      });
      // A head that left while the store answered hands its slot to the next in line.
      if (grant.ok) waiters.shift()?.(() => grant.id);
      else {
        // Waits (within what a timer can hold), or less when nobody is left to wait for, so that no timer
        // outlives the queue.
        const ms = Math.min(Math.max(1, Number(grant.retryAfterMs) || 1), 2 ** 31 - 1);
        await new Promise<void>((resolve) => {
          const timer = setTimeout((queue.wake = () => (clearTimeout(timer), (queue.wake = undefined), resolve())), ms);
        });
      }
    }
  } catch (error) {
    // None of the calls waiting on this key can be granted: each fails with the store's error (nothing sent),
    // and the next call asks the store again.
    for (const waiter of [...queue.waiters]) {
      waiter(() => {
        throw error;
      });
    }
  } finally {
    queue.pumping = false;
  }
}

/**
 * After a failed attempt: a 429 with `Retry-After` pauses the endpoint's whole queue until then. Returns whether
 * it did (the retry then waits in the queue, at its head, instead of sleeping on its own).
 */
export async function pauseOnRateLimit({ limiter }: Pacing, key: string, error: unknown): Promise<boolean> {
  const delay = error instanceof ApiError && error.status === 429 ? retryAfterMs(error.headers) : undefined;
  const now = Date.now();
  return (
    delay !== undefined &&
    fromStore(key, async () => {
      await limiter.store.pause(key, { untilMs: now + delay, now });
      return true;
    })
  );
}

const limiters = new WeakMap<RateLimitStore, RateLimiter>();

/**
 * The limiter of `store` (a new memory store by default): clients given the same store share its queues as well as
 * its budget, so a copy of a client made with the same `rateLimitStore` paces as one with it.
 */
export function rateLimiterFor(store: RateLimitStore = memoryRateLimitStore()): RateLimiter {
  let limiter = limiters.get(store);
  if (!limiter) limiters.set(store, (limiter = { store, queues: new Map() }));
  return limiter;
}

/**
 * The client's pacing, or undefined (no cost on any call) when `rateLimit` is false or absent; a bad value throws.
 * `'service'` is the service's own budget.
 */
export function pacing(option: RateLimitOption | undefined, limiter: RateLimiter, queueTimeout: number | undefined): Pacing | undefined {
  if (option === undefined || option === false) return undefined;
  const { requests, windowMs } = (option === 'service' ? SERVICE_RATE_LIMIT : (option ?? {})) as Partial<RateLimitBudget>;
  if (!Number.isInteger(requests) || (requests as number) < 1 || !Number.isFinite(windowMs) || (windowMs as number) <= 0) {
    throw new NetworkError("Invalid rateLimit: use 'service', false or {requests, windowMs} above 0");
  }
  // With `settle`, slots count from the answer, after the server counted them: 1 % more against clocks that
  // round and tick apart and stalls between grant and answer. Without it, slots count from their grant, and
  // requests reach the server some milliseconds later, not all equally late: 5 % more.
  const held = (windowMs as number) + Math.ceil((windowMs as number) * (limiter.store.settle ? 0.01 : 0.05));
  return { limiter, budget: { requests: requests as number, windowMs: held }, queueTimeout };
}
