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
  // Intercept before the client exists, so its first request already goes to the mock.
  server.listen({ onUnhandledRequest: 'error' });
  const client = new NetworkClient({ ...options, baseUrl: mock.baseUrl, apiKey: options.apiKey ?? mock.keys.admin });
  return { client, mock, describe: `in-process mock (${mock.baseUrl}, seed ${process.env.NETWORK_MOCK_SEED ?? 1})`, close: () => server.close() };
}

/** `--name value` and `--flag` arguments. */
export function parseArgs(argv: string[] = process.argv.slice(2)): Record<string, string | true> {
  const args: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) args[name] = inline;
    else if (next !== undefined && !next.startsWith('--')) args[name] = argv[++i]!;
    else args[name] = true;
  }
  return args;
}

export function stringArg(args: Record<string, string | true>, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' ? value : undefined;
}

/** Runs an example's main, printing a failure as one readable line and exiting non-zero. */
export function main(run: () => Promise<void>): void {
  run().catch((error: unknown) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
