import { type HeadersOptions, createQuerySerializer, defaultBodySerializer, mergeHeaders } from 'openapi-fetch';
import type { paths } from '@network-org/spec/openapi';
import { parseBody, receive, send, type SendInit, type Transport } from './transport';

/** One request of an operation: its route (from the generated route table) and the call's arguments. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH';
  /** The spec's path template, e.g. `/v1/contacts/{contact_id}`; with `method`, what a rate limit is kept per. */
  path: keyof paths;
  pathParams?: Record<string, string>;
  query?: object;
  body?: unknown;
}

/** One request's response with its body: a successful body parsed as JSON, an error body as JSON or text. */
export interface ReceivedResponse {
  response: Response;
  body: unknown;
}

/** Sends one request with the signal and extra headers of its attempt. */
export type Send = (
  operationId: string,
  endpoint: Endpoint,
  init: { signal?: AbortSignal | undefined; headers?: HeadersOptions | undefined },
) => Promise<ReceivedResponse>;

// openapi-fetch's default serializers, so that `client.raw` and the SDK's calls put the same bytes on the wire.
const querySerializer = createQuerySerializer();
// Typed with one argument, but it reads the Content-Type header to pick form encoding over JSON.
const serializeBody = defaultBodySerializer as (body: unknown, headers: Headers) => string;

/**
 * The SDK's one request path: the request openapi-fetch would send for the same call, built without a `Request`
 * (building one, merging headers twice and reading the body back out of it costs more than the rest of a call)
 * and sent through the client's transport.
 */
export function sender(baseUrl: string, baseHeaders: Headers, transport: Transport): Send {
  const { redactor } = transport;
  const finalUrl = (endpoint: Endpoint): string => {
    // The default serializer writes no leading `?`.
    const search = endpoint.query === undefined ? '' : querySerializer(endpoint.query as Record<string, unknown>);
    const url = baseUrl + pathOf(endpoint);
    return search ? `${url}?${search}` : url;
  };
  // openapi-fetch's merge order (JSON content type, then the client's headers, then the call's), done once
  // for the calls without headers of their own; those get a copy, since a custom fetch may change it.
  const withoutBody = mergeHeaders(baseHeaders);
  const withBody = mergeHeaders({ 'Content-Type': 'application/json' }, baseHeaders);
  return async (operationId, endpoint, init) => {
    const { body } = endpoint;
    const { signal } = init;
    const defaults = body === undefined ? withoutBody : withBody;
    const headers = init.headers === undefined ? new Headers(defaults) : mergeHeaders(defaults, init.headers);
    // `new URL().href` is the URL a `Request` would carry, so a custom fetch sees the same string as from `raw`.
    const url = new URL(finalUrl(endpoint)).href;
    const requestInit: SendInit = { method: endpoint.method, headers, signal, redirect: 'follow' };
    if (body !== undefined) requestInit.body = serializeBody(body, headers);
    const response = await send(transport, url, requestInit);
    const text = await receive(transport, response, url, signal);
    if (response.ok) return { response, body: parseBody(text, response, redactor, operationId) };
    try {
      return { response, body: JSON.parse(text) as unknown };
    } catch {
      return { response, body: text };
    }
  };
}

/**
 * The request's path: the template with each parameter percent-encoded, as openapi-fetch's default (simple style)
 * path serializer writes a string, the only style and type in the spec's paths.
 */
export function pathOf({ path, pathParams }: Endpoint): string {
  return path.replace(PATH_PARAMETER, (_, name: string) => encodeURIComponent(pathParams?.[name] ?? ''));
}

const PATH_PARAMETER = /\{([^{}]+)\}/g;
