// `@network-org/mock/vitest`: a vitest `test` whose every test gets its own session of one shared mock
// and an SDK client bound to that session, so tests run under `describe.concurrent` without seeing each other.
import { type ClientOptions, NetworkClient } from '@network-org/sdk';
import { test as base, type TestAPI } from 'vitest';
import { checkMsw } from './adapters/msw';
import { createMockApi, type FixtureKeys, type MockApi, type MockApiOptions, type MockSession } from './mock-api';

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

export interface MockTestOptions extends MockApiOptions {
  /** Options of every test's `client` over the defaults above (e.g. `{maxRetries: 2}` to exercise the retries). */
  client?: ClientOptions;
}

/** vitest's task ids (`1223128da3_0_1`) as a session name: 1-64 characters of A-Za-z0-9._- */
const sessionName = (taskId: string): string => `vitest-${taskId}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 64);

/**
 * A vitest `test` with the `mock` and `client` fixtures over one mock built from `options` (on first use, shared
 * by every test of the module that calls this). Each test's session is dropped when the test ends.
 */
export function createMockTest(options: MockTestOptions = {}): TestAPI<MockFixtures> {
  const { client: clientOptions, ...mockOptions } = options;
  let shared: MockApi | undefined;
  const mockApi = (): MockApi => (shared ??= createMockApi(mockOptions));

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
        api.dropSession(name);
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
