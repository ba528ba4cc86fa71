// Contract §5: cursors are tied to the query that made them. Contract §1/§5: another organization's keys never
// get anywhere with them, on any list, even when the query text is identical.
import { describe, expect, it } from 'vitest';
import { expectError, get, KEYS, useMock } from '../support/harness';

useMock();

const lists = [
  '/v1/contacts?limit=2',
  '/v1/companies?limit=2',
  '/v1/views?limit=1',
  '/v1/conversations?limit=2',
  '/v1/activity?limit=2&from=2025-10-01&to=2026-01-15',
];

describe('cursors', () => {
  for (const path of lists) {
    it(`${path.split('?')[0]}: a cursor works for its own organization and is refused by another`, async () => {
      const first = await get(KEYS.admin, path);
      expect(first.status).toBe(200);
      const cursor = first.body.data.pagination.next_cursor as string;
      expect(cursor).toEqual(expect.any(String));
      const next = `${path}&cursor=${encodeURIComponent(cursor)}`;

      expect((await get(KEYS.admin, next)).status).toBe(200);
      expectError(await get(KEYS.otherOrg, next), 400, 'bad_request', /cursor/i);
    });
  }

  it('a messages cursor is refused for another conversation of the same account', async () => {
    const conversations = (await get(KEYS.admin, '/v1/conversations?limit=10')).body.data.conversations as Array<{
      conversation_id: string;
      account_id: string;
      message_count: number;
    }>;
    const [a, b] = conversations.filter((c) => c.message_count > 1 && c.account_id === conversations[0]!.account_id);
    const page = await get(KEYS.admin, `/v1/conversations/${a!.conversation_id}/messages?account_id=${a!.account_id}&limit=1`);
    const cursor = encodeURIComponent(page.body.data.pagination.next_cursor);
    const other = await get(KEYS.admin, `/v1/conversations/${b!.conversation_id}/messages?account_id=${b!.account_id}&limit=1&cursor=${cursor}`);
    expectError(other, 400, 'bad_request', /cursor/i);
  });
});
