import { describe, expect, it } from 'vitest';
import { paginate } from '../../src/engine/pagination';
import { send, useMock, expectError, get, KEYS } from '../support/harness';
import { ENGINE_TEST_MOCK } from '../support/engine-routes';

describe("cursor pagination of the engine's test routes", () => {
  useMock({ ...ENGINE_TEST_MOCK, resetAfterEach: true });

  type ContactPage = { contacts: { contact_id: string; account_relationship_id: string }[]; pagination: { limit: number; has_more: boolean; next_cursor?: string } };

  async function page(query: string): Promise<ContactPage> {
    const { status, body } = await send(`/v1/contacts?${query}`);
    expect(status).toBe(200);
    return body.data as ContactPage;
  }

  describe('cursor pagination', () => {
    it('walks every item once, page by page, and stops with has_more false', async () => {
      const seen: string[] = [];
      let current = await page('limit=25');
      seen.push(...current.contacts.map((contact) => contact.account_relationship_id));
      while (current.pagination.has_more) {
        current = await page(`limit=25&cursor=${encodeURIComponent(current.pagination.next_cursor!)}`);
        seen.push(...current.contacts.map((contact) => contact.account_relationship_id));
      }
      expect(current.pagination.next_cursor).toBeUndefined();
      expect(seen.length).toBeGreaterThan(25);
      expect(new Set(seen).size).toBe(seen.length);
    });

    it('defaults to 10 items', async () => {
      const first = await page('');
      expect(first.pagination.limit).toBe(10);
      expect(first.contacts).toHaveLength(10);
    });

    it('rejects a cursor that was edited', async () => {
      const { next_cursor } = (await page('limit=5')).pagination;
      const edited = `${next_cursor!.slice(0, -2)}${next_cursor!.endsWith('A') ? 'B' : 'A'}${next_cursor!.slice(-1)}`;
      const { status, body } = await send(`/v1/contacts?limit=5&cursor=${encodeURIComponent(edited)}`);
      expect(status).toBe(400);
      expect(body.code).toBe('bad_request');
      expect(body.message).toContain('cursor');
    });

    it('rejects a cursor sent with other filters', async () => {
      const accounts = (await send('/v1/accounts')).body.data as { accounts: { account_id: string }[] };
      const { next_cursor } = (await page('limit=5')).pagination;
      const { status } = await send(
        `/v1/contacts?limit=5&account_id=${accounts.accounts[0]!.account_id}&cursor=${encodeURIComponent(next_cursor!)}`,
      );
      expect(status).toBe(400);
    });

    it('rejects a made-up cursor', async () => {
      expect((await send('/v1/contacts?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
      expect((await send('/v1/contacts?cursor=%F0%9F%98%80')).status).toBe(400);
    });

    it('keeps honouring a cursor when only the page size changes', async () => {
      const first = await page('limit=5');
      const next = await page(`limit=7&cursor=${encodeURIComponent(first.pagination.next_cursor!)}`);
      expect(next.contacts).toHaveLength(7);
      expect(next.contacts[0]!.account_relationship_id).not.toBe(first.contacts[4]!.account_relationship_id);
      // The next page starts right after the first one: items 5 to 11 of the same list read in one page.
      const whole = await page('limit=12');
      const ids = (contacts: { account_relationship_id: string }[]) => contacts.map((contact) => contact.account_relationship_id);
      expect(ids(next.contacts)).toEqual(ids(whole.contacts.slice(5, 12)));
    });
  });

  describe('paginate', () => {
    const items = Array.from({ length: 12 }, (_, index) => index);

    it('clamps the limit to maxLimit', () => {
      const result = paginate(items, { limit: 50, maxLimit: 5, scope: {} });
      expect(result.items).toEqual([0, 1, 2, 3, 4]);
      expect(result.pagination).toMatchObject({ limit: 5, has_more: true });
    });

    it('binds cursors to their scope', () => {
      const { pagination } = paginate(items, { limit: 5, maxLimit: 25, scope: { tag: 'a' } });
      expect(paginate(items, { limit: 5, maxLimit: 25, cursor: pagination.next_cursor, scope: { tag: 'a' } }).items).toEqual([
        5, 6, 7, 8, 9,
      ]);
      expect(() => paginate(items, { limit: 5, maxLimit: 25, cursor: pagination.next_cursor, scope: { tag: 'b' } })).toThrow(
        /cursor/,
      );
    });
  });
});

// Cursors are tied to the query that made them. Another organization's keys never
// get anywhere with them, on any list, even when the query text is identical.
describe('cursors of the resource lists', () => {
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

    it('takes limit only as an integer in decimal digits: other numeric forms are 400, never read as a number', async () => {
      for (const path of lists) {
        const bare = path.replace(/limit=\d+/, '');
        for (const limit of ['0x10', '0b11', '1e1', '%205', '25.0', '2.5', 'abc', '']) {
          expectError(await get(KEYS.admin, `${bare}&limit=${limit}`), 400, 'bad_request', /"limit"/);
        }
        expect((await get(KEYS.admin, `${bare}&limit=3`)).body.data.pagination.limit).toBe(3);
      }
    });

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
});
