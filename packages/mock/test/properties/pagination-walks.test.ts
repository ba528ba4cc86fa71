// A walk of every page meets each record exactly once, whatever the filters and the limit; and updates
// interleaved with the walk lose nothing.
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_KEYS } from '../../src/index';
import { HEADCOUNT_RANGES, TAG_CATALOG } from '../../src/store/index';
import { BASE_URL, RUNS, createPropertyMock, datasetIds } from '../support/properties';

const mock = createPropertyMock();
const ids = datasetIds(mock);
const admin = FIXTURE_KEYS.admin;
let requests = 0;
let walks = 0;
let properties = 0;

afterEach(() => mock.contract.assertClean());
afterAll(() => {
  console.info(`[properties:pagination] properties: ${properties}, walks: ${walks}, requests: ${requests}`);
  console.info(mock.contract.summary('properties:pagination'));
});

type Page = { data: Record<string, unknown> & { pagination: { limit: number; has_more: boolean; next_cursor?: string } } };

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Page }> {
  requests++;
  const response = await mock.fetch(
    new Request(`${BASE_URL}${path}`, {
      method,
      headers: { authorization: `Bearer ${admin}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );
  return { status: response.status, json: (await response.json()) as Page };
}

interface ListSpec {
  path: string;
  listKey: string;
  id: (item: Record<string, unknown>) => string;
  maxLimit: number;
}

/** Every item of the list, following next_cursor; checks each page's size and cursor on the way. */
async function walk(spec: ListSpec, params: URLSearchParams, limit: number): Promise<Record<string, unknown>[]> {
  walks++;
  const items: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 5_000; pages++) {
    const query = new URLSearchParams(params);
    query.set('limit', String(limit));
    if (cursor !== undefined) query.set('cursor', cursor);
    const { status, json } = await call('GET', `${spec.path}?${query}`);
    if (status !== 200) throw new Error(`${spec.path}?${query} answered ${status}: ${JSON.stringify(json)}`);
    const page = json.data[spec.listKey] as Record<string, unknown>[];
    const { pagination } = json.data;
    expect(page.length).toBeLessThanOrEqual(Math.min(limit, spec.maxLimit));
    expect(pagination.limit).toBe(Math.min(limit, spec.maxLimit));
    items.push(...page);
    if (!pagination.has_more) {
      expect(pagination.next_cursor).toBeUndefined();
      return items;
    }
    expect(page.length).toBe(pagination.limit);
    expect(typeof pagination.next_cursor).toBe('string');
    cursor = pagination.next_cursor;
  }
  throw new Error(`${spec.path}: the walk did not end`);
}

const byId = (key: string) => (item: Record<string, unknown>) => String(item[key]);
const LISTS = {
  // A person held by two accounts is listed once per account: the relationship names a list item.
  contacts: { path: '/v1/contacts', listKey: 'contacts', id: byId('account_relationship_id'), maxLimit: 25 },
  companies: { path: '/v1/companies', listKey: 'companies', id: byId('company_id'), maxLimit: 25 },
  conversations: { path: '/v1/conversations', listKey: 'conversations', id: byId('conversation_id'), maxLimit: 25 },
  views: { path: '/v1/views', listKey: 'views', id: byId('id'), maxLimit: 25 },
  activity: { path: '/v1/activity', listKey: 'activity', id: byId('id'), maxLimit: 200 },
} satisfies Record<string, ListSpec>;

const params = (entries: [string, string | undefined][]) =>
  new URLSearchParams(entries.filter((entry): entry is [string, string] => entry[1] !== undefined));

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const accountFilter = optional(fc.subarray(ids.acmeAccounts.filter((id) => id !== undefined), { minLength: 1 }).map((list) => list.join(',')));

const contactFilters = fc
  .record({
    account_id: accountFilter,
    relationship_status: optional(fc.constantFrom('any', 'connected', 'not_connected', 'unknown')),
    tag: optional(fc.constantFrom(...TAG_CATALOG.map((tag) => tag.name))),
    company_size: optional(fc.constantFrom(...HEADCOUNT_RANGES.map((range) => range.label))),
    query: optional(fc.constantFrom('a', 'e', 'an', 'in')),
    invitation_status: optional(fc.constant('pending')),
  })
  .map((filters) => params(Object.entries(filters)));

/** The property every list shares: the same records, each once, in the same order, whatever the limit. */
async function meetsEachOnce(spec: ListSpec, filters: URLSearchParams, limit: number): Promise<Record<string, unknown>[]> {
  const reference = await walk(spec, filters, spec.maxLimit);
  const walked = await walk(spec, filters, limit);
  const walkedIds = walked.map(spec.id);
  expect(new Set(walkedIds).size).toBe(walkedIds.length);
  expect(walkedIds).toEqual(reference.map(spec.id));
  return walked;
}

describe('properties: pagination', () => {
  it('contacts: each record exactly once whatever the filters and limit; items satisfy the filters', async () => {
    properties++;
    await fc.assert(
      fc.asyncProperty(contactFilters, fc.integer({ min: 1, max: 40 }), async (filters, limit) => {
        const walked = await meetsEachOnce(LISTS.contacts, filters, limit);
        const status = filters.get('relationship_status');
        if (status && status !== 'any') expect(walked.every((item) => item.relationship_status === status)).toBe(true);
        const tag = filters.get('tag');
        if (tag) expect(walked.every((item) => (item.tags as { name: string }[]).some((t) => t.name === tag))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('contacts without filters: the walk meets exactly the contacts of the accessible accounts in the store', async () => {
    properties++;
    const expected = new Set(
      [...mock.db.allContacts()].filter((contact) => ids.acmeAccounts.includes(contact.account_id)).map((c) => c.account_relationship_id),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 30 }), async (limit) => {
        const walked = await walk(LISTS.contacts, new URLSearchParams(), limit);
        expect(new Set(walked.map(LISTS.contacts.id))).toEqual(expected);
        expect(walked).toHaveLength(expected.size);
      }),
      { numRuns: Math.min(RUNS, 10) },
    );
  });

  it('companies, conversations and views: each record exactly once whatever the filters and limit', async () => {
    properties++;
    const cases = fc.oneof(
      fc.record({ spec: fc.constant<ListSpec>(LISTS.companies), filters: accountFilter.map((a) => params([['account_id', a]])) }),
      fc.record({
        spec: fc.constant<ListSpec>(LISTS.companies),
        filters: fc.constantFrom(...ids.viewIds).map((v) => params([['view_id', v]])),
      }),
      fc.record({
        spec: fc.constant<ListSpec>(LISTS.conversations),
        filters: fc
          .record({ account_id: accountFilter, tag: optional(fc.constantFrom(...TAG_CATALOG.map((t) => t.name))) })
          .map((f) => params(Object.entries(f))),
      }),
      fc.record({ spec: fc.constant<ListSpec>(LISTS.views), filters: accountFilter.map((a) => params([['account_id', a]])) }),
    );
    await fc.assert(
      fc.asyncProperty(cases, fc.integer({ min: 1, max: 30 }), async ({ spec, filters }, limit) => {
        await meetsEachOnce(spec, filters, limit);
      }),
      { numRuns: RUNS },
    );
  });

  it('messages of a conversation: each message exactly once whatever the limit', async () => {
    properties++;
    const conversations = [...mock.db.allConversations()].filter((c) => ids.acmeAccounts.includes(c.account_id)).slice(0, 10);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...conversations), fc.integer({ min: 1, max: 30 }), async (conversation, limit) => {
        const spec: ListSpec = {
          path: `/v1/conversations/${conversation.conversation_id}/messages`,
          listKey: 'messages',
          id: byId('message_id'),
          maxLimit: 25,
        };
        const walked = await meetsEachOnce(spec, params([['account_id', conversation.account_id]]), limit);
        expect(walked).toHaveLength(conversation.messages.length);
      }),
      { numRuns: Math.min(RUNS, 20) },
    );
  });

  it('activity: each event exactly once whatever the window, filters and limit', async () => {
    properties++;
    const filters = fc
      .record({
        from: optional(fc.constantFrom('2025-11-01', '2025-12-20', '2026-01-10T00:00:00Z')),
        to: optional(fc.constantFrom('2026-01-15', '2026-01-12T06:00:00+01:00')),
        timezone: optional(fc.constantFrom('UTC', 'America/New_York', 'Asia/Tokyo')),
        event_type: optional(fc.constantFrom('message_sent', 'outbound_reply_received')),
        account_id: accountFilter,
      })
      .map((f) => params(Object.entries(f)));
    await fc.assert(
      fc.asyncProperty(filters, fc.integer({ min: 7, max: 200 }), async (query, limit) => {
        await meetsEachOnce(LISTS.activity, query, limit);
      }),
      { numRuns: Math.min(RUNS, 25) },
    );
  });

  it('a cursor is refused when altered or sent with other filters, and never leaks another query', async () => {
    properties++;
    const tamper = fc.record({ index: fc.nat(), char: fc.constantFrom(...'ABCabc012_-') });
    await fc.assert(
      fc.asyncProperty(contactFilters, contactFilters, tamper, async (filters, others, change) => {
        const first = new URLSearchParams(filters);
        first.set('limit', '2');
        const page = await call('GET', `/v1/contacts?${first}`);
        const cursor = page.json.data.pagination.next_cursor;
        if (cursor === undefined) return;
        // Not the last character: its low bits may be padding that decodes the same.
        const at = change.index % Math.max(1, cursor.length - 1);
        const altered = `${cursor.slice(0, at)}${change.char}${cursor.slice(at + 1)}`;
        if (altered !== cursor) {
          const query = new URLSearchParams(first);
          query.set('cursor', altered);
          expect((await call('GET', `/v1/contacts?${query}`)).status, `altered ${cursor} -> ${altered}`).toBe(400);
        }
        const moved = new URLSearchParams(others);
        moved.set('limit', '2');
        // `relationship_status=any` is the default: the same query as leaving it out.
        const canonical = (query: URLSearchParams) => query.toString().replace(/(^|&)relationship_status=any(?=&|$)/, '');
        if (canonical(moved) !== canonical(first)) {
          moved.set('cursor', cursor);
          expect((await call('GET', `/v1/contacts?${moved}`)).status, `${first} cursor sent with ${moved}`).toBe(400);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('updates interleaved with a contact walk lose nothing and the walk still meets each contact once', async () => {
    properties++;
    const account = ids.adminAccount;
    const contactsOfAccount = [...mock.db.allContacts()].filter((c) => c.account_id === account).map((c) => c.contact_id);
    const update = fc.record({
      contact: fc.constantFrom(...contactsOfAccount),
      stage: fc.string({ minLength: 1, maxLength: 12 }),
      tag: fc.string({ minLength: 1, maxLength: 10 }).map((name) => `t-${name}`),
    });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 25 }), fc.array(fc.array(update, { maxLength: 3 }), { maxLength: 30 }), async (limit, plan) => {
        const lastStage = new Map<string, string>();
        const added = new Map<string, Set<string>>();
        const seen: string[] = [];
        let cursor: string | undefined;
        let step = 0;
        do {
          const query = new URLSearchParams({ account_id: account, limit: String(limit), ...(cursor && { cursor }) });
          const page = await call('GET', `/v1/contacts?${query}`);
          expect(page.status).toBe(200);
          seen.push(...(page.json.data.contacts as { contact_id: string }[]).map((c) => c.contact_id));
          cursor = page.json.data.pagination.has_more ? page.json.data.pagination.next_cursor : undefined;
          for (const change of plan[step++] ?? []) {
            const patched = await call('PATCH', `/v1/contacts/${change.contact}`, {
              account_id: account,
              'Deal stage': change.stage,
              tags: { add: [{ name: change.tag, color: 'green' }] },
            });
            expect(patched.status).toBe(200);
            lastStage.set(change.contact, change.stage);
            added.set(change.contact, (added.get(change.contact) ?? new Set()).add(change.tag));
          }
        } while (cursor !== undefined);
        expect(seen.sort()).toEqual([...contactsOfAccount].sort());
        const final = new Map(
          (await walk(LISTS.contacts, params([['account_id', account]]), 25)).map((item) => [String(item.contact_id), item]),
        );
        for (const [contact, stage] of lastStage) {
          const item = final.get(contact);
          expect(item?.['Deal stage']).toBe(stage);
          const names = new Set((item?.tags as { name: string }[]).map((t) => t.name));
          for (const tag of added.get(contact) ?? []) expect(names.has(tag)).toBe(true);
        }
      }),
      { numRuns: Math.min(RUNS, 20) },
    );
  });
});
