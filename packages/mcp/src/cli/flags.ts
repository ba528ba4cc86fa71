// network-mcp's flags, each declared once: its spelling, its help, the variables that set it and its parser.
import { defineFlags, FlagValueError, integerFlag, textFlag } from '@network-org/cli-kit';
import { toolsetNames } from '../tools/toolsets';

function transport(text: string): 'stdio' | 'http' {
  if (text === 'stdio' || text === 'http') return text;
  throw new FlagValueError(`must be one of stdio, http, got ${JSON.stringify(text)}`);
}

/** A comma-separated list (`a, b`); given but empty is refused. */
function list(text: string): string[] {
  const names = text.split(',').map((item) => item.trim()).filter(Boolean);
  if (names.length === 0) throw new FlagValueError('needs at least one name');
  return names;
}

/** The mock's anchor: `now` (the current instant) or a date-time; the mock checks the calendar further. */
function anchor(text: string): string {
  if (text !== 'now' && Number.isNaN(Date.parse(text))) {
    throw new FlagValueError(`must be an ISO date-time such as 2026-01-15T12:00:00Z, or now, got ${JSON.stringify(text)}`);
  }
  return text;
}

function httpToken(text: string): string {
  if (!/^[\x21-\x7e]{16,}$/.test(text)) throw new FlagValueError('must be at least 16 visible ASCII characters');
  return text;
}

export const MCP_FLAGS = defineFlags({
  transport: { flag: '--transport <stdio|http>', help: 'stdio (default) or Streamable HTTP at /mcp', parse: transport },
  port: { flag: '--port <n>', help: 'HTTP port (default 4020; 0 picks a free one)', parse: integerFlag(0, 65_535) },
  host: { flag: '--host <host>', help: 'HTTP address (default 127.0.0.1); beyond loopback a token is required', parse: textFlag('an address such as 127.0.0.1') },
  httpToken: { flag: '--http-token <token>', help: 'require Authorization: Bearer <token> on HTTP', env: ['NETWORK_MCP_TOKEN'], parse: httpToken },
  toolsets: {
    flag: '--toolsets <a,b,...>',
    help: `only the tools of these toolsets: ${toolsetNames.join(', ')},\nor all, default (default: every toolset)`,
    env: ['NETWORK_MCP_TOOLSETS'],
    parse: list,
  },
  tools: { flag: '--tools <a,b,...>', help: 'these tools, added to those of --toolsets', env: ['NETWORK_MCP_TOOLS'], parse: list },
  readOnly: { flag: '--read-only', help: 'leave out every tool that changes or spends anything', env: ['NETWORK_MCP_READ_ONLY'] },
  dynamicToolsets: {
    flag: '--dynamic-toolsets',
    help: 'start with --toolsets (default context) plus list_toolsets and enable_toolset,\nwith which the agent turns toolsets on; stdio only',
    env: ['NETWORK_MCP_DYNAMIC_TOOLSETS'],
  },
  maxChars: { flag: '--max-chars <n>', help: 'characters a tool result may take (default 12000)', parse: integerFlag(1_000, 1_000_000) },
  mock: { flag: '--mock', help: 'answer from an in-process @network-org/mock with its admin key (offline)' },
  seed: { flag: '--seed <n>', help: 'the mock\'s dataset seed (default 1)', parse: integerFlag() },
  now: {
    flag: '--now <ISO|now>',
    help: 'the instant the mock\'s dataset is anchored at, stated in the instructions\n(default 2026-01-15T12:00:00Z; now: the current instant)',
    env: ['NETWORK_MCP_NOW'],
    parse: anchor,
  },
  stateFile: { flag: '--state-file <path>', help: 'the mock starts from this state file when it exists and writes it on exit', parse: textFlag('a path') },
  mockPort: { flag: '--mock-port <n>', help: 'also serve the same mock over HTTP on 127.0.0.1 (control API at /__mock/)', parse: integerFlag(0, 65_535) },
  help: { flag: '--help', short: 'h', help: 'show this help' },
  version: { flag: '--version', short: 'v', help: 'show the version' },
});
