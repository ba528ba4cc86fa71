import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OperationId } from '@network-org/sdk';
import { route } from '../support/routes';

/** A request on its way to the mock: a mutation may change its query, headers or body before it is forwarded. */
export interface ProxyRequest {
  method: string;
  operation: OperationId | undefined;
  /** Path parameters of the operation (`contact_id`, ...). */
  params: Record<string, string>;
  /** Path and query; change `url.searchParams` to change what the mock is asked. */
  url: URL;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The JSON body, or undefined. */
  body: unknown;
  /** The bearer key the request carries. */
  key: string | undefined;
}

/** The mock's answer on its way back: a mutation may change its status, headers or JSON body. */
export interface ProxyAnswer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The JSON body, or undefined when the body was not JSON. */
  body: any;
  text: string;
}

/** Sends a request to the mock as it stands (for mutations that need more than one answer). */
export type Upstream = (request: ProxyRequest) => Promise<ProxyAnswer>;

/** One drift a service could have, applied to the requests of one operation. */
export interface Mutation {
  operation: OperationId;
  /** What changed, as a person would say it. */
  drift: string;
  request?(request: ProxyRequest): void;
  answer?(answer: ProxyAnswer, request: ProxyRequest, upstream: Upstream): void | Promise<void>;
  /** Other operations whose answers it sees too (a drift with memory: a write's effect lost on the reads after it). */
  reads?: OperationId[];
}

export interface DriftProxy {
  url: string;
  /** The mutation applied from now on; undefined makes the proxy transparent. */
  use(mutation: Mutation | undefined): void;
  /** Requests of the mutated operation forwarded since the last `use`. */
  readonly mutated: number;
  /** Every operation the proxy forwarded a request of since it started. */
  readonly operations: Set<OperationId>;
  close(): Promise<void>;
}

// Headers that describe the bytes on the wire, not the answer: recomputed for what the proxy sends.
const HOP = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parse(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * A node:http server in front of the mock that forwards every request and applies one mutation at a time to
 * the requests and answers of its operation. Without a mutation it passes everything through byte for byte,
 * control API included, so that verify still knows it talks to the mock.
 */
export async function startDriftProxy(upstreamUrl: string): Promise<DriftProxy> {
  let mutation: Mutation | undefined;
  let mutated = 0;
  const seen = new Set<OperationId>();

  const upstream: Upstream = async (request) => {
    const headers = { ...request.headers };
    for (const name of [...HOP, 'host']) delete headers[name];
    const hasBody = request.body !== undefined && request.method !== 'GET';
    const response = await fetch(`${upstreamUrl}${request.url.pathname}${request.url.search}`, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
      redirect: 'manual',
    });
    const text = await response.text();
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!HOP.has(name)) answerHeaders[name] = value;
    });
    return { status: response.status, headers: answerHeaders, body: parse(text), text };
  };

  const handle = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://proxy.invalid');
    const method = incoming.method ?? 'GET';
    const { operation, params } = route(method, url.pathname);
    if (operation) seen.add(operation);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers[name] = value;
    const text = await readBody(incoming);
    const authorization = headers.authorization;
    const request: ProxyRequest = {
      method,
      operation,
      params,
      url,
      headers,
      body: parse(text),
      key: authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined,
    };
    const active = mutation && (mutation.operation === operation || (operation !== undefined && mutation.reads?.includes(operation))) ? mutation : undefined;
    if (active) {
      mutated++;
      active.request?.(request);
    }
    const answer = await upstream(request);
    let out = answer.text;
    if (active?.answer) {
      await active.answer(answer, request, upstream);
      out = answer.body === undefined ? answer.text : JSON.stringify(answer.body);
    }
    outgoing.writeHead(answer.status, answer.headers);
    outgoing.end(out);
  };

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`drift proxy: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    use(next) {
      mutation = next;
      mutated = 0;
    },
    get mutated() {
      return mutated;
    },
    operations: seen,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
