/** Timeouts that `add` starts and `cancel` ends (given what `add` returned). */
export interface Deadlines {
  add(ms: number, expire: () => void): unknown;
  cancel(deadline: unknown): void;
}

/** What a timer of Node or Bun has; elsewhere a timer is a number. */
type Timer = { ref(): unknown; unref(): unknown };

/**
 * The attempts' timeouts of one client on one timer, armed for the earliest deadline. A timer set and cleared
 * around every call was a measurable part of a call's cost in Node; here a call that answers in time only enters and
 * leaves a map. The timer holds the process open only while a deadline is pending (it is unref'd when none is), so a
 * script still ends with its last call. Where timers are plain numbers that cannot be unref'd (browsers, Deno,
 * Cloudflare workers, whose timers belong to the request that set them), every deadline after the first keeps a
 * timer of its own, cleared when it settles.
 */
export function deadlines(): Deadlines {
  // Each pending deadline's `expire`, and when it is due.
  const pending = new Map<() => void, number>();
  let timer: Partial<Timer> | undefined;
  let armedFor = Infinity;
  // Learned from the first timer, not at construction: a worker's global scope may not set timers.
  let shared: boolean | undefined;
  const arm = (at: number, now: number) => {
    clearTimeout(timer as number);
    armedFor = at;
    timer = setTimeout(fire, at - now) as Partial<Timer>;
  };
  // The timer may fire a little before the clock reads its deadline: the rest is waited again.
  const fire = () => {
    const now = performance.now();
    let next = (armedFor = Infinity);
    for (const [expire, at] of pending) {
      if (at > now) next = Math.min(next, at);
      else if (pending.delete(expire)) expire();
    }
    if (next < armedFor) arm(next, now);
  };
  return {
    add(ms, expire) {
      if (shared === false) return setTimeout(expire, ms);
      const now = performance.now();
      if (pending.size === 0) timer?.ref?.();
      pending.set(expire, now + ms);
      if (now + ms < armedFor) arm(now + ms, now);
      shared ??= typeof timer?.unref === 'function';
      return expire;
    },
    cancel(deadline) {
      if (!pending.delete(deadline as () => void)) {
        if (shared === false) clearTimeout(deadline as number);
      } else if (pending.size === 0) {
        if (shared) timer?.unref?.();
        else clearTimeout(timer as number);
      }
    },
  };
}
