import type { APIPromise } from './api-promise';
import { type Page, type PageLoader, PagePromise } from './pagination';
import { apiCall, type OperationId, type RawCall, type RequestContext, type RequestOptions, request, type Unwrap } from './request';

/** Base of every resource: holds the client's request context out of sight of enumeration. */
export abstract class APIResource {
  readonly #context: RequestContext;

  constructor(context: RequestContext) {
    this.#context = context;
  }

  protected call<D, R>(operationId: OperationId, call: RawCall<D>, options: RequestOptions | undefined, unwrap: Unwrap<D, R>): APIPromise<R> {
    return apiCall(this.#context, operationId, call, options, unwrap);
  }

  /** A list whose next pages repeat the same call with `cursor` = the previous `next_cursor`. */
  protected paginated<D, T, P extends Page<T>>(
    operationId: OperationId,
    callAt: (cursor: string | undefined) => RawCall<D>,
    options: RequestOptions = {},
    toPage: (data: D, response: Response, load: PageLoader<P>) => P,
  ): PagePromise<T, P> {
    const toLoadedPage: Unwrap<D, P> = (data, response) => toPage(data, response, load);
    const loadPage = (cursor: string | undefined) =>
      request(this.#context, operationId, callAt(cursor), options, toLoadedPage, isPage);
    const load: PageLoader<P> = (cursor) => loadPage(cursor).then(({ data }) => data);
    return new PagePromise<T, P>(loadPage(undefined));
  }
}

/** A page that unwrapped without throwing can still lack its items or pagination. */
function isPage(page: Page<unknown>): boolean {
  return Array.isArray(page.items) && typeof page.pagination?.has_more === 'boolean';
}

/** The query of the page at `cursor`: the original query, with the cursor when there is one. */
export function withCursor<Q extends object>(query: Q | undefined, cursor: string | undefined): Q {
  return (cursor === undefined ? { ...query } : { ...query, cursor }) as Q;
}
