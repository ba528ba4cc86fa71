import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { TOOLS, toolsetTools } from './index';
import { toolJsonSchema } from './json-schema';
import { TOOLSETS, toolsetNames, type ToolsetName } from './toolsets';

/** A tool about the tools (dynamic toolsets): not an operation of the API. */
export interface DiscoveryTool {
  tool: Tool;
  /** Other names a call may use (GitHub's MCP server's): answered, not listed, so the tool list stays short. */
  aliases?: readonly string[];
  call(args: unknown): CallToolResult;
}

interface DiscoveryOptions {
  /** The tools served now: enabling a toolset adds to it. */
  enabled: Set<string>;
  /** The tools that may be enabled (read-only mode leaves out the writes). */
  available: readonly string[];
  /** Called when the tools served changed (the server tells the client). */
  onChange(): void;
}

const result = (structured: Record<string, unknown>, text: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text }],
  structuredContent: structured,
  ...(isError ? { isError } : {}),
});

/**
 * `list_toolsets` and `enable_toolset`: an agent starts with few tools and turns on the toolsets its job needs, so
 * that the tool list a model reads stays short. GitHub's MCP server has the same idea with three tools; here
 * list_toolsets already names each toolset's tools, so its `list_available_toolsets` and `get_toolset_tools` are
 * taken as aliases (answered, not listed), and `enable_toolset` has the same name and argument.
 */
export function discoveryTools({ enabled, available, onChange }: DiscoveryOptions): DiscoveryTool[] {
  const toolsOf = (toolset: ToolsetName) => toolsetTools[toolset].filter((name) => available.includes(name));
  const offered = toolsetNames.filter((toolset) => toolsOf(toolset).length > 0);
  const enableInput = z.strictObject({ toolset: z.enum(offered as [ToolsetName, ...ToolsetName[]]).describe('The toolset to turn on: a name from list_toolsets.') });
  const listInput = z.strictObject({ toolset: z.enum(offered as [ToolsetName, ...ToolsetName[]]).optional().describe('Only this toolset; default every one.') });
  const invalid = (tool: string) => {
    const body = { error: { code: 'invalid_arguments', message: `Invalid arguments: toolset must be one of ${offered.join(', ')}.`, next_step: `Call ${tool} again with a toolset name from list_toolsets.` } };
    return result(body, `${tool} failed: invalid_arguments: ${body.error.message}\nNext step: ${body.error.next_step}`, true);
  };
  return [
    {
      tool: {
        name: 'list_toolsets',
        title: 'List toolsets',
        description: 'The toolsets of this server: what each is for, its tools, and whether it is enabled. Turn one on with enable_toolset.',
        inputSchema: toolJsonSchema(listInput) as Tool['inputSchema'],
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      aliases: ['list_available_toolsets', 'get_toolset_tools'],
      // GitHub's get_toolset_tools names one toolset: the same list, narrowed to it.
      call: (args) => {
        const parsed = listInput.safeParse(args ?? {});
        if (!parsed.success) return invalid('list_toolsets');
        const names = parsed.data.toolset ? [parsed.data.toolset] : offered;
        const toolsets = names.map((name) => ({ name, description: TOOLSETS[name], tools: toolsOf(name), enabled: toolsOf(name).every((tool) => enabled.has(tool)) }));
        return result({ toolsets }, toolsets.map((toolset) => `${toolset.name} (${toolset.enabled ? 'enabled' : 'not enabled'}): ${toolset.description} Tools: ${toolset.tools.join(', ')}.`).join('\n'));
      },
    },
    {
      tool: {
        name: 'enable_toolset',
        title: 'Enable a toolset',
        description: 'Turns on the tools of a toolset (see list_toolsets); the tool list then includes them.',
        inputSchema: toolJsonSchema(enableInput) as Tool['inputSchema'],
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      },
      call: (args) => {
        const parsed = enableInput.safeParse(args ?? {});
        if (!parsed.success) return invalid('enable_toolset');
        const { toolset } = parsed.data;
        const added = toolsOf(toolset).filter((tool) => !enabled.has(tool));
        added.forEach((tool) => enabled.add(tool));
        if (added.length > 0) onChange();
        const tools = toolsOf(toolset).map((name) => ({ name, description: TOOLS.get(name)!.tool.description }));
        return result({ toolset, enabled: true, tools }, `The toolset ${toolset} is enabled${added.length ? '' : ' (it already was)'}: ${tools.map((tool) => tool.name).join(', ')}.`);
      },
    },
  ];
}
