// The page's side of page-control.ts: where a page's mock is found by a test, what the test set up before the
// page loaded, and the state a tab keeps across a reload.
import { DEFAULT_BASE_URL, type MockApi } from '../mock-api';
import type { OverrideResolver } from '../engine/overrides';
import type { OperationId } from '../engine/operation-table';
import { KEPT_STATE_KEY, PAGE_MOCK_KEY, PAGE_SETUP_KEY, type PageMockBridge, type PageSetup, type PageStep } from './page-control';

/** The setup a test put on the page before it loaded; none in an app opened by hand. */
export function pageSetup(): PageSetup {
  return (Reflect.get(globalThis, Symbol.for(PAGE_SETUP_KEY)) as PageSetup | undefined) ?? {};
}

/** Does one step to the mock and gives what it gives as JSON-ready data. */
export function applyPageStep(mock: MockApi, step: PageStep): unknown {
  switch (step.do) {
    case 'seed':
      // The input is checked by the seeder itself, as `POST /__mock/seed/{kind}` checks it.
      return (mock.seed[step.kind] as (input: unknown) => unknown)(step.input);
    case 'fault':
      mock.faults.add(step.rule);
      return null;
    case 'clearFaults':
      mock.faults.clear();
      return null;
    case 'override': {
      const { status, body, headers } = step.answer;
      // The test's answer comes untyped from its process; the engine checks it before sending, as it checks a JavaScript caller's.
      const resolver = (() => ({ status, body, headers })) as unknown as OverrideResolver<OperationId>;
      mock.override(step.operationId, resolver, step.times === undefined ? {} : { times: step.times });
      return null;
    }
    case 'reset':
      mock.reset(step.options);
      return null;
    case 'journal':
      return JSON.parse(JSON.stringify(mock.journal)) as unknown;
    case 'exportState':
      return mock.exportState();
    default:
      throw new Error(`Unknown page step ${JSON.stringify((step as { do?: unknown }).do)}: @network-org/mock/playwright and the page's @network-org/mock/browser must be the same version.`);
  }
}

/** Makes the mock the one a test reaches in this page (the last one set up wins). */
export function registerPageMock(mock: MockApi): void {
  const bridge: PageMockBridge = { apply: (step) => applyPageStep(mock, step) };
  Reflect.set(globalThis, Symbol.for(PAGE_MOCK_KEY), bridge);
}

const storageKey = (baseUrl: string | undefined) => KEPT_STATE_KEY + (baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');

/** The state this tab kept before its last reload, if any. */
export function keptState(baseUrl: string | undefined): string | undefined {
  return globalThis.sessionStorage?.getItem(storageKey(baseUrl)) ?? undefined;
}

/** Writes the mock's state to this tab's sessionStorage each time the page goes away (a reload, a navigation). */
export function keepStateOnPageHide(mock: MockApi): void {
  globalThis.addEventListener?.('pagehide', () => {
    try {
      globalThis.sessionStorage.setItem(storageKey(mock.baseUrl), mock.exportState());
    } catch (error) {
      // A full storage quota: the next load starts from the seeded dataset, and says why.
      console.warn('@network-org/mock: the state could not be kept for the next load of this page:', error);
    }
  });
}
