import type { APIPromise } from './api-promise';
import type { Endpoint } from './http';
import type { OperationData } from './operations';
import { type Page, type PageSource, PagePromise } from './pagination';
import { apiCall, type OperationId, type RequestContext, type RequestOptions, request, type Unwrap } from './request';

/** Base of every resource: holds the client's request context out of sight of enumeration. */
export abstract class APIResource {
  readonly #context: RequestContext;

  constructor(context: RequestContext) {
    this.#context = context;
  }

  protected call<Op extends OperationId, R>(
    operationId: Op,
    endpoint: Endpoint,
    options: RequestOptions | undefined,
    unwrap: Unwrap<OperationData<Op>, R>,
  ): APIPromise<R> {
    return apiCall(this.#context, operationId, endpoint, options, unwrap);
  }

  /** A list whose next pages repeat the same request with `cursor` = the previous `next_cursor`. */
  protected paginated<Op extends OperationId, T, P extends Page<T>>(
    operationId: Op,
    endpointAt: (cursor: string | undefined) => Endpoint,
    options: RequestOptions = {},
    toPage: (data: OperationData<Op>, response: Response, source: PageSource<P>) => P,
  ): PagePromise<T, P> {
    const loadPage = (cursor: string | undefined) =>
      request(this.#context, operationId, endpointAt(cursor), options, (data: OperationData<Op>, response) => toPage(data, response, { load, cursor }), isPage);
    const load = (cursor: string | undefined): Promise<P> => loadPage(cursor).then(({ data }) => data);
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
