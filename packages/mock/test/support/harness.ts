// The mock's black-box test harness: mocks served in process through msw, requests through fetch (or the SDK),
// as a user of the package reaches them. Every mock test that makes requests uses these helpers.
import { NetworkClient, type ErrorBody, type operations as OperationTypes } from '@network-org/sdk';
import { operations } from '@network-org/sdk/zod';
import { createMockApi, type MockApi, type MockApiOptions } from '@network-org/mock';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

export const BASE_URL = 'https://api.network.test';

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
export const ADMIN: string = KEYS.admin;
export const MEMBER: string = KEYS.member;
export const OTHER_ORG: string = KEYS.otherOrg;
export const NO_CREDITS: string = KEYS.noCredits;

export type OperationId = keyof typeof operations;

// ---------------------------------------------------------------------------------------------------------------
// Mocks

/** A mock for tests: rate limit off (the suites make many requests), answering at `BASE_URL` unless told. */
export function createTestMock(options: MockApiOptions = {}): MockApi {
  return createMockApi({ baseUrl: BASE_URL, rateLimit: false, ...options });
}

/** Serves the mocks through msw's `setupServer` for the tests of the file; give each its own `baseUrl`. */
export function serve(...mocks: MockApi[]): void {
  const server = setupServer(...mocks.flatMap((mock) => mock.handlers));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
}

/** One mock served for the file; `resetAfterEach` puts the seeded dataset back after every test. */
export function useMock(options: MockApiOptions & { resetAfterEach?: boolean } = {}): () => MockApi {
  const { resetAfterEach, ...mockOptions } = options;
  const mock = createTestMock(mockOptions);
  serve(mock);
  if (resetAfterEach) afterEach(() => mock.reset());
  return () => mock;
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
  response: Response;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is, with `Content-Type: application/json`. */
  rawBody?: string;
  /** Replaces the Authorization header; `null` sends none. */
  authorization?: string | null;
  /** More headers, added last. */
  headers?: Record<string, string>;
  /** Checks a 2xx body against the operation's generated schema, so the test also proves the shape. */
  operation?: OperationId;
}

type Schema = { safeParse(value: unknown): { success: boolean; error?: unknown } };

/** One request through fetch with `key` as the bearer key (`null`: no Authorization header). */
export async function request<T = any>(
  base: string,
  key: string | null,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  const authorization = options.authorization === undefined ? (key === null ? null : `Bearer ${key}`) : options.authorization;
  if (authorization !== null) headers.authorization = authorization;
  let body: string | undefined;
  if (options.rawBody !== undefined || options.body !== undefined) {
    body = options.rawBody ?? JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  Object.assign(headers, options.headers);
  const response = await fetch(`${base}${path}`, { method, headers, body });
  const text = await response.clone().text();
  const parsed = text === '' ? undefined : JSON.parse(text);
  if (options.operation && response.ok) {
    const schema = (operations[options.operation].responses as Record<string, Schema>)[String(response.status)];
    const result = schema?.safeParse(parsed);
    expect(result?.success, `response of ${options.operation} matches the spec: ${JSON.stringify(result?.error)}`).toBe(true);
  }
  return { status: response.status, headers: response.headers, body: parsed, response };
}

/** A request to the mock at `BASE_URL`. */
export const api = <T = any>(key: string | null, method: string, path: string, options?: CallOptions) =>
  request<T>(BASE_URL, key, method, path, options);

export const get = <T = any>(key: string, path: string, options?: CallOptions) => api<T>(key, 'GET', path, options);

/** A request to the mock at `BASE_URL` as the admin unless `key` says otherwise (`null`: no key). */
export const send = (path: string, init: { key?: string | null; method?: string } & CallOptions = {}) =>
  api(init.key === undefined ? ADMIN : init.key, init.method ?? 'GET', path, init);

/** The success body of an operation, as the spec defines it. */
export type Body<Op extends keyof OperationTypes> = OperationTypes[Op]['responses'] extends {
  200: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** A request to `mock` whose body is typed as the operation's success body (or an error body). */
export async function callOperation<Op extends keyof OperationTypes>(
  operation: Op,
  mock: MockApi,
  path: string,
  init: { key?: string; method?: string; body?: unknown } = {},
): Promise<{ status: number; body: Body<Op> & Partial<ErrorBody> }> {
  const reply = await request(mock.baseUrl, init.key ?? ADMIN, init.method ?? 'GET', path, { body: init.body, operation });
  return { status: reply.status, body: reply.body };
}

/** Asserts an error answer: the status, the code, and a message a person can read. */
export function expectError(reply: Pick<Reply, 'status' | 'body'>, status: number, code: string, message?: RegExp | string): void {
  expect({ status: reply.status, code: reply.body?.code }, JSON.stringify(reply.body).slice(0, 300)).toEqual({ status, code });
  expect(typeof reply.body.message).toBe('string');
  expect(reply.body.message.length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(reply.body.message).toBe(message);
  else if (message) expect(reply.body.message).toMatch(message);
}

/** Every item of a list endpoint, following next_cursor (and checking each page against the spec when told). */
export async function walk<T = any>(
  key: string,
  path: string,
  listKey: string,
  options: { base?: string; operation?: OperationId } = {},
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  const separator = path.includes('?') ? '&' : '?';
  for (let pages = 0; pages < 2000; pages++) {
    const pagePath = cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path;
    const page = await request(options.base ?? BASE_URL, key, 'GET', pagePath, { operation: options.operation });
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

// ---------------------------------------------------------------------------------------------------------------
// The SDK

export function sdk(mock: MockApi, apiKey: string = ADMIN): NetworkClient {
  return new NetworkClient({ apiKey, baseUrl: mock.baseUrl, maxRetries: 0 });
}

/** Every item an SDK list walks, page by page. */
export async function collect<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of pages) items.push(item);
  return items;
}

// ---------------------------------------------------------------------------------------------------------------
// The dataset, read through the API

export interface Accounts {
  /** The admin's account shared for API use. */
  shared: string;
  /** The member's own account. */
  member: string;
  /** The admin's account not shared for API use. */
  private: string;
}

/** The accounts a key may use. */
export async function accountsOf(key: string, base = BASE_URL): Promise<{ account_id: string; owner_user_id: string }[]> {
  return (await request(base, key, 'GET', '/v1/accounts', { operation: 'listAccounts' })).body.data.accounts;
}

/** Acme's three accounts, found through the API: the member sees its own and the shared one; the admin all three. */
export async function acmeAccounts(base = BASE_URL): Promise<Accounts> {
  const admin = await accountsOf(KEYS.admin, base);
  const member = await accountsOf(KEYS.member, base);
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
