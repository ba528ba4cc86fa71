import { createMockApi, type MockApi } from '@network-org/mock';
import type { ContactListResponse, UpdateContactRequest } from '@network-org/sdk';
import { ADMIN_KEY, primaryAccountId } from './lib/dataset';
import { fixedKey, WALK_PAGE_SIZE, type FixedResponse, type FixedRoutes, type WalkRecording } from './servers/fixed';

/** One request as it goes on the wire; the same for every client and server under comparison. */
export interface BenchRequest {
  name: string;
  method: 'GET' | 'PATCH';
  /** Path and query. */
  path: string;
  body?: string;
  headers: Record<string, string>;
}

export interface Fixtures {
  accountId: string;
  contactId: string;
  patchBody: UpdateContactRequest;
  list: BenchRequest;
  /** The list with one contact per page: about the size of Prism's answer (the spec's one-contact example). */
  listOne: BenchRequest;
  patch: BenchRequest;
  /** The mock's answers to `list` and `patch`, byte for byte. */
  routes: FixedRoutes;
  /** The page the walk's pages repeat (`walkPages` makes them where they are served). */
  walk: WalkRecording;
}

export { WALK_CONTACTS, WALK_PAGE_SIZE } from './servers/fixed';
export const LIST_LIMIT = 10;

const BASE_URL = 'http://fixtures.bench';

async function record(mock: MockApi, request: BenchRequest): Promise<FixedResponse> {
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body !== undefined) init.body = request.body;
  const response = await mock.fetch(new Request(`${BASE_URL}${request.path}`, init));
  const body = await response.text();
  if (response.status !== 200) throw new Error(`the mock answered ${request.method} ${request.path} with ${response.status}: ${body}`);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, headers, body };
}

/**
 * Records the seeded mock's real answers (default dataset, seed 1), so that every client is measured on
 * the bytes the service's users get, and a bare server can send the very same bytes.
 */
export async function captureFixtures(): Promise<Fixtures> {
  const mock = createMockApi({ baseUrl: BASE_URL, rateLimit: false });
  const accountId = primaryAccountId(mock);
  const auth = { authorization: `Bearer ${ADMIN_KEY}` };
  const list: BenchRequest = { name: 'list contacts', method: 'GET', path: `/v1/contacts?account_id=${accountId}&limit=${LIST_LIMIT}`, headers: auth };
  const listed = await record(mock, list);
  const page = JSON.parse(listed.body) as ContactListResponse;
  const contactId = page.data.contacts[0]?.contact_id;
  if (!contactId) throw new Error('the mock listed no contacts');
  // Writing the same value each time keeps every PATCH answer identical.
  const patchBody: UpdateContactRequest = { account_id: accountId, notes_json: JSON.stringify({ text: 'Met at the bench conference.' }) };
  const patch: BenchRequest = {
    name: 'update contact',
    method: 'PATCH',
    path: `/v1/contacts/${contactId}`,
    body: JSON.stringify(patchBody),
    headers: { ...auth, 'content-type': 'application/json' },
  };
  const patched = await record(mock, patch);
  const listOne: BenchRequest = { ...list, name: 'list contacts, limit=1', path: `/v1/contacts?account_id=${accountId}&limit=1` };
  const listedOne = await record(mock, listOne);
  const fullPage = await record(mock, { ...list, path: `/v1/contacts?account_id=${accountId}&limit=${WALK_PAGE_SIZE}` });
  const walkContacts = (JSON.parse(fullPage.body) as ContactListResponse).data.contacts;
  if (walkContacts.length !== WALK_PAGE_SIZE) throw new Error(`the mock gave ${walkContacts.length} contacts for limit ${WALK_PAGE_SIZE}`);
  return {
    accountId,
    contactId,
    patchBody,
    list,
    listOne,
    patch,
    routes: {
      [fixedKey('GET', '/v1/contacts', { limit: '1' })]: listedOne,
      [fixedKey('GET', '/v1/contacts', { limit: String(LIST_LIMIT) })]: listed,
      [fixedKey('PATCH', `/v1/contacts/${contactId}`)]: patched,
    },
    walk: { contacts: walkContacts, headers: fullPage.headers },
  };
}
