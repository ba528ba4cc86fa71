import { describe, expect, it } from 'vitest';
import { ActivityPage, NetworkError, Page } from '@network-org/sdk';
import { client, contactsPage, fakeFetch, json } from './helpers';

const threePages = () =>
  fakeFetch(
    contactsPage(['1', '2'], { limit: 2, has_more: true, next_cursor: 'c2' }),
    contactsPage(['3', '4'], { limit: 2, has_more: true, next_cursor: 'c3' }),
    contactsPage(['5'], { limit: 2, has_more: false }),
  );

describe('pagination', () => {
  it('gives the first page on await, with items, pagination and response', async () => {
    const { fetch, calls } = threePages();
    const page = await client(fetch).contacts.list({ limit: 2 });
    expect(page).toBeInstanceOf(Page);
    expect(page.items.map((c) => c.contact_id)).toEqual(['1', '2']);
    expect(page.pagination).toEqual({ limit: 2, has_more: true, next_cursor: 'c2' });
    expect(page.response.status).toBe(200);
    expect(page.hasNextPage()).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('walks every item across pages with for await, repeating the query with the cursor', async () => {
    const { fetch, calls } = threePages();
    const ids: string[] = [];
    for await (const contact of client(fetch).contacts.list({ limit: 2, account_id: ['101'], tag: 'VIP' })) {
      ids.push(contact.contact_id);
    }
    expect(ids).toEqual(['1', '2', '3', '4', '5']);
    expect(calls.map((call) => call.url.searchParams.get('cursor'))).toEqual([null, 'c2', 'c3']);
    for (const call of calls) {
      expect(call.url.searchParams.get('limit')).toBe('2');
      expect(call.url.searchParams.getAll('account_id')).toEqual(['101']);
      expect(call.url.searchParams.get('tag')).toBe('VIP');
    }
  });

  it('walks pages with pages()', async () => {
    const { fetch } = threePages();
    const sizes: number[] = [];
    for await (const page of client(fetch).contacts.list().pages()) sizes.push(page.items.length);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('fetches no further page after leaving a for await early', async () => {
    const { fetch, calls } = threePages();
    for await (const contact of client(fetch).contacts.list({ limit: 2 })) {
      if (contact.contact_id === '2') break;
    }
    expect(calls).toHaveLength(1);
  });

  it('fetches the next page only when the walk reaches it', async () => {
    const { fetch, calls } = threePages();
    const pages = client(fetch).contacts.list().pages();
    await pages.next();
    expect(calls).toHaveLength(1);
    await pages.next();
    expect(calls).toHaveLength(2);
    await pages.return();
    expect(calls).toHaveLength(2);
  });

  it('handles an empty page', async () => {
    const { fetch, calls } = fakeFetch(contactsPage([], { limit: 10, has_more: false }));
    const items = [];
    for await (const contact of client(fetch).contacts.list()) items.push(contact);
    expect(items).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('stops when has_more is false even if a cursor is present', async () => {
    const { fetch, calls } = fakeFetch(contactsPage(['1'], { limit: 10, has_more: false, next_cursor: 'stale' }));
    const items = [];
    for await (const contact of client(fetch).contacts.list()) items.push(contact);
    expect(items).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it('stops on a last page without next_cursor', async () => {
    const { fetch, calls } = fakeFetch(contactsPage(['1'], { limit: 10, has_more: true }));
    const page = await client(fetch).contacts.list();
    expect(page.hasNextPage()).toBe(false);
    await expect(page.nextPage()).rejects.toBeInstanceOf(NetworkError);
    const items = [];
    for await (const contact of client(fetch).contacts.list()) items.push(contact);
    expect(items).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it('gets the next page with nextPage()', async () => {
    const { fetch } = threePages();
    const first = await client(fetch).contacts.list({ limit: 2 });
    const second = await first.nextPage();
    expect(second.items.map((c) => c.contact_id)).toEqual(['3', '4']);
  });

  it('passes the call options to every page', async () => {
    const { fetch, calls } = threePages();
    for await (const _ of client(fetch).contacts.list({}, { headers: { 'x-trace': 't1' } })) {
      // walk all
    }
    expect(calls.map((call) => call.headers.get('x-trace'))).toEqual(['t1', 't1', 't1']);
  });

  it('gives activity pages the filters, generated_at and timezone of the response', async () => {
    const filters = {
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-15T00:00:00Z',
      to_exclusive: true,
      account_ids: [],
      event_types: [],
      channels: [],
      sources: [],
      tag_attribution: 'unavailable',
    };
    const { fetch, calls } = fakeFetch(
      json({
        data: {
          generated_at: '2026-01-15T12:00:00Z',
          timezone: 'Europe/Paris',
          filters,
          activity: [{ id: 'e1' }],
          pagination: { limit: 50, has_more: false },
        },
      }),
    );
    const page = await client(fetch).activity.list({ timezone: 'Europe/Paris', event_type: ['message_sent', 'inmail_sent'] });
    expect(page).toBeInstanceOf(ActivityPage);
    expect(page.filters).toEqual(filters);
    expect(page.generated_at).toBe('2026-01-15T12:00:00Z');
    expect(page.timezone).toBe('Europe/Paris');
    expect(page.items).toEqual([{ id: 'e1' }]);
    expect(calls[0]?.url.searchParams.getAll('event_type')).toEqual(['message_sent', 'inmail_sent']);
  });

  it('rejects the walk with the error of a failing page', async () => {
    const { fetch } = fakeFetch(
      contactsPage(['1'], { limit: 1, has_more: true, next_cursor: 'c2' }),
      json({ code: 'bad_request', message: 'Invalid cursor.' }, 400),
    );
    const seen: string[] = [];
    const walk = (async () => {
      for await (const contact of client(fetch).contacts.list({ limit: 1 })) seen.push(contact.contact_id);
    })();
    await expect(walk).rejects.toMatchObject({ status: 400, code: 'bad_request' });
    expect(seen).toEqual(['1']);
  });
});

describe('toArray', () => {
  // Items of one field each: the cap is about their number, and 10,000 whole contacts take seconds to build.
  const ids = (count: number, from = 1) => Array.from({ length: count }, (_, index) => String(from + index));
  const idsPage = (count: number, from: number, pagination: { limit: number; has_more: boolean; next_cursor?: string }) =>
    json({ data: { contacts: ids(count, from).map((contact_id) => ({ contact_id })), pagination } });

  it('collects every item of every page', async () => {
    const { fetch, calls } = threePages();
    const contacts = await client(fetch).contacts.list({ limit: 2 }).toArray();
    expect(contacts.map((contact) => contact.contact_id)).toEqual(['1', '2', '3', '4', '5']);
    expect(calls.map((call) => call.url.searchParams.get('cursor'))).toEqual([null, 'c2', 'c3']);
  });

  it('takes the first maxItems items and fetches only the pages that hold them', async () => {
    const three = threePages();
    expect((await client(three.fetch).contacts.list({ limit: 2 }).toArray({ maxItems: 3 })).map((c) => c.contact_id)).toEqual(['1', '2', '3']);
    expect(three.calls).toHaveLength(2);
    const two = threePages();
    expect(await client(two.fetch).contacts.list({ limit: 2 }).toArray({ maxItems: 2 })).toHaveLength(2);
    expect(two.calls).toHaveLength(1);
    const none = threePages();
    expect(await client(none.fetch).contacts.list({ limit: 2 }).toArray({ maxItems: 0 })).toEqual([]);
    expect(none.calls).toHaveLength(1);
  });

  it('refuses, rather than cuts short, a list longer than 10,000 items when no maxItems is given', async () => {
    const { fetch, calls } = fakeFetch(
      idsPage(6000, 1, { limit: 6000, has_more: true, next_cursor: 'c2' }),
      idsPage(4000, 6001, { limit: 6000, has_more: true, next_cursor: 'c3' }),
      contactsPage(['10001'], { limit: 6000, has_more: false }),
    );
    await expect(client(fetch).contacts.list().toArray()).rejects.toThrow(
      new NetworkError('The list holds more than 10000 items: pass toArray({ maxItems }) to take that many, or walk it with for await'),
    );
    expect(calls).toHaveLength(3);
    const exactly = fakeFetch(idsPage(10_000, 1, { limit: 10_000, has_more: false }));
    expect(await client(exactly.fetch).contacts.list().toArray()).toHaveLength(10_000);
    const all = fakeFetch(idsPage(10_001, 1, { limit: 10_001, has_more: false }));
    expect(await client(all.fetch).contacts.list().toArray({ maxItems: Number.POSITIVE_INFINITY })).toHaveLength(10_001);
  });

  it('names a maxItems it cannot take', async () => {
    for (const maxItems of [-1, 1.5, Number.NaN, '3']) {
      const { fetch } = threePages();
      await expect(client(fetch).contacts.list().toArray({ maxItems: maxItems as number })).rejects.toThrow(
        new NetworkError(`toArray: maxItems must be a whole number of at least 0 or Infinity, not ${typeof maxItems === 'string' ? JSON.stringify(maxItems) : String(maxItems)}`),
      );
    }
  });

  it('rejects with the error of a failing page', async () => {
    const { fetch } = fakeFetch(
      contactsPage(['1'], { limit: 1, has_more: true, next_cursor: 'c2' }),
      json({ code: 'bad_request', message: 'Invalid cursor.' }, 400),
    );
    await expect(client(fetch).contacts.list({ limit: 1 }).toArray()).rejects.toMatchObject({ status: 400, code: 'bad_request' });
  });
});
