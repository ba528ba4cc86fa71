import { ResponseTooLargeError, type Fetch } from '@network-org/sdk';

/** One request and the target's final answer to it, as it came over the wire. */
export interface WireAnswer {
  method: string;
  /** Path and query, without the origin. */
  url: string;
  status: number;
  content_type: string | null;
  headers: Headers;
  /** The body as text (bounded). */
  text: string;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  body: unknown;
}

/** Why the target could not be checked on a request: the scenario errors with this as its reason. */
export class TargetFault extends Error {
  override name = 'TargetFault';
}

export interface TargetOptions {
  baseUrl: string;
  fetch: Fetch | undefined;
  /** Milliseconds per request. */
  timeoutMs: number;
  /** Largest body read, in bytes. */
  maxBytes: number;
}

// Timeouts in a row after which the target counts as hanging: every later request fails at once.
const HANGS_BEFORE_GIVING_UP = 2;
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The request header that names the SDK call a request belongs to. The SDK sends it with the call's own headers;
 * `fetch` takes it off before anything leaves the process, and files the answer under it.
 */
const CALL_HEADER = 'x-network-verify-call';
/** The request header that names the query arrays of a call to send comma-separated; taken off like CALL_HEADER. */
const COMMA_HEADER = 'x-network-verify-comma-separated';

/**
 * The one way verify reaches the target. Requests go to the target's origin only and redirects are never
 * followed (the key would travel with them); bodies are read up to a bound. The SDK sends through `fetch`, so
 * its pacing, retries and 429 handling apply. The SDK's errors keep only an error body's code and message (with
 * defaults when they are missing) and its pages only their items: a parity check needs the answer as sent, so
 * `fetch` keeps the last answer of each call (`call()`), for that call alone to take (`answerOf`).
 */
export class Target {
  readonly origin: string;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  #options: TargetOptions;
  #answers = new Map<string, WireAnswer>();
  #calls = 0;
  #hangs = 0;
  #gaveUp: string | undefined;
  #call: AbortController | undefined;
  #deadline = Number.POSITIVE_INFINITY;
  #deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  #silentAtStart = false;

  constructor(options: TargetOptions) {
    this.#options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.origin = new URL(this.baseUrl).origin;
    this.timeoutMs = options.timeoutMs;
  }

  #deadlineReason = 'the run reached its overall time cap';

  /** After this instant (ms since the epoch) every request fails, for `reason`: the run's time cap, or a stop. */
  setDeadline(at: number, reason = 'the run reached its overall time cap'): void {
    this.#deadline = at;
    this.#deadlineReason = reason;
  }

  /** Why every request now fails at once, if it does. */
  get gaveUp(): string | undefined {
    if (this.#gaveUp) return this.#gaveUp;
    if (Date.now() >= this.#deadline) return this.#deadlineReason;
    return undefined;
  }

  /** Ends the request in flight now (its scenario errors with `reason`). */
  stop(reason: string): void {
    this.setDeadline(Date.now(), reason);
    this.#call?.abort(new TargetFault(reason));
  }

  /**
   * One SDK call: its signal, aborted (with a TargetFault) when the target misbehaves during that call and at the
   * deadline, also while the SDK waits out a Retry-After, so that the cap holds whatever the target asks; and the
   * headers that file its answers under its id.
   */
  beginCall(commaSeparated?: readonly string[]): { id: string; signal: AbortSignal; headers: Record<string, string> } {
    this.endCall();
    const call = (this.#call = new AbortController());
    const left = this.#deadline - Date.now();
    if (Number.isFinite(left)) {
      this.#deadlineTimer = setTimeout(() => call.abort(new TargetFault(this.#deadlineReason)), Math.max(0, Math.min(left, 2 ** 31 - 1)));
      this.#deadlineTimer.unref?.();
    }
    // Calls run one at a time: an answer of an earlier call nobody took is of a call that failed.
    this.#answers.clear();
    const id = String(++this.#calls);
    return { id, signal: call.signal, headers: { [CALL_HEADER]: id, ...(commaSeparated?.length && { [COMMA_HEADER]: commaSeparated.join(',') }) } };
  }

  /** The last answer the call `id` received (after the SDK's retries), taken once. */
  answerOf(id: string): WireAnswer | undefined {
    const answer = this.#answers.get(id);
    this.#answers.delete(id);
    return answer;
  }

  /** Waits `ms`, or less: the wait ends at the deadline or a stop. */
  async pause(ms: number): Promise<void> {
    const { signal } = this.beginCall();
    try {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, Math.min(ms, 2 ** 31 - 1)));
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    } finally {
      this.endCall();
    }
  }

  /** The call is over: its deadline timer goes. */
  endCall(): void {
    clearTimeout(this.#deadlineTimer);
    this.#deadlineTimer = undefined;
  }

  #fail(reason: string, keep = false): TargetFault {
    const fault = new TargetFault(reason);
    if (keep) this.#gaveUp = reason;
    this.#call?.abort(fault);
    return fault;
  }

  /** The fetch the SDK is given. */
  readonly fetch: Fetch = async (url, init) => {
    const stopped = this.gaveUp;
    if (stopped) throw this.#fail(stopped);
    if (new URL(url).origin !== this.origin) throw this.#fail(`refused to send a request to ${new URL(url).origin}: not the target`);
    const headers = new Headers(init.headers);
    const call = headers.get(CALL_HEADER);
    const comma = headers.get(COMMA_HEADER);
    headers.delete(CALL_HEADER);
    headers.delete(COMMA_HEADER);
    if (comma) url = joinedWithCommas(url, comma.split(','));
    let response: Response;
    let text: string;
    try {
      response = await (this.#options.fetch ?? globalThis.fetch)(url, { ...init, headers, redirect: 'manual' });
      if ((response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect') {
        await response.body?.cancel().catch(() => {});
        const location = response.headers.get('location');
        const where = location ? ` to ${safeOrigin(location, url)}` : '';
        throw this.#fail(`the target answered ${response.status} redirecting${where}; redirects are not followed`);
      }
      text = await readBounded(response, this.#options.maxBytes);
    } catch (error) {
      if (error instanceof TargetFault) throw error;
      if (error instanceof ResponseTooLargeError) throw this.#fail(`the target's answer is larger than ${this.#options.maxBytes} bytes`);
      // The SDK aborts its own signal on a timeout; a target that keeps hanging is given up on.
      if (init.signal?.aborted && !this.#call?.signal.aborted && ++this.#hangs >= HANGS_BEFORE_GIVING_UP) {
        this.#fail(`the target gave no answer within ${this.timeoutMs} ms, ${this.#hangs} times in a row`, true);
      }
      throw error;
    }
    this.#hangs = 0;
    const requested = new URL(url);
    const body = parseJson(text);
    if (body === undefined && text.trim() !== '') {
      const type = response.headers.get('content-type') ?? 'none';
      throw this.#fail(`the target's answer to ${init.method ?? 'GET'} ${requested.pathname} (status ${response.status}, Content-Type ${type}) is not JSON`);
    }
    if (call !== null) {
      this.#answers.set(call, {
        method: init.method ?? 'GET',
        url: requested.pathname + requested.search,
        status: response.status,
        content_type: response.headers.get('content-type'),
        headers: response.headers,
        text,
        body,
      });
    }
    const answerHeaders = new Headers(response.headers);
    answerHeaders.delete('content-encoding');
    answerHeaders.delete('content-length');
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : text, {
      status: response.status,
      statusText: response.statusText,
      headers: answerHeaders,
    });
  };

  /**
   * A GET of the mock's control API (`/__mock/...`, no key). Undefined when the target does not answer it
   * with JSON: the target is then not the mock.
   */
  async control(path: string): Promise<unknown> {
    if (this.gaveUp || this.#silentAtStart) return undefined;
    try {
      const response = await (this.#options.fetch ?? globalThis.fetch)(`${this.baseUrl}/__mock/${path}`, {
        method: 'GET',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => {});
        return undefined;
      }
      return parseJson(await readBounded(response, this.#options.maxBytes));
    } catch {
      return undefined;
    }
  }

  /**
   * Why nothing answers at the base URL (the connection refused, the host unknown, or closed without an answer);
   * undefined when something does. A target that hangs or answers garbage is reachable; its scenarios then error
   * one by one.
   */
  async unreachable(): Promise<string | undefined> {
    try {
      const response = await (this.#options.fetch ?? globalThis.fetch)(`${this.baseUrl}/v1/organization`, {
        method: 'GET',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.body?.cancel().catch(() => {});
      return undefined;
    } catch (error) {
      // A target that did not answer in time is reachable, but not worth another wait for the control API.
      this.#silentAtStart = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return this.#silentAtStart ? undefined : connectionFailure(error);
    }
  }
}

/**
 * The URL with each named query array as one parameter of comma-separated values (`account_id=1,2`), the other
 * documented form of `account_id=1&account_id=2`; the commas literal, each value encoded as the SDK encodes it.
 */
function joinedWithCommas(url: string, names: readonly string[]): string {
  const parsed = new URL(url);
  const pairs = parsed.search.slice(1).split('&').filter((pair) => pair !== '');
  const keyOf = (pair: string) => decodeURIComponent(pair.split('=')[0] ?? '');
  const kept = pairs.filter((pair) => !names.includes(keyOf(pair)));
  for (const name of names) {
    const values = parsed.searchParams.getAll(name);
    if (values.length > 0) kept.push(`${encodeURIComponent(name)}=${values.map(encodeURIComponent).join(',')}`);
  }
  parsed.search = kept.length > 0 ? `?${kept.join('&')}` : '';
  return parsed.href;
}

/** What went wrong with a connection, in words: from the error (or its cause) Node's fetch gives. */
function connectionFailure(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host is unknown';
    case 'UND_ERR_SOCKET':
    case 'ECONNRESET':
    case 'EPIPE':
      return 'it accepted the connection, then closed the connection without an answer';
    default:
      return `the request failed (${cause instanceof Error ? cause.message : String(cause)})`;
  }
}

function safeOrigin(location: string, base: string): string {
  try {
    return new URL(location, base).origin;
  } catch {
    return 'an unreadable location';
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The body as text, reading stops past `maxBytes` (announced or counted as decoded bytes arrive). */
async function readBounded(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () => new ResponseTooLargeError(response.status, maxBytes);
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  for (let chunk; reader && !(chunk = await reader.read()).done; ) {
    total += chunk.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
}
