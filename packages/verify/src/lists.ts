import type { OperationId, PagedOperationId } from '@network-org/sdk';
import { operationDocs } from '@network-org/spec/docs';
import { operations } from '@network-org/spec/operations';
import { operationRoutes } from '@network-org/spec/routes';
import { fieldsOf, itemSchema } from './check/schema';

/** Values of `limit` above this are clamped, on the lists whose `limit` has no maximum. */
const CLAMPED_AT = 25;

/** What verify knows of a paged list operation, all read from the spec's route table, inputs and schemas. */
export interface ListModel {
  operation: PagedOperationId;
  /** The payload's key of the items (`contacts`). */
  items: string;
  /** The key that names an item (`account_relationship_id`): its item schema's first required field. */
  identity: string;
  defaultLimit: number;
  /** The largest page: values above are clamped to it (`clamps`), or refused with 400. */
  maxLimit: number;
  clamps: boolean;
}

function modelOf(operation: PagedOperationId): ListModel {
  const route = operationRoutes[operation];
  const limit = operationDocs[operation].inputs.find((input) => input.name === 'limit' && input.in === 'query') as
    | { default?: unknown; maximum?: unknown }
    | undefined;
  const item = itemSchema(operations[operation].responses['200'], route.list?.envelope ?? null, route.list?.key ?? '');
  const identity = item && fieldsOf(item).find((field) => field.required)?.name;
  if (!route.list || !identity || typeof limit?.default !== 'number') throw new Error(`${operation}: not a paged list of the spec`);
  const maximum = typeof limit.maximum === 'number' ? limit.maximum : undefined;
  return { operation, items: route.list.key, identity, defaultLimit: limit.default, maxLimit: maximum ?? CLAMPED_AT, clamps: maximum === undefined };
}

/** Every paged list operation of the spec, by operationId. */
export const LISTS = Object.fromEntries(
  (Object.keys(operationRoutes) as OperationId[]).filter((operation) => operationRoutes[operation].list?.paged).map((operation) => [operation, modelOf(operation as PagedOperationId)]),
) as Record<PagedOperationId, ListModel>;

export function isPaged(operation: OperationId): operation is PagedOperationId {
  return Object.hasOwn(LISTS, operation);
}

/**
 * The `limit` a 200 page must echo for the query that asked for it: the default without one, the value clamped
 * where the list clamps. Undefined when the query's limit is one the list refuses (then no 200 is expected).
 */
export function expectedLimit(model: ListModel, query: Record<string, unknown> | undefined): number | undefined {
  const asked = query?.limit;
  if (asked === undefined) return model.defaultLimit;
  const value = Number(asked);
  if (!Number.isInteger(value) || value < 1) return undefined;
  if (value > model.maxLimit) return model.clamps ? model.maxLimit : undefined;
  return value;
}
