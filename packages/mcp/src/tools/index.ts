import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { NetworkClient, RequestOptions } from '@network-org/sdk';
import { operationDocs } from '@network-org/spec/docs';
import { z } from 'zod';
import { accountTools } from './accounts';
import { activityTools } from './activity';
import { companyTools } from './companies';
import { contactTools } from './contacts';
import { conversationTools } from './conversations';
import { draftTools } from './drafts';
import { enrichTools } from './enrich';
import { errorBody, errorText, invalidArgumentsBody, type ToolErrorBody } from './errors';
import { toolInput, type ToolInput } from './input';
import { organizationTools } from './organization';
import { ALL_FIELDS, fitItems, fitRecord, project } from './render';
import { agentText, toolNameOf } from './text';
import { type CallArgs, isListTool, type ListTool, type RecordTool, type ToolSpec } from './tool';
import { viewTools } from './views';

/** Every tool, in the order of contract §7. */
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

/** Default character budget of a tool result's text (and of the items in its structured content). */
export const DEFAULT_MAX_CHARS = 12_000;

const fieldsArgument = z
  .array(z.string().min(1))
  .optional()
  .describe(`Fields to add to each item's default set, by wire name; ["${ALL_FIELDS}"] returns whole records.`);

export interface ToolDefinition {
  name: string;
  /** Every argument name, nested ones too (`contact_ids` inside `filters`): what an error's next step may name. */
  argumentNames: readonly string[];
  spec: ToolSpec;
  input: ToolInput;
  description: string;
  annotations: { title: string; readOnlyHint: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint: boolean };
}

function definitionOf(spec: ToolSpec): ToolDefinition {
  const docs = operationDocs[spec.operationId];
  const name = toolNameOf(spec.operationId);
  const input = toolInput(spec.operationId, isListTool(spec) ? { fields: fieldsArgument } : {});
  const description = [`${docs.summary}.`, agentText(docs.description), spec.guidance].filter(Boolean).join('\n\n');
  const annotations: ToolDefinition['annotations'] = spec.write
    ? { title: docs.summary, readOnlyHint: false, destructiveHint: false, idempotentHint: spec.write.idempotent, openWorldHint: true }
    : { title: docs.summary, readOnlyHint: true, openWorldHint: true };
  return { name, spec, input, description, annotations, argumentNames: propertyNames(z.toJSONSchema(input.schema, { io: 'input' })) };
}

function propertyNames(schema: unknown, found: string[] = []): string[] {
  if (Array.isArray(schema)) for (const item of schema) propertyNames(item, found);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object') found.push(...Object.keys(value).filter((name) => !found.includes(name)));
      propertyNames(value, found);
    }
  }
  return found;
}

/** Every tool's definition, by name, in the order of contract §7. */
export const TOOLS: ReadonlyMap<string, ToolDefinition> = new Map(SPECS.map((spec) => {
  const definition = definitionOf(spec);
  return [definition.name, definition];
}));

/** The names of every tool, in the order of contract §7. */
export const toolNames: readonly string[] = [...TOOLS.keys()];

/** The names of the tools that change nothing and spend nothing (what `--read-only` keeps). */
export const readOnlyToolNames: readonly string[] = toolNames.filter((name) => TOOLS.get(name)!.annotations.readOnlyHint);

function splitArgs(args: Record<string, unknown>, input: ToolInput): CallArgs {
  const split: CallArgs = { path: {}, query: {}, body: {} };
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || key === 'fields') continue;
    if (input.pathParams.includes(key)) split.path[key] = String(value);
    else if (input.queryParams.includes(key)) split.query[key] = value;
    else split.body[key] = value;
  }
  return split;
}

export interface ToolRunContext {
  client: NetworkClient;
  maxChars: number;
}

const text = (value: string): CallToolResult['content'] => [{ type: 'text', text: value }];

async function listResult(definition: ToolDefinition, spec: ListTool, args: CallArgs, fields: readonly string[] | undefined, context: ToolRunContext, options: RequestOptions): Promise<CallToolResult> {
  const { name } = definition;
  const answer = await spec.call(context.client, args, options);
  const items = answer.items.map((item) => project(item, spec.list.projection, fields));
  // The header takes a few hundred characters; the items get the rest of the budget.
  const { lines, shown, cutFields } = fitItems(items, Math.max(1_000, context.maxChars - 600));
  let pagination = answer.pagination;
  const notShown = items.length - shown.length;
  if (notShown > 0 && pagination && definition.input.queryParams.includes('limit')) {
    // The service's cursor would skip the items cut here: the page of just the items shown gives the cursor that follows them.
    pagination = (await spec.call(context.client, { ...args, query: { ...args.query, limit: shown.length } }, options)).pagination;
  }
  const hasMore = Boolean(pagination?.has_more && pagination.next_cursor) || (notShown > 0 && !pagination);
  const structured: Record<string, unknown> = { [spec.list.key]: shown, returned: shown.length, has_more: hasMore };
  if (pagination?.next_cursor && pagination.has_more) structured.next_cursor = pagination.next_cursor;
  const notes: string[] = [];
  if (notShown > 0 || cutFields.length > 0) {
    structured.cut = { items_not_shown: notShown, fields_left_out: cutFields, budget_chars: context.maxChars };
    if (notShown > 0) {
      notes.push(
        pagination
          ? `${notShown} more item(s) of this page did not fit in ${context.maxChars} characters and are not shown; next_cursor continues right after the last item shown, so none is skipped. Ask for fewer fields to see more per call.`
          : `${notShown} more item(s) did not fit in ${context.maxChars} characters and are not shown; ask for fewer fields.`,
      );
    }
    if (cutFields.length > 0) notes.push(`Left out of the item to fit in ${context.maxChars} characters: ${cutFields.join(', ')}.`);
  }
  Object.assign(structured, answer.extra);
  const more = typeof structured.next_cursor === 'string'
    ? `More: call ${name} again with the same arguments and cursor "${structured.next_cursor}".`
    : 'No more pages.';
  const header = [`${name}: ${shown.length} ${spec.list.key} shown. ${more}`, ...notes];
  if (answer.extra) header.push(`Also: ${JSON.stringify(answer.extra)}`);
  return { content: text([...header, ...lines].join('\n')), structuredContent: structured };
}

async function recordResult(definition: ToolDefinition, spec: RecordTool, args: CallArgs, context: ToolRunContext, options: RequestOptions): Promise<CallToolResult> {
  const { name } = definition;
  const answer = await spec.call(context.client, args, options);
  const { record, cut } = fitRecord(answer, Math.max(1_000, context.maxChars - 400));
  const structured: Record<string, unknown> = spec.record.key ? { [spec.record.key]: record } : { ...record };
  const lines = [`${name}: the ${spec.record.label}.`];
  if (cut.length > 0) {
    structured.cut = { fields_left_out: cut, budget_chars: context.maxChars };
    lines.push(`Left out to fit in ${context.maxChars} characters: ${cut.join(', ')}.`);
  }
  lines.push(JSON.stringify(record));
  return { content: text(lines.join('\n')), structuredContent: structured };
}

const errorResult = (toolName: string, body: ToolErrorBody): CallToolResult => ({ content: text(errorText(toolName, body)), structuredContent: body, isError: true });

/**
 * Runs a tool: its arguments checked against its input schema, the SDK call, then its result within the budget.
 * Refused arguments and errors become `isError` results with a code and a next step.
 */
export async function runTool(definition: ToolDefinition, rawArgs: unknown, context: ToolRunContext, options: RequestOptions = {}): Promise<CallToolResult> {
  const parsed = await definition.input.schema.safeParseAsync(rawArgs ?? {});
  if (!parsed.success) return errorResult(definition.name, invalidArgumentsBody(parsed.error.issues, definition.name, definition.argumentNames));
  const { fields, ...rest } = parsed.data as Record<string, unknown> & { fields?: string[] };
  const args = splitArgs(rest, definition.input);
  const { spec } = definition;
  try {
    return isListTool(spec)
      ? await listResult(definition, spec, args, fields, context, options)
      : await recordResult(definition, spec, args, context, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return errorResult(definition.name, errorBody(error, definition.name, definition.argumentNames));
  }
}
