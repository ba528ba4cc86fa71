import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { useBundledCli as bundleCli } from '../../../../test/support/bundled-cli';

export const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const source = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/** `network-org` bundled from source, with the SDK, the mock and sdk-redis from source too: no build needed. */
export function useBundledCli(): () => string {
  return bundleCli(
    packageDir,
    {
      external: ['commander', '@commander-js/extra-typings', 'cli-table3', 'csv-parse', 'csv-stringify', '@jmespath-community/jmespath', 'yaml', 'zod', 'msw', 'redis'],
      noExternal: [/^@network-org\//],
      splitting: true,
      esbuildOptions(options) {
        options.alias = {
          '@network-org/sdk': source('sdk/src/index.ts'),
          '@network-org/sdk-redis': source('sdk-redis/src/index.ts'),
          '@network-org/mock/node': source('mock/src/node.ts'),
          '@network-org/mock': source('mock/src/index.ts'),
        };
      },
    },
    120_000,
  );
}

export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** This process's environment without any NETWORK_ variable, a config folder of its own, and `extra`. */
export function cliEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('NETWORK_')) env[name] = value;
  }
  return { ...env, XDG_CONFIG_HOME: '/nonexistent-network-org-config', ...extra };
}

/** Runs `network-org ARGS` to its end. */
export function run(cli: string, args: string[], options: { env?: Record<string, string>; stdin?: string; cwd?: string } = {}): Promise<Result> {
  const child = spawn(process.execPath, [cli, ...args], { cwd: options.cwd ?? packageDir, env: options.env ?? cliEnv() });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** One `network-mock serve` (its server, from source) for the file's tests, without its rate limit. */
export function useMockServer(options: Parameters<typeof startMockServer>[0] = {}): () => MockServer {
  let server: MockServer | undefined;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, rateLimit: false, ...options });
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => server!;
}

/** The environment that points the CLI at a served mock with its admin key. */
export const servedEnv = (server: MockServer, extra: Record<string, string> = {}) =>
  cliEnv({ NETWORK_BASE_URL: server.url, NETWORK_API_KEY: server.mock.keys.admin, ...extra });

/** The requests the served mock's journal holds (its control API), API routes only. */
export async function journal(server: MockServer): Promise<{ method: string; path: string; status: number }[]> {
  const response = await fetch(`${server.url}/__mock/requests`);
  const body = (await response.json()) as { requests: { method: string; path: string; status: number }[] };
  return body.requests.filter((entry) => entry.path.startsWith('/v1/'));
}

/** Runs async work over `items`, two at a time (the machine has two cores). */
export async function inPairs<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += 2) results.push(...(await Promise.all(items.slice(index, index + 2).map(work))));
  return results;
}
