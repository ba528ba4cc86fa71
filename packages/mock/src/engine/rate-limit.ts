/** At most `requests` requests per client and endpoint in any window of `windowMs` milliseconds. */
export interface RateLimitBudget {
  requests: number;
  windowMs: number;
}

/** The service's limit (description section 8). */
export const SERVICE_RATE_LIMIT: Readonly<RateLimitBudget> = Object.freeze({ requests: 50, windowMs: 10_000 });

/** `true` (the service's limit), `false` (none) or another budget. */
export type RateLimitOption = boolean | RateLimitBudget;

/** The budget of `option`, or undefined when off; a malformed budget throws a clear error. */
export function rateLimitBudget(option: RateLimitOption | undefined): RateLimitBudget | undefined {
  if (option === false) return undefined;
  if (option === undefined || option === true) return SERVICE_RATE_LIMIT;
  const { requests, windowMs } = (option ?? {}) as Partial<RateLimitBudget>;
  if (!Number.isInteger(requests) || (requests as number) < 1 || !Number.isInteger(windowMs) || (windowMs as number) < 1) {
    throw new TypeError('rateLimit must be true, false or {requests, windowMs} with positive integers, e.g. {requests: 20, windowMs: 2000}.');
  }
  return { requests: requests as number, windowMs: windowMs as number };
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };

/** `20/2s`, `50/10s`, `100/500ms`, `5/1m` as a budget; undefined when the text is not of that form. */
export function parseRateLimit(text: string): RateLimitBudget | undefined {
  const match = /^(\d+)\/(\d+)(ms|s|m)$/.exec(text.trim());
  if (!match) return undefined;
  const requests = Number(match[1]);
  const windowMs = Number(match[2]) * (UNIT_MS[match[3] as string] as number);
  return requests >= 1 && windowMs >= 1 && Number.isSafeInteger(requests) && Number.isSafeInteger(windowMs)
    ? { requests, windowMs }
    : undefined;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A sliding-window limiter keyed by client and endpoint, as the service's section 8. */
export class RateLimiter {
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly hits = new Map<string, number[]>();

  constructor(budget: RateLimitBudget = SERVICE_RATE_LIMIT) {
    this.limit = budget.requests;
    this.windowMs = budget.windowMs;
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
