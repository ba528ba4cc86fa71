import { itemsOf as sdkItemsOf, type OperationItem, type PagedOperationId } from '@network-org/sdk';
import { operationRoutes } from '@network-org/spec/routes';
import type { ScenarioContext } from '../context';
import type { Answer, CallInput } from '../call';
import { LISTS } from '../lists';
import type { Scenario } from './scenario';

type Item = Record<string, unknown>;
interface Pagination {
  limit?: unknown;
  has_more?: unknown;
  next_cursor?: unknown;
}

/** The items of a page, typed as the operation's (through the SDK's `itemsOf`); none when the body holds no list. */
export function itemsOf<Op extends PagedOperationId>(answer: Answer, operation: Op): OperationItem<Op>[] {
  if (!isObject(answer.body) || !isObject(answer.body.data)) return [];
  const items = sdkItemsOf(operation, answer.body);
  // As it came: a page whose list is no array has no items to read (its schema difference is recorded already).
  if (!Array.isArray(items)) return [];
  return items;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function paginationOf(answer: Answer): Pagination {
  return ((answer.body as { data?: { pagination?: Pagination } } | undefined)?.data?.pagination ?? {}) as Pagination;
}

export const keyOf = (operation: PagedOperationId, item: Item) => String(item[LISTS[operation].identity]);

/** The path of the items' identity in a page (`$.data.contacts[*].account_relationship_id`). */
export const identityPath = (operation: PagedOperationId) => `$.data.${LISTS[operation].items}[*].${LISTS[operation].identity}`;

/**
 * Walks a list page by page with its `next_cursor`, at most `maxPages` pages; each page must be a 200 of the
 * spec's schema (its pagination invariants are checked as every answer's are). Gives the items in order, and
 * whether the walk reached the end.
 */
export async function walk<Op extends PagedOperationId>(
  t: ScenarioContext,
  operation: Op,
  input: CallInput,
  maxPages: number,
): Promise<{ items: OperationItem<Op>[]; complete: boolean; pages: number }> {
  const items: OperationItem<Op>[] = [];
  let cursor: string | undefined;
  for (let page = 1; page <= maxPages; page++) {
    const query = cursor === undefined ? input.query : { ...input.query, cursor };
    const answer = await t.call(operation, { ...input, query });
    // Each page whole (status, JSON, schema): a 200 of garbage is no page, and a walk over it agrees with nothing.
    if (!t.expectOk(answer)) return { items, complete: false, pages: page };
    const found = itemsOf(answer, operation);
    // The page before said has_more: this page, which its cursor leads to, holds items (the pagination object).
    if (page > 1 && found.length === 0) t.differ({ path: `$.data.${LISTS[operation].items}`, expected: 'items (the page before said has_more)', actual: '[]', note: `page ${page} of the walk` });
    items.push(...found);
    const { has_more, next_cursor } = paginationOf(answer);
    if (has_more !== true) return { items, complete: true, pages: page };
    if (typeof next_cursor !== 'string' || next_cursor === '') return { items, complete: false, pages: page };
    cursor = next_cursor;
  }
  return { items, complete: false, pages: maxPages };
}

/** Each item of a walk once: a difference naming the first item seen twice. */
export function expectOnce(t: ScenarioContext, operation: PagedOperationId, items: Item[], note?: string): void {
  const seen = new Set<string>();
  for (const item of items) {
    const key = keyOf(operation, item);
    if (seen.has(key)) return void t.differ({ path: identityPath(operation), expected: 'each item once across pages', actual: `${key} more than once`, ...(note && { note }) });
    seen.add(key);
  }
}

/**
 * On the mock, an empty list where the mock's own dataset holds items is a difference: the control API reads the
 * same list (as the mock's admin fixture key, past any fault or override), which tells the seeded dataset from one made empty on purpose (a size of 0, a state file). Elsewhere an empty list is data.
 */
export async function expectSeeded(t: ScenarioContext, answer: Answer, items: string, query: Record<string, unknown> = {}): Promise<void> {
  const list = (answer.body as { data?: Record<string, unknown> } | undefined)?.data?.[items];
  if (!t.run.isMock || answer.status !== 200 || !Array.isArray(list) || list.length > 0) return;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const one of [value].flat()) search.append(name, String(one));
  const path = `api${operationRoutes[answer.operation].path}${search.size > 0 ? `?${search}` : ''}`;
  const held = ((await t.run.target.control(path)) as { data?: Record<string, unknown> } | undefined)?.data?.[items];
  if (Array.isArray(held) && held.length > 0) {
    t.differ({ path: `$.data.${items}`, expected: `the ${items} the mock's dataset holds (its control API lists ${held.length} on this page)`, actual: '[]' });
  }
}

type Query = (t: ScenarioContext) => Promise<Record<string, unknown>>;

/** The query naming the run's account, for the lists that take `account_id`. */
export const account: Query = async (t) => ({ account_id: [await t.facts.accountId()] });
type Params = (t: ScenarioContext) => Promise<Record<string, string> | undefined>;
const noParams: Params = async () => undefined;

interface ListSpec {
  operation: PagedOperationId;
  /** The resource's name in scenario ids (`contacts`). */
  name: string;
  query: Query;
  params?: Params;
  /** A query a cursor of `query` does not belong to (another filter): the cursor must be refused with it. */
  otherQuery?: Query;
  /** The mock's default dataset holds items of it in every account: empty there is a difference. */
  seeded?: boolean;
}

/** Pages walked at most, and items compared, by the walks of every list. */
const WALK_PAGES = 8;

/**
 * The scenarios every list shares: envelope, default limit, clamping or bounds, bad limits, cursors (tampered, of
 * another query), walks (each item once; limit 1 page by page against one page of 25).
 */
export function listScenarios(spec: ListSpec): Scenario[] {
  const { operation, name, query } = spec;
  const { items, defaultLimit, maxLimit, clamps } = LISTS[operation];
  const params = spec.params ?? noParams;
  const input = async (t: ScenarioContext, extra: Record<string, unknown> = {}): Promise<CallInput> => {
    const p = await params(t);
    return { query: { ...(await query(t)), ...extra }, ...(p && { params: p }) };
  };
  return [
    {
      id: `${name}.envelope`,
      operation,
      behaviour: 'envelope',
      title: `a page of ${name}: {data: {${items}, pagination}} of the spec's schema, as JSON`,
      source: 'description: Endpoints',
      async run(t) {
        const request = await input(t);
        const answer = await t.call(operation, request);
        if (t.expectOk(answer) && spec.seeded) await expectSeeded(t, answer, items, request.query);
      },
    },
    {
      id: `${name}.limit.default`,
      operation,
      behaviour: 'limit',
      title: `without limit a page holds at most ${defaultLimit} and says limit ${defaultLimit}`,
      source: 'description: Limits',
      async run(t) {
        t.expectOk(await t.call(operation, await input(t)));
      },
    },
    clamps
      ? {
          id: `${name}.limit.clamped`,
          operation,
          behaviour: 'limit',
          title: `limit 100 is clamped to ${maxLimit}`,
          source: 'description: Limits',
          async run(t) {
            t.expectOk(await t.call(operation, await input(t, { limit: 100 })));
          },
        }
      : {
          id: `${name}.limit.bounds`,
          operation,
          behaviour: 'limit',
          title: `limit ${maxLimit} is accepted and ${maxLimit + 1} is 400 bad_request`,
          source: 'description: Endpoints',
          async run(t) {
            t.expectOk(await t.call(operation, await input(t, { limit: maxLimit })));
            t.expectError(await t.call(operation, await input(t, { limit: maxLimit + 1 })), 400, 'bad_request');
          },
        },
    {
      id: `${name}.limit.zero`,
      operation,
      behaviour: 'refusal',
      title: 'limit 0 is 400 bad_request',
      source: 'decision',
      async run(t) {
        t.expectError(await t.call(operation, await input(t, { limit: 0 })), 400, 'bad_request');
      },
    },
    {
      id: `${name}.limit.fraction`,
      operation,
      behaviour: 'refusal',
      title: 'limit 2.5 (not an integer) is 400 bad_request',
      source: 'decision',
      async run(t) {
        t.expectError(await t.call(operation, await input(t, { limit: 2.5 })), 400, 'bad_request');
      },
    },
    {
      id: `${name}.cursor.tampered`,
      operation,
      behaviour: 'pagination',
      title: 'a tampered cursor is 400 bad_request',
      source: 'decision',
      async run(t) {
        const first = await t.call(operation, await input(t, { limit: 1 }));
        if (!t.expectOk(first)) return;
        const cursor = paginationOf(first).next_cursor;
        if (typeof cursor !== 'string') return t.skip('the list has a single item: no cursor to tamper with');
        t.expectError(await t.call(operation, await input(t, { limit: 1, cursor: tamper(cursor) })), 400, 'bad_request');
      },
    },
    ...(spec.otherQuery ? [cursorOfAnotherQuery({ ...spec, otherQuery: spec.otherQuery }, input)] : []),
    {
      id: `${name}.walk.no-duplicates`,
      operation,
      behaviour: 'pagination',
      title: `walking the pages with next_cursor gives each item once, and has_more false ends the walk`,
      source: 'description: Resources and their fields',
      async run(t) {
        const { items: walked } = await walk(t, operation, await input(t, { limit: clamps ? maxLimit : 50 }), WALK_PAGES);
        expectOnce(t, operation, walked);
      },
    },
    {
      id: `${name}.walk.limit-1-vs-25`,
      operation,
      behaviour: 'pagination',
      title: `walking with limit 1 gives the same ${name} in the same order as one page of 25`,
      source: 'description: Endpoints',
      async run(t) {
        const page = await t.call(operation, await input(t, { limit: 25 }));
        if (!t.expectOk(page)) return;
        const expected = itemsOf(page, operation).slice(0, WALK_PAGES).map((item) => keyOf(operation, item));
        if (expected.length < 2) return t.skip(`the list holds fewer than 2 ${name}: nothing to page through`);
        const { items: walked } = await walk(t, operation, await input(t, { limit: 1 }), expected.length);
        t.equal(identityPath(operation), walked.map((item) => keyOf(operation, item)), expected, `limit 1, page by page, against the first page of 25`);
      },
    },
  ];
}

/** A cursor of the spec's query, sent with its other query: 400 (a cursor is tied to the query that made it). */
function cursorOfAnotherQuery(spec: ListSpec & { otherQuery: Query }, input: (t: ScenarioContext, extra?: Record<string, unknown>) => Promise<CallInput>): Scenario {
  const { operation, name } = spec;
  return {
    id: `${name}.cursor.other-query`,
    operation,
    behaviour: 'pagination',
    title: 'a cursor sent with another query than the one that made it is 400 bad_request',
    source: 'decision',
    async run(t) {
      const first = await t.call(operation, await input(t, { limit: 1 }));
      if (!t.expectOk(first)) return;
      const cursor = paginationOf(first).next_cursor;
      if (typeof cursor !== 'string') return t.skip(`the list holds a single item: no cursor`);
      const { params } = await input(t);
      const other = await t.call(operation, { query: { ...(await spec.otherQuery(t)), limit: 1, cursor }, ...(params && { params }) });
      t.expectError(other, 400, 'bad_request');
    },
  };
}

/**
 * The view's items listed with `view_id` alone and with `account_id` of another account as well: the view's
 * account scopes the list, so both must name the same items. Gives the ids alone (undefined when an answer is
 * not a 200), after recording any difference; skips when the key can use a single account.
 */
export async function viewOverAccount(t: ScenarioContext, operation: 'listContacts' | 'listCompanies'): Promise<string[] | undefined> {
  const view = await t.facts.view();
  const other = (await t.facts.accounts()).find((a) => a.account_id !== view.account.account_id)?.account_id;
  if (!other) return t.skip('the key can use a single account');
  const alone = await t.call(operation, { query: { view_id: view.id, limit: 25 } });
  const withAccount = await t.call(operation, { query: { view_id: view.id, account_id: [other], limit: 25 } });
  if (!t.expectOk(alone) || !t.expectOk(withAccount)) return undefined;
  const ids = (answer: Answer) => itemsOf(answer, operation).map((item) => keyOf(operation, item));
  t.equal(identityPath(operation), ids(withAccount), ids(alone), `view_id with account_id=${other} against view_id alone`);
  return ids(alone);
}

/** A cursor with one character changed, so it is still plausible text. */
export function tamper(cursor: string): string {
  const last = cursor.at(-1) ?? 'A';
  return cursor.slice(0, -1) + (last === 'A' ? 'B' : 'A') + 'x';
}
