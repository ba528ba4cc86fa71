import type { operations as OperationTypes } from '@network-org/spec/openapi';
import type { z } from 'zod';
import type { Store } from '../store/index';
import type { AccountAccess, AuthContext, CreditLedger } from './auth';
import type { OperationId, OperationSchemas } from './operation-table';
import type { Pagination } from './pagination';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<Op extends OperationId> {
  store: Store;
  /** The mock's clock: the injected `clock`, else the instant the dataset is anchored at (keeps bodies deterministic). */
  now(): Date;
  auth: AuthContext;
  /** Parsed and validated by the generated schemas (defaults applied, page `limit` already clamped). */
  query: Parsed<OperationSchemas[Op]['query']>;
  params: Parsed<OperationSchemas[Op]['params']>;
  body: Parsed<OperationSchemas[Op]['body']>;
  accounts: AccountAccess;
  credits: CreditLedger;
  request: Request;
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

type ResultFor<Op extends OperationId, S> = S extends keyof Responses<Op>
  ? { status: S; body: JsonBody<Responses<Op>[S]>; headers?: Record<string, string> }
  : never;

/** A success response the spec allows for the operation: a body the spec forbids does not compile. */
export type RouteResult<Op extends OperationId> = ResultFor<Op, SuccessStatus<Op>>;

export type RouteHandler<Op extends OperationId> = (ctx: RouteContext<Op>) => RouteResult<Op> | Promise<RouteResult<Op>>;

export interface AnyRouteResult {
  status: number | string;
  body: unknown;
  headers?: Record<string, string>;
}

export interface Route {
  readonly operationId: OperationId;
  readonly handle: (ctx: RouteContext<OperationId>) => AnyRouteResult | Promise<AnyRouteResult>;
}

export function defineRoute<Op extends OperationId>(operationId: Op, handler: RouteHandler<NoInfer<Op>>): Route {
  // The route table is heterogeneous; the handler's own types were checked at its definition.
  return { operationId, handle: handler as unknown as Route['handle'] };
}
