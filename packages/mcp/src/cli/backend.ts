import { messageOf, mockStateFile, openMock } from '@network-org/cli-kit';
import { NetworkClient, type Logger } from '@network-org/sdk';
import type { CustomFieldsSource } from '../resources/index';
import { accountTags, countTags, type TagsSource } from '../resources/tags';
import { UsageError, type CliOptions } from './args';

/** Where the tools' calls go: the live service, or a mock in this process. */
export interface Backend {
  client: NetworkClient;
  apiKey: string;
  customFields?: CustomFieldsSource;
  tags?: TagsSource;
  /** The mock's current instant, for the instructions (mock only). */
  mockNow?: () => Date;
  /** Lines for stderr once the backend is up. */
  banner: string[];
  close(): Promise<void>;
}

// A Retry-After longer than this comes back to the agent as rate_limit_exceeded instead of holding the call.
const MAX_RETRY_DELAY_MS = 15_000;

export function liveBackend(env: NodeJS.ProcessEnv, logger: Logger): Backend {
  const apiKey = env.NETWORK_API_KEY;
  const baseUrl = env.NETWORK_BASE_URL;
  if (!apiKey) throw new UsageError('NETWORK_API_KEY is not set: set it to your API key, or pass --mock to run offline on the mock');
  if (!baseUrl) throw new UsageError('NETWORK_BASE_URL is not set: set it to the API base address, or pass --mock to run offline on the mock');
  const client = new NetworkClient({ apiKey, baseUrl, rateLimit: 'service', maxRetryDelay: MAX_RETRY_DELAY_MS, logger, logLevel: 'warn' });
  return { client, apiKey, banner: [`live on ${baseUrl}`], close: async () => {} };
}

const MOCK_MISSING =
  '--mock needs @network-org/mock (and msw), which live use does not install: `npm i @network-org/mock` beside @network-org/mcp, ' +
  'or run `npx -y -p @network-org/mcp -p @network-org/mock network-mcp --mock`';

/**
 * The mock's modules, imported only for `--mock`: a live install has neither the mock nor msw. Their absence is a
 * usage error that says what to install.
 */
async function importMock() {
  try {
    return await Promise.all([import('@network-org/mock'), import('@network-org/mock/node')]);
  } catch (error) {
    const missing = /Cannot find (?:package|module) '(@network-org\/mock|msw)/.exec(error instanceof Error ? error.message : '');
    if (missing) throw new UsageError(`${MOCK_MISSING} (${missing[1]} is not installed)`);
    throw error;
  }
}

export async function mockBackend(options: NonNullable<CliOptions['mock']>, logger: Logger): Promise<Backend> {
  const [{ createMockApi }, { startMockServer }] = await importMock();
  const { stateFile, seed, now } = options;
  // Read now, and its folder checked now: the state is written there when the server stops.
  const file = stateFile === undefined ? undefined : mockStateFile('network-mcp', 'state-file', stateFile);
  const mockOptions = {
    ...(seed === undefined ? {} : { seed }),
    ...(now === undefined ? {} : { now }),
  };
  const { opened, save } = await openMock(
    file,
    async (state) => {
      const withState = state === undefined ? mockOptions : { ...mockOptions, state };
      try {
        if (options.port === undefined) return { mock: createMockApi(withState), server: undefined };
        const server = await startMockServer({ ...withState, port: options.port, host: '127.0.0.1' });
        return { mock: server.mock, server };
      } catch (error) {
        // Without a state file, what the mock refuses came from the flags (--seed, --now).
        if (state === undefined) throw new UsageError(messageOf(error));
        throw error;
      }
    },
    ({ mock }) => mock.exportState(),
  );
  const { mock, server } = opened;
  const apiKey = mock.keys.admin;
  const client = new NetworkClient({ apiKey, baseUrl: mock.baseUrl, fetch: mock.fetch, rateLimit: 'service', maxRetryDelay: MAX_RETRY_DELAY_MS, logger, logLevel: 'warn' });
  const customFields: CustomFieldsSource = async () => {
    const [organization] = await client.organizations.list();
    const registered = mock.customFields().organizations.find((candidate) => String(candidate.organization_id) === String(organization?.id));
    return { contact: registered?.contact ?? [], company: registered?.company ?? [], source: 'The mock\'s registered custom fields.' };
  };
  // The mock's own records, every one of them: no page walk through the rate limit.
  const tags: TagsSource = async () => {
    const ids = (await client.accounts.list()).map((account) => account.account_id);
    const contacts = countTags(ids.flatMap((id) => mock.db.contactsOf(id)));
    const companies = countTags(ids.flatMap((id) => mock.db.companiesOf(id)));
    return { accounts: accountTags(ids, contacts, companies), source: 'The mock\'s records, every one counted.' };
  };
  const mockNow = () => mock.db.now;
  const banner = [`offline on the mock (seed ${seed ?? 1}, clock at ${mockNow().toISOString()}${file?.state === undefined ? '' : `, from ${stateFile}`}), as its admin`];
  if (server) banner.push(`mock API and control API on ${server.url} (drafts: ${server.url}/__mock/drafts, requests: ${server.url}/__mock/requests)`);
  return {
    client,
    apiKey,
    customFields,
    tags,
    mockNow,
    banner,
    close: async () => {
      save();
      await server?.close();
    },
  };
}
