import { checkWritableFolder, flagHelp, messageOf, readFlags, UsageError } from '@network-org/cli-kit';
import { selectTools } from '../server';
import { MCP_FLAGS } from './flags';

export const USAGE = `Usage: network-mcp [options]

The Professional-Network Organization Data API as MCP tools. Live: the key and base URL come from
NETWORK_API_KEY and NETWORK_BASE_URL. Offline: --mock (needs @network-org/mock installed beside it).

${flagHelp(MCP_FLAGS)}`;

export { UsageError };

export interface CliOptions {
  transport: 'stdio' | 'http';
  host: string;
  port: number;
  httpToken: string | undefined;
  readOnly: boolean;
  toolsets: string[] | undefined;
  tools: string[] | undefined;
  dynamicToolsets: boolean;
  maxChars: number | undefined;
  mock: { seed: number | undefined; now: string | undefined; stateFile: string | undefined; port: number | undefined } | undefined;
}

/**
 * The options of `argv` (without node and the script), with the environment's NETWORK_MCP_* variables where a flag
 * is not given; throws UsageError on anything it cannot honour.
 */
export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions | 'help' | 'version' {
  let read: ReturnType<typeof readFlags<typeof MCP_FLAGS>>;
  try {
    read = readFlags(MCP_FLAGS, argv, env);
  } catch (error) {
    throw error instanceof UsageError ? error : new UsageError(messageOf(error));
  }
  const { values, sources, positionals } = read;
  if (values.help) return 'help';
  if (values.version) return 'version';
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}: network-mcp takes options only`);
  // A flag given where it cannot apply is refused; a variable set for it is not used there.
  const given = (key: keyof typeof MCP_FLAGS) => sources[key]?.startsWith('--') === true;
  const transport = values.transport ?? 'stdio';
  if (transport === 'stdio') {
    for (const key of ['port', 'host', 'httpToken'] as const) {
      if (given(key)) throw new UsageError(`${sources[key]} applies to --transport http only`);
    }
  }
  if (!values.mock) {
    for (const key of ['seed', 'now', 'stateFile', 'mockPort'] as const) {
      if (given(key)) throw new UsageError(`${sources[key]} applies to --mock only`);
    }
  }
  const readOnly = values.readOnly ?? false;
  const dynamicToolsets = values.dynamicToolsets ?? false;
  // Stateless HTTP answers each request with a new server: a toolset turned on would be gone at the next request.
  if (dynamicToolsets && transport === 'http') throw new UsageError('--dynamic-toolsets needs a session: use it with --transport stdio');
  const { toolsets, tools } = values;
  try {
    selectTools({ toolsets, tools, readOnly, dynamicToolsets });
  } catch (error) {
    throw new UsageError(messageOf(error));
  }
  const stateFile = values.stateFile;
  if (stateFile !== undefined) checkWritableFolder('state-file', stateFile);
  return {
    transport,
    host: values.host ?? '127.0.0.1',
    port: values.port ?? 4020,
    httpToken: transport === 'http' ? values.httpToken : undefined,
    readOnly,
    toolsets,
    tools,
    dynamicToolsets,
    maxChars: values.maxChars,
    mock: values.mock ? { seed: values.seed, now: values.now, stateFile, port: values.mockPort } : undefined,
  };
}
