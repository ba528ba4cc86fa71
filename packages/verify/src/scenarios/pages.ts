import type { PagedOperationId } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import type { CallInput } from '../call';
import { compact } from '../check/schema';
import { LISTS } from '../lists';
import { identityPath, itemsOf, keyOf, walk } from './lists';
import type { Scenario } from './scenario';

type Item = Record<string, unknown>;

/** Pages walked at most at the small page size: enough to reach pages after the first, few requests. */
const PAGES = 4;
const SMALL = 5;

/**
 * A filter of a list, as the description states it: the query that asks for it and what every item of every page
 * must then be. A filter that holds on the first page only is a filter that does not hold.
 */
interface Filter {
  operation: PagedOperationId;
  what: string;
  title: string;
  source: string;
  /** The filtered query, and the rule every item keeps (undefined: the filter cannot be tried here, with why). */
  input(t: ScenarioContext): Promise<{ input: CallInput; holds: (item: Item) => boolean; expected: string; field: (item: Item) => unknown } | string>;
}

const get = (item: Item, path: string): unknown => path.split('.').reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Item)[key] : undefined), item);
const hasTag = (item: Item, name: string) => Array.isArray(item.tags) && item.tags.some((tag) => typeof tag === 'object' && tag !== null && String((tag as Item).name).toLowerCase() === name.toLowerCase());

const accountQuery = async (t: ScenarioContext) => ({ account_id: [await t.facts.accountId()] });

/** `account_id`: every item of every page is the account's, read where `accountOf` finds it. */
function accountFilter(operation: PagedOperationId, noun: string, accountOf: (item: Item) => unknown, { absentIsTheAccount = false } = {}): Filter {
  return {
    operation,
    what: 'account',
    title: `account_id: every ${noun} of every page is the account's`,
    source: 'description: Endpoints',
    async input(t) {
      const id = await t.facts.accountId();
      const holds = (item: Item) => accountOf(item) === id || (absentIsTheAccount && accountOf(item) === undefined);
      return { input: { query: { account_id: [id] } }, holds, expected: id, field: accountOf };
    },
  };
}

const FILTERS: Filter[] = [
  ...(['connected', 'not_connected', 'unknown'] as const).map(
    (status): Filter => ({
      operation: 'listContacts',
      what: `relationship-status.${status}`,
      title: `relationship_status=${status}: every contact of every page has that status`,
      source: 'description: Endpoints',
      input: async (t) => ({ input: { query: { ...(await accountQuery(t)), relationship_status: status } }, holds: (c) => c.relationship_status === status, expected: status, field: (c) => c.relationship_status }),
    }),
  ),
  {
    operation: 'listContacts',
    what: 'tag',
    title: 'tag: every contact of every page carries the tag',
    source: 'description: Endpoints',
    async input(t) {
      const tagged = (await t.facts.contacts()).find((contact) => (contact.tags ?? []).length > 0);
      const name = tagged?.tags?.[0]?.name;
      if (!name) return 'no contact on the first page of the account has a tag';
      return { input: { query: { ...(await accountQuery(t)), tag: name } }, holds: (c) => hasTag(c, name), expected: `a tag named ${JSON.stringify(name)}`, field: (c) => (Array.isArray(c.tags) ? c.tags.map((tag) => (tag as Item | null)?.name) : c.tags) };
    },
  },
  accountFilter('listContacts', 'contact', (contact) => get(contact, 'account.account_id')),
  accountFilter('listConversations', 'conversation', (conversation) => conversation.account_id),
  // A company's account_id is optional in the spec (list and update answers carry it): one without it is no other account's.
  accountFilter('listCompanies', 'company', (company) => company.account_id, { absentIsTheAccount: true }),
  accountFilter('listViews', 'view', (view) => get(view, 'account.account_id')),
  {
    operation: 'listActivity',
    what: 'event-type',
    title: 'event_type: every event of every page is of that type',
    source: 'description: Endpoints',
    async input() {
      return { input: { query: { event_type: ['message_sent'] } }, holds: (e) => e.event_type === 'message_sent', expected: 'message_sent', field: (e) => e.event_type };
    },
  },
  {
    operation: 'listConversationMessages',
    what: 'conversation',
    title: 'every message of every page is of the conversation asked',
    source: 'description: Endpoints',
    async input(t) {
      const conversation = await t.facts.conversation(SMALL + 1);
      const id = conversation.conversation_id;
      return { input: { params: { conversationId: id }, query: { account_id: await t.facts.accountId() } }, holds: (m) => m.conversation_id === id, expected: id, field: (m) => m.conversation_id };
    },
  },
];

/**
 * Each filter walked at a small page size over the first pages: every item of every page keeps the filter, each
 * page a cursor leads to holds items, and the walk gives the same items, in the same order, as one page of 25 with
 * the same filter (a later page of other items, or of the first page's again, is a difference).
 */
export const pageScenarios: Scenario[] = FILTERS.map((filter) => ({
  id: `${filter.operation === 'listConversationMessages' ? 'messages' : LISTS[filter.operation].items}.pages.${filter.what}`,
  operation: filter.operation,
  behaviour: 'pagination',
  title: `${filter.title}, and the pages walked at limit ${SMALL} are the page of 25 (the pagination object: next_cursor leads to the next page of the same query)`,
  source: filter.source,
  async run(t: ScenarioContext) {
    const made = await filter.input(t);
    if (typeof made === 'string') return t.skip(made);
    const { input, holds, expected, field } = made;
    const { items: walked } = await walk(t, filter.operation, { ...input, query: { ...input.query, limit: SMALL } }, PAGES);
    let reported = 0;
    walked.forEach((item, index) => {
      if (!holds(item) && reported++ < 3) {
        t.differ({ path: `$.data.${LISTS[filter.operation].items}[${index % SMALL}]`, expected, actual: compact(field(item)), note: `page ${Math.floor(index / SMALL) + 1} at limit ${SMALL}` });
      }
    });
    const whole = await t.call(filter.operation, { ...input, query: { ...input.query, limit: SMALL * PAGES } });
    if (!t.expectOk(whole)) return;
    const once = itemsOf(whole, filter.operation).map((item) => keyOf(filter.operation, item));
    const paged = walked.map((item) => keyOf(filter.operation, item));
    t.equal(identityPath(filter.operation), paged, once.slice(0, paged.length), `${PAGES} pages at limit ${SMALL} against one page of ${SMALL * PAGES}`);
  },
}));
