import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the server answers the `index`-th request (0-based) it receives. */
export type Behaviour = (req: IncomingMessage, res: ServerResponse, index: number) => void;

export interface HostileServer {
  url: string;
  /** Requests received so far. */
  readonly requests: number;
  close(): Promise<void>;
}

/** A node:http server on 127.0.0.1 (random free port) that misbehaves as told. */
export async function startHostileServer(behave: Behaviour): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server = createServer((req, res) => {
    const index = requests++;
    // Drain the request so that a stalled answer is the server's doing, not a blocked upload.
    req.resume();
    behave(req, res, index);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Stalled answers keep their sockets open: end them so that close() returns.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export const JSON_TYPE = { 'content-type': 'application/json' };

/** A complete JSON answer. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...JSON_TYPE, 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

/** Announces the whole body's length, sends `sentBytes` of it, then ends the connection. */
export function sendTruncated(res: ServerResponse, status: number, text: string, sentBytes: number): void {
  const bytes = Buffer.from(text);
  res.writeHead(status, { ...JSON_TYPE, 'content-length': String(bytes.byteLength) });
  res.write(bytes.subarray(0, sentBytes), () => res.socket?.destroy());
}

/** Sends `body` with the given content type and a correct length. */
export function sendText(res: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

/** Sends the headers and the first bytes of the body, then never another byte. */
export function stallBody(res: ServerResponse, text: string, sentBytes: number): void {
  const bytes = Buffer.from(text);
  res.writeHead(200, { ...JSON_TYPE, 'content-length': String(bytes.byteLength) });
  res.write(bytes.subarray(0, sentBytes));
}

/** Resets the connection without any answer. */
export function reset(req: IncomingMessage): void {
  req.socket.destroy();
}

export const account = (id: string) => ({
  account_id: id,
  display_name: `Account ${id}`,
  provider_account_id: `ACoAAA${id}`,
  owner_user_id: '1',
});

export const accountsBody = { data: { accounts: [account('101')] } };

export const contact = (id: string) => ({
  account_relationship_id: `50${id}`,
  contact_id: id,
  provider_participant_id: `ACoAAB${id}`,
  public_identifier: `person-${id}`,
  account: account('101'),
  name: `Person ${id}`,
  network_url: `https://www.network.com/in/person-${id}`,
  relationship_status: 'connected',
  tags: [],
});

export const contactsPage = (ids: string[], nextCursor?: string) => ({
  data: {
    contacts: ids.map(contact),
    pagination: { limit: ids.length, has_more: nextCursor !== undefined, ...(nextCursor && { next_cursor: nextCursor }) },
  },
});
