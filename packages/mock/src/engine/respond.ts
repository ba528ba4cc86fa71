import { isStandaloneRequest } from './client';
import { MockApiError } from './errors';

// Lets a browser app call the standalone server from another origin and read Retry-After.
const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After',
};

const encoder = new TextEncoder();

// Values whose JSON is already known (a cached record): spliced into the body as bytes instead of serialized again.
const knownJson = new WeakMap<object, Uint8Array>();

/** Registers `json` (UTF-8 bytes) as the JSON of `value`; `value` must not change while registered. */
export function withKnownJson<T extends object>(value: T, json: Uint8Array): T {
  knownJson.set(value, json);
  return value;
}

function isKnown(value: unknown): value is object {
  return value !== null && typeof value === 'object' && knownJson.has(value);
}

const isKnownArray = (value: unknown): value is object[] => Array.isArray(value) && value.length > 0 && value.every(isKnown);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Whether a value of known JSON sits in the body's first levels (`{data: {contacts: [known, …]}}`). */
function holdsKnownJson(value: unknown, depth: number): boolean {
  if (isKnown(value) || isKnownArray(value)) return true;
  if (depth === 0 || !isPlainObject(value)) return false;
  for (const key in value) {
    if (holdsKnownJson(value[key], depth - 1)) return true;
  }
  return false;
}

function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  if (parts.length === 1 && parts[0]!.buffer instanceof ArrayBuffer) return parts[0] as Uint8Array<ArrayBuffer>;
  let length = 0;
  for (const part of parts) length += part.byteLength;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/**
 * Appends the JSON of `value` to `out`, text as strings and known values as their bytes. The first `depth` levels
 * of plain objects are written here, in the order JSON.stringify uses; everything below goes to the native serializer.
 */
function appendJson(value: unknown, depth: number, out: (string | Uint8Array)[]): void {
  if (isKnown(value)) {
    out.push(knownJson.get(value) as Uint8Array);
  } else if (isKnownArray(value)) {
    value.forEach((item, index) => {
      out.push(index === 0 ? '[' : ',', knownJson.get(item) as Uint8Array);
    });
    out.push(']');
  } else if (depth > 0 && isPlainObject(value)) {
    let separator = '{';
    for (const key in value) {
      const item = value[key];
      // What JSON.stringify leaves out of an object.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      out.push(`${separator}${JSON.stringify(key)}:`);
      separator = ',';
      appendJson(item, depth - 1, out);
    }
    out.push(separator === '{' ? '{}' : '}');
  } else {
    out.push(JSON.stringify(value) ?? 'null');
  }
}

/**
 * The body's JSON as UTF-8, in parts to be sent one after the other; known values are spliced in as their bytes,
 * the rest goes through the native serializer.
 */
export function toJsonParts(body: unknown): Uint8Array[] {
  if (!holdsKnownJson(body, 2)) return [encoder.encode(JSON.stringify(body))];
  const pieces: (string | Uint8Array)[] = [];
  appendJson(body, 2, pieces);
  const parts: Uint8Array[] = [];
  let text = '';
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      text += piece;
      continue;
    }
    if (text !== '') parts.push(encoder.encode(text));
    text = '';
    parts.push(piece);
  }
  if (text !== '') parts.push(encoder.encode(text));
  return parts;
}

// The bytes each response was built from, so the standalone server writes them without reading the body back.
const responseBodies = new WeakMap<Response, readonly Uint8Array[]>();

/** The JSON body (UTF-8, in parts) a response of `jsonResponse` carries; undefined for any other response. */
export function responseBodyParts(response: Response): readonly Uint8Array[] | undefined {
  return responseBodies.get(response);
}

/**
 * A JSON response. Given the request it answers, a standalone server's request gets a Response without a body
 * stream: the server writes the bytes kept beside it (`responseBodyParts`), and nothing else reads that Response.
 */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}, request?: Request): Response {
  const parts = toJsonParts(body);
  const standalone = request !== undefined && isStandaloneRequest(request);
  const response = new Response(standalone ? null : concatBytes(parts), {
    status,
    headers: { 'Content-Type': 'application/json', ...CORS_HEADERS, ...headers },
  });
  responseBodies.set(response, parts);
  return response;
}

export function errorResponse(error: MockApiError, request?: Request): Response {
  return jsonResponse(error.status, error.toBody(), error.headers, request);
}

export function preflightResponse(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
      'Access-Control-Max-Age': '600',
    },
  });
}
