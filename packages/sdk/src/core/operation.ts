import { operationRoutes } from '@network-org/spec/routes';
import { APIPromise } from './api-promise';
import { NetworkError } from './errors';
import type { Endpoint } from './http';
import type { ListOperationId, OperationData, OperationId, OperationItem, PagedOperationId } from './operations';
import { Page, PagePromise, type PageSource, type Pagination } from './pagination';
import { type RequestContext, request, type Unwrap } from './request';
import type { RequestOptions } from './request-options';

/** The input of any operation: its path parameters, query and body, as `client.requestAny` sends them. */
export interface AnyOperationArgs {
  path?: Record<string, string>;
  query?: object;
  body?: unknown;
}

/** Whether `operationId` answers with a list of items (paged or not), as the generated route table says. */
export function isListOperation(operationId: OperationId): operationId is ListOperationId {
  return Boolean(operationRoutes[operationId]?.list);
}

/** Whether `operationId` answers with one page of a list: `client.requestAny` then gives a `PagePromise`. */
export function isPagedOperation(operationId: OperationId): operationId is PagedOperationId {
  return operationRoutes[operationId]?.list?.paged === true;
}

/** The object a list's items are in: the body's envelope (`data`), or the body itself. */
function listPayload(operationId: ListOperationId, body: unknown): Record<string, unknown> {
  const { envelope } = operationRoutes[operationId].list;
  return (envelope ? (body as Record<string, unknown>)[envelope] : body) as Record<string, unknown>;
}

/**
 * The items of a list operation's answer body, wherever the spec puts them (`data.contacts`, the organization
 * list's `organization`), typed as that operation's items: a list without pages (`listAccounts`) has no `Page` to
 * read them from. The body may be of any type (a caller that picks the operation at run time has no better one):
 * its items are typed as the spec says, as every body the client gives is without `validateResponses`. A body
 * without them is a TypeError that names what is missing.
 */
export function itemsOf<Op extends ListOperationId>(operationId: Op, body: unknown): OperationItem<Op>[] {
  const list = operationRoutes[operationId]?.list;
  if (!list) throw new NetworkError(`${String(operationId)} answers no list`);
  const items = listPayload(operationId, body)?.[list.key];
  // As it came, like every body the client does not validate (`validateResponses`); only an absent list is refused.
  if (items === undefined || items === null) throw new TypeError(`${operationId}: the body has no ${list.envelope ? `${list.envelope}.` : ''}${list.key}`);
  return items as OperationItem<Op>[];
}

/** Builds the pages of a list: `Page`, or a subclass that names the payload's other fields (`ActivityPage`). */
export type PageClass<T, P extends Page<T>> = new (items: T[], pagination: Pagination, response: Response, source: PageSource<P>) => P;

/** Every request starts here: the operation's method and path come from the generated route table, never a caller. */
function endpointOf(operationId: OperationId, args: AnyOperationArgs | undefined): Endpoint {
  const { method, path } = operationRoutes[operationId];
  return { method: method as Endpoint['method'], path, pathParams: args?.path, query: args?.query, body: args?.body };
}

/** One call of an operation that is not a paged list; `unwrap` takes the result out of the answer's body. */
export function callOperation<Op extends OperationId, R>(
  context: RequestContext,
  operationId: Op,
  args: AnyOperationArgs | undefined,
  options: RequestOptions | undefined,
  unwrap: Unwrap<OperationData<Op>, R>,
): APIPromise<R> {
  return new APIPromise(request(context, operationId, endpointOf(operationId, args), options ?? {}, unwrap));
}

/**
 * A paged list: the next pages repeat the same request with `cursor` = the previous `next_cursor`. A page holds the
 * payload's items (the route table names them) and `pagination`, and every other field of the payload (the activity
 * list's `filters`, `generated_at`, `timezone`).
 */
export function listOperation<Op extends PagedOperationId, P extends Page<OperationItem<Op>> = Page<OperationItem<Op>>>(
  context: RequestContext,
  operationId: Op,
  args: AnyOperationArgs | undefined,
  options: RequestOptions = {},
  // A default type parameter cannot be tied to a default value: `P` is `Page` itself unless a caller gives its class.
  PageOf: PageClass<OperationItem<Op>, P> = Page as unknown as PageClass<OperationItem<Op>, P>,
): PagePromise<OperationItem<Op>, P> {
  const endpoint = endpointOf(operationId, args);
  const { key } = operationRoutes[operationId].list;
  const loadPage = (cursor: string | undefined) =>
    request(
      context,
      operationId,
      // The first page sends the call's own query (nothing changes it), without the cost of a copy.
      cursor === undefined ? endpoint : { ...endpoint, query: { ...endpoint.query, cursor } },
      options,
      (body: OperationData<Op>, response) => {
        const payload = listPayload(operationId, body);
        // A body that lacks its items or pagination is no page (the request reports it as not matching the spec).
        const items = itemsOf(operationId, body);
        const pagination = payload.pagination as Pagination;
        if (!Array.isArray(items) || typeof pagination?.has_more !== 'boolean') return undefined;
        const page = new PageOf(items, pagination, response, { load, cursor });
        for (const name of Object.keys(payload)) {
          // A field the page already has (its items, `pagination`, a method) is never overwritten by the payload.
          if (name !== key && !(name in page)) Reflect.set(page, name, payload[name]);
        }
        return page;
      },
    );
  const load = (cursor: string | undefined): Promise<P> => loadPage(cursor).then(({ data }) => data);
  return new PagePromise<OperationItem<Op>, P>(loadPage(undefined));
}

/**
 * `client.request`: a paged list gives a `PagePromise`, any other operation an `APIPromise` of its answer's body. An
 * operationId a JavaScript caller made up, or a body given to an operation read with GET (fetch cannot send one),
 * is refused before anything is sent.
 */
export function requestOperation(
  context: RequestContext,
  operationId: OperationId,
  args: AnyOperationArgs | undefined,
  options: RequestOptions | undefined,
): APIPromise<unknown> {
  if (typeof operationId !== 'string' || !Object.hasOwn(operationRoutes, operationId)) {
    const names = Object.keys(operationRoutes).join(', ');
    return new APIPromise(Promise.reject(new NetworkError(`Unknown operation ${JSON.stringify(String(operationId))}: use one of ${names}`)));
  }
  if (args?.body !== undefined && operationRoutes[operationId].method === 'GET') {
    return new APIPromise(Promise.reject(new NetworkError(`${operationId} takes no body: pass its parameters as query`)));
  }
  return operationRoutes[operationId].list?.paged
    ? listOperation(context, operationId as PagedOperationId, args, options)
    : callOperation(context, operationId, args, options, (body) => body);
}
