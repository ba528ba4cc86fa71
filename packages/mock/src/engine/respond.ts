import { NO_BODY, type RequestHeaders, type MockResponse } from './message';
import type { MockApiError } from './errors';
import { cachedJsonOf } from '../wire/cached-json';

/** The session header, allowed in preflights and exposed with the eviction notice. */
export const SESSION_HEADER = 'X-Mock-Session';
export const SESSION_EVICTED_HEADER = 'X-Mock-Session-Evicted';

// Every answer lets a browser app on any origin read it, including Retry-After and the session eviction notice.
const CORS_HEADERS: [string, string][] = [
  ['access-control-allow-origin', '*'],
  ['access-control-expose-headers', `Retry-After, ${SESSION_EVICTED_HEADER}`],
];

const encoder = new TextEncoder();

function isCached(value: unknown): value is object {
  return value !== null && typeof value === 'object' && cachedJsonOf(value) !== undefined;
}

const isCachedArray = (value: unknown): value is object[] => Array.isArray(value) && value.length > 0 && value.every(isCached);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Whether a value of known JSON sits in the body's first levels (`{data: {contacts: [known, …]}}`). */
function holdsCachedJson(value: unknown, depth: number): boolean {
  if (isCached(value) || isCachedArray(value)) return true;
  if (depth === 0 || !isPlainObject(value)) return false;
  for (const key in value) {
    if (holdsCachedJson(value[key], depth - 1)) return true;
  }
  return false;
}

/** Appends `piece` to `out`, joining it to the text before it: a page's text between known values is one piece. */
function pushPiece(out: (string | Uint8Array)[], piece: string | Uint8Array): void {
  const last = out.length - 1;
  if (typeof piece === 'string' && typeof out[last] === 'string') out[last] += piece;
  else out.push(piece);
}

/**
 * Appends the JSON of `value` to `out`, text as strings and known values as their bytes. The first `depth` levels
 * of plain objects are written here, in the order JSON.stringify uses; everything below goes to the native serializer.
 */
function appendJson(value: unknown, depth: number, out: (string | Uint8Array)[]): void {
  if (isCached(value)) {
    out.push(cachedJsonOf(value) as Uint8Array);
  } else if (isCachedArray(value)) {
    value.forEach((item, index) => {
      pushPiece(out, index === 0 ? '[' : ',');
      out.push(cachedJsonOf(item) as Uint8Array);
    });
    pushPiece(out, ']');
  } else if (depth > 0 && isPlainObject(value)) {
    let separator = '{';
    for (const key in value) {
      const item = value[key];
      // What JSON.stringify leaves out of an object.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      pushPiece(out, `${separator}${JSON.stringify(key)}:`);
      separator = ',';
      appendJson(item, depth - 1, out);
    }
    pushPiece(out, separator === '{' ? '{}' : '}');
  } else {
    pushPiece(out, JSON.stringify(value) ?? 'null');
  }
}

/** The UTF-8 length of text JSON.stringify wrote (well-formed: a lone surrogate is escaped, never written). */
function utf8Length(text: string): number {
  let length = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // Two UTF-16 units of a pair are four bytes: each counts one more here.
    if (code >= 0x80) length += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return length;
}

/**
 * A JSON body as the engine made it: the text between known values and the known values' own cached bytes, in
 * order. Sent part after part, it costs no buffer of the whole answer (a fresh one per request is what made a
 * page of 40 kB slow under load: new memory for every answer, which the journal then keeps).
 */
export interface JsonParts {
  readonly parts: readonly (string | Uint8Array)[];
  /** The UTF-8 length of all parts together. */
  readonly byteLength: number;
}

/** The body's JSON in parts; known values are not copied. */
export function toJsonParts(body: unknown): JsonParts {
  const parts: (string | Uint8Array)[] = [];
  appendJson(body, 2, parts);
  let byteLength = 0;
  for (const part of parts) byteLength += typeof part === 'string' ? utf8Length(part) : part.byteLength;
  return { parts, byteLength };
}

/** Writes `text` as UTF-8 at `offset` of `out` (which has room for it) and returns the offset after it. */
function writeText(out: Uint8Array, offset: number, text: string): number {
  // The pieces between known values are short ASCII (`,`, `{"data":`): byte by byte beats encodeInto's setup.
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x80) return offset + index + encoder.encodeInto(text.slice(index), out.subarray(offset + index)).written;
    out[offset + index] = code;
  }
  return offset + text.length;
}

/** The parts joined into one buffer. */
export function joinJsonParts(json: JsonParts): Uint8Array {
  const out = new Uint8Array(json.byteLength);
  let offset = 0;
  for (const part of json.parts) {
    if (typeof part === 'string') {
      offset = writeText(out, offset, part);
    } else {
      out.set(part, offset);
      offset += part.byteLength;
    }
  }
  return out;
}

/**
 * The body's JSON as UTF-8 in one buffer: known values are copied in as their bytes, the rest goes through the
 * native serializer.
 */
export function toJsonBytes(body: unknown): Uint8Array {
  if (!holdsCachedJson(body, 2)) return encoder.encode(JSON.stringify(body));
  return joinJsonParts(toJsonParts(body));
}

// The parts of an answer whose body is spliced JSON, for the adapters and the journal that can use them as they
// are: on the answer, not in a WeakMap, whose values the young generation would promote (see cached-json.ts).
const SPLICED = Symbol('spliced JSON');

interface SplicedResponse extends MockResponse {
  [SPLICED]?: JsonParts | undefined;
}

/** The body of an answer in the parts it was made of, or undefined when it is plain bytes. */
export function bodyParts(answer: MockResponse): JsonParts | undefined {
  return (answer as SplicedResponse)[SPLICED];
}

/**
 * An answer whose body is spliced JSON: the bytes of the whole body are joined only for whoever reads `body`
 * (`mock.fetch`, msw, a caller of `mock.answer`); the node:http server and the journal take the parts.
 */
export function splicedAnswer(status: number, headers: [string, string][], json: JsonParts): MockResponse {
  let bytes: Uint8Array | undefined;
  const answer: SplicedResponse = {
    kind: 'response',
    status,
    headers,
    get body(): Uint8Array {
      return (bytes ??= joinJsonParts(json));
    },
    set body(value: Uint8Array) {
      bytes = value;
      answer[SPLICED] = undefined;
    },
  };
  // Not enumerable: a copy of the answer with another body must not carry these parts.
  Object.defineProperty(answer, SPLICED, { value: json, writable: true });
  return answer;
}

/** A JSON answer; `headers` are added after the content type. */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): MockResponse {
  const list: [string, string][] = [['content-type', 'application/json']];
  for (const name in headers) list.push([name.toLowerCase(), headers[name] as string]);
  if (!holdsCachedJson(body, 2)) return { kind: 'response', status, headers: list, body: encoder.encode(JSON.stringify(body)) };
  return splicedAnswer(status, list, toJsonParts(body));
}

/** The 500 of an exception no rule foresaw, its message kept in `debug` for whoever reads the answer. */
export function unexpectedErrorAnswer(message: string, error: unknown): MockResponse {
  return jsonAnswer(500, { code: 'internal_error', message, debug: error instanceof Error ? error.message : String(error) });
}

export function errorAnswer(error: MockApiError): MockResponse {
  return jsonAnswer(error.status, error.toBody(), error.headers);
}

/** Adds the CORS headers every answer carries. */
export function withCors(answer: MockResponse): MockResponse {
  answer.headers.push(...CORS_HEADERS);
  return answer;
}

// PUT for the control API's state upload; the API itself routes GET, POST and PATCH.
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const DEFAULT_ALLOWED_HEADERS = `Authorization, Content-Type, ${SESSION_HEADER}`;

/**
 * A CORS preflight for any origin: the headers the browser asks for are echoed (an SDK's custom `headers` must
 * not fail the preflight), and the session header is always allowed.
 */
export function preflightAnswer(headers: RequestHeaders): MockResponse {
  const requested = headers.get('access-control-request-headers')?.trim();
  const answer: MockResponse = {
    kind: 'response',
    status: 204,
    headers: [
      ['access-control-allow-methods', ALLOWED_METHODS],
      ['access-control-allow-headers', requested ? `${requested}, ${SESSION_HEADER}` : DEFAULT_ALLOWED_HEADERS],
      ['access-control-max-age', '600'],
      ['vary', 'Access-Control-Request-Headers'],
    ],
    body: NO_BODY,
  };
  // Chromium asks before a public page may call a server on loopback or a private address (Private Network Access).
  if (headers.get('access-control-request-private-network')?.trim().toLowerCase() === 'true') {
    answer.headers.push(['access-control-allow-private-network', 'true']);
  }
  return answer;
}
