import createClient, { type HeadersOptions } from 'openapi-fetch';
import type { paths } from '@network-org/spec/openapi';
import { parseBody, rawFetch, type Transport } from './transport';

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

/**
 * The routes as openapi-fetch sees them from the generated route table: any path, with the three methods the spec
 * uses, each taking path parameters, a query and a JSON body, so that one call sends any operation.
 */
type Routes = Record<string, Record<'get' | 'post' | 'patch', { parameters: { path?: Record<string, string> | undefined; query?: object | undefined }; requestBody?: { content: { 'application/json': unknown } } }>>;

// openapi-fetch's method names are the spec's (lower case); it sends them upper case.
const METHOD = { GET: 'get', POST: 'post', PATCH: 'patch' } as const;

/**
 * The SDK's one request path: openapi-fetch, over the client's transport (`rawFetch`: its fetch, size bound and
 * typed failures), in a client of its own, so that middleware added to `client.raw` stays on raw's calls. A
 * successful body is read as text and parsed here, so that one that is not JSON names its operation.
 */
export function sender(baseUrl: string, headers: Headers, transport: Transport): Send {
  const client = createClient<Routes>({ baseUrl, fetch: rawFetch(transport), headers });
  return async (operationId, endpoint, init) => {
    const { data, error, response } = await client.request(METHOD[endpoint.method], endpoint.path, {
      params: { path: endpoint.pathParams, query: endpoint.query },
      body: endpoint.body,
      headers: init.headers,
      signal: init.signal,
      parseAs: 'text',
    });
    if (!response.ok) return { response, body: error };
    return { response, body: parseBody(data ?? '', response, transport.redactor, operationId) };
  };
}

/**
 * The request's path as openapi-fetch writes it (each parameter percent-encoded, the simple style, the only one in
 * the spec's paths), for the log line of an attempt.
 */
export function pathOf({ path, pathParams }: Endpoint): string {
  return path.replace(PATH_PARAMETER, (_, name: string) => encodeURIComponent(pathParams?.[name] ?? ''));
}

const PATH_PARAMETER = /\{([^{}]+)\}/g;
