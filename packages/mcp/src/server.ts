import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { NetworkClient } from '@network-org/sdk';
import { registerPrompts } from './prompts/index';
import { redact } from './redact';
import { customFieldsFromRecords, registerResources, type CustomFieldsSource } from './resources/index';
import { discoveryTools, type DiscoveryTool } from './tools/discovery';
import { readOnlyToolNames, TOOLS, toolNames, toolsetTools } from './tools/index';
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

function instructions(enabled: ReadonlySet<string>, dynamic: boolean): string {
  return [
    'Tools for the Professional-Network Organization Data API: read and organize contacts, companies, conversations and views, and save drafts. Nothing is ever sent: drafts wait for a person.',
    enabled.has('list_accounts') ? 'Start with list_accounts: most tools take an account_id from it.' : '',
    'Arguments take the names their values have in results (contact_id, conversation_id, account_id); ids may be numbers or strings.',
    dynamic ? 'More tools are available: list_toolsets shows the toolsets and enable_toolset turns one on.' : '',
  ].filter(Boolean).join(' ');
}

/** An MCP server whose tools call the API through `client`. */
export function createNetworkMcpServer(options: NetworkMcpServerOptions): McpServer {
  const { client, apiKey, readOnly = false, maxChars = DEFAULT_MAX_CHARS, dynamicToolsets = false } = options;
  const enabled = new Set(selectTools(options));
  const server = new McpServer({ name: 'network-mcp', version: VERSION }, { instructions: instructions(enabled, dynamicToolsets) });
  const customFields = options.customFields ?? customFieldsFromRecords(client);
  const context = (kind: 'contact' | 'company'): ToolRunContext => ({
    client,
    maxChars,
    customFieldNames: async () => new Set((await customFields())[kind].map((field) => field.name)),
  });
  const available = dynamicToolsets ? (readOnly ? readOnlyToolNames : toolNames) : [...enabled];
  // A prompt is offered when the tools of its job are available; the text asks to enable those that are not yet.
  registerPrompts(server, { enabled, available: new Set(available) });
  const discovery: readonly DiscoveryTool[] = dynamicToolsets
    ? discoveryTools({ enabled, available, onChange: () => void server.server.sendToolListChanged() })
    : [];

  const call = async (name: string, args: unknown, signal: AbortSignal): Promise<CallToolResult> => {
    const meta = discovery.find((tool) => tool.tool.name === name);
    if (meta) return meta.call(args);
    const definition = TOOLS.get(name);
    if (!definition || !enabled.has(name)) {
      const toolset = definition && dynamicToolsets && (!readOnly || definition.readOnly) ? definition.spec.toolset : undefined;
      const text = toolset
        ? `${name} is in the toolset ${toolset}, which is not enabled: call enable_toolset with toolset "${toolset}" first.`
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
  registerResources(server, { client, apiKey, customFields });
  return server;
}
