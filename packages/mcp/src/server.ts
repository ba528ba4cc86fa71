import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { NetworkClient } from '@network-org/sdk';
import { registerPrompts } from './prompts/index';
import { redact } from './redact';
import { customFieldsFromRecords, registerResources, type CustomFieldsSource } from './resources/index';
import { tagsFromRecords, type TagsSource } from './resources/tags';
import { discoveryTools, type DiscoveryTool } from './tools/discovery';
import { readOnlyToolNames, TOOLS, toolNames, toolsetTools, type ToolDefinition } from './tools/index';
import { DEFAULT_MAX_CHARS, runTool, type ToolRunContext } from './tools/run';
import { DEFAULT_TOOLSETS, expandToolsets, type ToolsetName } from './tools/toolsets';
import { VERSION } from './version';

export interface NetworkMcpServerOptions {
  /** The SDK client every tool calls (`new NetworkClient({rateLimit: 'service', ...})`). */
  client: NetworkClient;
  /** The API key the client uses: whatever a result would carry of it is redacted. */
  apiKey?: string;
  /** Leaves out every tool that changes or spends anything. */
  readOnly?: boolean;
  /** Toolsets to serve (`contacts`, ..., or `all`, `default`); default every toolset unless `tools` is given. */
  toolsets?: readonly string[];
  /** Tools to serve (names as `toolNames`), added to those of `toolsets`. */
  tools?: readonly string[];
  /**
   * Starts with the given toolsets (default `context`) and two more tools, `list_toolsets` and `enable_toolset`,
   * with which an agent turns a toolset on (the client is told the tool list changed). Needs a session: stdio, or
   * a stateful transport.
   */
  dynamicToolsets?: boolean;
  /** Characters a tool result's text may take; default 12 000. */
  maxChars?: number;
  /** Where the `network://custom-fields` resource reads the registered custom fields; default derived from records. */
  customFields?: CustomFieldsSource;
  /** Where the `network://tags` resource and the hint on an unknown tag read the tags in use; default counted from records. */
  tags?: TagsSource;
  /**
   * The mock's current instant (the dataset's anchor), when the tools answer from a mock: the instructions state it,
   * so that "recent" or "the last 30 days" means the same to a model and to the data.
   */
  mockNow?: () => Date;
}

/** Throws a RangeError naming the unknown tools and the known ones, or the writes `--read-only` leaves out. */
export function checkToolNames(names: readonly string[], readOnly = false): void {
  const unknown = names.filter((name) => !TOOLS.has(name));
  if (unknown.length > 0) throw new RangeError(`unknown tool(s): ${unknown.join(', ')}; the tools are ${toolNames.join(', ')}`);
  const writes = readOnly ? names.filter((name) => !readOnlyToolNames.includes(name)) : [];
  if (writes.length > 0) throw new RangeError(`--read-only leaves out ${writes.join(', ')}: pick read-only tools (${readOnlyToolNames.join(', ')})`);
}

/**
 * The tools a server serves at start: those of the named toolsets and the named tools; with neither, the default
 * toolsets (or only `context` with dynamic toolsets); without writes in read-only mode. Throws a RangeError on an
 * unknown name.
 */
export function selectTools(options: Pick<NetworkMcpServerOptions, 'toolsets' | 'tools' | 'readOnly' | 'dynamicToolsets'>): string[] {
  const { tools, readOnly = false } = options;
  if (tools) checkToolNames(tools, readOnly);
  const toolsets: readonly ToolsetName[] = options.toolsets ? expandToolsets(options.toolsets) : tools ? [] : options.dynamicToolsets ? ['context'] : DEFAULT_TOOLSETS;
  const chosen = new Set([...toolsets.flatMap((toolset) => toolsetTools[toolset]), ...(tools ?? [])]);
  return toolNames.filter((name) => chosen.has(name) && (!readOnly || readOnlyToolNames.includes(name)));
}

function instructions(enabled: ReadonlySet<string>, available: ReadonlySet<string>, dynamic: boolean, mockNow: Date | undefined): string {
  const writes = [...available].some((name) => !readOnlyToolNames.includes(name));
  return [
    writes
      ? `Tools for the Professional-Network Organization Data API: read and organize contacts, companies, conversations and views${available.has('create_draft') ? ', and save drafts. Nothing is ever sent: drafts wait for a person.' : '.'}`
      : 'Read-only tools for the Professional-Network Organization Data API: read contacts, companies, conversations and views. This server changes nothing.',
    enabled.has('list_accounts') ? 'Start with list_accounts: most tools take an account_id from it.' : '',
    'Arguments take the names their values have in results (contact_id, conversation_id, account_id); ids may be numbers or strings.',
    'The resource network://tags lists the tags in use per account: filter by those names.',
    mockNow
      ? `The data comes from a mock whose clock reads ${mockNow.toISOString().replace('.000Z', 'Z')}: "recent", "today" or "the last 30 days" are relative to that instant, not to your own date.`
      : '',
    dynamic ? 'More tools are available: list_toolsets shows the toolsets and enable_toolset turns one on.' : '',
  ].filter(Boolean).join(' ');
}

/** Why a tool of this package is not served, and how to get it. */
function notServed(definition: ToolDefinition, readOnly: boolean, dynamic: boolean): string {
  const { name, spec } = definition;
  if (readOnly && !definition.readOnly) {
    return `${name} is turned off: this server runs in read-only mode (--read-only, NETWORK_MCP_READ_ONLY=true or the readOnly option), which leaves out every tool that changes or spends anything. To use it, the user restarts the server without read-only mode.`;
  }
  if (dynamic) return `${name} is in the toolset ${spec.toolset}, which is not enabled: call enable_toolset with toolset "${spec.toolset}" first.`;
  return `${name} is turned off: it is in the toolset ${spec.toolset}, which this server was not started with (--toolsets, --tools, NETWORK_MCP_TOOLSETS or NETWORK_MCP_TOOLS). To use it, the user restarts the server with ${spec.toolset} added to --toolsets (or ${name} to --tools).`;
}

/** An MCP server whose tools call the API through `client`. */
export function createNetworkMcpServer(options: NetworkMcpServerOptions): McpServer {
  const { client, apiKey, readOnly = false, maxChars = DEFAULT_MAX_CHARS, dynamicToolsets = false } = options;
  const enabled = new Set(selectTools(options));
  const available = dynamicToolsets ? (readOnly ? readOnlyToolNames : toolNames) : [...enabled];
  const server = new McpServer(
    { name: 'network-mcp', version: VERSION },
    { instructions: instructions(enabled, new Set(available), dynamicToolsets, options.mockNow?.()) },
  );
  const customFields = options.customFields ?? customFieldsFromRecords(client);
  const tags = options.tags ?? tagsFromRecords(client);
  // Counted over pages of records (the default, live), the tags of one count serve the hints for a minute.
  const reuseMs = options.tags ? 0 : 60_000;
  let known: { names: Promise<string[]>; at: number } | undefined;
  const tagNames = (): Promise<string[]> => {
    if (!known || Date.now() - known.at >= reuseMs) {
      const names = tags().then(({ accounts }) => accounts.flatMap((account) => [...account.contacts, ...account.companies].map((tag) => tag.name)));
      known = { names, at: Date.now() };
      names.catch(() => (known = undefined));
    }
    return known.names;
  };
  const context = (kind: 'contact' | 'company'): ToolRunContext => ({
    client,
    maxChars,
    customFieldNames: async () => new Set((await customFields())[kind].map((field) => field.name)),
    tagNames,
  });
  // A prompt is offered when the tools of its job are available; the text asks to enable those that are not yet.
  registerPrompts(server, { enabled, available: new Set(available) });
  const discovery: readonly DiscoveryTool[] = dynamicToolsets
    ? discoveryTools({ enabled, available, onChange: () => void server.server.sendToolListChanged() })
    : [];

  const call = async (name: string, args: unknown, signal: AbortSignal): Promise<CallToolResult> => {
    const meta = discovery.find((tool) => tool.tool.name === name || tool.aliases?.includes(name));
    if (meta) return meta.call(args);
    const definition = TOOLS.get(name);
    if (!definition || !enabled.has(name)) {
      const text = definition
        ? notServed(definition, readOnly, dynamicToolsets)
        : `Unknown tool ${name}: the tools of this server are ${[...enabled, ...discovery.map((tool) => tool.tool.name)].join(', ')}.`;
      return { content: [{ type: 'text', text }], isError: true };
    }
    return redact(await runTool(definition, args, context(definition.spec.toolset === 'companies' ? 'company' : 'contact'), { signal }), apiKey);
  };

  // The tool handlers are this server's own, not the SDK's: the arguments are checked in runTool (a refusal is a
  // result with a code and a next step, like an API error) and the schemas are served as built (portable, closed).
  server.server.registerCapabilities({ tools: { listChanged: true } });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...toolNames.filter((name) => enabled.has(name)).map((name) => TOOLS.get(name)!.tool), ...discovery.map((tool): Tool => tool.tool)],
  }));
  server.server.setRequestHandler(CallToolRequestSchema, (request, extra) => call(request.params.name, request.params.arguments, extra.signal));
  registerResources(server, { client, apiKey, customFields, tags });
  return server;
}
