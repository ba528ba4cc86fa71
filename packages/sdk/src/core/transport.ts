import type { HeadersOptions } from 'openapi-fetch';
import { ApiConnectionError } from './errors';

/** A fetch implementation: the global `fetch` or anything with its `(url, init)` call shape. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

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

/**
 * Adapts a fetch to openapi-fetch (which hands over a `Request`) and marks transport failures as
 * `ApiConnectionError`, so that only they, and not bugs in user middleware, are retried.
 */
export function transport(
  custom: Fetch | undefined,
  redact: (text: string) => string,
): (request: Request) => Promise<Response> {
  return async (request) => {
    // Looked up per request so that fetch interceptors installed after construction (msw) apply.
    const fetchImpl: Fetch = custom ?? ((url, init) => globalThis.fetch(url, init));
    const init: RequestInit = {
      method: request.method,
      headers: request.headers,
      signal: request.signal,
      redirect: request.redirect,
    };
    if (request.body !== null) init.body = await request.text();
    const origin = new URL(request.url).origin;
    try {
      return guardBody(await fetchImpl(request.url, init), request.signal, origin, redact);
    } catch (cause) {
      if (request.signal.aborted) throw cause;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new ApiConnectionError(redact(`Connection to ${origin} failed: ${reason}`), { cause });
    }
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
function guardBody(response: Response, signal: AbortSignal, origin: string, redact: (text: string) => string): Response {
  const read = response.text.bind(response);
  const text = async () => {
    try {
      return await read();
    } catch (cause) {
      if (signal.aborted) throw cause;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new ApiConnectionError(redact(`Connection to ${origin} closed before the response body was complete: ${reason}`), {
        cause,
      });
    }
  };
  const json = async () => {
    const body = await text();
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw new MalformedBodyError(response.status);
    }
  };
  Object.defineProperties(response, { text: { value: text }, json: { value: json } });
  return response;
}
