import { describe, expect, it } from 'vitest';
import { paginate } from '../../src/engine/pagination';
import { send, useMock } from '../support/harness';
import { ENGINE_TEST_MOCK } from '../support/engine-routes';

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
