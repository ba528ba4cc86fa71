import { NO_BODY, type RequestHeaders, type MockResponse } from './message';
import type { MockApiError } from './errors';

/** The session header, allowed in preflights and exposed with the eviction notice. */
export const SESSION_HEADER = 'X-Mock-Session';
export const SESSION_EVICTED_HEADER = 'X-Mock-Session-Evicted';
/** On the first answer of a session that started from the seeded dataset: the instant it started. */
export const SESSION_STARTED_HEADER = 'X-Mock-Session-Started';

// Every answer lets a browser app on any origin read it, including Retry-After and the session notices.
const CORS_HEADERS: [string, string][] = [
  ['access-control-allow-origin', '*'],
  ['access-control-expose-headers', `Retry-After, ${SESSION_EVICTED_HEADER}, ${SESSION_STARTED_HEADER}`],
];

const encoder = new TextEncoder();

/** A JSON answer; `headers` are added after the content type. */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): MockResponse {
  const list: [string, string][] = [['content-type', 'application/json']];
  for (const name in headers) list.push([name.toLowerCase(), headers[name] as string]);
  return { kind: 'response', status, headers: list, body: encoder.encode(JSON.stringify(body)) };
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
