import { createServer } from 'node:http';
import { isLoopbackHost } from '@network-org/cli-kit';
import type { AddressInfo } from 'node:net';
import { createClientErrorListener, createConnectListener, createRequestListener } from './adapters/node-http';
import { checkMsw } from './adapters/msw';
import { createMockApi, type MockApi, type MockApiOptions } from './mock-api';

// At import: see checkMsw.
checkMsw();

export interface MockServerOptions extends Omit<MockApiOptions, 'baseUrl' | 'controlExposed'> {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. The control API answers only on a loopback address unless `controlToken` is set. */
  host?: string;
}

export interface MockServer {
  /** `http://HOST:PORT`, without a trailing slash. */
  url: string;
  mock: MockApi;
  close(): Promise<void>;
}

/** Serves the mock over real HTTP: node:http straight into the engine (no msw, no fetch Request/Response). */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port = 4010, host = '127.0.0.1', ...mockOptions } = options;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  let mock: MockApi;
  try {
    mock = createMockApi({ ...mockOptions, baseUrl: url, controlExposed: isLoopbackHost(host) });
  } catch (error) {
    await close();
    throw error;
  }
  const answer = mock.answer;
  server.on('request', createRequestListener(answer));
  server.on('connect', createConnectListener(answer));
  server.on('clientError', createClientErrorListener(answer));
  return { url, mock, close };
}

export { isLoopbackHost };
export { createMockApi } from './mock-api';
export type { MockApi, MockApiOptions } from './mock-api';
