import { ApiConnectionError, ResponseTooLargeError, ResponseValidationError, TooManyRedirectsError } from './errors';
import type { Redactor } from './redact';

/** A fetch implementation: the global `fetch` or anything with its `(url, init)` call shape. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** What a request needs: the signal is absent when neither a timeout nor the caller can abort it. */
export type SendInit = RequestInit & { signal?: AbortSignal | undefined };

/** How every request of a client reaches the network, shared by the SDK's calls and `client.raw`. */
export interface Transport {
  /** The custom fetch, or undefined for the global one (looked up per request, so that msw applies). */
  fetch: Fetch | undefined;
  redactor: Redactor;
  maxResponseBytes: number;
}

/**
 * Sends one request through the transport: the custom fetch, or the global one looked up now so that
 * interceptors installed after construction (msw) apply. A failure is typed by `transportFailure`.
 */
export async function send(transport: Transport, url: string, init: SendInit): Promise<Response> {
  try {
    return await (transport.fetch ? transport.fetch(url, init) : globalThis.fetch(url, init));
  } catch (cause) {
    throw transportFailure(cause, url, init.signal, transport.redactor);
  }
}

/** A response's body as text, bounded by `maxResponseBytes`; a failure while reading is typed by `transportFailure`. */
export async function receive(transport: Transport, response: Response, url: string, signal: AbortSignal | undefined): Promise<string> {
  try {
    return response.status === 204 ? '' : await readText(response, transport.maxResponseBytes);
  } catch (cause) {
    throw transportFailure(cause, url, signal, transport.redactor, true);
  }
}

/**
 * What a failed fetch (or, when `reading`, body read) of a request to `url` throws: the cause itself when the
 * request was aborted, `TooManyRedirectsError` for a redirect loop, otherwise an `ApiConnectionError`, so that
 * only transport failures, and not bugs in user code, are retried. Messages and causes never hold the key.
 */
function transportFailure(cause: unknown, url: string, signal: AbortSignal | undefined, redactor: Redactor, reading = false): unknown {
  if (signal?.aborted || cause instanceof ResponseTooLargeError) return cause;
  const origin = new URL(url).origin;
  const options = { cause: redactor.cause(cause) };
  if (!reading && isRedirectLoop(cause)) return new TooManyRedirectsError(`Too many redirects from ${origin}`, options);
  const what = reading ? 'closed before the response body was complete' : 'failed';
  return new ApiConnectionError(redactor.text(`Connection to ${origin} ${what}: ${cause instanceof Error ? cause.message : String(cause)}`), options);
}

// Node/undici: "fetch failed" caused by "redirect count exceeded"; Deno and Bun say "redirect" in the message.
function isRedirectLoop(cause: unknown): boolean {
  for (let error = cause, depth = 0; error instanceof Error && depth < 5; error = error.cause, depth++) {
    if (/redirect/i.test(error.message)) return true;
  }
  return false;
}

/**
 * The body as text, read while counting: over `maxBytes` (announced by Content-Length, or counted as decoded
 * bytes arrive, so a compressed bomb is caught too) reading stops and the body is cancelled.
 */
export async function readText(response: Response, maxBytes: number): Promise<string> {
  const { body } = response;
  const tooLarge = async (stream: { cancel(): Promise<void> } | null) => {
    await stream?.cancel().catch(() => {});
    return new ResponseTooLargeError(response.status, maxBytes);
  };
  if (Number(response.headers.get('content-length')) > maxBytes) throw await tooLarge(body);
  const reader = body?.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let chunk; reader && !(chunk = await reader.read()).done; ) {
    total += chunk.value.byteLength;
    if (total > maxBytes) throw await tooLarge(reader);
    chunks.push(chunk.value);
  }
  return decodeAll(chunks, total);
}

// One decode of all the bytes: a character split across chunks comes out whole, and the string comes out flat and
// in one piece (Node decodes a whole buffer on a fast path that a streaming decode leaves), which JSON.parse then
// reads without first joining the pieces of a concatenation.
const utf8 = new TextDecoder();

function decodeAll(chunks: readonly Uint8Array[], total: number): string {
  if (chunks.length <= 1) return chunks[0] ? utf8.decode(chunks[0]) : '';
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return utf8.decode(bytes);
}

/**
 * A successful body of `operation` parsed as JSON; undefined when empty (the envelope check then reports it).
 * A body that is not JSON (a captive portal's page, a proxy's text) is a `ResponseValidationError` naming its type.
 */
export function parseBody(text: string, response: Response, redactor: Redactor, operation: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const type = redactor.text(response.headers.get('content-type') ?? 'none');
    throw new ResponseValidationError(operation, response.status, [{ path: [], message: `the body is not JSON (Content-Type: ${type})` }]);
  }
}

/**
 * The fetch `client.raw` (openapi-fetch) calls with a `Request`: the same fetch, size bound and typed failures
 * as the SDK's own calls. openapi-fetch reads the body after this returns, so the body's readers are replaced by
 * bounded ones that throw the SDK's errors instead of a bare TypeError or SyntaxError.
 */
export function rawFetch(transport: Transport): (request: Request) => Promise<Response> {
  return async (request) => {
    const { url, signal } = request;
    const init: SendInit = { method: request.method, headers: request.headers, signal, redirect: request.redirect };
    if (request.body !== null) init.body = await request.text();
    const response = await send(transport, url, init);
    const text = () => receive(transport, response, url, signal);
    const json = async () => parseBody(await text(), response, transport.redactor, 'client.raw');
    Object.defineProperties(response, { text: { value: text }, json: { value: json } });
    return response;
  };
}
