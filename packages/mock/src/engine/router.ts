import type { operations as OperationTypes } from '@network-org/spec/openapi';
import { operationRoutes } from '@network-org/spec/routes';
import type { z } from 'zod';
import type { Store } from '../store/index';
import type { AccountAccess, AuthContext, CallerRules, CreditLedger } from './auth';
import type { OperationId, OperationSchemas } from './operation-table';
import type { Pagination } from './pagination';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export type OperationParams<Op extends OperationId> = Parsed<OperationSchemas[Op]['params']>;
export type OperationQuery<Op extends OperationId> = Parsed<OperationSchemas[Op]['query']>;
export type OperationBody<Op extends OperationId> = Parsed<OperationSchemas[Op]['body']>;

/** The request's headers, by case-insensitive name. */
export interface HeaderAccess {
  /** The value (repeated headers joined with `, `), or undefined when absent. */
  get(name: string): string | undefined;
  /** Every value sent under `name`, in order. */
  all(name: string): readonly string[];
}

export interface RouteContext<Op extends OperationId> {
  store: Store;
  /** The mock's clock: the injected `clock`, else the instant the dataset is anchored at (keeps bodies deterministic). */
  now(): Date;
  auth: AuthContext;
  /** Parsed and validated by the generated schemas (defaults applied, page `limit` already clamped). */
  query: OperationQuery<Op>;
  params: OperationParams<Op>;
  body: OperationBody<Op>;
  headers: HeaderAccess;
  accounts: AccountAccess;
  credits: CreditLedger;
  /**
   * One page of `items` for this request's `limit` and `cursor`, reading `items` only up to the one after the
   * page: pass a lazy sequence (a generator of matches) to stop filtering there. The cursor is bound to the
   * operation, the caller's organization, the path parameters and the query (`scope` replaces the query part,
   * for parameters the operation ignores).
   */
  paginate<T>(items: Iterable<T>, scope?: Record<string, unknown>): { items: T[]; pagination: Pagination };
}

type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Responses<Op extends OperationId> = Op extends keyof OperationTypes ? OperationTypes[Op]['responses'] : never;

type SuccessStatus<Op extends OperationId> = Extract<keyof Responses<Op>, 200 | 201 | 202 | 203 | 204 | 206>;

// Written out so that a status literal in a resolver keeps its literal type while the operation is inferred.
type HttpStatus = 200 | 201 | 202 | 203 | 204 | 206 | 400 | 401 | 403 | 404 | 405 | 408 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 501 | 502 | 503 | 504;

type ResultFor<Op extends OperationId, S> = S extends keyof Responses<Op>
  ? { status: S; body: JsonBody<Responses<Op>[S]>; headers?: Record<string, string> }
  : never;

/** A success response the spec allows for the operation: a body the spec forbids does not compile. */
export type RouteResult<Op extends OperationId> = ResultFor<Op, SuccessStatus<Op>>;

/** Any response the spec documents for the operation, errors included (with the error body). */
export type OperationResult<Op extends OperationId> = ResultFor<Op, Extract<keyof Responses<Op>, HttpStatus>>;

export type RouteHandler<Op extends OperationId> = (ctx: RouteContext<Op>) => RouteResult<Op> | Promise<RouteResult<Op>>;

/** Operations whose query has a page `limit`. */
type PagedOperation = { [Op in OperationId]: 'limit' extends keyof NonNullable<OperationQuery<Op>> ? Op : never }[OperationId];

/** The page size an operation takes. */
export interface PageLimitRule {
  default: number;
  max: number;
  /** true: a `limit` above `max` is clamped to it; false: it is 400 (the schema's range). */
  clamp: boolean;
}

/** Rules the engine applies before the route runs, declared with the route (`pageLimit` over the spec's). */
export type RouteRules<Op extends OperationId> = CallerRules & (Op extends PagedOperation ? { pageLimit?: PageLimitRule } : { pageLimit?: never });

// An operation whose `limit` the spec does not rule (none of the spec's paged lists): the common `Limit` parameter's.
const UNRULED_PAGE_LIMIT: PageLimitRule = operationRoutes.listContacts.list.pageLimit;

/** The page size an operation takes: its route's own `pageLimit`, else the spec's (the generated route table's). */
export function pageLimitOf(operationId: OperationId, route: Route | undefined): PageLimitRule {
  const list = operationRoutes[operationId]?.list;
  return route?.rules.pageLimit ?? (list && 'pageLimit' in list ? list.pageLimit : UNRULED_PAGE_LIMIT);
}

export interface AnyRouteResult {
  status: number | string;
  body: unknown;
  headers?: Record<string, string>;
}

export interface AnyRouteRules extends CallerRules {
  pageLimit?: PageLimitRule;
}

export interface Route {
  readonly operationId: OperationId;
  readonly rules: AnyRouteRules;
  readonly handle: (ctx: RouteContext<OperationId>) => AnyRouteResult | Promise<AnyRouteResult>;
}

/** A route; `rules` (admin only, credits spent, page size) are checked by the engine before the handler runs. */
export function defineRoute<Op extends OperationId>(operationId: Op, handler: RouteHandler<NoInfer<Op>>): Route;
export function defineRoute<Op extends OperationId>(operationId: Op, rules: RouteRules<NoInfer<Op>>, handler: RouteHandler<NoInfer<Op>>): Route;
export function defineRoute(
  operationId: OperationId,
  rulesOrHandler: AnyRouteRules | RouteHandler<OperationId>,
  handler?: RouteHandler<OperationId>,
): Route {
  const rules = typeof rulesOrHandler === 'function' ? {} : rulesOrHandler;
  const handle = typeof rulesOrHandler === 'function' ? rulesOrHandler : (handler as RouteHandler<OperationId>);
  // The route table is heterogeneous: each handler's types were checked against its operation by the overloads above.
  return { operationId, rules, handle };
}
