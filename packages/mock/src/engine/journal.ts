import type { HeaderList } from './message';

/** The most entries one session's journal keeps; the oldest go first. */
export const JOURNAL_MAX_ENTRIES = 1000;
/** The most bytes (bodies, headers, paths) one session's journal keeps; the oldest entries go first. */
export const JOURNAL_MAX_BYTES = 8 * 1024 * 1024;
/** The most bytes the journals of all sessions of one mock keep together by default; the oldest of any go first. */
export const JOURNAL_TOTAL_MAX_BYTES = 64 * 1024 * 1024;
/** The smallest shared bound `journalMaxBytes` takes: room for a few entries with both bodies at their limit. */
export const JOURNAL_TOTAL_MIN_BYTES = 1024 * 1024;
/** Each request and answer body is kept up to this many bytes; a longer one is cut and marked `truncated`. */
export const JOURNAL_BODY_LIMIT = 64 * 1024;

// What one entry costs besides its strings and bodies (objects, numbers), counted so that empty entries add up too.
const ENTRY_OVERHEAD_BYTES = 256;

/** A body as the journal keeps it: its text (UTF-8, up to `JOURNAL_BODY_LIMIT` bytes) and its full size. */
export interface JournalBody {
  text: string;
  /** The size of the whole body as sent, in bytes. */
  bytes: number;
  /** True when `text` holds only the first `JOURNAL_BODY_LIMIT` bytes. */
  truncated: boolean;
}

/** One side of an exchange: its headers (lowercase names, repeated ones joined with `, `) and its body. */
export interface JournalMessage {
  headers: Record<string, string>;
  /** Null without a body, or when the mock keeps no bodies (`journalBodies: false`). */
  body: JournalBody | null;
}

/** What the journal lists of a request: everything but the headers and bodies. */
export interface JournalSummary {
  /** Unique across the mock's sessions, increasing in arrival order. */
  id: string;
  /** The `X-Mock-Session` the request named; null for the default session. */
  session: string | null;
  method: string;
  path: string;
  /** The query parameters as sent; a repeated one is a list. */
  query: Record<string, string | string[]>;
  status: number;
  /** ISO instant the request arrived, from the mock's clock. */
  time: string;
  /** How long the mock took to answer, in milliseconds. */
  duration_ms: number;
  /** The operationId, when the request matched one. */
  operation?: string;
}

/** A request the mock answered, with its headers (`Authorization` redacted) and its bodies. */
export interface JournalEntry extends JournalSummary {
  request: JournalMessage;
  /** A dropped connection (status 0) has no headers and no body. */
  response: JournalMessage;
}

/** What the engine hands the journal once a request is answered. */
export interface JournalRecord {
  session: string | null;
  method: string;
  path: string;
  /** The query as sent, `?` and all (`url.search`). */
  search: string;
  status: number;
  time: string;
  duration_ms: number;
  operation?: string | undefined;
  requestHeaders: HeaderList;
  requestBody: Uint8Array | undefined;
  responseHeaders: HeaderList;
  /** Undefined for a dropped connection. */
  responseBody: Uint8Array | undefined;
}

interface StoredBody {
  /** The bytes shown: at most the first `JOURNAL_BODY_LIMIT` of the body. */
  bytes: Uint8Array;
  /** The size of the whole body as sent. */
  size: number;
  /** The bytes this keeps in memory, which the journal's bounds count. */
  held: number;
  truncated: boolean;
}

/** An entry's place in the mock's shared order: its journal while the entry is kept, undefined once it is gone. */
interface Slot {
  journal: RequestJournal | undefined;
  readonly size: number;
}

/** A record without its bodies, which the journal keeps apart (cut to its limit, a request's copied). */
type Exchange = Omit<JournalRecord, 'requestBody' | 'responseBody'>;

/**
 * An entry as it came: the headers and the query stay as sent and are put in the journal's shape (names lowercased,
 * credentials redacted) only when someone reads the entry, which most entries never are.
 */
interface StoredEntry {
  seq: number;
  slot: Slot;
  exchange: Exchange;
  requestBody: StoredBody | null;
  responseBody: StoredBody | null;
}

/**
 * First in, first out, with an amortized O(1) `shift`: taken items are passed over by an index, and the array is
 * cut once most of it lies before that index.
 */
class Fifo<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  /** The item `index` places after the oldest. */
  at(index: number): T {
    return this.items[this.head + index] as T;
  }

  shift(): T | undefined {
    if (this.head === this.items.length) return undefined;
    const item = this.items[this.head];
    // Let go of it at once: a journal entry holds bodies.
    this.items[this.head++] = undefined;
    if (this.head >= 64 && this.head * 2 >= this.items.length) this.keep(() => true);
    return item;
  }

  /** The items from the `from`-th oldest on. */
  toArray(from = 0): T[] {
    return this.items.slice(this.head + from) as T[];
  }

  /** Keeps only the items `predicate` accepts, in order. */
  keep(predicate: (item: T) => boolean): void {
    this.items = (this.items.slice(this.head) as T[]).filter(predicate);
    this.head = 0;
  }

  clear(): void {
    this.items = [];
    this.head = 0;
  }
}

/**
 * The bytes all journals of one mock keep together: past `maxBytes`, the oldest entries of any session go first.
 * Entries join a queue in arrival order; one a journal already let go of (its own bound, a clear, a dropped
 * session) gave its bytes back then and is passed over when its turn comes, so each entry costs O(1) amortized.
 */
export class JournalBudget {
  private readonly order = new Fifo<Slot>();
  private kept = 0;
  private bytes = 0;

  constructor(readonly maxBytes: number = JOURNAL_TOTAL_MAX_BYTES) {
    if (!(maxBytes === Number.POSITIVE_INFINITY || (Number.isInteger(maxBytes) && maxBytes >= JOURNAL_TOTAL_MIN_BYTES))) {
      throw new RangeError(`journalMaxBytes must be an integer of at least ${JOURNAL_TOTAL_MIN_BYTES} (1 MiB), got ${maxBytes}`);
    }
  }

  /** The bytes kept by every journal of the mock together. */
  get size(): number {
    return this.bytes;
  }

  /** Counts a new entry, then drops the oldest entries of any journal while over the bound, never the new one. */
  add(slot: Slot): void {
    this.order.push(slot);
    this.kept++;
    this.bytes += slot.size;
    while (this.bytes > this.maxBytes && this.order.length > 1) {
      // The oldest entry still kept anywhere is the oldest of its own journal: each journal drops from its front.
      this.order.shift()?.journal?.dropOldest();
    }
  }

  /** Gives an entry's bytes back when its journal lets go of it. */
  release(slot: Slot): void {
    slot.journal = undefined;
    this.kept--;
    this.bytes -= slot.size;
    // Entries let go of long before their turn (cleared journals) would pile up in the queue: cut them out.
    if (this.order.length > 2 * this.kept + 1024) this.order.keep((each) => each.journal !== undefined);
  }
}

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization']);

/**
 * A credential as the journal shows it: the scheme and the last four characters (`Bearer ****dmin`), or no
 * character of it at all when it is too short for four to be safe to show.
 */
export function redactCredential(value: string): string {
  const match = /^(\S+)\s+(\S.*)$/.exec(value.trim());
  const [scheme, secret] = match ? [`${match[1]} `, match[2] as string] : ['', value.trim()];
  return `${scheme}****${secret.length >= 12 ? secret.slice(-4) : ''}`;
}

function headerRecord(list: HeaderList): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [rawName, rawValue] of list) {
    const name = rawName.toLowerCase();
    const value = SECRET_HEADERS.has(name) ? redactCredential(rawValue) : rawValue;
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

/** What a header list holds in memory, for the journal's bounds. */
function headersSize(list: HeaderList): number {
  let size = 0;
  for (const [name, value] of list) size += name.length + value.length;
  return size;
}

/**
 * `copy`: the caller may change the bytes later (a request body handed to `mock.fetch`), so the journal keeps a copy
 * of what it shows. An answer's bytes are never changed once made: the journal keeps them as they are (a view of the
 * first `JOURNAL_BODY_LIMIT` of a longer one, no copy), and counts the whole body against its bounds, which the view
 * holds in memory.
 */
function storeBody(body: Uint8Array | undefined, copy: boolean): StoredBody | null {
  const size = body?.byteLength ?? 0;
  if (body === undefined || size === 0) return null;
  const truncated = size > JOURNAL_BODY_LIMIT;
  const shown = truncated ? body.subarray(0, JOURNAL_BODY_LIMIT) : body;
  // Copies are made with the Uint8Array constructor: a Buffer's `slice` is a view that would keep its whole memory.
  if (copy) return { bytes: new Uint8Array(shown), size, held: shown.byteLength, truncated };
  return { bytes: shown, size, held: size, truncated };
}

const decoder = new TextDecoder();

function bodyView(body: StoredBody | null): JournalBody | null {
  if (body === null) return null;
  return { text: decoder.decode(body.bytes), bytes: body.size, truncated: body.truncated };
}

function queryRecord(search: string): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const seen = record[name];
    record[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return record;
}

function summaryOf(seq: number, exchange: Exchange): JournalSummary {
  return {
    id: String(seq),
    session: exchange.session,
    method: exchange.method,
    path: exchange.path,
    query: queryRecord(exchange.search),
    status: exchange.status,
    time: exchange.time,
    duration_ms: exchange.duration_ms,
    ...(exchange.operation ? { operation: exchange.operation } : {}),
  };
}

/** 1, 2, 3, ...: the numbers a mock's journals share, so that an id names one request of the whole mock. */
export function counter(): () => number {
  let last = 0;
  return () => ++last;
}

export interface JournalOptions {
  /** Gives each entry its number; shared by a mock's sessions so that ids are unique across them. */
  nextSequence: () => number;
  /** False: keep no bodies (headers and the rest are still kept). Default true. */
  bodies?: boolean;
  maxEntries?: number;
  maxBytes?: number;
  /** The bound shared with the mock's other journals; default one of this journal's own, with no bound. */
  budget?: JournalBudget;
}

/**
 * The most recent requests of one session, oldest first, with their headers and bodies; bounded in entries and in
 * bytes, its own and the bytes shared with the mock's other sessions, so that a long-running server stays flat.
 */
export class RequestJournal {
  private readonly items = new Fifo<StoredEntry>();
  private bytes = 0;
  private closed = false;
  private readonly bodies: boolean;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly budget: JournalBudget;

  constructor(private readonly options: JournalOptions) {
    this.bodies = options.bodies ?? true;
    this.maxEntries = options.maxEntries ?? JOURNAL_MAX_ENTRIES;
    this.maxBytes = options.maxBytes ?? JOURNAL_MAX_BYTES;
    this.budget = options.budget ?? new JournalBudget(Number.POSITIVE_INFINITY);
  }

  record(record: JournalRecord): void {
    // A request answered after its session was dropped: nobody can read this journal any more.
    if (this.closed) return;
    const seq = this.options.nextSequence();
    const { requestBody: sent, responseBody: answered, ...exchange } = record;
    const requestBody = this.bodies && sent ? storeBody(sent, true) : null;
    const responseBody = this.bodies ? storeBody(answered, false) : null;
    // The caller's header list is copied: a list handed to the engine may be changed after it answered.
    exchange.requestHeaders = [...exchange.requestHeaders];
    const size =
      ENTRY_OVERHEAD_BYTES +
      record.path.length +
      record.method.length +
      record.search.length +
      headersSize(record.requestHeaders) +
      headersSize(record.responseHeaders) +
      (requestBody?.held ?? 0) +
      (responseBody?.held ?? 0);
    const slot: Slot = { journal: this, size };
    this.items.push({ seq, slot, exchange, requestBody, responseBody });
    this.bytes += size;
    while (this.items.length > 1 && (this.items.length > this.maxEntries || this.bytes > this.maxBytes)) this.dropOldest();
    this.budget.add(slot);
  }

  /** Lets go of the oldest entry (this journal's bound, or the bound shared with the mock's other journals). */
  dropOldest(): void {
    const item = this.items.shift();
    if (item) this.release(item);
  }

  /** The entries kept, oldest first, with headers and bodies. */
  list(): JournalEntry[] {
    return this.items.toArray().map((item) => this.view(item));
  }

  /** The latest `limit` entries after sequence number `after`, oldest first, without headers and bodies. */
  summaries(after = 0, limit = Number.POSITIVE_INFINITY): { seq: number; summary: JournalSummary }[] {
    let start = this.items.length;
    while (start > 0 && this.items.length - start < limit && this.items.at(start - 1).seq > after) start--;
    return this.items.toArray(start).map((item) => ({ seq: item.seq, summary: summaryOf(item.seq, item.exchange) }));
  }

  /** One entry by its id, with headers and bodies. */
  find(id: string): JournalEntry | undefined {
    const item = this.items.toArray().find((candidate) => String(candidate.seq) === id);
    return item && this.view(item);
  }

  /** The bytes the journal counts against its bounds. */
  get size(): number {
    return this.bytes;
  }

  /** Lets go of every entry, giving their bytes back to the shared bound. */
  clear(): void {
    for (const item of this.items.toArray()) this.budget.release(item.slot);
    this.items.clear();
    this.bytes = 0;
  }

  /** Clears for good: the session is dropped, and a request it answers later is not kept. */
  close(): void {
    this.clear();
    this.closed = true;
  }

  private release(item: StoredEntry): void {
    this.bytes -= item.slot.size;
    this.budget.release(item.slot);
  }

  private view(item: StoredEntry): JournalEntry {
    return {
      ...summaryOf(item.seq, item.exchange),
      request: { headers: headerRecord(item.exchange.requestHeaders), body: bodyView(item.requestBody) },
      response: { headers: headerRecord(item.exchange.responseHeaders), body: bodyView(item.responseBody) },
    };
  }
}
