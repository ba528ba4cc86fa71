import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local server that misbehaves on purpose, and what it saw. */
export interface HostileServer {
  url: string;
  /** Every request received: method, path and its Authorization header (or null). */
  received: { method: string; url: string; authorization: string | null }[];
  close(): Promise<void>;
}

/** Serves `handle` on 127.0.0.1 (a free port), recording every request. */
export async function startHostile(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<HostileServer> {
  const received: HostileServer['received'] = [];
  const server = createServer((request, response) => {
    received.push({ method: request.method ?? 'GET', url: request.url ?? '/', authorization: request.headers.authorization ?? null });
    // Requests bodies are read (and dropped) so that a client is never stuck writing.
    request.resume();
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A server that accepts every request and never answers. */
export const hanging = () => startHostile(() => {});

/** A server that answers every request 200 with this text, labelled JSON. */
export const answering = (text: string, type = 'application/json') =>
  startHostile((_, response) => {
    response.writeHead(200, { 'content-type': type });
    response.end(text);
  });

/**
 * A server that streams a JSON body without end (no Content-Length) until the client goes away, and counts the
 * answers it had to give up because the client stopped reading (and those it finished, at `capBytes`).
 */
export async function streamingHuge(capBytes: number): Promise<HostileServer & { cut: number; finished: number }> {
  const chunk = Buffer.from(`{"name":"${'x'.repeat(4000)}"},`);
  const counts = { cut: 0, finished: 0 };
  const hostile = await startHostile((_, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"data":{"contacts":[');
    let sent = 0;
    let done = false;
    response.on('close', () => {
      if (!done) counts.cut++;
    });
    const pump = () => {
      while (!response.destroyed && sent < capBytes) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      if (response.destroyed) return;
      done = true;
      counts.finished++;
      response.end('{}]}}');
    };
    pump();
  });
  return Object.assign(hostile, {
    get cut() {
      return counts.cut;
    },
    get finished() {
      return counts.finished;
    },
  });
}

/** A server that answers every request 307 to the same path on `elsewhere`. */
export const redirecting = (elsewhere: string, status = 307) =>
  startHostile((request, response) => {
    response.writeHead(status, { location: `${elsewhere}${request.url ?? '/'}` });
    response.end();
  });

/**
 * A server that starts a JSON answer and closes the connection halfway; with `early`, one that answers its first
 * request (verify's reachability probe) and then drops every connection before answering.
 */
export const closingMidAnswer = (early = false) => {
  let answered = 0;
  return startHostile((_, response) => {
    if (early && answered++ > 0) return void response.socket?.destroy();
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
    response.write('{"data":{"accounts":[{"account_id":"101",');
    setImmediate(() => response.socket?.destroy());
  });
};

/** A server that accepts connections and drops each one before answering. */
export const droppingEveryConnection = () => startHostile((_, response) => void response.socket?.destroy());

/** A server that sends its headers at once, then a byte of JSON whitespace every 50 ms, never finishing. */
export const dripping = () =>
  startHostile((_, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"data":');
    const drip = setInterval(() => response.write(' '), 50);
    response.on('close', () => clearInterval(drip));
  });
