import type { Pagination } from '@network-org/spec/openapi';
import { APIPromise } from './api-promise';
import { NetworkError, PaginationLoopError } from './errors';

export type { Pagination };

/** Loads the page that starts at `cursor` (the first page when undefined). */
export type PageLoader<P> = (cursor: string | undefined) => Promise<P>;

/** Where a page came from: the loader of its list and the cursor that fetched it (undefined for the first). */
export interface PageSource<P> {
  load: PageLoader<P>;
  cursor: string | undefined;
}

/** One page of a list: its items, the service's `pagination` object and the HTTP response. */
export class Page<T> {
  declare readonly items: T[];
  declare readonly pagination: Pagination;
  declare readonly response: Response;
  readonly #source: PageSource<this>;

  constructor(items: T[], pagination: Pagination, response: Response, source: PageSource<Page<T>>) {
    this.items = items;
    this.pagination = pagination;
    this.response = response;
    this.#source = source as PageSource<this>;
  }

  /** True when the service says more items follow and gave the cursor to reach them. */
  hasNextPage(): boolean {
    return this.pagination.has_more && Boolean(this.pagination.next_cursor);
  }

  /**
   * Fetches the next page with the same query and options. Rejects with `PaginationLoopError` when the server
   * gave back the cursor that fetched this page, which would fetch the same page forever.
   */
  nextPage(): Promise<this> {
    const cursor = this.pagination.next_cursor;
    if (!this.hasNextPage()) {
      return Promise.reject(new NetworkError('No next page: check hasNextPage() first'));
    }
    if (cursor === this.#source.cursor) return Promise.reject(new PaginationLoopError());
    return this.#source.load(cursor);
  }
}

/** The most items `toArray()` collects when not given `maxItems`. */
const TO_ARRAY_CAP = 10_000;

/** A server that answers this many empty pages in a row, each with a new cursor and more to come, is going nowhere. */
const MAX_EMPTY_PAGES_IN_A_ROW = 100;

/**
 * `await` gives the first page; `for await (const item of promise)` walks every item across pages;
 * `promise.pages()` walks the pages. A page is fetched only when the walk reaches it. A walk whose server sends
 * a cursor it already sent, or 100 empty pages in a row that each claim more, ends with `PaginationLoopError`
 * instead of going round forever.
 */
export class PagePromise<T, P extends Page<T> = Page<T>> extends APIPromise<P> implements AsyncIterable<T> {
  async *pages(): AsyncGenerator<P, void, undefined> {
    let page: P = await this;
    yield page;
    const followed = new Set<string>();
    let emptyInARow = 0;
    while (page.hasNextPage()) {
      const cursor = page.pagination.next_cursor as string;
      if (followed.has(cursor)) throw new PaginationLoopError();
      emptyInARow = page.items.length === 0 ? emptyInARow + 1 : 0;
      if (emptyInARow >= MAX_EMPTY_PAGES_IN_A_ROW) {
        throw new PaginationLoopError(`The server sent ${emptyInARow} empty pages in a row, each claiming more: the walk stops here`);
      }
      followed.add(cursor);
      page = await page.nextPage();
      yield page;
    }
  }

  /**
   * The list's items in one array, fetching pages until it holds them: every item, or with `maxItems` the first that
   * many (no page past them is fetched). Without `maxItems`, a list of more than 10,000 items rejects rather than
   * fill memory or come back cut short: pass `maxItems` (`Infinity` for every item), or walk it with `for await`.
   */
  async toArray(options: { maxItems?: number } = {}): Promise<T[]> {
    const { maxItems } = options;
    if (maxItems !== undefined && !(maxItems === Number.POSITIVE_INFINITY || (Number.isInteger(maxItems) && maxItems >= 0))) {
      const given = typeof maxItems === 'string' ? JSON.stringify(maxItems) : String(maxItems);
      throw new NetworkError(`toArray: maxItems must be a whole number of at least 0 or Infinity, not ${given}`);
    }
    const cap = maxItems ?? TO_ARRAY_CAP;
    const items: T[] = [];
    if (cap === 0) return items;
    for await (const page of this.pages()) {
      for (const item of page.items) {
        if (items.length === cap) {
          if (maxItems !== undefined) return items;
          throw new NetworkError(`The list holds more than ${TO_ARRAY_CAP} items: pass toArray({ maxItems }) to take that many, or walk it with for await`);
        }
        items.push(item);
      }
      // The page that completes `maxItems` is the last one fetched.
      if (items.length === cap && maxItems !== undefined) return items;
    }
    return items;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) {
      yield* page.items;
    }
  }
}
