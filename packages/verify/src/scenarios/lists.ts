import { operations } from '@network-org/spec/operations';
import type { Answer, CallInput, ScenarioContext } from '../context';
import { LISTS, type ListOperation, type Scenario } from './scenario';

type Item = Record<string, unknown>;
interface Pagination {
  limit?: unknown;
  has_more?: unknown;
  next_cursor?: unknown;
}

export function itemsOf(answer: Answer, operation: ListOperation): Item[] {
  const items = (answer.body as { data?: Record<string, unknown> } | undefined)?.data?.[LISTS[operation].items];
  return Array.isArray(items) ? (items as Item[]) : [];
}

export function paginationOf(answer: Answer): Pagination {
  return ((answer.body as { data?: { pagination?: Pagination } } | undefined)?.data?.pagination ?? {}) as Pagination;
}

export const keyOf = (operation: ListOperation, item: Item) => String(item[LISTS[operation].key]);

/**
 * Walks a list page by page with its `next_cursor`, at most `maxPages` pages; each page must be a 200 of the
 * spec's schema whose `has_more` agrees with its `next_cursor`. Gives the items in order, and whether the walk
 * reached the end.
 */
export async function walk(
  t: ScenarioContext,
  operation: ListOperation,
  input: CallInput,
  maxPages: number,
): Promise<{ items: Item[]; complete: boolean; pages: number }> {
  const items: Item[] = [];
  let cursor: string | undefined;
  for (let page = 1; page <= maxPages; page++) {
    const query = cursor === undefined ? input.query : { ...input.query, cursor };
    const answer = await t.call(operation, { ...input, query });
    // Each page whole (status, JSON, schema): a 200 of garbage is no page, and a walk over it agrees with nothing.
    if (!t.expectOk(answer)) return { items, complete: false, pages: page };
    items.push(...itemsOf(answer, operation));
    const pagination = paginationOf(answer);
    const next = pagination.next_cursor;
    if (pagination.has_more === true) {
      if (!t.check(typeof next === 'string' && next !== '', { path: '$.data.pagination.next_cursor', expected: 'a cursor (has_more is true)', actual: typeof next === 'string' ? JSON.stringify(next) : 'missing' })) {
        return { items, complete: false, pages: page };
      }
      cursor = next as string;
    } else {
      t.check(next === undefined || next === null, { path: '$.data.pagination.next_cursor', expected: 'absent (has_more is false)', actual: JSON.stringify(next) });
      return { items, complete: true, pages: page };
    }
  }
  return { items, complete: false, pages: maxPages };
}

/**
 * On the mock, an empty list where the mock's own dataset holds items is a difference: the control API reads the
 * same list (as the mock's admin fixture key, past any fault or override), which tells the seeded dataset (contract
 * §4) from one made empty on purpose (a size of 0, a state file). Elsewhere an empty list is data.
 */
export async function expectSeeded(t: ScenarioContext, answer: Answer, items: string, query: Record<string, unknown> = {}): Promise<void> {
  const list = (answer.body as { data?: Record<string, unknown> } | undefined)?.data?.[items];
  if (!t.run.isMock || answer.status !== 200 || !Array.isArray(list) || list.length > 0) return;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const one of [value].flat()) search.append(name, String(one));
  const path = `api${operations[answer.operation].path}${search.size > 0 ? `?${search}` : ''}`;
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
  operation: ListOperation;
  /** The resource's name in scenario ids (`contacts`). */
  name: string;
  query: Query;
  params?: Params;
  /** Default page size (10; activity 50). */
  defaultLimit: number;
  /** Largest page size: above it is clamped (25), or 400 (activity, 200). */
  maxLimit: number;
  clamps: boolean;
  /** The mock's default dataset holds items of it in every account (contract §4): empty there is a difference. */
  seeded?: boolean;
}

/** The scenarios every list shares: envelope, default limit, clamping or bounds, bad limits, cursors, walks. */
export function listScenarios(spec: ListSpec): Scenario[] {
  const { operation, name, query, defaultLimit, maxLimit } = spec;
  const params = spec.params ?? noParams;
  const input = async (t: ScenarioContext, extra: Record<string, unknown> = {}): Promise<CallInput> => {
    const p = await params(t);
    return { query: { ...(await query(t)), ...extra }, ...(p && { params: p }) };
  };
  const scenarios: Scenario[] = [
    {
      id: `${name}.envelope`,
      operation,
      title: `a page of ${name}: {data: {${LISTS[operation].items}, pagination}} of the spec's schema, as JSON`,
      source: 'description §4',
      async run(t) {
        const request = await input(t);
        const answer = await t.call(operation, request);
        if (t.expectOk(answer) && spec.seeded) await expectSeeded(t, answer, LISTS[operation].items, request.query);
      },
    },
    {
      id: `${name}.limit.default`,
      operation,
      title: `without limit a page holds at most ${defaultLimit} and says limit ${defaultLimit}`,
      source: 'description §8',
      async run(t) {
        const answer = await t.call(operation, await input(t));
        if (!t.expectOk(answer)) return;
        t.equal('$.data.pagination.limit', paginationOf(answer).limit, defaultLimit);
        const count = itemsOf(answer, operation).length;
        t.check(count <= defaultLimit, { path: `$.data.${LISTS[operation].items}`, expected: `at most ${defaultLimit} items`, actual: `${count} items` });
      },
    },
    spec.clamps
      ? {
          id: `${name}.limit.clamped`,
          operation,
          title: `limit 100 is clamped to ${maxLimit}`,
          source: 'description §8',
          async run(t) {
            const answer = await t.call(operation, await input(t, { limit: 100 }));
            if (!t.expectOk(answer)) return;
            t.equal('$.data.pagination.limit', paginationOf(answer).limit, maxLimit);
            const count = itemsOf(answer, operation).length;
            t.check(count <= maxLimit, { path: `$.data.${LISTS[operation].items}`, expected: `at most ${maxLimit} items`, actual: `${count} items` });
          },
        }
      : {
          id: `${name}.limit.bounds`,
          operation,
          title: `limit ${maxLimit} is accepted and ${maxLimit + 1} is 400 bad_request`,
          source: 'description §4',
          async run(t) {
            const top = await t.call(operation, await input(t, { limit: maxLimit }));
            if (t.expectOk(top)) t.equal('$.data.pagination.limit', paginationOf(top).limit, maxLimit);
            t.expectError(await t.call(operation, await input(t, { limit: maxLimit + 1 })), 400, 'bad_request');
          },
        },
    {
      id: `${name}.limit.zero`,
      operation,
      title: 'limit 0 is 400 bad_request',
      source: 'decision',
      async run(t) {
        t.expectError(await t.call(operation, await input(t, { limit: 0 })), 400, 'bad_request');
      },
    },
    {
      id: `${name}.limit.fraction`,
      operation,
      title: 'limit 2.5 (not an integer) is 400 bad_request',
      source: 'decision',
      async run(t) {
        t.expectError(await t.call(operation, await input(t, { limit: 2.5 })), 400, 'bad_request');
      },
    },
    {
      id: `${name}.cursor.tampered`,
      operation,
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
    {
      id: `${name}.walk.no-duplicates`,
      operation,
      title: `walking the pages with next_cursor gives each item once, and has_more false ends the walk`,
      source: 'description §2',
      async run(t) {
        const { items } = await walk(t, operation, await input(t, { limit: spec.clamps ? maxLimit : 50 }), 8);
        const seen = new Set<string>();
        for (const item of items) {
          const key = keyOf(operation, item);
          if (seen.has(key)) t.differ({ path: `$.data.${LISTS[operation].items}[*].${LISTS[operation].key}`, expected: 'each item once across pages', actual: `${key} more than once` });
          seen.add(key);
        }
      },
    },
  ];
  return scenarios;
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
  t.equal(`$.data.${LISTS[operation].items}[*].${LISTS[operation].key}`, ids(withAccount), ids(alone), `view_id with account_id=${other} against view_id alone`);
  return ids(alone);
}

/** A cursor with one character changed, so it is still plausible text. */
export function tamper(cursor: string): string {
  const last = cursor.at(-1) ?? 'A';
  return cursor.slice(0, -1) + (last === 'A' ? 'B' : 'A') + 'x';
}
