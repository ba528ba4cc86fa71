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

// Stands in for a known value during JSON.stringify; no JSON a route builds contains this string by chance.
const PLACEHOLDER = `\u2063network-mock-json-${Math.random().toString(36).slice(2)}-`;
const PLACEHOLDER_PATTERN = new RegExp(`"${PLACEHOLDER}(\\d+)"`, 'g');

function isKnown(value: unknown): value is object {
  return value !== null && typeof value === 'object' && knownJson.has(value);
}

/** Whether a value of known JSON sits in the body's first levels (`{data: {contacts: [known, …]}}`). */
function holdsKnownJson(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return isKnown(value[0]);
  if (depth === 0) return false;
  for (const key in value) {
    if (holdsKnownJson((value as Record<string, unknown>)[key], depth - 1)) return true;
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

const [OPEN_BRACKET, COMMA, CLOSE_BRACKET] = ['[', ',', ']'].map((text) => encoder.encode(text)) as [Uint8Array, Uint8Array, Uint8Array];

/** The bytes of a known value, or of an array of known values. */
function knownParts(value: object, parts: Uint8Array[]): void {
  if (!Array.isArray(value)) {
    parts.push(knownJson.get(value) as Uint8Array);
    return;
  }
  parts.push(OPEN_BRACKET);
  value.forEach((item: object, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(knownJson.get(item) as Uint8Array);
  });
  parts.push(CLOSE_BRACKET);
}

/**
 * The body's JSON as UTF-8, in parts to be sent one after the other; known values are spliced in as their bytes,
 * the rest goes through the native serializer.
 */
export function toJsonParts(body: unknown): Uint8Array[] {
  if (!holdsKnownJson(body, 2)) return [encoder.encode(JSON.stringify(body))];
  const spliced: object[] = [];
  const json = JSON.stringify(body, (_key, value: unknown) => {
    // A whole array of known values is spliced at once, so the serializer never walks its items.
    const known = Array.isArray(value) ? value.length > 0 && value.every(isKnown) : isKnown(value);
    if (!known) return value;
    spliced.push(value as object);
    return `${PLACEHOLDER}${spliced.length - 1}`;
  });
  const parts: Uint8Array[] = [];
  let last = 0;
  for (const match of json.matchAll(PLACEHOLDER_PATTERN)) {
    parts.push(encoder.encode(json.slice(last, match.index)));
    knownParts(spliced[Number(match[1])] as object, parts);
    last = match.index + match[0].length;
  }
  parts.push(encoder.encode(json.slice(last)));
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
