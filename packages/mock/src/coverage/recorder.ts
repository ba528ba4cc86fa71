// The counts coverage keeps while requests are answered: names and numbers only (no body, no header value, no
// key), in memory bounded per session whatever the number of requests.
import type { MockAnswer } from '../engine/message';
import { catalog, catalogByOperation, type CatalogOperation } from './catalog';

/** The most distinct error codes kept per operation (the spec has fewer; an override cannot add more). */
const MAX_ERROR_CODES = 32;
/** The most distinct statuses kept per operation (a fault may force any status). */
const MAX_STATUSES = 64;
/** The most distinct unmatched requests (method and path) one session keeps; the rest are only counted. */
export const MAX_UNMATCHED = 50;
/** An unmatched path is kept up to this many characters. */
const MAX_UNMATCHED_PATH = 200;
const ERROR_CODE = /^[a-z][a-z0-9_]{0,63}$/;
/** Error bodies are small: a longer body is not read for its code. */
const MAX_ERROR_BODY_BYTES = 4096;

/** What answered a request, when not the mock by itself. */
export type Forced = 'fault' | 'override';

/** How the engine answered one request, as coverage reads it (the engine's outcome, not a copy of it). */
export interface CoverageOutcome {
  /** The operation the request matched; undefined for one that matched none. */
  readonly operationId: string | undefined;
  readonly answer: MockAnswer;
  readonly forced?: Forced | undefined;
  /** The request body as the mock read it (after authentication); undefined when it never read one. */
  readonly body?: Record<string, unknown> | undefined;
}

/** One operation's counts. */
export class OperationCounts {
  calls = 0;
  readonly statuses = new Map<number, number>();
  readonly errorCodes = new Map<string, number>();
  readonly parameters: number[];
  readonly bodyFields: number[];
  pagesFollowed = 0;
  faults = 0;
  overrides = 0;

  constructor(readonly operation: CatalogOperation) {
    this.parameters = operation.parameters.map(() => 0);
    this.bodyFields = operation.bodyFields.map(() => 0);
  }

  mergeInto(other: OperationCounts): void {
    other.calls += this.calls;
    for (const [status, count] of this.statuses) addCount(other.statuses, status, count, MAX_STATUSES);
    for (const [code, count] of this.errorCodes) addCount(other.errorCodes, code, count, MAX_ERROR_CODES);
    this.parameters.forEach((count, index) => (other.parameters[index] = (other.parameters[index] as number) + count));
    this.bodyFields.forEach((count, index) => (other.bodyFields[index] = (other.bodyFields[index] as number) + count));
    other.pagesFollowed += this.pagesFollowed;
    other.faults += this.faults;
    other.overrides += this.overrides;
  }
}

function addCount<K>(map: Map<K, number>, key: K, count: number, max: number): void {
  const current = map.get(key);
  if (current !== undefined) map.set(key, current + count);
  else if (map.size < max) map.set(key, count);
}

const decoder = new TextDecoder();

/** The `code` of an error answer's body, when it is one the report can name. */
function errorCodeOf(body: Uint8Array): string | undefined {
  if (body.byteLength === 0 || body.byteLength > MAX_ERROR_BODY_BYTES) return undefined;
  try {
    const code: unknown = (JSON.parse(decoder.decode(body)) as { code?: unknown } | null)?.code;
    return typeof code === 'string' && ERROR_CODE.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** A request no operation matched: its method and path (cut to a bound), and how many times it came. */
export interface UnmatchedCount {
  method: string;
  path: string;
  calls: number;
}

/** The counts of one session, or of the sessions a mock dropped, or of several merged. */
export class CoverageCounts {
  /** By the catalog's index; an operation never called has none. */
  readonly operations: (OperationCounts | undefined)[] = [];
  readonly unmatched = new Map<string, UnmatchedCount>();
  /** Unmatched requests past the `MAX_UNMATCHED` kept. */
  unmatchedOther = 0;

  private countsOf(operation: CatalogOperation): OperationCounts {
    return (this.operations[operation.index] ??= new OperationCounts(operation));
  }

  record(event: CoverageOutcome, method: string, pathname: string, query: URLSearchParams): void {
    const operation = event.operationId === undefined ? undefined : catalogByOperation.get(event.operationId);
    if (!operation) {
      this.recordUnmatched(method.slice(0, 16), pathname.slice(0, MAX_UNMATCHED_PATH), 1);
      return;
    }
    const counts = this.countsOf(operation);
    counts.calls++;
    if (event.forced === 'fault') counts.faults++;
    else if (event.forced === 'override') counts.overrides++;
    for (let index = 0; index < operation.pathParameters; index++) counts.parameters[index] = (counts.parameters[index] as number) + 1;
    for (const name of query.keys()) {
      const index = operation.parameterIndex.get(name);
      if (index !== undefined) counts.parameters[index] = (counts.parameters[index] as number) + 1;
    }
    if (event.body) {
      for (const name in event.body) {
        const index = operation.bodyFieldIndex.get(name);
        if (index !== undefined) counts.bodyFields[index] = (counts.bodyFields[index] as number) + 1;
      }
    }
    const { answer } = event;
    // A dropped connection has no status: it counts as a call (and a fault), not as a response.
    if (answer.kind === 'drop') return;
    addCount(counts.statuses, answer.status, 1, MAX_STATUSES);
    if (answer.status >= 400) {
      const code = errorCodeOf(answer.body);
      if (code !== undefined) addCount(counts.errorCodes, code, 1, MAX_ERROR_CODES);
    } else if (operation.paged && answer.status < 300 && query.get('cursor')) {
      counts.pagesFollowed++;
    }
  }

  private recordUnmatched(method: string, path: string, calls: number): void {
    const key = `${method} ${path}`;
    const kept = this.unmatched.get(key);
    if (kept) kept.calls += calls;
    else if (this.unmatched.size < MAX_UNMATCHED) this.unmatched.set(key, { method, path, calls });
    else this.unmatchedOther += calls;
  }

  /** Adds these counts to `other`'s. */
  mergeInto(other: CoverageCounts): void {
    this.operations.forEach((counts, index) => {
      if (counts) counts.mergeInto(other.countsOf(catalog[index] as CatalogOperation));
    });
    for (const { method, path, calls } of this.unmatched.values()) other.recordUnmatched(method, path, calls);
    other.unmatchedOther += this.unmatchedOther;
  }

  clear(): void {
    this.operations.length = 0;
    this.unmatched.clear();
    this.unmatchedOther = 0;
  }
}

/**
 * A session's counts. When the session is dropped (by name, or as the least recently used), they join the counts
 * of the mock's dropped sessions, so that the whole mock's report keeps them.
 */
export class SessionCoverage extends CoverageCounts {
  constructor(private readonly dropped: CoverageCounts) {
    super();
  }

  close(): void {
    this.mergeInto(this.dropped);
    this.clear();
  }
}

/** The whole mock's coverage: whether it records, and the counts of the sessions it dropped. */
export class CoverageLedger {
  readonly dropped = new CoverageCounts();

  constructor(readonly enabled: boolean) {}

  sessionCoverage(): SessionCoverage {
    return new SessionCoverage(this.dropped);
  }
}
