import { APIPromise } from './api-promise';
import type { Endpoint } from './http';
import type { OperationData, OperationId } from './operations';
import { Page, type PageSource, PagePromise, type Pagination } from './pagination';
import { type RequestContext, type RequestOptions, request, type Unwrap } from './request';

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
    return new APIPromise(request(this.#context, operationId, endpoint, options ?? {}, unwrap));
  }

  /**
   * A list whose next pages repeat the same request with `cursor` = the previous `next_cursor`. Each page is
   * `toPage` of its body, or the `Page` of `data[toPage]` and `data.pagination` when it names the items' field.
   */
  protected paginated<Op extends OperationId, T, P extends Page<T> = Page<T>>(
    operationId: Op,
    endpoint: Endpoint,
    options: RequestOptions = {},
    toPage: string | ((data: OperationData<Op>, response: Response, source: PageSource<P>) => P),
  ): PagePromise<T, P> {
    const loadPage = (cursor: string | undefined) =>
      request(
        this.#context,
        operationId,
        // The first page sends the call's own query (nothing changes it), without the cost of a copy.
        cursor === undefined ? endpoint : { ...endpoint, query: { ...endpoint.query, cursor } },
        options,
        (body: OperationData<Op>, response) => {
          const source = { load, cursor };
          if (typeof toPage !== 'string') return toPage(body, response, source);
          const { data } = body as { data: Record<string, unknown> & { pagination: Pagination } };
          return new Page(data[toPage] as T[], data.pagination, response, source) as P;
        },
        isPage,
      );
    const load = (cursor: string | undefined): Promise<P> => loadPage(cursor).then(({ data }) => data);
    return new PagePromise<T, P>(loadPage(undefined));
  }
}

/** A page that unwrapped without throwing can still lack its items or pagination. */
function isPage(page: Page<unknown>): boolean {
  return Array.isArray(page.items) && typeof page.pagination?.has_more === 'boolean';
}
