import { setupWorker, type SetupWorker } from 'msw/browser';
import { createMockApi, type MockApi, type MockApiOptions } from './mock-api';

export interface MockWorker {
  mock: MockApi;
  worker: SetupWorker;
}

/** The same handlers in a service worker; call `worker.start()` to begin answering. */
export function setupMockWorker(options: MockApiOptions = {}): MockWorker {
  const mock = createMockApi(options);
  // msw 2.15 declares RequestHandler twice (core chunk and experimental controller), so its own HttpHandler does
  // not type-check against setupWorker's parameter; the objects are the same class at runtime.
  const handlers = mock.handlers as unknown as Parameters<typeof setupWorker>;
  return { mock, worker: setupWorker(...handlers) };
}

export { createMockApi } from './mock-api';
export type { MockApi, MockApiOptions } from './mock-api';
