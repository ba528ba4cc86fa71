// The `./node` entry: the mock served over real HTTP (server.ts), and the in-memory mock with msw's handlers.
import { isLoopbackHost } from '@network-org/cli-kit';
import { checkMsw } from './adapters/msw';
import { createMockApi } from './create-mock-api';
import { serveMock, type MockServer, type MockServerOptions } from './server';

// At import: see checkMsw.
checkMsw();

/** Serves the mock over real HTTP on `host:port`; `mock` is the same in-memory mock `createMockApi` gives. */
export function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  return serveMock(options, createMockApi);
}

export { createMockApi, isLoopbackHost };
export type { MockServer, MockServerOptions };
export type { MockApi, MockApiOptions } from './mock-api';
