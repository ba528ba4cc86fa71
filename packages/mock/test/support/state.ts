// Helpers of the state suites (seeding, snapshots, state files): requests through `mock.fetch` and what a client
// can read of a whole dataset.
import { createMockApi, type MockApi, type MockApiOptions } from '../../src/index';
import { ADMIN } from './harness';

export { ADMIN, MEMBER } from './harness';

export interface Answer {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One request through the mock's own entry point, as a client would send it. */
export async function call(mock: MockApi, key: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await mock.fetch(
    new Request(`${mock.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
}

export function newMock(options: MockApiOptions = {}): MockApi {
  return createMockApi({ rateLimit: false, ...options });
}

/** Acme's accounts the admin may use, by id. */
export async function adminAccounts(mock: MockApi): Promise<string[]> {
  const answer = await call(mock, ADMIN, 'GET', '/v1/accounts');
  return (answer.body.data.accounts as { account_id: string }[]).map((account) => account.account_id).sort((a, b) => Number(a) - Number(b));
}

/** Every page of a list, as the bytes a client receives: equal text means nothing a client could see differs. */
export async function listBytes(mock: MockApi, key: string, path: string, listKey: string): Promise<string> {
  const pages: string[] = [];
  let cursor: string | undefined;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await call(mock, key, 'GET', `${path}${separator}limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    pages.push(answer.text);
    const data = answer.body.data as Record<string, unknown> & { pagination: { has_more: boolean; next_cursor?: string } };
    if (!Array.isArray(data[listKey])) throw new Error(`${path} has no ${listKey}`);
    cursor = data.pagination.has_more ? data.pagination.next_cursor : undefined;
  } while (cursor);
  return pages.join('\n');
}

/** What a client can read of the whole dataset (the admin's lists, activity, drafts and credits). */
export async function visibleState(mock: MockApi): Promise<string> {
  const parts = [
    await listBytes(mock, ADMIN, '/v1/contacts', 'contacts'),
    await listBytes(mock, ADMIN, '/v1/companies', 'companies'),
    await listBytes(mock, ADMIN, '/v1/views', 'views'),
    await listBytes(mock, ADMIN, '/v1/conversations', 'conversations'),
    await listBytes(mock, ADMIN, '/v1/activity?from=2025-01-01', 'activity'),
    JSON.stringify(mock.drafts()),
    JSON.stringify(mock.networkProfiles({ imported: false })),
    JSON.stringify(mock.customFields()),
    JSON.stringify(mock.db.organizations()),
  ];
  return parts.join('\n');
}
