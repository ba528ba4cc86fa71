// `@network-org/mock/vitest`: a vitest `test` whose every test gets its own session of one shared mock
// and an SDK client bound to that session, so tests run under `describe.concurrent` without seeing each other.
import { type ClientOptions, NetworkClient } from '@network-org/sdk';
import { test as base, inject, type TestAPI } from 'vitest';
import { checkMsw } from './adapters/msw';
import type { CoverageFloor } from './coverage/floor';
import { COVERAGE_FOLDER_KEY } from './coverage/run-key';
import { createMockApi } from './create-mock-api';
import type { FixtureKeys, MockApi, MockApiOptions, MockSession } from './mock-api';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by `@network-org/mock/vitest/coverage`: where each mock leaves its coverage for the run's one report. */
    [COVERAGE_FOLDER_KEY]?: string;
  }
}

export type { DefaultCustomFields } from './store/default-custom-fields';

// At import: see checkMsw.
checkMsw();

/** A test's own session of the shared mock, with the mock's base URL and fixture keys beside it. */
export interface MockTestSession extends MockSession {
  readonly name: string;
  readonly baseUrl: string;
  readonly keys: FixtureKeys;
}

export interface MockFixtures {
  /** This test's session: its own copy of the seeded dataset, faults, overrides, journal, drafts and rate limits. */
  mock: MockTestSession;
  /**
   * A `NetworkClient` as the admin fixture key, answered in process by this test's session (its `fetch`, no msw).
   * `maxRetries: 0`, so a forced 5xx fails at once instead of after the SDK's backoff.
   */
  client: NetworkClient;
}

export interface MockTestOptions extends Omit<MockApiOptions, 'coverage'> {
  /** Options of every test's `client` over the defaults above (e.g. `{maxRetries: 2}` to exercise the retries). */
  client?: ClientOptions;
  /**
   * `false` records no coverage. A floor (`{minOperations: 10, minResponses: 40}`, as `network-mock coverage check`
   * takes) fails the run when the run's one report falls below it; it needs the global setup
   * `@network-org/mock/vitest/coverage`, which gathers the report across files and workers.
   */
  coverage?: boolean | CoverageFloor;
}

/** A name for this mock's part of the run's coverage, unique across the run's workers. */
const partName = (): string => `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** vitest's task ids (`1223128da3_0_1`) as a session name: 1-64 characters of A-Za-z0-9._- */
const sessionName = (taskId: string): string => `vitest-${taskId}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 64);

/**
 * A vitest `test` with the `mock` and `client` fixtures over one mock built from `options` (on first use, shared
 * by every test of the module that calls this). Each test's session is dropped when the test ends.
 */
export function createMockTest(options: MockTestOptions = {}): TestAPI<MockFixtures> {
  const { client: clientOptions, coverage = true, ...mockOptions } = options;
  const floor: CoverageFloor = typeof coverage === 'object' ? coverage : {};
  let shared: MockApi | undefined;
  const mockApi = (): MockApi => (shared ??= createMockApi({ ...mockOptions, coverage: coverage !== false }));
  // Set when the run's global setup gathers coverage: this mock's report is left there after every test.
  const folder = coverage === false ? undefined : inject(COVERAGE_FOLDER_KEY);
  const part = partName();
  const leaveCoverage = async (api: MockApi): Promise<void> => {
    if (folder === undefined) return;
    const { writeCoveragePart } = await import('./coverage/run');
    writeCoveragePart(folder, part, { floor, report: api.coverage() });
  };

  return base.extend<MockFixtures>({
    // vitest reads each fixture's first parameter to learn what it depends on: it must be destructured.
    mock: async ({ task }, use) => {
      const api = mockApi();
      const name = sessionName(task.id);
      const session = api.session(name);
      const surface = Object.defineProperties({} as MockTestSession, {
        ...Object.getOwnPropertyDescriptors(session),
        name: { value: name, enumerable: true },
        baseUrl: { value: api.baseUrl, enumerable: true },
        keys: { value: api.keys, enumerable: true },
      });
      try {
        await use(surface);
      } finally {
        // Dropped, the session's coverage joins the mock's.
        api.dropSession(name);
        await leaveCoverage(api);
      }
    },
    client: async ({ mock }, use) => {
      await use(new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin, fetch: mock.fetch, maxRetries: 0, ...clientOptions }));
    },
  });
}

/** `test` with the `mock` and `client` fixtures over a mock of the default options (seed 1, rate limit on). */
export const test: TestAPI<MockFixtures> = createMockTest();
export const it: TestAPI<MockFixtures> = test;
