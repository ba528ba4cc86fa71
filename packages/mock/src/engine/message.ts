/** A header list as sent: one `[name, value]` pair per header line, so repeated headers stay visible. */
export type HeaderList = readonly (readonly [string, string])[];

/** What every adapter hands the engine: the request as plain data, no fetch objects. */
export interface MockRequest {
  /** The method token as sent; methods are case-sensitive (`get` is not `GET`). */
  method: string;
  /** An absolute URL, or the request target as on the wire (`/v1/contacts?limit=5`, resolved against the origin). */
  url: string | URL;
  headers: HeaderList;
  /** The body bytes; undefined when there is none. */
  body?: Uint8Array | undefined;
  /** Who sent it, for the per-client rate limit (section 8): the remote address over HTTP. */
  client?: string;
}

/**
 * The engine's answer: status, header pairs, and the body bytes (empty when there is no body). The bytes are never
 * changed once made: a kept read sends the same bytes again, and the journal keeps them as they are.
 */
export interface MockResponse {
  kind: 'response';
  status: number;
  headers: [string, string][];
  body: Uint8Array;
}

/** An injected dropped connection: the adapter closes the connection (or fails the fetch) without an answer. */
export interface MockDrop {
  kind: 'drop';
}

export type MockAnswer = MockResponse | MockDrop;

/** The engine as every adapter calls it: a plain request in, a plain answer out (`mock.answer`). */
export type Engine = (request: MockRequest) => Promise<MockAnswer>;

/**
 * The engine as `mock.answer` gives it to adapters outside the mock: each answer's headers and bytes are the caller's
 * own to change. The mock's own adapters send the engine's headers and bytes as they are (a repeated read's kept
 * bytes, the journal's): they change none.
 */
export function answersOwned(engine: Engine): Engine {
  return async (request) => {
    const answer = await engine(request);
    if (answer.kind === 'drop') return answer;
    return { ...answer, headers: answer.headers.map(([name, value]) => [name, value]), body: new Uint8Array(answer.body) };
  };
}

/** In-process requests all come from one client (section 8's "per client" has a single caller there). */
export const IN_PROCESS_CLIENT = 'in-process';

/** Header lookup by lowercase name over a request's header list. */
export class RequestHeaders {
  private readonly byName = new Map<string, string[]>();

  constructor(list: HeaderList) {
    for (const [name, value] of list) {
      const key = name.toLowerCase();
      const values = this.byName.get(key);
      if (values) values.push(value);
      else this.byName.set(key, [value]);
    }
  }

  /** Every value sent under `name`, in order. */
  all(name: string): readonly string[] {
    return this.byName.get(name.toLowerCase()) ?? [];
  }

  /** The value of a header sent once; repeated values joined with `, ` as fetch's Headers does. */
  get(name: string): string | undefined {
    const values = this.byName.get(name.toLowerCase());
    return values === undefined ? undefined : values.join(', ');
  }
}

/** The body of an answer that has none. */
export const NO_BODY: Uint8Array = new Uint8Array(0);
