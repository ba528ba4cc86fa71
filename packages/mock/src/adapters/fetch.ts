import type { Engine } from '../engine/message';
import { headerPairs, toFetchResponse } from './web';

/** `fetch`'s own signature, answered by the mock in process (no network, no interception). */
export type MockFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

// fetch upper-cases these method names (and only these); any other name is sent as written.
const NORMALIZED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);

function isRequest(input: unknown): input is Request {
  return typeof input === 'object' && input !== null && !(input instanceof URL) && typeof (input as Request).arrayBuffer === 'function';
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** Rejects with the signal's reason as soon as it aborts, as fetch does. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

async function bodyBytes(body: BodyInit): Promise<Uint8Array> {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  // Every other BodyInit (ArrayBuffer, Blob, FormData, URLSearchParams, streams) as fetch would encode it.
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/**
 * `mock.fetch`: takes what fetch takes and gives a Response, without building a Request (which refuses TRACE and
 * CONNECT), so every method reaches the engine and unrouted ones get the API's 404.
 */
export function createFetch(
  answer: Engine,
  baseUrl: string,
  extraHeaders: [string, string][] = [],
): MockFetch {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  /** A bare path is a path under the base URL (`/v1/accounts` of `https://host/api` is `/api/v1/accounts`). */
  const resolve = (url: string): string => {
    if (!url.startsWith('/') || url.startsWith('//')) return url;
    const alreadyUnderBase = basePath !== '' && (url === basePath || url.startsWith(`${basePath}/`) || url.startsWith(`${basePath}?`));
    return `${base.origin}${alreadyUnderBase ? '' : basePath}${url}`;
  };
  return async (input, init = {}) => {
    const source = isRequest(input) ? input : undefined;
    const url = source ? source.url : resolve(String(input));
    let method = init.method ?? source?.method ?? 'GET';
    if (NORMALIZED_METHODS.has(method.toUpperCase())) method = method.toUpperCase();
    const headers = init.headers !== undefined ? headerPairs(init.headers) : headerPairs(source?.headers);
    for (const [name, value] of extraHeaders) {
      if (!headers.some(([sent]) => sent.toLowerCase() === name)) headers.push([name, value]);
    }
    const signal = init.signal !== undefined ? init.signal : source?.signal;
    if (signal?.aborted) throw abortReason(signal);
    let body: Uint8Array | undefined;
    if (init.body !== undefined && init.body !== null) body = await bodyBytes(init.body);
    else if (init.body === undefined && source?.body) body = new Uint8Array(await source.clone().arrayBuffer());
    if (body !== undefined && (method === 'GET' || method === 'HEAD')) {
      throw new TypeError('Request with GET/HEAD method cannot have body.');
    }
    const result = await raceAbort(answer({ method, url, headers, body }), signal);
    if (result.kind === 'drop') {
      throw new TypeError('fetch failed', { cause: new Error('The mock dropped the connection (an injected fault).') });
    }
    return toFetchResponse(result, method);
  };
}
