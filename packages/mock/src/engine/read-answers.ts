import type { MockResponse } from './message';

/**
 * Answers of reads, kept to be sent again while nothing they were made from has changed: test suites poll the same
 * list or record many times between writes, and authenticating, validating, routing, paging and serializing it
 * again gives the same bytes every time.
 *
 * An answer is kept only when it is a function of the request and the data alone: a GET answered 200 by the mock's
 * own route (a route given in `routes` may read anything), no override set for the operation, a route that neither
 * asked the clock nor changed the data. Its key holds the data's revision (equal revisions mean equal data, across
 * sessions too), the operation, the path, the query as parsed and the one Authorization header: a write, restore
 * or reset moves the revision, so a kept answer is never sent for other data. Faults, latency, the rate limit, the
 * journal and the CORS headers apply to every request as before, around this.
 */
interface KeptAnswer {
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  /** The body's bytes, shared with every answer sent from it: answer bytes are never changed once made. */
  readonly body: Uint8Array;
  /** What it counts against `MAX_BYTES`: its body and its key (a long query makes a long key). */
  readonly size: number;
}

/** Enough for the reads a test suite repeats between two writes; the least recently sent make room first. */
const MAX_ANSWERS = 64;
/** What the kept answers may hold together. */
const MAX_BYTES = 8 * 1024 * 1024;

const copyHeaders = (headers: readonly (readonly [string, string])[]): [string, string][] => headers.map(([name, value]) => [name, value]);

export class ReadAnswers {
  private readonly kept = new Map<string, KeptAnswer>();
  private bytes = 0;

  /** The key of a read; undefined without exactly one Authorization header (auth refuses any other count). */
  static key(revision: number, operationId: string, pathname: string, query: URLSearchParams, authorization: readonly string[]): string | undefined {
    if (authorization.length !== 1) return undefined;
    return `${revision} ${operationId} ${pathname}?${query.toString()} ${authorization[0]}`;
  }

  /** A fresh answer of the kept one: its headers are the caller's to add to. */
  answer(key: string): MockResponse | undefined {
    const kept = this.kept.get(key);
    if (!kept) return undefined;
    // Sent again, it becomes the most recent: the reads every test repeats outlive each test's own.
    this.kept.delete(key);
    this.kept.set(key, kept);
    return { kind: 'response', status: kept.status, headers: copyHeaders(kept.headers), body: kept.body };
  }

  keep(key: string, answer: MockResponse): void {
    if (this.kept.has(key)) return;
    const size = answer.body.byteLength + key.length;
    if (size > MAX_BYTES) return;
    this.kept.set(key, { status: answer.status, headers: copyHeaders(answer.headers), body: answer.body, size });
    this.bytes += size;
    for (const [oldest, kept] of this.kept) {
      if (this.kept.size <= MAX_ANSWERS && this.bytes <= MAX_BYTES) break;
      this.kept.delete(oldest);
      this.bytes -= kept.size;
    }
  }
}
