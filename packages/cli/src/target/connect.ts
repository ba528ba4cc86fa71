import { mockStateFile, openMock, UsageError } from '@network-org/cli-kit';
import type { MockApi } from '@network-org/mock';
import { NetworkClient, secretScrubber, type RateLimitStore } from '@network-org/sdk';
import { TransportFailure } from '../errors';
import { readConfig } from './config-file';

export interface TargetOptions {
  mock?: boolean;
  /** `--state-file`: the mock's state kept in this file between runs (implies the mock). */
  stateFile?: string;
  profile?: string;
  /** Shares the pacing budget of bulk runs through Redis. */
  redisUrl?: string;
  /** `--base-url`: beats NETWORK_BASE_URL and the profile's. */
  baseUrl?: string;
  /** `--debug`: one line per request attempt on stderr, as NETWORK_LOG=debug. */
  debug?: boolean;
  /** The run's keys kept out of every line it prints on stderr: the target's key joins them. */
  secrets: string[];
}

/**
 * What a bulk run learns of each request as it goes: when it leaves (so a row counts as in flight only once its
 * request is sent, not while it waits for its turn) and how it ended.
 */
export interface SendWatcher {
  /** The request is handed to the network now. */
  sending(): void;
  /** An HTTP answer came, with this status. */
  answered(status: number): void;
  /** No answer; `reached` is false when the connection was never made (refused, no such host), so nothing arrived. */
  unanswered(reached: boolean): void;
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
  /** Who hears of each request sent from now on (a bulk run, row by row); undefined for nobody. */
  watch(watcher: SendWatcher | undefined): void;
  /** Writes the mock's state now (`--state-file`; nothing otherwise), atomically. */
  saveState(): void;
  /** Saves the mock's state (`--state-file`) and lets go of Redis. */
  close(): Promise<void>;
}

// The codes of a connection that was never made: the request cannot have reached the API.
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

function neverConnected(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code !== undefined) return NOT_CONNECTED.has(code);
  }
  return false;
}

/** The SDK's log on stderr: standard output holds the command's answer only. */
const stderrLogger = {
  error: (line: string) => process.stderr.write(`${line}\n`),
  warn: (line: string) => process.stderr.write(`${line}\n`),
  info: (line: string) => process.stderr.write(`${line}\n`),
  debug: (line: string) => process.stderr.write(`${line}\n`),
};

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
  const stateFile = statePath === undefined ? undefined : mockStateFile('network-org', 'state-file', statePath);
  const { createMockApi } = await importOptional(() => import('@network-org/mock'), '@network-org/mock', '--mock', MOCK_INSTALL);
  const { opened: mock, save } = await openMock(stateFile, (state) => createMockApi(state === undefined ? {} : { state }), (opened) => opened.exportState());
  return { apiKey: mock.keys.admin, baseUrl: mock.baseUrl, mock, save };
}

/** The key and base URL: `--profile NAME`, else the environment, else the config file's current profile. */
export function liveCredentials(profileName: string | undefined, env: NodeJS.ProcessEnv = process.env, baseUrlFlag?: string): { apiKey: string; baseUrl: string } {
  const config = readConfig();
  const names = Object.keys(config.profiles);
  if (profileName !== undefined && !Object.hasOwn(config.profiles, profileName)) {
    throw new UsageError(
      `--profile ${profileName}: no such profile (${names.length > 0 ? `profiles: ${names.join(', ')}` : 'none yet'}); add it with \`printf %s "$KEY" | network-org config set ${profileName} --base-url URL --api-key -\``,
    );
  }
  const profile = profileName !== undefined ? config.profiles[profileName] : config.current !== undefined ? config.profiles[config.current] : undefined;
  const fromEnv = profileName === undefined;
  const apiKey = (fromEnv ? env.NETWORK_API_KEY : undefined) || profile?.api_key;
  const baseUrl = baseUrlFlag || (fromEnv ? env.NETWORK_BASE_URL : undefined) || profile?.base_url;
  const where = profileName !== undefined ? `the profile ${profileName} has no` : 'no';
  // The key is never suggested on a command line: it would stay in the shell history and show in `ps`.
  if (!apiKey) throw new UsageError(`${where} API key: export NETWORK_API_KEY, or save it in a profile (\`printf %s "$KEY" | network-org config set NAME --api-key -\`), or try offline with --mock`);
  if (!baseUrl) throw new UsageError(`${where} base URL: pass --base-url URL, export NETWORK_BASE_URL, or save it in a profile (\`network-org config set NAME --base-url URL\`), or try offline with --mock`);
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

export function checkBaseUrl(url: string | undefined): void {
  if (url === undefined) return;
  try {
    new URL(url);
  } catch {
    throw new UsageError(`--base-url must be an absolute URL (e.g. http://127.0.0.1:4010), got "${url}"`);
  }
}

export async function connect(options: TargetOptions): Promise<Target> {
  checkBaseUrl(options.baseUrl);
  const offline = options.mock || options.stateFile !== undefined ? await mockTarget(options.stateFile) : undefined;
  const { apiKey, baseUrl } = offline ?? liveCredentials(options.profile, process.env, options.baseUrl);
  options.secrets.push(apiKey);
  const redis = options.redisUrl === undefined ? undefined : await redisStore(options.redisUrl);
  let watcher: SendWatcher | undefined;
  // The global fetch is looked up per request, as the SDK does without a fetch of its own.
  const fetchOf = offline ? offline.mock.fetch : (url: string, init: RequestInit) => globalThis.fetch(url, init);
  const client = new NetworkClient({
    apiKey,
    baseUrl,
    // Every command is paced to the service's budget per endpoint, so `--all` and bulk runs spend no retries on 429s.
    rateLimit: 'service',
    logger: stderrLogger,
    ...(options.debug ? { logLevel: 'debug' as const } : {}),
    ...(redis ? { rateLimitStore: redis.store } : {}),
    fetch: async (url, init) => {
      const current = watcher;
      current?.sending();
      let response: Response;
      try {
        response = await fetchOf(url, init);
      } catch (error) {
        current?.unanswered(!neverConnected(error));
        throw error;
      }
      current?.answered(response.status);
      return response;
    },
  });
  return {
    client,
    apiKey,
    baseUrl,
    ...(offline ? { mock: offline.mock } : {}),
    scrub: secretScrubber([apiKey]),
    watch: (next) => {
      watcher = next;
    },
    saveState: () => offline?.save(),
    close: async () => {
      offline?.save();
      await redis?.close();
    },
  };
}
