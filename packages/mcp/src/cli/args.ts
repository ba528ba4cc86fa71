import { parseArgs } from 'node:util';
import { enumOption, integerOption, messageOf, UsageError } from '@network-org/cli-kit';
import { checkToolNames } from '../server';

export const USAGE = `Usage: network-mcp [options]

The Professional-Network Organization Data API as MCP tools. Live: the key and base URL come from
NETWORK_API_KEY and NETWORK_BASE_URL. Offline: --mock.

Options:
  --transport <stdio|http>   stdio (default) or Streamable HTTP at /mcp
  --port <n>                 HTTP port (default 4020; 0 picks a free one)
  --host <host>              HTTP address (default 127.0.0.1); beyond loopback a token is required
  --http-token <token>       require Authorization: Bearer <token> on HTTP (default env NETWORK_MCP_TOKEN)
  --read-only                leave out every tool that changes or spends anything
  --tools <a,b,...>          only these tools
  --max-chars <n>            characters a tool result may take (default 12000)
  --mock                     answer from an in-process @network-org/mock with its admin key (offline)
  --seed <n>                 the mock's dataset seed (default 1)
  --state-file <path>        the mock starts from this state file when it exists and writes it on exit
  --mock-port <n>            also serve the same mock over HTTP on 127.0.0.1 (control API at /__mock/)
  -h, --help                 show this help
  -v, --version              show the version`;

export { UsageError };

export interface CliOptions {
  transport: 'stdio' | 'http';
  host: string;
  port: number;
  httpToken: string | undefined;
  readOnly: boolean;
  tools: string[] | undefined;
  maxChars: number | undefined;
  mock: { seed: number | undefined; stateFile: string | undefined; port: number | undefined } | undefined;
}

/** The options of `argv` (without node and the script); throws UsageError on anything it cannot honour. */
export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions | 'help' | 'version' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        transport: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'http-token': { type: 'string' },
        'read-only': { type: 'boolean' },
        tools: { type: 'string' },
        'max-chars': { type: 'string' },
        mock: { type: 'boolean' },
        seed: { type: 'string' },
        'state-file': { type: 'string' },
        'mock-port': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError(messageOf(error));
  }
  const { values } = parsed;
  if (values.help) return 'help';
  if (values.version) return 'version';
  const transport = enumOption('transport', values.transport, ['stdio', 'http']) ?? 'stdio';
  if (transport === 'stdio') {
    for (const name of ['port', 'host', 'http-token'] as const) {
      if (values[name] !== undefined) throw new UsageError(`--${name} applies to --transport http only`);
    }
  }
  if (!values.mock) {
    for (const name of ['seed', 'state-file', 'mock-port'] as const) {
      if (values[name] !== undefined) throw new UsageError(`--${name} applies to --mock only`);
    }
  }
  const tools = values.tools?.split(',').map((name) => name.trim()).filter(Boolean);
  if (tools !== undefined) {
    if (tools.length === 0) throw new UsageError('--tools needs at least one tool name');
    try {
      checkToolNames(tools, values['read-only'] ?? false);
    } catch (error) {
      throw new UsageError(messageOf(error));
    }
  }
  const httpToken = values['http-token'] ?? (env.NETWORK_MCP_TOKEN || undefined);
  if (httpToken !== undefined && !/^[\x21-\x7e]{16,}$/.test(httpToken)) {
    throw new UsageError('the HTTP token must be at least 16 visible ASCII characters');
  }
  return {
    transport,
    host: values.host ?? '127.0.0.1',
    port: integerOption('port', values.port, 0, 65_535) ?? 4020,
    httpToken: transport === 'http' ? httpToken : undefined,
    readOnly: values['read-only'] ?? false,
    tools,
    maxChars: integerOption('max-chars', values['max-chars'], 1_000, 1_000_000),
    mock: values.mock
      ? {
          seed: integerOption('seed', values.seed),
          stateFile: values['state-file'],
          port: integerOption('mock-port', values['mock-port'], 0, 65_535),
        }
      : undefined,
  };
}
