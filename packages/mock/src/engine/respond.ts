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

/** The body's JSON as UTF-8; known values are spliced in as bytes, the rest goes through the native serializer. */
export function toJsonBytes(body: unknown): Uint8Array<ArrayBuffer> {
  if (!holdsKnownJson(body, 2)) return encoder.encode(JSON.stringify(body));
  const known: Uint8Array[] = [];
  const json = JSON.stringify(body, (_key, value: unknown) => {
    if (!isKnown(value)) return value;
    known.push(knownJson.get(value) as Uint8Array);
    return `${PLACEHOLDER}${known.length - 1}`;
  });
  const parts: Uint8Array[] = [];
  let last = 0;
  for (const match of json.matchAll(PLACEHOLDER_PATTERN)) {
    parts.push(encoder.encode(json.slice(last, match.index)), known[Number(match[1])] as Uint8Array);
    last = match.index + match[0].length;
  }
  parts.push(encoder.encode(json.slice(last)));
  return concatBytes(parts);
}

// The bytes each response was built from, so the standalone server writes them without reading the body back.
const responseBodies = new WeakMap<Response, Uint8Array>();

/** The JSON body (UTF-8) a response of `jsonResponse` carries; undefined for any other response. */
export function responseBody(response: Response): Uint8Array | undefined {
  return responseBodies.get(response);
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const bytes = toJsonBytes(body);
  const response = new Response(bytes, {
    status,
    headers: { 'Content-Type': 'application/json', ...CORS_HEADERS, ...headers },
  });
  responseBodies.set(response, bytes);
  return response;
}

export function errorResponse(error: MockApiError): Response {
  return jsonResponse(error.status, error.toBody(), error.headers);
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
