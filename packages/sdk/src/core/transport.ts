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

/** Calls the custom fetch, or the global one looked up now so that interceptors installed after construction (msw) apply. */
export function callFetch(custom: Fetch | undefined, url: string, init: SendInit): Promise<Response> {
  return custom ? custom(url, init) : globalThis.fetch(url, init);
}

/**
 * What a failed fetch (`connect`) or body read (`body`) of a request to `url` throws: the cause itself when the
 * request was aborted, otherwise an `ApiConnectionError`, so that only transport failures, and not bugs in user
 * middleware, are retried.
 */
export function transportFailure(cause: unknown, url: string, signal: AbortSignal | undefined, redact: Redact, phase: 'connect' | 'body'): unknown {
  if (signal?.aborted) return cause;
  const origin = new URL(url).origin;
  const what = phase === 'connect' ? `Connection to ${origin} failed` : `Connection to ${origin} closed before the response body was complete`;
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
    let response: Response;
    try {
      response = await callFetch(custom, request.url, init);
    } catch (cause) {
      throw transportFailure(cause, request.url, request.signal, redact, 'connect');
    }
    return guardBody(response, request.url, request.signal, redact);
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
  const text = async () => {
    try {
      return await read();
    } catch (cause) {
      throw transportFailure(cause, url, signal, redact, 'body');
    }
  };
  const json = async () => parseBody(await text(), response.status);
  Object.defineProperties(response, { text: { value: text }, json: { value: json } });
  return response;
}
