import { ApiError, ApiTimeoutError, NetworkError } from './errors';
import { retryAfterMs } from './retry-after';
import { type RateLimitBudget, type RateLimitStore, memoryRateLimitStore } from './rate-limit-store';

/** `'service'`: the service's own limit (description section 8); `false`: no pacing. */
export type RateLimitOption = 'service' | RateLimitBudget | false;

/** 50 requests per 10 s per client and endpoint. */
export const SERVICE_RATE_LIMIT: Readonly<RateLimitBudget> = Object.freeze({ requests: 50, windowMs: 10_000 });

/**
 * A store with `settle` counts each slot from the request's answer, after the server counted it; the window is
 * held this much longer than the server's against clocks that round and tick apart, and a process that stalls
 * between its grant and its answer.
 */
const SETTLED_MARGIN = 0.01;

/**
 * With a store without `settle`, slots count from their grant, and requests reach the server some milliseconds
 * later, not all equally late: the window is held this much longer.
 */
const UNSETTLED_MARGIN = 0.05;

/** The longest delay a timer holds (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The rate-limit store failed (e.g. Redis unreachable): the call was not sent. */
export class RateLimitStoreError extends NetworkError {
  override name = 'RateLimitStoreError';
}

/** The budget of `option`, or undefined when the client does not pace; a bad value throws. */
export function rateLimitBudget(option: RateLimitOption | undefined): RateLimitBudget | undefined {
  if (option === undefined || option === false) return undefined;
  if (option === 'service') return SERVICE_RATE_LIMIT;
  const { requests, windowMs } = (option ?? {}) as Partial<RateLimitBudget>;
  if (!Number.isInteger(requests) || (requests as number) < 1 || !Number.isFinite(windowMs) || (windowMs as number) <= 0) {
    throw new NetworkError(
      "Invalid rateLimit: expected 'service', false or {requests, windowMs} with a positive integer `requests` and a positive `windowMs`.",
    );
  }
  return { requests: requests as number, windowMs: windowMs as number };
}

/** How a queued call may leave the queue early. */
export interface QueueOptions {
  signal?: AbortSignal | undefined;
  /** Milliseconds the call may wait for its turn before `ApiTimeoutError`; none when undefined. */
  timeout?: number | undefined;
  /** A retry of a call that got a 429 goes back to the head of its queue, not to the end. */
  front?: boolean;
}

interface Waiter {
  grant: (id: string | undefined) => void;
  fail: (error: unknown) => void;
}

interface Queue {
  waiters: Waiter[];
  /** Whether the loop that grants the head of this queue is running. */
  pumping: boolean;
  /** Called when the head leaves the queue while the loop waits for the budget. */
  wake: (() => void) | undefined;
}

/**
 * Paces calls per endpoint: a FIFO queue per key, each head sent as soon as the store grants it. Calls are not
 * limited in number in flight, only in how many start per window.
 */
export class RateLimiter {
  readonly store: RateLimitStore;
  readonly #queues = new Map<string, Queue>();

  constructor(store: RateLimitStore = memoryRateLimitStore()) {
    this.store = store;
  }

  /**
   * Waits for the turn of a call on `key`, runs `send`, and settles its slot when `send` has settled. Rejects
   * without sending with the signal's reason, an `ApiTimeoutError` or a `RateLimitStoreError`.
   */
  async run<T>(key: string, budget: RateLimitBudget, options: QueueOptions, send: () => Promise<T>): Promise<T> {
    const id = await this.acquire(key, budget, options);
    try {
      return await send();
    } finally {
      // A slot that is not moved stays counted from its grant, which is only less exact: nothing to report.
      if (id !== undefined && this.store.settle) settleQuietly(this.store, key, id);
    }
  }

  /** Resolves with the slot's id when a call on `key` may be sent. */
  acquire(key: string, budget: RateLimitBudget, options: QueueOptions = {}): Promise<string | undefined> {
    const { signal, timeout } = options;
    if (signal?.aborted) return Promise.reject(signal.reason as unknown);
    const queue = this.#queue(key);
    return new Promise<string | undefined>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const index = queue.waiters.indexOf(waiter);
        if (index !== -1) queue.waiters.splice(index, 1);
        if (index === 0) queue.wake?.();
      };
      const onAbort = () => {
        leave();
        reject(signal?.reason as unknown);
      };
      const timer =
        timeout !== undefined && Number.isFinite(timeout) && timeout > 0
          ? setTimeout(() => {
              leave();
              reject(new ApiTimeoutError(`Request timed out after ${timeout} ms waiting for the rate limit of ${key}`));
            }, timeout)
          : undefined;
      const waiter: Waiter = {
        grant: (id) => {
          leave();
          resolve(id);
        },
        fail: (error) => {
          leave();
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (options.front) queue.waiters.unshift(waiter);
      else queue.waiters.push(waiter);
      if (!queue.pumping) this.#pump(key, queue, budget);
    });
  }

  /** The server answered 429 with `Retry-After`: nobody is sent on `key` before `untilMs`. */
  pause(key: string, untilMs: number): Promise<void> {
    return this.store.pause(key, { untilMs, now: Date.now() });
  }

  #queue(key: string): Queue {
    let queue = this.#queues.get(key);
    if (!queue) {
      queue = { waiters: [], pumping: false, wake: undefined };
      this.#queues.set(key, queue);
    }
    return queue;
  }

  /** Grants the head of the queue, one at a time, for as long as the queue has one. */
  #pump(key: string, queue: Queue, budget: RateLimitBudget): void {
    queue.pumping = true;
    const windowMs = budget.windowMs + Math.ceil(budget.windowMs * (this.store.settle ? SETTLED_MARGIN : UNSETTLED_MARGIN));
    const run = async () => {
      // The flag and the failures are set in the same turn as the loop ends: a call queued right after must
      // either be seen by this loop or start its own.
      try {
        while (queue.waiters.length > 0) {
          let grant;
          try {
            grant = await this.store.acquire(key, { requests: budget.requests, windowMs, now: Date.now() });
          } catch (cause) {
            throw new RateLimitStoreError(`The rate-limit store failed for ${key}; the request was not sent.`, { cause });
          }
          if (typeof grant !== 'object' || grant === null) {
            throw new RateLimitStoreError(`The rate-limit store answered ${String(grant)} for ${key} instead of a grant; the request was not sent.`);
          }
          if (grant.ok) {
            // A head that left while the store answered hands its slot to the next in line.
            queue.waiters.shift()?.grant(grant.id);
            continue;
          }
          await this.#wait(queue, grant.retryAfterMs);
        }
      } catch (error) {
        // None of the calls waiting on this key can be granted: each fails with the store's error (nothing sent),
        // and the next call asks the store again.
        for (const waiter of [...queue.waiters]) waiter.fail(error);
      } finally {
        queue.pumping = false;
      }
    };
    void run();
  }

  /** Waits `ms` (kept within what a timer can hold), or less when the queue empties meanwhile. */
  #wait(queue: Queue, ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(Math.max(1, Number(ms) || 1), MAX_TIMER_MS));
      function done() {
        clearTimeout(timer);
        queue.wake = undefined;
        resolve();
      }
      // Nobody left to wait for: end the wait now, so that no timer outlives the queue.
      queue.wake = () => {
        if (queue.waiters.length === 0) done();
      };
    });
  }
}

/** Moves a granted slot to the answer's instant; a store that fails at it only keeps the slot where it was. */
function settleQuietly(store: RateLimitStore, key: string, id: string): void {
  try {
    Promise.resolve(store.settle?.(key, { id, now: Date.now() })).catch(() => {});
  } catch {
    // As above: the slot stays counted from its grant.
  }
}

/** What a client that paces carries on every call. */
export interface Pacing {
  limiter: RateLimiter;
  budget: RateLimitBudget;
  /** The client's own `timeout` when one was given: it then bounds the wait in the queue too. */
  queueTimeout: number | undefined;
}

/** The client's pacing, or undefined (no cost on any call) when `rateLimit` is false or absent. */
export function pacing(option: RateLimitOption | undefined, limiter: RateLimiter, timeout: number | undefined): Pacing | undefined {
  const budget = rateLimitBudget(option);
  return budget && { limiter, budget, queueTimeout: timeout };
}

/**
 * After a failed attempt: a 429 with `Retry-After` pauses the endpoint's whole queue until then. Returns whether
 * it did (the retry then waits in the queue, at its head, instead of sleeping on its own).
 */
export async function pauseOnRateLimit(pacing: Pacing, endpoint: string, error: unknown): Promise<boolean> {
  if (!(error instanceof ApiError) || error.status !== 429) return false;
  const delay = retryAfterMs(error.headers);
  if (delay === undefined) return false;
  try {
    await pacing.limiter.pause(endpoint, Date.now() + delay);
  } catch (cause) {
    throw new RateLimitStoreError(`The rate-limit store failed to pause ${endpoint}.`, { cause });
  }
  return true;
}

const limiters = new WeakMap<RateLimitStore, RateLimiter>();

/**
 * The limiter of `store` (a new memory store by default): clients given the same store share its queues as well as
 * its budget, so a copy of a client made with `rateLimitStore: limiter.store` paces as one with it.
 */
export function rateLimiterFor(store: RateLimitStore = memoryRateLimitStore()): RateLimiter {
  let limiter = limiters.get(store);
  if (!limiter) {
    limiter = new RateLimiter(store);
    limiters.set(store, limiter);
  }
  return limiter;
}
