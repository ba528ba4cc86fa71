// `@network-org/mock/browser`: the mock in a page, answering through msw's service worker. Importing it does
// nothing (the package's `sideEffects` says so), so an app that starts it only in development ships none of it.
import { setupWorker, type SetupWorker } from 'msw/browser';
import { applyPageStep, keptState, keepStateOnPageHide, pageSetup, registerPageMock } from './browser/page-mock';
import { createMockApi } from './create-mock-api';
import type { MockApi, MockApiOptions } from './mock-api';

export interface MockWorkerOptions extends MockApiOptions {
  /**
   * Keep the mock's state (records, edits, drafts, imports) across a reload of this tab, in its sessionStorage;
   * default false: every page load starts from the seeded dataset. Faults, overrides, the journal and rate-limit
   * windows are never kept. A test can turn it on for its page (`@network-org/mock/playwright`).
   */
  keepStateOnReload?: boolean;
}

export interface MockWorker {
  mock: MockApi;
  worker: SetupWorker;
}

/**
 * The mock and an msw worker over its handlers; call `worker.start()` to begin answering (or use `startMockWorker`).
 * A setup a test gave the page before it loaded (`@network-org/mock/playwright`) applies here: its options win
 * over these, and its steps (seeds, faults, overrides) run on the fresh mock.
 */
export function setupMockWorker(options: MockWorkerOptions = {}): MockWorker {
  const { keepStateOnReload, ...mockOptions } = options;
  const setup = pageSetup();
  const keep = setup.keepStateOnReload ?? keepStateOnReload ?? false;
  const baseUrl = mockOptions.baseUrl;
  const state = keep ? keptState(baseUrl) : undefined;
  const mock = createMockApi({ ...mockOptions, ...setup.options, ...(state === undefined ? {} : { state }) });
  // A kept state already holds what the steps did on the first load; faults and overrides are not replayed onto it.
  if (state === undefined) for (const step of setup.steps ?? []) applyPageStep(mock, step);
  if (keep) keepStateOnPageHide(mock);
  registerPageMock(mock);
  // msw 2.15 declares RequestHandler twice (core chunk and experimental controller), so its own HttpHandler does
  // not type-check against setupWorker's parameter; the objects are the same class at runtime.
  const handlers = mock.handlers as unknown as Parameters<typeof setupWorker>;
  return { mock, worker: setupWorker(...handlers) };
}

export type WorkerStartOptions = NonNullable<Parameters<SetupWorker['start']>[0]>;

/**
 * `setupMockWorker` and `worker.start`, with the defaults a page wants: `quiet` (msw logs no line per request; the
 * mock's journal and the browser's network panel show them), unhandled requests bypassed (the mock answers every
 * path under its base URL, near misses included, so what reaches msw unhandled is the app's own assets, Vite's
 * HMR and other hosts), and `serviceWorker.url` as given (under a base path: `${import.meta.env.BASE_URL}mockServiceWorker.js`).
 */
export async function startMockWorker(options: MockWorkerOptions & { start?: WorkerStartOptions } = {}): Promise<MockWorker> {
  const { start, ...workerOptions } = options;
  const started = setupMockWorker(workerOptions);
  // msw 3 replaced onUnhandledRequest by onUnhandledFrame (requests and WebSocket frames alike); each major reads
  // its own and ignores the other, so both are given rather than asking msw's root module which major it is (that
  // question keeps all of msw in the page's bundle).
  await started.worker.start({ quiet: true, onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass', ...start } as WorkerStartOptions);
  return started;
}

export { createMockApi } from './create-mock-api';
export type { MockApi, MockApiOptions } from './mock-api';
export type { PageMockOptions, PageOverrideAnswer, PageSetup, PageStep } from './browser/page-control';
