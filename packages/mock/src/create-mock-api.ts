import { createMswHandlers } from './adapters/msw';
import { assembleMockApi, type MockApi, type MockApiOptions } from './mock-api';

/** The mock in memory, with msw's handlers over its base URL (`mock.handlers`). */
export function createMockApi(given: MockApiOptions | null = {}): MockApi {
  return assembleMockApi(given, createMswHandlers);
}
