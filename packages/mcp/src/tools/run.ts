import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isListOperation, isPagedOperation, itemsOf, type ListOperationId, type NetworkClient, type RequestOptions } from '@network-org/sdk';
import { operations, type OperationId } from '@network-org/spec/operations';
import { operationRoutes } from '@network-org/spec/routes';
import type { ToolRequest } from './arguments';
import { errorBody, errorText, invalidArgumentsBody, type ErrorContext, type ToolErrorBody } from './errors';
import type { ToolDefinition } from './index';
import { fitItems, fitRecord, project } from './render';
import { closestTags } from '../resources/tags';

export interface ToolRunContext {
  client: NetworkClient;
  maxChars: number;
  /** The registered custom field names (update tools take them as top-level arguments too). */
  customFieldNames?: () => Promise<ReadonlySet<string>>;
  /** The tag names in use (a filter by a tag no record carries finds nothing: the result says so). */
  tagNames?: () => Promise<readonly string[]>;
}

/** Default character budget of a tool result's text (and of the items in its structured content). */
export const DEFAULT_MAX_CHARS = 12_000;

const text = (value: string): CallToolResult['content'] => [{ type: 'text', text: value }];

interface Page {
  items: readonly Record<string, unknown>[];
  pagination?: { has_more: boolean; next_cursor?: string | undefined };
  /** The payload's other fields (the activity list's `filters`, `timezone`, ...). */
  extra?: Record<string, unknown>;
}

/** One page of a list operation: a `Page` of the SDK, or the whole list of one that has no pages. */
async function loadPage(client: NetworkClient, operationId: ListOperationId, request: ToolRequest, options: RequestOptions): Promise<Page> {
  if (!isPagedOperation(operationId)) return { items: itemsOf(operationId, await client.requestAny(operationId, request, options)) };
  const { items, pagination, response: _response, ...extra } = await client.requestAny(operationId, request, options);
  return { items, pagination, ...(Object.keys(extra).length ? { extra } : {}) };
}

async function listResult(definition: ToolDefinition, operationId: ListOperationId, request: ToolRequest, fields: readonly string[] | undefined, context: ToolRunContext, options: RequestOptions): Promise<CallToolResult> {
  const { name, spec } = definition;
  const { key } = operationRoutes[operationId].list;
  const answer = await loadPage(context.client, operationId, request, options);
  const items = answer.items.map((item) => project(item, spec.projection, fields));
  // The header takes a few hundred characters; the items get the rest of the budget.
  const { lines, shown, cutFields } = fitItems(items, Math.max(1_000, context.maxChars - 600));
  let { pagination } = answer;
  const notShown = items.length - shown.length;
  if (notShown > 0 && pagination) {
    // The service's cursor would skip the items cut here: the page of just the items shown gives the cursor that follows them.
    ({ pagination } = await loadPage(context.client, operationId, { ...request, query: { ...request.query, limit: shown.length } }, options));
  }
  const hasMore = Boolean(pagination?.has_more && pagination.next_cursor) || (notShown > 0 && !pagination);
  const structured: Record<string, unknown> = { [key]: shown, returned: shown.length, has_more: hasMore };
  if (pagination?.next_cursor && pagination.has_more) structured.next_cursor = pagination.next_cursor;
  const notes: string[] = [];
  if (notShown > 0 || cutFields.length > 0) {
    structured.cut = { items_not_shown: notShown, fields_left_out: cutFields, budget_chars: context.maxChars };
    if (notShown > 0) {
      notes.push(
        pagination
          ? `${notShown} more item(s) of this page did not fit in ${context.maxChars} characters and are not shown; next_cursor continues right after the last item shown, so none is skipped. Ask for fewer fields to see more per call.`
          : `${notShown} more item(s) did not fit in ${context.maxChars} characters and are not shown.`,
      );
    }
    if (cutFields.length > 0) notes.push(`Left out of the item to fit in ${context.maxChars} characters: ${cutFields.join(', ')}.`);
  }
  const unknownTag = shown.length === 0 ? await tagNoneCarries(request, context) : undefined;
  if (unknownTag) {
    structured.unknown_tag = unknownTag;
    notes.push(
      `No record carries the tag "${unknownTag.tag}", so nothing matches it. ${unknownTag.closest.length ? `The closest known tags: ${unknownTag.closest.join(', ')}.` : 'No known tag is close to it.'} The resource network://tags lists every tag in use.`,
    );
  }
  Object.assign(structured, answer.extra);
  const more = typeof structured.next_cursor === 'string'
    ? `More: call ${name} again with the same arguments and cursor "${structured.next_cursor}".`
    : 'No more pages.';
  const header = [`${name}: ${shown.length} ${key} shown. ${more}`, ...notes];
  if (answer.extra) header.push(`Also: ${JSON.stringify(answer.extra)}`);
  return { content: text([...header, ...lines].join('\n')), structuredContent: structured };
}

/** When an empty list was filtered by a tag no record carries: that tag and the known tags closest to it. */
async function tagNoneCarries(request: ToolRequest, context: ToolRunContext): Promise<{ tag: string; closest: string[] } | undefined> {
  const tag = request.query?.tag;
  if (typeof tag !== 'string' || !context.tagNames) return undefined;
  let known: readonly string[];
  try {
    known = await context.tagNames();
  } catch {
    return undefined;
  }
  return known.includes(tag) ? undefined : { tag, closest: closestTags(tag, known) };
}

/**
 * Any other operation: its `data` payload. A payload of one record (`{contact}`, `{draft}`, ...) is fitted to the
 * budget inside that record; an import also says whether the person was new to the account (201 against 200).
 */
async function recordResult(definition: ToolDefinition, request: ToolRequest, context: ToolRunContext, options: RequestOptions): Promise<CallToolResult> {
  const { name, spec } = definition;
  const { data: body, response } = await context.client.requestAny(spec.operationId, request, options).withResponse();
  const payload = { ...((body as { data: Record<string, unknown> }).data) };
  const statuses = Object.keys(operations[spec.operationId].responses);
  if (statuses.includes('200') && statuses.includes('201')) payload.created = response.status === 201;
  const keys = Object.keys(payload);
  const wrapper = keys.length === 1 && payload[keys[0]!] && typeof payload[keys[0]!] === 'object' ? keys[0]! : undefined;
  const { record, cut } = fitRecord((wrapper ? payload[wrapper] : payload) as Record<string, unknown>, Math.max(1_000, context.maxChars - 400));
  const structured: Record<string, unknown> = wrapper ? { [wrapper]: record } : { ...record };
  const lines = [`${name}: the ${spec.label ?? 'result'}.`];
  if (cut.length > 0) {
    structured.cut = { fields_left_out: cut, budget_chars: context.maxChars };
    lines.push(`Left out to fit in ${context.maxChars} characters: ${cut.join(', ')}.`);
  }
  lines.push(JSON.stringify(record));
  return { content: text(lines.join('\n')), structuredContent: structured };
}

const errorResult = (toolName: string, body: ToolErrorBody): CallToolResult => ({ content: text(errorText(toolName, body)), structuredContent: body, isError: true });

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Custom field values given as top-level arguments, as the wire takes them, moved into `custom_fields` when they
 * are registered names; any other unknown key stays, to be refused by name.
 */
async function withCustomFields(definition: ToolDefinition, raw: unknown, context: ToolRunContext): Promise<unknown> {
  if (!definition.arguments.customFields || !isObject(raw) || !context.customFieldNames) return raw;
  const unknown = definition.arguments.unknownKeys(raw);
  if (unknown.length === 0) return raw;
  let registered: ReadonlySet<string>;
  try {
    registered = await context.customFieldNames();
  } catch {
    return raw;
  }
  const moved = unknown.filter((key) => registered.has(key));
  if (moved.length === 0) return raw;
  const args: Record<string, unknown> = { ...raw, custom_fields: { ...(isObject(raw.custom_fields) ? raw.custom_fields : {}) } };
  for (const key of moved) {
    (args.custom_fields as Record<string, unknown>)[key] = args[key];
    delete args[key];
  }
  return args;
}

/**
 * Runs a tool: its arguments checked (nothing is sent when they are refused), the request through the SDK, then
 * its result within the budget. Refused arguments and errors become `isError` results with a code and a next step.
 */
export async function runTool(definition: ToolDefinition, raw: unknown, context: ToolRunContext, options: RequestOptions = {}): Promise<CallToolResult> {
  const { name, spec } = definition;
  const errorContext = (given: readonly string[]): ErrorContext => ({ tool: name, write: spec.write, names: definition.arguments.allNames, aliases: definition.arguments.aliases, given, ...(spec.idSteps ? { idSteps: spec.idSteps } : {}) });
  const parsed = definition.arguments.parse(await withCustomFields(definition, raw, context));
  if (!parsed.ok) {
    const given = isObject(raw) ? Object.keys(raw) : [];
    return errorResult(name, invalidArgumentsBody(parsed.message, errorContext(given), parsed.refusal));
  }
  try {
    return isListOperation(spec.operationId)
      ? await listResult(definition, spec.operationId, parsed.request, parsed.fields, context, options)
      : await recordResult(definition, parsed.request, context, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return errorResult(name, errorBody(error, errorContext(parsed.given)));
  }
}
