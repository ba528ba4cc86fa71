import type { Pagination } from '@network-org/spec/openapi';
import { APIPromise } from './api-promise';
import { NetworkError } from './errors';

export type { Pagination };

/** Loads the page that starts at `cursor` (the first page when undefined). */
export type PageLoader<P> = (cursor: string | undefined) => Promise<P>;

/** One page of a list: its items, the service's `pagination` object and the HTTP response. */
export class Page<T> {
  readonly items: T[];
  readonly pagination: Pagination;
  readonly response: Response;
  readonly #load: PageLoader<this>;

  constructor(items: T[], pagination: Pagination, response: Response, load: PageLoader<Page<T>>) {
    this.items = items;
    this.pagination = pagination;
    this.response = response;
    this.#load = load as PageLoader<this>;
  }

  /** True when the service says more items follow and gave the cursor to reach them. */
  hasNextPage(): boolean {
    return this.pagination.has_more && Boolean(this.pagination.next_cursor);
  }

  /** Fetches the next page with the same query and options. */
  nextPage(): Promise<this> {
    const cursor = this.pagination.next_cursor;
    if (!this.hasNextPage() || !cursor) {
      return Promise.reject(new NetworkError('No next page: check hasNextPage() before calling nextPage()'));
    }
    return this.#load(cursor);
  }
}

/**
 * `await` gives the first page; `for await (const item of promise)` walks every item across pages;
 * `promise.pages()` walks the pages. A page is fetched only when the walk reaches it.
 */
export class PagePromise<T, P extends Page<T> = Page<T>> extends APIPromise<P> implements AsyncIterable<T> {
  async *pages(): AsyncGenerator<P, void, undefined> {
    let page: P = await this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.nextPage();
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) {
      yield* page.items;
    }
  }
}
