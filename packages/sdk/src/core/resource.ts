import type { APIPromise } from './api-promise';
import { type Page, type PageLoader, type PagePromise, paginate } from './pagination';
import { apiCall, type OperationId, type RawCall, type RequestContext, type RequestOptions, request, unwrapped } from './request';

/** Base of every resource: holds the client's request context out of sight of enumeration. */
export abstract class APIResource {
  readonly #context: RequestContext;

  constructor(context: RequestContext) {
    this.#context = context;
  }

  protected call<D, R>(
    operationId: OperationId,
    call: RawCall<D>,
    options: RequestOptions | undefined,
    unwrap: (data: D, response: Response) => R,
  ): APIPromise<R> {
    return apiCall(this.#context, operationId, call, options, unwrap);
  }

  /** A list whose next pages repeat the same call with `cursor` = the previous `next_cursor`. */
  protected paginated<D, T, P extends Page<T>>(
    operationId: OperationId,
    callAt: (cursor: string | undefined) => RawCall<D>,
    options: RequestOptions | undefined,
    toPage: (data: D, response: Response, load: PageLoader<P>) => P,
  ): PagePromise<T, P> {
    const load: PageLoader<P> = (cursor) =>
      request(this.#context, operationId, callAt(cursor), options).then(({ data, response }) =>
        unwrapped(
          operationId,
          response,
          () => toPage(data, response, load),
          (page) => Array.isArray(page.items) && typeof page.pagination?.has_more === 'boolean',
        ),
      );
    return paginate<T, P>(load);
  }
}

/** The query of the page at `cursor`: the original query, with the cursor when there is one. */
export function withCursor<Q extends object>(query: Q | undefined, cursor: string | undefined): Q {
  return (cursor === undefined ? { ...query } : { ...query, cursor }) as Q;
}
