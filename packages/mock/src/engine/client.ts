/** In-process requests all come from one client (section 8's "per client" has a single caller there). */
export const IN_PROCESS_CLIENT = 'in-process';

interface StandaloneRequest {
  /** The remote address: section 8's client. */
  client: string;
  /** The body the server already read off the socket (the Request itself is built without one). */
  body: Uint8Array<ArrayBuffer> | undefined;
}

// The standalone server records here what it knows of each request before handing it to the MSW handlers,
// which receive the same Request object. A body handed over this way spares msw's per-handler clone a copy
// of the stream, and the engine reading it back.
const standaloneRequests = new WeakMap<Request, StandaloneRequest>();

export function setStandaloneRequest(request: Request, info: StandaloneRequest): void {
  standaloneRequests.set(request, info);
}

export function isStandaloneRequest(request: Request): boolean {
  return standaloneRequests.has(request);
}

export function requestClient(request: Request): string {
  return standaloneRequests.get(request)?.client ?? IN_PROCESS_CLIENT;
}

/** The request's body bytes, from the standalone server's hand-over or read from the Request itself. */
export async function requestBodyBytes(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const standalone = standaloneRequests.get(request);
  if (standalone) return standalone.body ?? new Uint8Array(0);
  return new Uint8Array(await request.arrayBuffer());
}
