import { createMockApi, type MockApi } from '@network-org/mock';
import { NetworkClient, type ClientOptions } from '@network-org/sdk';
import { setupServer } from 'msw/node';

export interface Connection {
  client: NetworkClient;
  /** Present when the example runs offline against the in-process mock. */
  mock?: MockApi;
  describe: string;
  close(): void;
}

/**
 * The real service when NETWORK_BASE_URL and NETWORK_API_KEY are set; otherwise the in-process mock with its
 * seeded dataset and the admin's test key, so every example runs offline.
 */
export function connect(options: Omit<ClientOptions, 'apiKey' | 'baseUrl'> & { apiKey?: string } = {}): Connection {
  const { NETWORK_BASE_URL: baseUrl, NETWORK_API_KEY: apiKey } = process.env;
  if (baseUrl && apiKey) {
    return { client: new NetworkClient({ ...options, baseUrl, apiKey }), describe: baseUrl, close() {} };
  }
  const mock = createMockApi({ seed: Number(process.env.NETWORK_MOCK_SEED ?? 1) });
  const server = setupServer(...mock.handlers);
  // Intercept before the client exists, so its first request already goes to the mock. A request no handler
  // answers fails: msw 3 reads onUnhandledFrame, msw 2 onUnhandledRequest.
  const unhandled = { onUnhandledFrame: 'error', onUnhandledRequest: 'error' } as const;
  server.listen(unhandled);
  const client = new NetworkClient({ ...options, baseUrl: mock.baseUrl, apiKey: options.apiKey ?? mock.keys.admin });
  return { client, mock, describe: `in-process mock (${mock.baseUrl}, seed ${process.env.NETWORK_MOCK_SEED ?? 1})`, close: () => server.close() };
}
