import { createMockApi, type MockApi, type MockApiOptions } from '@network-org/mock';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';

/** Black-box helpers: the mock is reached only through fetch, as a user of the package reaches it. */

export const BASE_URL = 'https://acceptance.network.test';
export const KEYS = {
  admin: 'sk_test_admin',
  member: 'sk_test_member',
  retired: 'sk_test_retired',
  apiDisabled: 'sk_test_api_disabled',
  inactiveUser: 'sk_test_inactive_user',
  noApiFeature: 'sk_test_no_api_feature',
  noCredits: 'sk_test_no_credits',
  otherOrg: 'sk_test_other_org',
} as const;

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is, with `Content-Type: application/json`. */
  rawBody?: string;
  /** Replaces the Authorization header; `null` sends none. */
  authorization?: string | null;
}

/** One in-process mock behind MSW for the file (rate limit off unless the options turn it on). */
export function useMock(options: MockApiOptions = {}): () => MockApi {
  let mock: MockApi | undefined;
  const server = setupServer();
  beforeAll(() => {
    mock = createMockApi({ baseUrl: BASE_URL, rateLimit: false, ...options });
    server.use(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => server.close());
  return () => mock as MockApi;
}

export async function request<T = any>(
  baseUrl: string,
  key: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  const authorization = options.authorization === undefined ? `Bearer ${key}` : options.authorization;
  if (authorization !== null) headers.authorization = authorization;
  let body: string | undefined;
  if (options.rawBody !== undefined || options.body !== undefined) {
    body = options.rawBody ?? JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

export const api = <T = any>(key: string, method: string, path: string, options?: CallOptions) =>
  request<T>(BASE_URL, key, method, path, options);

export const get = <T = any>(key: string, path: string) => api<T>(key, 'GET', path);

/** Asserts an error answer: the status, the code, and a message a person can read. */
export function expectError(reply: Reply, status: number, code: string, message?: RegExp | string): void {
  expect({ status: reply.status, code: reply.body?.code }, JSON.stringify(reply.body).slice(0, 300)).toEqual({ status, code });
  expect(typeof reply.body.message).toBe('string');
  expect(reply.body.message.length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(reply.body.message).toBe(message);
  else if (message) expect(reply.body.message).toMatch(message);
}

/** Every item of a list endpoint, following next_cursor. */
export async function walk<T = any>(key: string, path: string, listKey: string, base = BASE_URL): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  const separator = path.includes('?') ? '&' : '?';
  for (let pages = 0; pages < 2000; pages++) {
    const page = await request(base, key, 'GET', cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    items.push(...(page.body.data[listKey] as T[]));
    if (!page.body.data.pagination.has_more) {
      expect(page.body.data.pagination).not.toHaveProperty('next_cursor');
      return items;
    }
    cursor = page.body.data.pagination.next_cursor;
    expect(typeof cursor).toBe('string');
  }
  throw new Error('pagination did not end');
}

export interface Accounts {
  /** The admin's account shared for API use. */
  shared: string;
  /** The member's own account. */
  member: string;
  /** The admin's account not shared for API use. */
  private: string;
}

/** Acme's three accounts, found through the API: the member sees its own and the shared one; the admin all three. */
export async function acmeAccounts(base = BASE_URL): Promise<Accounts> {
  type Summary = { account_id: string; owner_user_id: string };
  const admin = (await request(base, KEYS.admin, 'GET', '/v1/accounts')).body.data.accounts as Summary[];
  const member = (await request(base, KEYS.member, 'GET', '/v1/accounts')).body.data.accounts as Summary[];
  const memberIds = new Set(member.map((account) => account.account_id));
  const privateAccount = admin.find((account) => !memberIds.has(account.account_id));
  const adminUser = privateAccount?.owner_user_id;
  const shared = member.find((account) => account.owner_user_id === adminUser);
  const own = member.find((account) => account.owner_user_id !== adminUser);
  if (!privateAccount || !shared || !own) throw new Error(`unexpected accounts: ${JSON.stringify({ admin, member })}`);
  return { shared: shared.account_id, member: own.account_id, private: privateAccount.account_id };
}

/** Profile URLs of network people nobody has imported yet, from the control API. */
export async function freshProfileUrls(count: number, base = BASE_URL): Promise<string[]> {
  const response = await fetch(`${base}/__mock/network-profiles?imported=false&limit=${count * 4}`);
  const body = (await response.json()) as { profiles: { network_url: string; kind: string }[] };
  return body.profiles.filter((profile) => profile.kind === 'member').slice(0, count).map((profile) => profile.network_url);
}
