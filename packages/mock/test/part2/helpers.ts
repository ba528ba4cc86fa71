import { NetworkClient, type ErrorBody, type operations } from '@network-org/sdk';
import { createMockApi, type MockApi, type MockApiOptions } from '@network-org/mock';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';

export const ADMIN = 'sk_test_admin';
export const MEMBER = 'sk_test_member';
export const OTHER_ORG = 'sk_test_other_org';

/** A mock without rate limiting (the tests walk many pages); give each mock of a file its own `baseUrl`. */
export function mockApi(options: MockApiOptions = {}): MockApi {
  return createMockApi({ baseUrl: 'https://api.network.test', rateLimit: false, ...options });
}

/** Serves the mocks through MSW for the tests of the file. */
export function serve(...mocks: MockApi[]): void {
  const server = setupServer(...mocks.flatMap((mock) => mock.handlers));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
}

/** The success body of an operation, as the spec defines it. */
export type Body<Op extends keyof operations> = operations[Op]['responses'] extends { 200: { content: { 'application/json': infer B } } }
  ? B
  : never;

export interface ApiResult<B> {
  status: number;
  /** The success body when `status` is 200, else an error body. */
  body: B & Partial<ErrorBody>;
}

/** A request through `fetch` (answered by MSW); the body is typed as the operation's success body. */
export async function api<Op extends keyof operations>(
  _operation: Op,
  mock: MockApi,
  path: string,
  init: { key?: string; method?: string; body?: unknown } = {},
): Promise<ApiResult<Body<Op>>> {
  const headers: Record<string, string> = { Authorization: `Bearer ${init.key ?? ADMIN}` };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${mock.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Body<Op> & Partial<ErrorBody> };
}

export function sdk(mock: MockApi, apiKey = ADMIN): NetworkClient {
  return new NetworkClient({ apiKey, baseUrl: mock.baseUrl, maxRetries: 0 });
}

/** Every item of a list walked page by page with the SDK. */
export async function walk<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of pages) items.push(item);
  return items;
}
