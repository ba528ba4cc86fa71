/** In-process requests all come from one client (section 8's "per client" has a single caller there). */
export const IN_PROCESS_CLIENT = 'in-process';

// The standalone server records each request's remote address here before handing it to the MSW handlers,
// which receive the same Request object.
const requestClients = new WeakMap<Request, string>();

export function setRequestClient(request: Request, client: string): void {
  requestClients.set(request, client);
}

export function requestClient(request: Request): string {
  return requestClients.get(request) ?? IN_PROCESS_CLIENT;
}
