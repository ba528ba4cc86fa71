// `@network-org/mock/playwright`: a test's hold on the mock inside a browser page that runs
// `@network-org/mock/browser`. It needs no Playwright import (any page object with `evaluate`, `waitForFunction` and
// `addInitScript` fits: playwright-core's and @playwright/test's alike), and it loads nothing of the mock itself.
import type { Contact, Company, View, Conversation, Message, ActivityEvent } from '@network-org/spec/openapi';
import type { FaultRule } from './engine/faults';
import type { JournalEntry } from './engine/journal';
import type { OperationId } from './engine/operation-table';
import type { ResetOptions } from './engine/runtime';
import type {
  SeedActivityEventInput,
  SeedCompanyInput,
  SeedContactInput,
  SeedConversationInput,
  SeedMessageInput,
  SeedViewInput,
} from './control/insert/inputs';
import { PAGE_MOCK_KEY, PAGE_SETUP_KEY, type PageMockOptions, type PageOverrideAnswer, type PageSetup, type PageStep } from './browser/page-control';

/** What the helper uses of a Playwright `Page`. */
export interface PageLike {
  evaluate(expression: string): Promise<unknown>;
  waitForFunction(expression: string, arg?: unknown, options?: { timeout?: number }): Promise<unknown>;
  addInitScript(script: { content: string }): Promise<unknown>;
}

export interface PageMockSetup extends PageMockOptions {
  /** Keep the mock's state (records, edits, drafts) across a reload of this page; default false. */
  keepStateOnReload?: boolean;
  /** Faults in force from the page's first request (`mock.faults.add` rules). */
  faults?: FaultRule[];
  /** Answers in force from the page's first request. */
  overrides?: { operationId: OperationId; answer: PageOverrideAnswer; times?: number }[];
}

/** The page's mock, from the test. Every call waits (up to `timeout`) for the page to have set its mock up. */
export interface PageMock {
  /** Resolves once the page has set up its mock. */
  ready(): Promise<void>;
  seed: {
    contact(input: SeedContactInput): Promise<Contact>;
    company(input: SeedCompanyInput): Promise<Company>;
    view(input: SeedViewInput): Promise<View>;
    conversation(input: SeedConversationInput): Promise<Conversation>;
    message(input: SeedMessageInput): Promise<Message>;
    activityEvent(input: SeedActivityEventInput): Promise<ActivityEvent>;
  };
  /** The next `count` (default 1) matching requests fail so (`mock.faults.add`). */
  fault(rule: FaultRule): Promise<void>;
  clearFaults(): Promise<void>;
  /** The next `times` (default: every) requests of the operation get this answer, after authentication and validation. */
  override(operationId: OperationId, answer: PageOverrideAnswer, options?: { times?: number }): Promise<void>;
  /** Back to the seeded dataset; forgets faults, overrides, journal and rate-limit windows (`mock.reset`). */
  reset(options?: ResetOptions): Promise<void>;
  /** The requests the page's mock answered, oldest first. */
  journal(): Promise<JournalEntry[]>;
  /** The state as JSON text (`mock.exportState()`). */
  exportState(): Promise<string>;
}

const bridge = `globalThis[Symbol.for(${JSON.stringify(PAGE_MOCK_KEY)})]`;

/**
 * Gives the test a hold on `page`'s mock. Call it before `page.goto`: the setup (options, faults, overrides, and
 * whether state survives a reload) is in force from the page's first request, on every load of this page. A new
 * page (or context) is a new mock: tests never share one. Works after `goto` too, for the live calls.
 */
export async function mockInPage(page: PageLike, setup: PageMockSetup = {}, { timeout = 30_000 } = {}): Promise<PageMock> {
  const { keepStateOnReload, faults = [], overrides = [], ...options } = setup;
  const steps: PageStep[] = [...faults.map((rule): PageStep => ({ do: 'fault', rule })), ...overrides.map((entry): PageStep => ({ do: 'override', ...entry }))];
  const pageSetup: PageSetup = { options, steps, ...(keepStateOnReload === undefined ? {} : { keepStateOnReload }) };
  await page.addInitScript({ content: `globalThis[Symbol.for(${JSON.stringify(PAGE_SETUP_KEY)})] = ${JSON.stringify(pageSetup)};` });

  const ready = async (): Promise<void> => {
    try {
      await page.waitForFunction(`Boolean(${bridge})`, undefined, { timeout });
    } catch (error) {
      throw new Error(`The page set up no mock within ${timeout} ms: does it call setupMockWorker or startMockWorker from @network-org/mock/browser (in a development build)?`, { cause: error });
    }
  };
  const apply = async <T>(step: PageStep): Promise<T> => {
    await ready();
    return (await page.evaluate(`${bridge}.apply(${JSON.stringify(step)})`)) as T;
  };
  const seed = <T>(kind: Extract<PageStep, { do: 'seed' }>['kind']) => (input: unknown) => apply<T>({ do: 'seed', kind, input });
  return {
    ready,
    seed: {
      contact: seed<Contact>('contact'),
      company: seed<Company>('company'),
      view: seed<View>('view'),
      conversation: seed<Conversation>('conversation'),
      message: seed<Message>('message'),
      activityEvent: seed<ActivityEvent>('activityEvent'),
    },
    fault: (rule) => apply({ do: 'fault', rule }),
    clearFaults: () => apply({ do: 'clearFaults' }),
    override: (operationId, answer, { times } = {}) => apply({ do: 'override', operationId, answer, ...(times === undefined ? {} : { times }) }),
    reset: (options) => apply({ do: 'reset', ...(options === undefined ? {} : { options }) }),
    journal: () => apply<JournalEntry[]>({ do: 'journal' }),
    exportState: () => apply<string>({ do: 'exportState' }),
  };
}

export type { PageMockOptions, PageOverrideAnswer } from './browser/page-control';
