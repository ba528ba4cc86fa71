import type { HeadersOptions } from 'openapi-fetch';
import { ApiConnectionError } from './errors';

/** A fetch implementation: the global `fetch` or anything with its `(url, init)` call shape. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** Turns text that ends up in an error into text without the API key. */
export type Redact = (text: string) => string;

/** `base` with `extra` set over it. */
export function mergeHeaders(base: HeadersOptions | undefined, extra: Record<string, string>): Headers {
  const headers = new Headers(toHeadersInit(base));
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return headers;
}

function toHeadersInit(headers: HeadersOptions | undefined): HeadersInit | undefined {
  if (headers === undefined || headers instanceof Headers || Array.isArray(headers)) return headers;
  const entries: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === null || value === undefined) continue;
    entries.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return entries;
}

/** What a request needs: the signal is absent when neither a timeout nor the caller can abort it. */
export type SendInit = RequestInit & { signal?: AbortSignal | undefined };

/**
 * Calls the custom fetch, or the global one looked up now so that fetch interceptors installed after
 * construction (msw) apply, and marks transport failures as `ApiConnectionError`, so that only they, and
 * not bugs in user middleware, are retried.
 */
export async function send(custom: Fetch | undefined, url: string, init: SendInit, redact: Redact): Promise<Response> {
  try {
    return await (custom ? custom(url, init) : globalThis.fetch(url, init));
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw connectionError(`Connection to ${new URL(url).origin} failed`, cause, redact);
  }
}

/** `read()`s the body of the response to `url`; a connection that drops mid-body is an `ApiConnectionError`. */
export async function readText(read: () => Promise<string>, url: string, signal: AbortSignal | undefined, redact: Redact): Promise<string> {
  try {
    return await read();
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw connectionError(`Connection to ${new URL(url).origin} closed before the response body was complete`, cause, redact);
  }
}

function connectionError(what: string, cause: unknown, redact: Redact): ApiConnectionError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ApiConnectionError(redact(`${what}: ${reason}`), { cause });
}

/** `text` parsed as JSON; a 2xx body that is not JSON is a `MalformedBodyError`. */
export function parseBody(text: string, status: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new MalformedBodyError(status);
  }
}

/**
 * Adapts a fetch to openapi-fetch, which hands over a `Request`: the path `client.raw` and its middleware
 * take.
 */
export function transport(custom: Fetch | undefined, redact: Redact): (request: Request) => Promise<Response> {
  return async (request) => {
    const init: SendInit = {
      method: request.method,
      headers: request.headers,
      signal: request.signal,
      redirect: request.redirect,
    };
    if (request.body !== null) init.body = await request.text();
    return guardBody(await send(custom, request.url, init, redact), request.url, request.signal, redact);
  };
}

/** A 2xx body that is not JSON; the request layer turns it into a `ResponseValidationError` of its operation. */
export class MalformedBodyError extends Error {
  override name = 'MalformedBodyError';
  constructor(readonly status: number) {
    super('the body is not valid JSON');
  }
}

/**
 * openapi-fetch reads the body after the transport returns, so a connection that drops mid-body, or a body that
 * is not JSON, would surface as a bare TypeError or SyntaxError. Reading through these keeps them typed.
 */
function guardBody(response: Response, url: string, signal: AbortSignal, redact: Redact): Response {
  const read = response.text.bind(response);
  const text = () => readText(read, url, signal, redact);
  const json = async () => parseBody(await text(), response.status);
  Object.defineProperties(response, { text: { value: text }, json: { value: json } });
  return response;
}
