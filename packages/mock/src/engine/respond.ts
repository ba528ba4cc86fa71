import { MockApiError } from './errors';

// Lets a browser app call the standalone server from another origin and read Retry-After.
const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After',
};

// Values whose JSON text is already known (a cached record): spliced into the body instead of serialized again.
const knownJsonText = new WeakMap<object, string>();

/** Registers `text` as the JSON of `value`; `value` must not change while registered (cache it per revision). */
export function withJsonText<T extends object>(value: T, text: string): T {
  knownJsonText.set(value, text);
  return value;
}

// Stands in for a known value during JSON.stringify; no JSON a route builds contains this string by chance.
const PLACEHOLDER = `\u2063network-mock-json-${Math.random().toString(36).slice(2)}-`;
const PLACEHOLDER_PATTERN = new RegExp(`"${PLACEHOLDER}(\\d+)"`, 'g');

/** Whether a value of known text sits in the body's first levels (`{data: {contacts: [known, …]}}`). */
function holdsKnownText(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.length > 0 && typeof value[0] === 'object' && value[0] !== null && knownJsonText.has(value[0]);
  if (depth === 0) return false;
  for (const key in value) {
    if (holdsKnownText((value as Record<string, unknown>)[key], depth - 1)) return true;
  }
  return false;
}

/** The body's JSON; known values are spliced in as text, the rest goes through the native serializer. */
export function toJsonText(body: unknown): string {
  if (!holdsKnownText(body, 2)) return JSON.stringify(body);
  const texts: string[] = [];
  const json = JSON.stringify(body, (_key, value: unknown) => {
    const text = value !== null && typeof value === 'object' ? knownJsonText.get(value) : undefined;
    if (text === undefined) return value;
    texts.push(text);
    return `${PLACEHOLDER}${texts.length - 1}`;
  });
  return json.replace(PLACEHOLDER_PATTERN, (_match, index: string) => texts[Number(index)] as string);
}

// The text each response was built from, so the standalone server writes it without reading the body stream back.
const responseTexts = new WeakMap<Response, string>();

/** The JSON text a response of `jsonResponse` carries; undefined for any other response. */
export function responseText(response: Response): string | undefined {
  return responseTexts.get(response);
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = toJsonText(body);
  const response = new Response(text, {
    status,
    headers: { 'Content-Type': 'application/json', ...CORS_HEADERS, ...headers },
  });
  responseTexts.set(response, text);
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
