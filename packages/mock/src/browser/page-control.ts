// What a test driving a browser (Playwright, or anything that can evaluate a script in a page) and the page's mock
// say to each other. The page's mock lives in the page's own JavaScript (msw's worker hands every request back to
// the page), so a test reaches it by evaluating a script there: every step is data, JSON in and JSON out. Nothing
// here loads the mock: `@network-org/mock/playwright` imports only this file.
import type { MockApiOptions } from '../mock-api';
import type { FaultRule } from '../engine/faults';
import type { OperationId } from '../engine/operation-table';
import type { ResetOptions } from '../engine/runtime';
import type { InsertKind } from '../control/insert';

/** `Symbol.for` keys on the page's `globalThis`: the page's mock, and the setup a test gave before the page loaded. */
export const PAGE_MOCK_KEY = '@network-org/mock';
export const PAGE_SETUP_KEY = '@network-org/mock:setup';
/** The sessionStorage key (per base URL) under which a page keeps its mock's state across a reload, when asked. */
export const KEPT_STATE_KEY = '@network-org/mock:state:';

/** The mock's options a test may set for a page: the JSON ones (dataset and rate limit). */
export type PageMockOptions = Pick<MockApiOptions, 'seed' | 'now' | 'rateLimit' | 'latency' | 'contactsPerAccount' | 'conversationsPerAccount' | 'networkSize'>;

/** A fixed answer for `mock.override` from a test: the status and body the spec documents for that operation. */
export interface PageOverrideAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One thing a test does to the page's mock. */
export type PageStep =
  /** A `mock.seed.{kind}` call. */
  | { do: 'seed'; kind: InsertKind; input: unknown }
  | { do: 'fault'; rule: FaultRule }
  | { do: 'clearFaults' }
  | { do: 'override'; operationId: OperationId; answer: PageOverrideAnswer; times?: number }
  | { do: 'reset'; options?: ResetOptions }
  | { do: 'journal' }
  | { do: 'exportState' };

/** What a test set up before the page loaded; the page's `setupMockWorker` applies it to each fresh mock. */
export interface PageSetup {
  options?: PageMockOptions;
  /** Keep the mock's state (records, edits, drafts) across a reload of this tab; default false. */
  keepStateOnReload?: boolean;
  /** Applied in order to every fresh mock of the page (not to one whose state a reload kept). */
  steps?: PageStep[];
}

/** What the page holds under `Symbol.for(PAGE_MOCK_KEY)`. */
export interface PageMockBridge {
  apply(step: PageStep): unknown;
}
