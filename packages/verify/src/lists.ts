import type { ListOperationId, OperationId, PagedOperationId } from '@network-org/sdk';
import { responseOutlines } from '@network-org/spec/outlines';
import { operationRoutes } from '@network-org/spec/routes';
import { fieldsOf, itemOutline } from './check/schema';

/** What verify knows of a paged list operation, all read from the spec's route table (page size too) and schemas. */
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

/** The key that names an item of a list (paged or not): its item schema's first required field, from the spec. */
export function identityOf(operation: ListOperationId): string {
  const { list } = operationRoutes[operation];
  const item = itemOutline(responseOutlines[operation]['200'], list.envelope, list.key);
  const identity = item && fieldsOf(item).find((field) => field.required)?.name;
  if (!identity) throw new Error(`${operation}: no list of the spec whose items have a required field`);
  return identity;
}

function modelOf(operation: PagedOperationId): ListModel {
  const { list } = operationRoutes[operation];
  const { pageLimit } = list;
  return { operation, items: list.key, identity: identityOf(operation), defaultLimit: pageLimit.default, maxLimit: pageLimit.max, clamps: pageLimit.clamp };
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
