import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { accountTools } from './accounts';
import { activityTools } from './activity';
import { toolArguments, type ToolArguments } from './arguments';
import { companyTools } from './companies';
import { contactTools } from './contacts';
import { conversationTools } from './conversations';
import { draftTools } from './drafts';
import { enrichTools } from './enrich';
import { organizationTools } from './organization';
import { toolNameOf } from './text';
import type { ToolSpec } from './tool';
import { toolsetNames, type ToolsetName } from './toolsets';
import { viewTools } from './views';

/** Every tool, in the order of the operation table. */
const SPECS: readonly ToolSpec[] = [
  ...organizationTools,
  ...accountTools,
  ...activityTools,
  ...enrichTools,
  ...contactTools,
  ...companyTools,
  ...conversationTools,
  ...draftTools,
  ...viewTools,
];

export interface ToolDefinition {
  name: string;
  spec: ToolSpec;
  arguments: ToolArguments;
  /** Changes nothing and spends nothing (what `--read-only` keeps). */
  readOnly: boolean;
  /** The tool as `tools/list` shows it. */
  tool: Tool;
}

function definitionOf(spec: ToolSpec): ToolDefinition {
  const name = toolNameOf(spec.operationId);
  const args = toolArguments(spec);
  // openWorldHint is left at its default (true: the tools reach the API), so the tool list stays short.
  const annotations: Tool['annotations'] = spec.write
    ? { readOnlyHint: false, destructiveHint: false, idempotentHint: spec.write.idempotent }
    : { readOnlyHint: true };
  // No title: the name says it, and the list stays short (clients show the name).
  const tool: Tool = { name, description: spec.description, inputSchema: args.jsonSchema as Tool['inputSchema'], annotations };
  return { name, spec, arguments: args, readOnly: !spec.write, tool };
}

/** Every tool's definition, by name, in the order of the operation table. */
export const TOOLS: ReadonlyMap<string, ToolDefinition> = new Map(SPECS.map((spec) => {
  const definition = definitionOf(spec);
  return [definition.name, definition];
}));

/** The names of every tool, in the order of the operation table. */
export const toolNames: readonly string[] = [...TOOLS.keys()];

/** The names of the tools that change nothing and spend nothing (what `--read-only` keeps). */
export const readOnlyToolNames: readonly string[] = toolNames.filter((name) => TOOLS.get(name)!.readOnly);

/** The tools of each toolset, in the order of the operation table. */
const byToolset = {} as Record<ToolsetName, readonly string[]>;
for (const toolset of toolsetNames) byToolset[toolset] = toolNames.filter((name) => TOOLS.get(name)!.spec.toolset === toolset);
export const toolsetTools: Readonly<Record<ToolsetName, readonly string[]>> = byToolset;
