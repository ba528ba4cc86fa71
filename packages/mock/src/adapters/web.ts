import type { MockAnswer, MockRequest } from '../engine/message';

// Statuses whose responses have no body (the Response constructor refuses one).
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** The header pairs of any fetch `HeadersInit`; a list of pairs keeps repeated names as they are. */
export function headerPairs(init: HeadersInit | undefined): [string, string][] {
  if (init === undefined) return [];
  if (Array.isArray(init)) return init.map((pair) => [String(pair[0]), String(pair[1])]);
  if (typeof (init as Headers).forEach === 'function') {
    const pairs: [string, string][] = [];
    (init as Headers).forEach((value, name) => pairs.push([name, value]));
    return pairs;
  }
  return Object.entries(init as Record<string, string>).map(([name, value]) => [name, String(value)]);
}

/** A fetch Request as the engine's plain request (the body read whole; it is in memory already). */
export async function fromFetchRequest(request: Request): Promise<MockRequest> {
  const body = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer());
  return { method: request.method, url: request.url, headers: headerPairs(request.headers), body };
}

/** The engine's answer as a fetch Response; a dropped connection is `Response.error()` (fetch then rejects). */
export function toFetchResponse(answer: MockAnswer, method: string): Response {
  if (answer.kind === 'drop') return Response.error();
  const empty = method === 'HEAD' || NULL_BODY_STATUSES.has(answer.status);
  return new Response(empty ? null : (answer.body as Uint8Array<ArrayBuffer>), { status: answer.status, headers: answer.headers });
}
