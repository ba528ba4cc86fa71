import type { MockSession } from '@network-org/mock';
import type { OperationId } from '@network-org/sdk';
import type { Mutation, ProxyAnswer, ProxyRequest, Upstream } from '../drift/proxy';
import { MESSAGES } from '../../src/check/messages';
import { route } from '../support/routes';

/** One answer the mock gave during a run, as the catalog of mutations reads it. */
export interface SeenAnswer {
  operation: OperationId;
  request: ProxyRequest;
  status: number;
  body: unknown;
}

/** What a run through `mutatingFetch` saw: the operations asked, the mock's answers, whether any answer changed. */
export interface Observed {
  operations: Set<OperationId>;
  answers: SeenAnswer[];
  /** Some answer verify received differs from the mock's own (status, content type or body). */
  reached: boolean;
}

const parse = (text: string): unknown => {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
};

function requestOf(url: URL, init: RequestInit, operation: OperationId, params: Record<string, string>): ProxyRequest {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  const authorization = headers.authorization;
  return {
    method: init.method ?? 'GET',
    operation,
    params,
    url,
    headers,
    body: typeof init.body === 'string' ? parse(init.body) : undefined,
    key: authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined,
  };
}

const copyOf = (request: ProxyRequest): ProxyRequest => ({ ...request, url: new URL(request.url), headers: { ...request.headers }, body: structuredClone(request.body) });

/**
 * What of an answer verify can see: status, content type and body; of an error's message, the words the description
 * documents (the rest of its wording is for people, so a drift that only rewords that changes no behaviour).
 */
function fingerprint(answer: ProxyAnswer): string {
  const body = answer.body as Record<string, unknown> | undefined;
  const documented = (message: string) => Object.values(MESSAGES).some((known) => known.matches(message));
  const shown = answer.status >= 400 && body && typeof body === 'object' && typeof body.message === 'string' && !documented(body.message) ? { ...body, message: '<text>' } : body;
  return `${answer.status} ${answer.headers['content-type'] ?? ''} ${shown === undefined ? answer.text : JSON.stringify(shown)}`;
}

/**
 * `fetch` in front of one mock session, applying one mutation to the requests and answers of its operation, as
 * the drift proxy does over HTTP: in process, so that hundreds of drifts run in CI's time. A request mutation is
 * measured against the mock's answer to the request as it was (a write is undone before the mutated one is sent),
 * so that `observed.reached` says whether the drift changed anything verify received.
 */
export function mutatingFetch(session: MockSession, mutation: Mutation | undefined, observed: Observed) {
  const upstream: Upstream = async (request) => {
    const hasBody = request.body !== undefined && request.method !== 'GET';
    const response = await session.fetch(request.url.href, { method: request.method, headers: request.headers, body: hasBody ? JSON.stringify(request.body) : undefined });
    const text = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    return { status: response.status, headers, body: parse(text), text };
  };
  return async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input);
    const method = init.method ?? 'GET';
    const { operation, params } = route(method, url.pathname);
    // The control API (the mock's own facts: health, profiles to import, custom fields) is never mutated.
    if (!operation) return session.fetch(input, init);
    observed.operations.add(operation);
    const request = requestOf(url, init, operation, params);
    const active = mutation?.operation === operation || mutation?.reads?.includes(operation) ? mutation : undefined;
    let answer: ProxyAnswer;
    let original: string;
    if (active?.request) {
      const state = method === 'GET' ? undefined : session.snapshot();
      original = fingerprint(await upstream(request));
      if (state) session.restore(state);
      const changed = copyOf(request);
      active.request(changed);
      answer = await upstream(changed);
    } else {
      answer = await upstream(request);
      original = fingerprint(answer);
    }
    observed.answers.push({ operation, request, status: answer.status, body: answer.body });
    if (active?.answer) await active.answer(answer, request, upstream);
    if (fingerprint(answer) !== original) observed.reached = true;
    const text = answer.body === undefined ? answer.text : JSON.stringify(answer.body);
    const headers = new Headers(answer.headers);
    headers.delete('content-length');
    return new Response(text, { status: answer.status, headers });
  };
}
