export interface RateLimitOptions {
  /** Requests allowed per window; the service allows 50. */
  limit?: number;
  /** Window length in milliseconds; the service uses 10 s. */
  windowMs?: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A sliding-window limiter keyed by client and endpoint, as the service's section 8. */
export class RateLimiter {
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly hits = new Map<string, number[]>();

  constructor(options: RateLimitOptions = {}) {
    this.limit = options.limit ?? 50;
    this.windowMs = options.windowMs ?? 10_000;
  }

  /** Records a request at `nowMs` unless it is over the limit; rejected requests take no slot. */
  hit(key: string, nowMs: number): RateLimitDecision {
    const recent = (this.hits.get(key) ?? []).filter((at) => at > nowMs - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      const oldest = recent[0] as number;
      const waitMs = oldest + this.windowMs - nowMs;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    recent.push(nowMs);
    this.hits.set(key, recent);
    return { allowed: true };
  }

  clear(): void {
    this.hits.clear();
  }
}
