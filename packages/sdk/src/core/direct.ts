import {
  type Client,
  type HeadersOptions,
  type Middleware,
  createFinalURL,
  createQuerySerializer,
  defaultBodySerializer,
  defaultPathSerializer,
  mergeHeaders,
} from 'openapi-fetch';
import type { paths } from '@network-org/spec/openapi';
import { callFetch, type Fetch, parseBody, type Redact, type SendInit, transportFailure } from './transport';

/** What a resource sends an operation through: `client.raw`, or the direct path while `raw` has no middleware. */
export type Caller = Pick<Client<paths>, 'GET' | 'POST' | 'PATCH'>;

/** The part of openapi-fetch's per-call options that the SDK's resources pass. */
interface DirectInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  headers?: HeadersOptions;
  signal?: AbortSignal | undefined;
}

type DirectResult = { data?: unknown; error?: unknown; response: Response };

// openapi-fetch's default serializers, so that both paths put the same bytes on the wire.
const querySerializer = createQuerySerializer();
// Typed with one argument, but it reads the Content-Type header to pick form encoding over JSON.
const serializeBody = defaultBodySerializer as (body: unknown, headers: Headers) => string;

/**
 * The request openapi-fetch would send, sent without building a `Request` first: openapi-fetch builds one,
 * merges the headers twice and the transport then reads the body back out of it, which costs more than the
 * rest of a call. Only for use while no middleware is registered, since middleware expects that `Request`.
 */
export function directCaller(baseUrl: string, baseHeaders: Headers, custom: Fetch | undefined, redact: Redact): Caller {
  const templates = new Map<string, Template>();
  // createFinalURL as openapi-fetch calls it, with each path split at its parameters once instead of per call.
  const finalUrl = (path: string, params: DirectInit['params'] = {}): string => {
    let template = templates.get(path);
    if (!template) {
      template = compile(`${baseUrl}${path}`);
      templates.set(path, template);
    }
    const url = fillPath(template, params.path);
    if (url === undefined) return createFinalURL(path, { baseUrl, params, querySerializer, pathSerializer: defaultPathSerializer });
    let search = params.query === undefined ? '' : querySerializer(params.query);
    if (search.startsWith('?')) search = search.substring(1);
    return search ? `${url}?${search}` : url;
  };
  // openapi-fetch's merge order (JSON content type, then the client's headers, then the call's), done once
  // for the calls without headers of their own; those get a copy, since a custom fetch may change it.
  const withoutBody = mergeHeaders(baseHeaders);
  const withBody = mergeHeaders({ 'Content-Type': 'application/json' }, baseHeaders);
  const method =
    (name: string) =>
    async (path: string, init: DirectInit): Promise<DirectResult> => {
      const { body, signal } = init;
      const defaults = body === undefined ? withoutBody : withBody;
      const headers = init.headers === undefined ? new Headers(defaults) : mergeHeaders(defaults, init.headers);
      // `new URL().href` is the URL a `Request` would carry, so a custom fetch sees the same string on both paths.
      const url = new URL(finalUrl(path, init.params)).href;
      const requestInit: SendInit = { method: name, headers, signal, redirect: 'follow' };
      if (body !== undefined) requestInit.body = serializeBody(body, headers);
      let response: Response;
      try {
        response = await callFetch(custom, url, requestInit);
      } catch (cause) {
        throw transportFailure(cause, url, signal, redact, 'connect');
      }
      // openapi-fetch's reading of the body: none for 204 or an empty length, JSON on success, JSON or text on error.
      const length = response.headers.get('content-length');
      if (response.status === 204 || (length === '0' && !response.headers.get('transfer-encoding')?.includes('chunked'))) {
        return response.ok ? { data: undefined, response } : { error: undefined, response };
      }
      let text: string;
      try {
        text = await response.text();
      } catch (cause) {
        throw transportFailure(cause, url, signal, redact, 'body');
      }
      if (response.ok) return { data: text === '' ? undefined : parseBody(text, response.status), response };
      try {
        return { error: JSON.parse(text) as unknown, response };
      } catch {
        return { error: text, response };
      }
    };
  // The methods are not generic over the paths as openapi-fetch's are; the resources' calls are typed by `Caller`.
  return { GET: method('GET'), POST: method('POST'), PATCH: method('PATCH') } as unknown as Caller;
}

/**
 * A URL split at its `{name}` parameters (`parts` has one more element than `names`); `simple` when every
 * parameter has the simple style, the only one in the spec's paths.
 */
interface Template {
  parts: string[];
  names: string[];
  simple: boolean;
}

const PATH_PARAMETER = /\{([^{}]+)\}/g;

function compile(url: string): Template {
  const parts: string[] = [];
  const names: string[] = [];
  let from = 0;
  for (const match of url.matchAll(PATH_PARAMETER)) {
    parts.push(url.slice(from, match.index));
    names.push(match[1] as string);
    from = match.index + match[0].length;
  }
  parts.push(url.slice(from));
  return { parts, names, simple: names.every((name) => !/^[.;]|\*$/.test(name)) };
}

/**
 * The template with each parameter written as defaultPathSerializer writes a primitive in the simple style;
 * undefined for anything else, which is left to openapi-fetch's own serializer.
 */
function fillPath({ parts, names, simple }: Template, values: Record<string, unknown> | undefined): string | undefined {
  if (!simple) return undefined;
  let url = parts[0] as string;
  for (let index = 0; index < names.length; index++) {
    const value = values?.[names[index] as string];
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
    url += encodeURIComponent(value) + (parts[index + 1] as string);
  }
  return url;
}

/**
 * Wraps `raw.use` and `raw.eject` to know whether any middleware is registered (openapi-fetch keeps its list
 * private). Returns the check.
 */
export function trackMiddleware(raw: Client<paths>): () => boolean {
  const registered: Middleware[] = [];
  const { use, eject } = raw;
  raw.use = (...middleware) => {
    // One at a time, so that what openapi-fetch accepted before rejecting an invalid one is counted.
    for (const item of middleware) {
      use(item);
      if (item) registered.push(item);
    }
  };
  raw.eject = (...middleware) => {
    eject(...middleware);
    for (const item of middleware) {
      const index = registered.indexOf(item);
      if (index !== -1) registered.splice(index, 1);
    }
  };
  return () => registered.length > 0;
}
