import type { Fetch, RateLimitOption } from '@network-org/sdk';

/** What `runVerify` takes; the CLI's flags map onto it one to one. */
export interface VerifyOptions {
  /** The target: the real service (a sandbox account) or the mock. */
  baseUrl: string;
  /** An admin key of the target's organization. Never printed, never written. */
  apiKey: string;
  /** The account it may use; default the first `GET /v1/accounts` lists. */
  accountId?: string;
  /** A non-admin key of the same organization, for the admin-only and shared-access scenarios. */
  memberKey?: string;
  /** Import, PATCH, drafts and views on the account; every PATCH is undone afterwards. */
  allowWrites?: boolean;
  /** Enrich and find-email (they use credits). */
  allowCredits?: boolean;
  /** A profile to import; without it, import scenarios are skipped unless the target is the mock. */
  profileUrl?: string;
  /** Spends an endpoint's rate-limit budget to see the 429. */
  probeRateLimit?: boolean;
  /** Runs only the scenarios whose id, operation or title contains this text (or matches it as `*` glob). */
  only?: string;
  /** Writes each scenario's answers, normalized, into this directory. */
  record?: string;
  /** Reports what changed since the recording in this directory. */
  compare?: string;
  /** Transport override (tests). */
  fetch?: Fetch;
  /** Client-side pacing: `'service'` (default, the service's 50 requests per 10 s per endpoint), a budget, or false. */
  rateLimit?: RateLimitOption;
  /** Milliseconds one request may take before its scenario errors; default 15 000. */
  timeoutMs?: number;
  /** Milliseconds the whole run may take; past it every remaining scenario errors. Default 15 minutes. */
  maxDurationMs?: number;
  /** Largest answer read, in bytes; a larger one errors its scenario. Default 8 MiB. */
  maxResponseBytes?: number;
  /**
   * Aborting it stops the run: the scenarios not yet run error ("the run was stopped"), and the PATCHed records
   * are still put back before `runVerify` resolves.
   */
  signal?: AbortSignal;
}

/** Bad options (a usage error: exit 2 in the CLI). */
export class VerifyUsageError extends Error {
  override name = 'VerifyUsageError';
}

/** The target does not accept connections at all (exit 2 in the CLI). */
export class TargetUnreachableError extends Error {
  override name = 'TargetUnreachableError';
}
