import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isLoopbackHost } from '@network-org/cli-kit';

export interface HttpOptions {
  host: string;
  port: number;
  /** Required unless `host` is a loopback address: `Authorization: Bearer <token>` on every request. */
  token?: string | undefined;
  /** A server for one request (stateless Streamable HTTP: no session outlives its request). */
  createServer(): McpServer;
  log(line: string): void;
}

export interface HttpServer {
  /** `http://HOST:PORT/mcp`. */
  url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;

function jsonRpcError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function sameToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new RangeError(`the request body is over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Streamable HTTP at `/mcp`. Bound beyond loopback only with a token of its own; on loopback, the Host header
 * must name the loopback address (a web page cannot reach the server through DNS rebinding).
 */
export async function startHttpServer(options: HttpOptions): Promise<HttpServer> {
  const { host, token } = options;
  const loopback = isLoopbackHost(host);
  if (!loopback && !token) {
    throw new RangeError(`--host ${host} is beyond loopback: give a bearer token with --http-token or NETWORK_MCP_TOKEN`);
  }
  let allowedHosts: Set<string> = new Set();
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      options.log(`request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) jsonRpcError(res, 500, 'Internal error');
      else res.end();
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/mcp') return jsonRpcError(res, 404, 'Not found: the MCP endpoint is /mcp');
    if (loopback && !allowedHosts.has((req.headers.host ?? '').toLowerCase())) return jsonRpcError(res, 403, 'Forbidden: unexpected Host header');
    if (token && !sameToken(req.headers.authorization, token)) {
      return jsonRpcError(res, 401, 'Unauthorized: send Authorization: Bearer <the server token>', { 'www-authenticate': 'Bearer' });
    }
    // Stateless: no session, so no server-to-client stream (GET) and nothing to end (DELETE).
    if (req.method !== 'POST') return jsonRpcError(res, 405, 'Method not allowed: POST JSON-RPC messages to /mcp', { allow: 'POST' });
    let body: unknown;
    try {
      body = await readJson(req);
    } catch (error) {
      return jsonRpcError(res, error instanceof RangeError ? 413 : 400, `Bad request: ${error instanceof Error ? error.message : 'unreadable body'}`);
    }
    const mcp = options.createServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, body);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  allowedHosts = new Set(['127.0.0.1', 'localhost', '[::1]', host.includes(':') ? `[${host}]` : host].map((name) => `${name.toLowerCase()}:${port}`));
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
