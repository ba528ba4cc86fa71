import { parseArgs } from 'node:util';
import { checkWritableFolder, enumOption, integerOption, messageOf, UsageError } from '@network-org/cli-kit';
import { selectTools } from '../server';
import { toolsetNames } from '../tools/toolsets';

export const USAGE = `Usage: network-mcp [options]

The Professional-Network Organization Data API as MCP tools. Live: the key and base URL come from
NETWORK_API_KEY and NETWORK_BASE_URL. Offline: --mock (needs @network-org/mock installed beside it).

Options:
  --transport <stdio|http>   stdio (default) or Streamable HTTP at /mcp
  --port <n>                 HTTP port (default 4020; 0 picks a free one)
  --host <host>              HTTP address (default 127.0.0.1); beyond loopback a token is required
  --http-token <token>       require Authorization: Bearer <token> on HTTP (default env NETWORK_MCP_TOKEN)
  --toolsets <a,b,...>       only the tools of these toolsets: ${toolsetNames.join(', ')},
                             or all, default (env NETWORK_MCP_TOOLSETS; default: every toolset)
  --tools <a,b,...>          these tools, added to those of --toolsets (env NETWORK_MCP_TOOLS)
  --read-only                leave out every tool that changes or spends anything (env NETWORK_MCP_READ_ONLY=true)
  --dynamic-toolsets         start with --toolsets (default context) plus list_toolsets and enable_toolset,
                             with which the agent turns toolsets on; stdio only (env NETWORK_MCP_DYNAMIC_TOOLSETS=true)
  --max-chars <n>            characters a tool result may take (default 12000)
  --mock                     answer from an in-process @network-org/mock with its admin key (offline)
  --seed <n>                 the mock's dataset seed (default 1)
  --now <ISO|now>            the instant the mock's dataset is anchored at, stated in the instructions
                             (default 2026-01-15T12:00:00Z; now: the current instant) (env NETWORK_MCP_NOW)
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
  toolsets: string[] | undefined;
  tools: string[] | undefined;
  dynamicToolsets: boolean;
  maxChars: number | undefined;
  mock: { seed: number | undefined; now: string | undefined; stateFile: string | undefined; port: number | undefined } | undefined;
}

/** A comma-separated list (`a, b`), or undefined when not given; given but empty is refused. */
function listOption(name: string, value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const list = value.split(',').map((item) => item.trim()).filter(Boolean);
  if (list.length === 0) throw new UsageError(`${name} needs at least one name`);
  return list;
}

/** A yes/no environment variable: true, 1, yes or on; false, 0, no, off or empty; anything else is refused. */
function envSwitch(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const normalized = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
  if (['false', '0', 'no', 'off', ''].includes(normalized)) return false;
  throw new UsageError(`${name} must be true or false, got "${value}"`);
}

/** The mock's anchor: `now` (the current instant) or a date-time; the mock checks the calendar further. */
function nowOption(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === 'now') return value;
  if (Number.isNaN(Date.parse(value))) throw new UsageError(`${name} must be an ISO date-time such as 2026-01-15T12:00:00Z, or now, got "${value}"`);
  return value;
}

/**
 * The options of `argv` (without node and the script), with the environment's NETWORK_MCP_* variables where a flag
 * is not given; throws UsageError on anything it cannot honour.
 */
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
        toolsets: { type: 'string' },
        tools: { type: 'string' },
        'dynamic-toolsets': { type: 'boolean' },
        'max-chars': { type: 'string' },
        mock: { type: 'boolean' },
        seed: { type: 'string' },
        now: { type: 'string' },
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
    for (const name of ['seed', 'now', 'state-file', 'mock-port'] as const) {
      if (values[name] !== undefined) throw new UsageError(`--${name} applies to --mock only`);
    }
  }
  const now = values.mock ? nowOption(values.now !== undefined ? '--now' : 'NETWORK_MCP_NOW', values.now ?? (env.NETWORK_MCP_NOW || undefined)) : undefined;
  const readOnly = values['read-only'] ?? envSwitch('NETWORK_MCP_READ_ONLY', env.NETWORK_MCP_READ_ONLY) ?? false;
  const dynamicToolsets = values['dynamic-toolsets'] ?? envSwitch('NETWORK_MCP_DYNAMIC_TOOLSETS', env.NETWORK_MCP_DYNAMIC_TOOLSETS) ?? false;
  // Stateless HTTP answers each request with a new server: a toolset turned on would be gone at the next request.
  if (dynamicToolsets && transport === 'http') throw new UsageError('--dynamic-toolsets needs a session: use it with --transport stdio');
  const toolsets = values.toolsets !== undefined ? listOption('--toolsets', values.toolsets) : listOption('NETWORK_MCP_TOOLSETS', env.NETWORK_MCP_TOOLSETS || undefined);
  const tools = values.tools !== undefined ? listOption('--tools', values.tools) : listOption('NETWORK_MCP_TOOLS', env.NETWORK_MCP_TOOLS || undefined);
  try {
    selectTools({ toolsets, tools, readOnly, dynamicToolsets });
  } catch (error) {
    throw new UsageError(messageOf(error));
  }
  const httpToken = values['http-token'] ?? (env.NETWORK_MCP_TOKEN || undefined);
  if (httpToken !== undefined && !/^[\x21-\x7e]{16,}$/.test(httpToken)) {
    throw new UsageError('the HTTP token must be at least 16 visible ASCII characters');
  }
  const stateFile = values['state-file'];
  if (stateFile !== undefined) checkWritableFolder('state-file', stateFile);
  return {
    transport,
    host: values.host ?? '127.0.0.1',
    port: integerOption('port', values.port, 0, 65_535) ?? 4020,
    httpToken: transport === 'http' ? httpToken : undefined,
    readOnly,
    toolsets,
    tools,
    dynamicToolsets,
    maxChars: integerOption('max-chars', values['max-chars'], 1_000, 1_000_000),
    mock: values.mock
      ? {
          seed: integerOption('seed', values.seed),
          now,
          stateFile,
          port: integerOption('mock-port', values['mock-port'], 0, 65_535),
        }
      : undefined,
  };
}
