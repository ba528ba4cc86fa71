import { createServer } from 'node:http';
import { isLoopbackHost } from '@network-org/cli-kit';
import type { AddressInfo } from 'node:net';
import { createClientErrorListener, createConnectListener, createRequestListener } from './adapters/node-http';
import type { Engine } from './engine/message';
import { engineOf, type MockApi, type MockApiOptions } from './mock-api';

export interface MockServerOptions extends Omit<MockApiOptions, 'baseUrl' | 'controlExposed'> {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. The control API answers only on a loopback address unless `controlToken` is set. */
  host?: string;
  /**
   * Called with one line per request answered, control calls included: its time, session (`-` for the default
   * one), method, path, status (0 for a dropped connection) and milliseconds. `network-mock serve --log requests`
   * prints them on stdout.
   */
  logRequests?: (line: string) => void;
}

export interface MockServer {
  /** `http://HOST:PORT`, without a trailing slash. */
  url: string;
  mock: MockApi;
  close(): Promise<void>;
}

const SESSION_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** The engine, writing a line per request it answers: `TIME SESSION METHOD PATH STATUS MSms`. */
function loggedEngine(answer: Engine, log: (line: string) => void): Engine {
  return async (request) => {
    const started = performance.now();
    const time = new Date().toISOString();
    const answered = await answer(request);
    const session = request.headers.find(([name]) => name.toLowerCase() === 'x-mock-session')?.[1];
    const target = String(request.url);
    // The path only: a query may hold the inspector's token.
    const path = target.startsWith('/') ? target.split('?')[0] : new URL(target).pathname;
    const status = answered.kind === 'drop' ? 0 : answered.status;
    const ms = (performance.now() - started).toFixed(1);
    log(`${time} ${session !== undefined && SESSION_NAME.test(session) ? session : '-'} ${request.method} ${path} ${status} ${ms}ms`);
    return answered;
  };
}

/**
 * Serves a mock over real HTTP: node:http straight into the engine (no msw, no fetch Request/Response).
 * `startMockServer` (node.ts) makes it with `createMockApi`; `network-mock serve` without msw's handlers.
 */
export async function serveMock(options: MockServerOptions, makeMock: (options: MockApiOptions) => MockApi): Promise<MockServer> {
  const { port = 4010, host = '127.0.0.1', logRequests, ...mockOptions } = options;
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
    mock = makeMock({ ...mockOptions, baseUrl: url, controlExposed: isLoopbackHost(host) });
  } catch (error) {
    await close();
    throw error;
  }
  const engine = engineOf(mock);
  const answer = logRequests ? loggedEngine(engine, logRequests) : engine;
  server.on('request', createRequestListener(answer));
  server.on('connect', createConnectListener(answer));
  server.on('clientError', createClientErrorListener(answer));
  return { url, mock, close };
}
