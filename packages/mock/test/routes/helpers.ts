import { operations } from '@network-org/sdk/zod';
import { createMockApi, type MockApi } from '@network-org/mock';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';

export const BASE_URL = 'https://api.network.test';

export interface Answer<T = any> {
  status: number;
  body: T;
}

type OperationId = keyof typeof operations;

/** One mock behind MSW for the file, rate limit off so the suites can make many requests. */
export function useMock(): { mock: () => MockApi; call: typeof call } {
  let mock: MockApi | undefined;
  const server = setupServer();
  beforeAll(() => {
    mock = createMockApi({ baseUrl: BASE_URL, rateLimit: false });
    server.use(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => server.close());
  return { mock: () => mock as MockApi, call };
}

/**
 * Calls the API; when `operation` is given, checks a 2xx body against the spec's generated schema so every
 * test also proves the shape.
 */
export async function call<T = any>(
  key: string,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; operation?: OperationId } = {},
): Promise<Answer<T>> {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${key}` } };
  if (options.body !== undefined || options.rawBody !== undefined) {
    init.body = options.rawBody ?? JSON.stringify(options.body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const response = await fetch(`${BASE_URL}${path}`, init);
  const body = (await response.json()) as T;
  if (options.operation && response.ok) {
    const schema = (operations[options.operation].responses as Record<string, { safeParse(v: unknown): { success: boolean; error?: unknown } }>)[
      String(response.status)
    ];
    const result = schema?.safeParse(body);
    expect(result?.success, `response of ${options.operation} matches the spec: ${JSON.stringify(result?.error)}`).toBe(true);
  }
  return { status: response.status, body };
}

export const ADMIN = 'sk_test_admin';
export const MEMBER = 'sk_test_member';
export const OTHER_ORG = 'sk_test_other_org';
export const NO_CREDITS = 'sk_test_no_credits';

/** Every item of a list, following `next_cursor` page by page. */
export async function walk<T = any>(key: string, path: string, listKey: string, operation: OperationId): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  const separator = path.includes('?') ? '&' : '?';
  for (let pages = 0; pages < 1000; pages++) {
    const page = await call(key, 'GET', `${path}${cursor ? `${separator}cursor=${encodeURIComponent(cursor)}` : ''}`, { operation });
    expect(page.status).toBe(200);
    items.push(...(page.body.data[listKey] as T[]));
    if (!page.body.data.pagination.has_more) return items;
    cursor = page.body.data.pagination.next_cursor;
  }
  throw new Error('pagination did not end');
}

/** The accounts a key may use, by owner situation. */
export async function accountsOf(key: string): Promise<{ account_id: string; owner_user_id: string }[]> {
  const answer = await call(key, 'GET', '/v1/accounts', { operation: 'listAccounts' });
  return answer.body.data.accounts;
}
