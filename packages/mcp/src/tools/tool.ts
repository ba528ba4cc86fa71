import type { NetworkClient, RequestOptions } from '@network-org/sdk';
import type { OperationId } from '@network-org/spec/operations';
import type { Projection } from './render';

/** A tool call's arguments, split by where the request carries them. */
export interface CallArgs {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

/** One page of a list as the SDK gives it (a `Page`, or an array for the lists that have no pages). */
export interface ListAnswer {
  items: readonly Record<string, unknown>[];
  pagination?: { has_more: boolean; next_cursor?: string | undefined; limit?: number };
  /** Fields of the answer beside the items (the activity list's normalized `filters`). */
  extra?: Record<string, unknown>;
}

interface ToolBase {
  operationId: OperationId;
  /** What an agent must know beyond the spec's description. */
  guidance: string;
  /** Writes only: whether repeating the call with the same arguments changes nothing more. */
  write?: { idempotent: boolean };
}

export interface ListTool extends ToolBase {
  list: { key: string; projection: Projection };
  call(client: NetworkClient, args: CallArgs, options: RequestOptions): Promise<ListAnswer>;
}

export interface RecordTool extends ToolBase {
  /** The answer's structured form: `{[key]: record}`, or the record itself when `key` is undefined. */
  record: { key: string | undefined; label: string };
  call(client: NetworkClient, args: CallArgs, options: RequestOptions): Promise<Record<string, unknown>>;
}

export type ToolSpec = ListTool | RecordTool;

export const isListTool = (tool: ToolSpec): tool is ListTool => 'list' in tool;

/** Keeps a list of tool specs typed while letting each `call` use the SDK's own argument types. */
export const defineTools = (...tools: ToolSpec[]): ToolSpec[] => tools;

/** Reduces an embedded account summary to its id. */
export const accountId = (value: unknown) => (value && typeof value === 'object' ? { account_id: (value as { account_id?: unknown }).account_id } : value);
