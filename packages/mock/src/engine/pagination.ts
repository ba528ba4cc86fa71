import { badRequest } from './errors';
import { hashText, stableStringify } from './fingerprint';

export interface PaginateOptions {
  limit: number;
  cursor?: string;
  maxLimit: number;
  /** What the cursor is bound to: the query without `cursor` (and `limit`, which may change between pages). */
  scope: unknown;
}

export interface Pagination {
  limit: number;
  has_more: boolean;
  next_cursor?: string;
}

// Signs cursors so an edited offset is detected rather than silently honoured.
const CURSOR_SIGNING_SEED = 0x5eed;

function scopeFingerprint(scope: unknown): string {
  let bound = scope;
  if (scope !== null && typeof scope === 'object' && !Array.isArray(scope)) {
    const { cursor: _cursor, limit: _limit, ...rest } = scope as Record<string, unknown>;
    bound = rest;
  }
  return hashText(stableStringify(bound));
}

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
}

function encodeCursor(offset: number, fingerprint: string): string {
  const payload = `${offset}:${fingerprint}`;
  return toBase64Url(`${payload}:${hashText(payload, CURSOR_SIGNING_SEED)}`);
}

const INVALID_CURSOR =
  'Invalid cursor: it was altered or does not belong to this query. Send the `next_cursor` of the previous page with the same filters, or omit `cursor` to start over.';

/** The offset a cursor points at; 400 when it is malformed, tampered with or made for another query. */
function decodeCursor(cursor: string, fingerprint: string): number {
  const [offsetText, cursorFingerprint, signature, ...extra] = (fromBase64Url(cursor) ?? '').split(':');
  const payload = `${offsetText}:${cursorFingerprint}`;
  if (
    extra.length > 0 ||
    offsetText === undefined ||
    !/^(0|[1-9][0-9]{0,8})$/.test(offsetText) ||
    signature !== hashText(payload, CURSOR_SIGNING_SEED) ||
    cursorFingerprint !== fingerprint
  ) {
    throw badRequest(INVALID_CURSOR);
  }
  return Number(offsetText);
}

/**
 * One page of `items`; `limit` above `maxLimit` is clamped. Reads `items` only up to the one after the page (to
 * know `has_more`), so a route may pass a lazy sequence of matches and stop filtering once the page is full.
 */
export function paginate<T>(items: Iterable<T>, opts: PaginateOptions): { items: T[]; pagination: Pagination } {
  const limit = Math.min(Math.max(1, Math.trunc(opts.limit)), opts.maxLimit);
  const fingerprint = scopeFingerprint(opts.scope);
  const offset = opts.cursor === undefined || opts.cursor === '' ? 0 : decodeCursor(opts.cursor, fingerprint);
  const page: T[] = [];
  let hasMore = false;
  let position = 0;
  for (const item of items) {
    if (position++ < offset) continue;
    if (page.length === limit) {
      hasMore = true;
      break;
    }
    page.push(item);
  }
  const end = offset + page.length;
  return {
    items: page,
    pagination: hasMore ? { limit, has_more: true, next_cursor: encodeCursor(end, fingerprint) } : { limit, has_more: false },
  };
}

/** The items that pass `keep`, tested lazily: handed to paginate, the tests stop after the page. */
export function* lazyFilter<T>(items: Iterable<T>, keep: (item: T) => boolean): Generator<T, void, undefined> {
  for (const item of items) {
    if (keep(item)) yield item;
  }
}
