import { mockStateFile, UsageError } from '@network-org/cli-kit';
import type { MockApi } from '@network-org/mock';
import { NetworkClient, secretScrubber, type RateLimitStore } from '@network-org/sdk';
import { knownSecrets, TransportFailure } from '../errors';
import { readConfig } from './config-file';

export interface TargetOptions {
  mock?: boolean;
  mockState?: string;
  profile?: string;
  /** Shares the pacing budget of bulk runs through Redis. */
  redisUrl?: string;
}

/** Where a command's requests go, and what must be done when it ends. */
export interface Target {
  client: NetworkClient;
  apiKey: string;
  baseUrl: string;
  /** The in-process mock under `--mock`. */
  mock?: MockApi;
  /** A copy of any value with the key replaced, for everything printed or written. */
  scrub: <T>(value: T) => T;
  /** Saves the mock's state (`--mock-state`) and lets go of Redis. */
  close(): Promise<void>;
}

/**
 * A module that is an optional peer of the CLI, or a usage error that says how to install it. `load` is an
 * `import()` of a literal name, so that a bundler (the single-file executables) carries the module.
 */
export async function importOptional<T>(load: () => Promise<T>, specifier: string, purpose: string, install: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new UsageError(`${purpose} needs ${specifier}, which is not installed: ${install}`);
    }
    throw error;
  }
}

const MOCK_INSTALL = 'npm install @network-org/mock msw (beside @network-org/cli)';

async function mockTarget(statePath: string | undefined): Promise<{ apiKey: string; baseUrl: string; mock: MockApi; save(): void }> {
  const stateFile = statePath === undefined ? undefined : mockStateFile('network-org', 'mock-state', statePath);
  const { createMockApi } = await importOptional(() => import('@network-org/mock'), '@network-org/mock', '--mock', MOCK_INSTALL);
  let mock: MockApi;
  try {
    mock = createMockApi(stateFile?.state === undefined ? {} : { state: stateFile.state });
  } catch (error) {
    if (stateFile?.state === undefined) throw error;
    throw stateFile.refused(error);
  }
  return { apiKey: mock.keys.admin, baseUrl: mock.baseUrl, mock, save: () => stateFile?.save(() => mock.exportState()) };
}

/** The key and base URL: `--profile NAME`, else the environment, else the config file's current profile. */
export function liveCredentials(profileName: string | undefined, env: NodeJS.ProcessEnv = process.env): { apiKey: string; baseUrl: string } {
  const config = readConfig();
  const names = Object.keys(config.profiles);
  if (profileName !== undefined && !Object.hasOwn(config.profiles, profileName)) {
    throw new UsageError(
      `--profile ${profileName}: no such profile (${names.length > 0 ? `profiles: ${names.join(', ')}` : 'none yet'}); add it with \`network-org config set ${profileName} --base-url URL --api-key KEY\``,
    );
  }
  const profile = profileName !== undefined ? config.profiles[profileName] : config.current !== undefined ? config.profiles[config.current] : undefined;
  const fromEnv = profileName === undefined;
  const apiKey = (fromEnv ? env.NETWORK_API_KEY : undefined) || profile?.api_key;
  const baseUrl = (fromEnv ? env.NETWORK_BASE_URL : undefined) || profile?.base_url;
  const where = profileName !== undefined ? `the profile ${profileName} has no` : 'no';
  if (!apiKey) throw new UsageError(`${where} API key: set NETWORK_API_KEY, use a profile (\`network-org config set NAME --api-key KEY\`), or try offline with --mock`);
  if (!baseUrl) throw new UsageError(`${where} base URL: set NETWORK_BASE_URL, use a profile (\`network-org config set NAME --base-url URL\`), or try offline with --mock`);
  return { apiKey, baseUrl };
}

async function redisStore(url: string): Promise<{ store: RateLimitStore; close(): Promise<void> }> {
  const install = 'npm install @network-org/sdk-redis redis (beside @network-org/cli)';
  const { createClient } = await importOptional(() => import('redis'), 'redis', '--redis-url', install);
  const { redisRateLimitStore } = await importOptional(() => import('@network-org/sdk-redis'), '@network-org/sdk-redis', '--redis-url', install);
  // One attempt: a wrong URL is reported at once instead of being retried for ever.
  const redis = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 5_000 } });
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    throw new TransportFailure(`cannot reach Redis at --redis-url: ${(error as Error).message}`);
  }
  return { store: redisRateLimitStore({ client: redis, prefix: 'network-org:rate-limit:' }), close: async () => void (await redis.quit()) };
}

export async function connect(options: TargetOptions): Promise<Target> {
  const offline = options.mock || options.mockState !== undefined ? await mockTarget(options.mockState) : undefined;
  const { apiKey, baseUrl } = offline ?? liveCredentials(options.profile);
  knownSecrets.push(apiKey);
  const redis = options.redisUrl === undefined ? undefined : await redisStore(options.redisUrl);
  const client = new NetworkClient({
    apiKey,
    baseUrl,
    // Every command is paced to the service's budget per endpoint, so `--all` and bulk runs spend no retries on 429s.
    rateLimit: 'service',
    ...(redis ? { rateLimitStore: redis.store } : {}),
    ...(offline ? { fetch: offline.mock.fetch } : {}),
  });
  return {
    client,
    apiKey,
    baseUrl,
    ...(offline ? { mock: offline.mock } : {}),
    scrub: secretScrubber([apiKey]),
    close: async () => {
      offline?.save();
      await redis?.close();
    },
  };
}
