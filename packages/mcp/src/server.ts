import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { NetworkClient } from '@network-org/sdk';
import { registerPrompts } from './prompts/index';
import { redact } from './redact';
import { registerResources, type CustomFieldsSource } from './resources/index';
import { DEFAULT_MAX_CHARS, readOnlyToolNames, runTool, TOOLS, toolNames } from './tools/index';
import { VERSION } from './version';

export interface NetworkMcpServerOptions {
  /** The SDK client every tool calls (`new NetworkClient({rateLimit: 'service', ...})`). */
  client: NetworkClient;
  /** The API key the client uses: whatever a result would carry of it is redacted. */
  apiKey?: string;
  /** Leaves out every tool that changes or spends anything. */
  readOnly?: boolean;
  /** Only these tools (names as `toolNames`); default every tool (or every read-only one). */
  tools?: readonly string[];
  /** Characters a tool result's text may take; default 12 000. */
  maxChars?: number;
  /** Where the `network://custom-fields` resource reads the registered custom fields; default derived from records. */
  customFields?: CustomFieldsSource;
}

/** Throws a RangeError naming the unknown tools and the known ones. */
export function checkToolNames(names: readonly string[], readOnly = false): void {
  const unknown = names.filter((name) => !TOOLS.has(name));
  if (unknown.length > 0) throw new RangeError(`unknown tool(s): ${unknown.join(', ')}; the tools are ${toolNames.join(', ')}`);
  const writes = readOnly ? names.filter((name) => !readOnlyToolNames.includes(name)) : [];
  if (writes.length > 0) throw new RangeError(`--read-only leaves out ${writes.join(', ')}: pick read-only tools (${readOnlyToolNames.join(', ')})`);
}

/** An MCP server whose tools call the API through `client` (contract §7). */
export function createNetworkMcpServer(options: NetworkMcpServerOptions): McpServer {
  const { client, apiKey, readOnly = false, maxChars = DEFAULT_MAX_CHARS } = options;
  if (options.tools) checkToolNames(options.tools, readOnly);
  const enabled = (options.tools ?? toolNames).filter((name) => !readOnly || readOnlyToolNames.includes(name));
  const server = new McpServer(
    { name: 'network-mcp', version: VERSION },
    {
      instructions:
        'Tools for the Professional-Network Organization Data API: read and organize contacts, companies, conversations and views, and save drafts. Nothing is ever sent: drafts wait for a person. Start with list_accounts: most tools take an account_id from it. Activity tools need an admin key.',
    },
  );
  const context = { client, maxChars };
  const call = async (name: string, args: unknown, signal: AbortSignal): Promise<CallToolResult> => {
    if (!enabled.includes(name)) {
      return { content: [{ type: 'text', text: `Unknown tool ${name}: the tools of this server are ${enabled.join(', ')}.` }], isError: true };
    }
    return redact(await runTool(TOOLS.get(name)!, args, context, { signal }), apiKey);
  };
  for (const name of enabled) {
    const definition = TOOLS.get(name)!;
    server.registerTool(
      name,
      { title: definition.annotations.title, description: definition.description, inputSchema: definition.input.schema, annotations: definition.annotations },
      (args, extra) => call(name, args, extra.signal),
    );
  }
  // The SDK would answer refused arguments with its own bare message; this handler (registered after the tools,
  // which set the SDK's) checks them in runTool instead, so they get a code and a next step like API errors.
  if (enabled.length > 0) server.server.setRequestHandler(CallToolRequestSchema, (request, extra) => call(request.params.name, request.params.arguments, extra.signal));
  registerPrompts(server, new Set(enabled));
  registerResources(server, { client, apiKey, customFields: options.customFields });
  return server;
}
