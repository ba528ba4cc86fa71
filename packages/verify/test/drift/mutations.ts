import type { OperationId } from '@network-org/sdk';
import type { Mutation, ProxyAnswer, ProxyRequest, Upstream } from './proxy';

/** The default dataset's keys: the admin key verify runs with, and its member key. */
export const ADMIN_KEY = 'sk_test_admin';
export const MEMBER_KEY = 'sk_test_member';

type Item = Record<string, any>;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The day before a YYYY-MM-DD date. */
function previousDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

const query = (request: ProxyRequest) => request.url.searchParams;
const items = (answer: ProxyAnswer, list: string): Item[] => answer.body?.data?.[list] ?? [];
/** Whether the text parses as JSON. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
const ok = (answer: ProxyAnswer) => answer.status >= 200 && answer.status < 300 && answer.body !== undefined;

/** The request again with other query parameters (the original is left as it was). */
function withQuery(request: ProxyRequest, change: (params: URLSearchParams) => void): ProxyRequest {
  const url = new URL(request.url);
  change(url.searchParams);
  return { ...request, url };
}

/** A key renamed in each item of a list (order of keys kept). */
function rename(item: Item, from: string, to: string): Item {
  return Object.fromEntries(Object.entries(item).map(([key, value]) => [key === from ? to : key, value]));
}

/** When the mock refuses a request (400), the answer the service gives by ignoring what made it refuse. */
async function lenient(answer: ProxyAnswer, request: ProxyRequest, upstream: Upstream, ignore: (params: URLSearchParams) => void): Promise<void> {
  if (answer.status !== 400) return;
  Object.assign(answer, await upstream(withQuery(request, ignore)));
}

/** The service ignores a query parameter: it never reaches the mock. */
const ignoring =
  (operation: OperationId, name: string, drift: string) => (): Mutation => ({
    operation,
    drift,
    request(request) {
      query(request).delete(name);
    },
  });

/** The service answers another status where the mock answers `from` (and, for an error, another body). */
const answering =
  (operation: OperationId, from: number, to: number, drift: string, body?: { code: string; message: string }) => (): Mutation => ({
    operation,
    drift,
    answer(answer) {
      if (answer.status !== from) return;
      answer.status = to;
      if (body) answer.body = body;
    },
  });

/** The service answers every page of a list empty, as a list that ends there. */
const emptied =
  (operation: OperationId, list: string, drift: string) => (): Mutation => ({
    operation,
    drift,
    answer(answer) {
      if (!ok(answer) || !Array.isArray(answer.body.data?.[list])) return;
      answer.body.data[list] = [];
      const pagination = answer.body.data.pagination;
      if (pagination) answer.body.data.pagination = { limit: pagination.limit, has_more: false };
    },
  });

/**
 * Drifts a service could have, one operation each, keyed by name. Each is a factory, so that a mutation that
 * keeps state (the pages it served) starts afresh in every test.
 */
export const mutations = {
  // Schemas and envelopes.
  'contacts: public_identifier renamed public_id': () => ({
    operation: 'listContacts',
    drift: 'every contact of a list carries public_id instead of public_identifier',
    answer(answer) {
      if (ok(answer)) answer.body.data.contacts = items(answer, 'contacts').map((c) => rename(c, 'public_identifier', 'public_id'));
    },
  }),
  'contacts: follower_count as a string': () => ({
    operation: 'listContacts',
    drift: 'follower_count comes as text ("1200") instead of an integer',
    answer(answer) {
      if (!ok(answer)) return;
      for (const contact of items(answer, 'contacts')) if (typeof contact.follower_count === 'number') contact.follower_count = String(contact.follower_count);
    },
  }),
  'accounts: display_name missing': () => ({
    operation: 'listAccounts',
    drift: 'account summaries lose their required display_name',
    answer(answer) {
      if (ok(answer)) for (const account of items(answer, 'accounts')) delete account.display_name;
    },
  }),
  'views: data envelope renamed result': () => ({
    operation: 'listViews',
    drift: 'the list comes as {result: ...} instead of {data: ...}',
    answer(answer) {
      if (ok(answer) && 'data' in answer.body) answer.body = rename(answer.body, 'data', 'result');
    },
  }),
  'organization: an object, not an array': () => ({
    operation: 'listOrganizations',
    drift: '{organization: {...}} instead of {organization: [{...}]}',
    answer(answer) {
      if (ok(answer) && Array.isArray(answer.body.organization)) answer.body.organization = answer.body.organization[0];
    },
  }),
  'enrich: participant provider missing': () => ({
    operation: 'enrich',
    drift: "the profile participant has no provider (the network's name)",
    answer(answer) {
      if (ok(answer)) delete answer.body.data?.network_enrichment?.profile?.participant?.provider;
    },
  }),
  'find-email: contact_enrichment missing': () => ({
    operation: 'findContactEmail',
    drift: 'the find-email answer leaves out contact_enrichment, so the lookup status is lost',
    answer(answer) {
      if (ok(answer)) delete answer.body.data?.contact?.contact_enrichment;
    },
  }),
  'contacts: list items carry notes_json': () => ({
    operation: 'listContacts',
    drift: 'list items carry notes_json (null), which the decided list shape leaves out',
    answer(answer) {
      if (ok(answer)) for (const contact of items(answer, 'contacts')) contact.notes_json ??= null;
    },
  }),
  'accounts: served as text/plain': () => ({
    operation: 'listAccounts',
    drift: 'the same JSON, with Content-Type text/plain',
    answer(answer) {
      answer.headers['content-type'] = 'text/plain; charset=utf-8';
    },
  }),

  // Statuses and error codes.
  'import: 201 became 200': answering('importContact', 201, 200, 'a first import answers 200, as if the profile were already attached'),
  'import: again is 201': answering('importContact', 200, 201, 'importing an attached profile again answers 201 instead of 200'),
  'views: create 201 became 200': answering('createView', 201, 200, 'creating a view answers 200 instead of 201'),
  'contacts: bad_request renamed invalid_request': () => ({
    operation: 'listContacts',
    drift: 'a 400 carries code invalid_request instead of bad_request',
    answer(answer) {
      if (answer.body?.code === 'bad_request') answer.body.code = 'invalid_request';
    },
  }),
  'organization: 401 code invalid_api_key': () => ({
    operation: 'listOrganizations',
    drift: 'an invalid key is 401 invalid_api_key instead of 401 unauthorized',
    answer(answer) {
      if (answer.status === 401) answer.body.code = 'invalid_api_key';
    },
  }),
  'activity: member gets 401 instead of 403': () => ({
    operation: 'listActivity',
    drift: 'a non-admin key on activity is 401 unauthorized instead of 403 forbidden',
    answer(answer, request) {
      if (answer.status !== 403 || request.key !== MEMBER_KEY) return;
      answer.status = 401;
      answer.body = { code: 'unauthorized', message: 'Invalid API key' };
    },
  }),
  'companies: unknown view 400 instead of 404': answering('listCompanies', 404, 400, 'an unknown view_id on companies is 400 bad_request, not the 404 the description names', { code: 'bad_request', message: 'Unknown view_id' }),
  'contacts: unshared account allowed for a member': () => ({
    operation: 'listContacts',
    drift: 'shared access is not enforced: a member lists the contacts of an account not shared with it',
    request(request) {
      if (request.key === MEMBER_KEY) request.headers.authorization = `Bearer ${ADMIN_KEY}`;
    },
  }),

  // Limits and pagination.
  'contacts: limit 100 not clamped': () => ({
    operation: 'listContacts',
    drift: 'limit above 25 is honoured: limit=100 answers up to 100 contacts',
    async answer(answer, request, upstream) {
      const limit = Number(query(request).get('limit'));
      if (!ok(answer) || !(limit > 25)) return;
      const all = items(answer, 'contacts');
      let pagination = answer.body.data.pagination;
      while (all.length < limit && pagination.next_cursor) {
        const next = await upstream(withQuery(request, (params) => params.set('cursor', pagination.next_cursor)));
        all.push(...items(next, 'contacts'));
        pagination = next.body.data.pagination;
      }
      answer.body.data.contacts = all.slice(0, limit);
      answer.body.data.pagination = { ...pagination, limit };
    },
  }),
  'conversations: default limit 20': () => ({
    operation: 'listConversations',
    drift: 'without limit a page holds 20 conversations, not 10',
    request(request) {
      if (!query(request).has('limit')) query(request).set('limit', '20');
    },
  }),
  'contacts: limit 2.5 read as 2': () => ({
    operation: 'listContacts',
    drift: 'a fractional limit is truncated instead of refused',
    request(request) {
      const limit = query(request).get('limit');
      if (limit?.includes('.')) query(request).set('limit', String(Math.trunc(Number(limit))));
    },
  }),
  'activity: limit 201 clamped': () => ({
    operation: 'listActivity',
    drift: 'an activity limit above 200 is clamped instead of refused',
    request(request) {
      if (Number(query(request).get('limit')) > 200) query(request).set('limit', '200');
    },
  }),
  'conversations: next_cursor dropped': () => ({
    operation: 'listConversations',
    drift: 'has_more is true but the page carries no next_cursor',
    answer(answer) {
      if (ok(answer) && answer.body.data.pagination?.has_more === true) delete answer.body.data.pagination.next_cursor;
    },
  }),
  'companies: pages overlap by one': () => {
    // The last company of each page served, by the cursor that page gave.
    const lastOf = new Map<string, Item>();
    return {
      operation: 'listCompanies',
      drift: 'an off-by-one offset: each next page starts with the last company of the page before',
      answer(answer, request) {
        if (!ok(answer)) return;
        const page = items(answer, 'companies');
        const previous = lastOf.get(query(request).get('cursor') ?? '');
        if (previous && page.length > 0) answer.body.data.companies = [previous, ...page.slice(0, -1)];
        const served = items(answer, 'companies');
        const next = answer.body.data.pagination?.next_cursor;
        if (next && served.length > 0) lastOf.set(next, served[served.length - 1]!);
      },
    } satisfies Mutation;
  },
  'views: tampered cursor accepted': () => ({
    operation: 'listViews',
    drift: 'a cursor it cannot read starts over at the first page instead of 400',
    answer: (answer, request, upstream) => lenient(answer, request, upstream, (params) => params.delete('cursor')),
  }),

  'contacts: a cursor overrides the filters sent with it': () => ({
    operation: 'listContacts',
    drift: 'a cursor sent with other filters than its own is read with its own query instead of 400',
    answer: (answer, request, upstream) =>
      lenient(answer, request, upstream, (params) => {
        for (const name of [...params.keys()]) if (!['account_id', 'limit', 'cursor'].includes(name)) params.delete(name);
      }),
  }),

  // Filters.
  'contacts: relationship_status ignored': ignoring('listContacts', 'relationship_status', 'the relationship_status filter is ignored'),
  'contacts: tag filter ignored': ignoring('listContacts', 'tag', 'the tag filter is ignored'),
  'companies: view_id ignored': ignoring('listCompanies', 'view_id', 'view_id is ignored on companies: account_id (or every account) decides instead'),
  'activity: event_type ignored': ignoring('listActivity', 'event_type', 'the event_type filter is ignored'),
  'activity: tag accepted': ignoring('listActivity', 'tag', 'tag on activity is ignored (200) instead of 400 bad_request'),
  'conversations: contact_id pattern not checked': () => ({
    operation: 'listConversations',
    drift: 'a contact_id that is not an id is ignored instead of 400',
    answer: (answer, request, upstream) => lenient(answer, request, upstream, (params) => params.delete('contact_id')),
  }),
  'messages: account_id not required': () => ({
    operation: 'listConversationMessages',
    drift: "without account_id the conversation is found in any of the key's accounts instead of 400",
    async answer(answer, request, upstream) {
      if (answer.status !== 400 || query(request).has('account_id')) return;
      const accounts = await upstream({ ...request, method: 'GET', url: new URL('/v1/accounts', request.url), body: undefined });
      for (const { account_id } of items(accounts, 'accounts')) {
        const found = await upstream(withQuery(request, (params) => params.set('account_id', account_id)));
        if (found.status === 200) return void Object.assign(answer, found);
      }
    },
  }),

  // Activity windows.
  'activity: to_exclusive false': () => ({
    operation: 'listActivity',
    drift: 'the filters echo says to_exclusive false',
    answer(answer) {
      if (ok(answer) && answer.body.data.filters) answer.body.data.filters.to_exclusive = false;
    },
  }),
  'activity: date-only to not advanced': () => ({
    operation: 'listActivity',
    drift: "a date-only to is read as the start of that day, not of the day after (the last day's events are lost)",
    request(request) {
      const to = query(request).get('to');
      if (to && DATE_ONLY.test(to)) query(request).set('to', previousDay(to));
    },
  }),
  'messages: oldest first': () => ({
    operation: 'listConversationMessages',
    drift: 'messages come oldest first',
    answer(answer) {
      if (ok(answer)) answer.body.data.messages = items(answer, 'messages').reverse();
    },
  }),

  'activity: oldest first': () => ({
    operation: 'listActivity',
    drift: 'events come oldest first',
    answer(answer) {
      if (ok(answer)) answer.body.data.activity = items(answer, 'activity').reverse();
    },
  }),
  'activity: an RFC 3339 to ignored': () => ({
    operation: 'listActivity',
    drift: 'a to given as an instant is ignored: events after it are listed',
    answer: async (answer, request, upstream) => {
      const to = query(request).get('to');
      if (!ok(answer) || !to || DATE_ONLY.test(to)) return;
      const unbounded = await upstream(withQuery(request, (params) => params.delete('to')));
      if (ok(unbounded)) answer.body.data.activity = items(unbounded, 'activity');
    },
  }),

  // Lists the mock's dataset holds items of, answered empty.
  'accounts: empty list': emptied('listAccounts', 'accounts', 'GET /v1/accounts lists no account although the key can use some'),
  'contacts: empty list': emptied('listContacts', 'contacts', "the account's contacts come back as an empty list"),
  'companies: empty list': emptied('listCompanies', 'companies', "the account's companies come back as an empty list"),
  'conversations: empty list': emptied('listConversations', 'conversations', "the account's conversations come back as an empty list"),
  'views: empty list': emptied('listViews', 'views', "the account's views come back as an empty list"),

  // Writes.
  'contacts: PATCH tags.add ignored': () => ({
    operation: 'updateContact',
    drift: 'tags.add is ignored: the answer (and the record) keep the old tags',
    request(request) {
      const tags = (request.body as Item | undefined)?.tags;
      if (tags?.add) delete tags.add;
    },
  }),
  'contacts: PATCH tags.set with add accepted': () => ({
    operation: 'updateContact',
    drift: 'tags.set together with tags.add is accepted (add dropped) instead of 400',
    request(request) {
      const tags = (request.body as Item | undefined)?.tags;
      if (tags?.set && tags.add) delete tags.add;
    },
  }),
  'contacts: notes_json null does not clear': () => ({
    operation: 'updateContact',
    drift: 'notes_json null is ignored instead of clearing the notes',
    request(request) {
      const body = request.body as Item | undefined;
      if (body && body.notes_json === null) delete body.notes_json;
    },
  }),
  'contacts: custom field not saved': () => ({
    operation: 'updateContact',
    drift: 'custom field values in a PATCH are dropped',
    request(request) {
      const body = request.body as Item | undefined;
      for (const key of Object.keys(body ?? {})) if (!['account_id', 'tags', 'notes_json'].includes(key)) delete body![key];
    },
  }),
  'contacts: PATCH answered 201': answering('updateContact', 200, 201, 'a contact PATCH answers 201 instead of 200, the empty PATCH that reads the record first included'),
  'contacts: PATCH contact renamed record': () => ({
    operation: 'updateContact',
    drift: 'a contact PATCH answers the contact as data.record instead of data.contact, the reading empty PATCH included',
    answer(answer) {
      if (ok(answer) && answer.body.data?.contact) answer.body.data = rename(answer.body.data, 'contact', 'record');
    },
  }),
  'companies: PATCH answered 201': answering('updateCompany', 200, 201, 'a company PATCH answers 201 instead of 200, the empty PATCH that reads the record first included'),
  'drafts: a second draft does not replace': () => ({
    operation: 'createDraft',
    drift: 'a second draft to the same contact is kept beside the first (replaced_previous false)',
    answer(answer) {
      if (ok(answer) && answer.body.data?.draft) answer.body.data.draft.replaced_previous = false;
    },
  }),
  'views: selected_contact_ids missing on create': () => ({
    operation: 'createView',
    drift: 'the created view comes without selected_contact_ids',
    answer(answer) {
      if (ok(answer)) delete answer.body.data?.view?.selected_contact_ids;
    },
  }),

  'summary: date-only to not advanced': () => ({
    operation: 'getActivitySummary',
    drift: "the summary reads a date-only to as the start of that day, not of the day after",
    request(request) {
      const to = query(request).get('to');
      if (to && DATE_ONLY.test(to)) query(request).set('to', previousDay(to));
    },
  }),
  'summary: tag accepted': ignoring('getActivitySummary', 'tag', 'tag on the summary is ignored (200) instead of 400 bad_request'),
  'companies: PATCH notes_json not saved': () => ({
    operation: 'updateCompany',
    drift: 'notes_json in a company PATCH is dropped',
    request(request) {
      delete (request.body as Item | undefined)?.notes_json;
    },
  }),
  'companies: PATCH of an unknown company 400': answering('updateCompany', 404, 400, 'an unknown company_id is 400 bad_request, not the 404 the description names', { code: 'bad_request', message: 'Unknown company_id' }),
  'drafts: unknown contact 400': answering('createDraft', 404, 400, 'a draft to an unknown contact is 400 bad_request, not the 404 the description names', { code: 'bad_request', message: 'Unknown contact_id' }),
  'find-email: unknown contact 404': answering('findContactEmail', 400, 404, 'find-email for an unknown contact is 404 not_found instead of 400 bad_request', { code: 'not_found', message: 'Contact not found' }),

  // Drifts the first suite did not see; the scenarios of src/scenarios/drift-catchers.ts catch them.
  'contacts: query filter ignored': ignoring('listContacts', 'query', 'the query filter (name, headline, company, role, handle or URL) is ignored'),
  'contacts: company_name filter ignored': ignoring('listContacts', 'company_name', 'the company_name filter is ignored'),
  'contacts: account_id wins over view_id': () => ({
    operation: 'listContacts',
    drift: "with both view_id and account_id, account_id decides and the view is ignored (not scoped to the view's account)",
    request(request) {
      if (query(request).has('account_id')) query(request).delete('view_id');
    },
  }),
  'activity: channel filter ignored': ignoring('listActivity', 'channel', 'the channel filter is ignored'),
  'activity: default time zone not UTC': () => ({
    operation: 'listActivity',
    drift: "date-only bounds without timezone are read in the organization's zone, not UTC",
    request(request) {
      if (!query(request).has('timezone')) query(request).set('timezone', 'America/Los_Angeles');
    },
  }),
  'accounts: a member sees every account': () => ({
    operation: 'listAccounts',
    drift: "GET /v1/accounts lists to a member the organization's accounts it may not use",
    request(request) {
      if (request.key === MEMBER_KEY) request.headers.authorization = `Bearer ${ADMIN_KEY}`;
    },
  }),
  'contacts: notes_json any text': () => {
    let sent: string | undefined;
    return {
      operation: 'updateContact',
      drift: 'notes_json that is not JSON text is stored as it is instead of 400',
      request(request) {
        const body = request.body as Item | undefined;
        sent = undefined;
        if (typeof body?.notes_json !== 'string' || isJson(body.notes_json)) return;
        sent = body.notes_json;
        body.notes_json = JSON.stringify(sent);
      },
      answer(answer) {
        if (sent !== undefined && ok(answer) && answer.body.data?.contact) answer.body.data.contact.notes_json = sent;
      },
    } satisfies Mutation;
  },

  // Written from the description alone, as someone outside the team would try to slip a drift past the tool: each
  // answers its own request right, and drifts only where a later read, a later page or an error shows it.
  'contacts: tags a PATCH adds vanish from the list': () => {
    const added = new Map<string, string[]>();
    return {
      operation: 'updateContact',
      reads: ['listContacts'],
      drift: 'a PATCH answers the tags it added, and the contacts list never shows them',
      answer(answer, request) {
        if (request.operation === 'updateContact') {
          const names = (request.body as Item | undefined)?.tags?.add?.map((tag: Item) => tag.name);
          if (ok(answer) && names) added.set(request.params.contact_id!, [...(added.get(request.params.contact_id!) ?? []), ...names]);
          return;
        }
        for (const contact of items(answer, 'contacts')) {
          const hidden = added.get(contact.contact_id);
          if (hidden && Array.isArray(contact.tags)) contact.tags = contact.tags.filter((tag: Item) => !hidden.includes(tag.name));
        }
      },
    } satisfies Mutation;
  },
  'contacts: a PATCH of tags alone clears the notes, seen on the next read': () => {
    const cleared = new Set<string>();
    return {
      operation: 'updateContact',
      drift: 'a PATCH that names only tags answers the notes as they were, and every later read of the contact has notes_json null',
      answer(answer, request) {
        const body = (request.body ?? {}) as Item;
        const keys = Object.keys(body).filter((key) => key !== 'account_id');
        const id = request.params.contact_id!;
        if (keys.length === 0) {
          if (cleared.has(id) && ok(answer) && answer.body.data?.contact) answer.body.data.contact.notes_json = null;
        } else if (keys.length === 1 && keys[0] === 'tags' && ok(answer)) cleared.add(id);
        else cleared.delete(id);
      },
    } satisfies Mutation;
  },
  'find-email: the lookup is forgotten by the next read': () => {
    const looked = new Set<string>();
    return {
      operation: 'findContactEmail',
      reads: ['updateContact'],
      drift: "find-email answers its lookup's status, and a later read of the contact says not_requested again",
      answer(answer, request) {
        if (request.operation === 'findContactEmail') return void (ok(answer) && looked.add(request.params.contact_id!));
        const contact = answer.body?.data?.contact;
        if (ok(answer) && contact && looked.has(contact.contact_id) && contact.contact_enrichment) contact.contact_enrichment.work_email = { status: 'not_requested', error_code: null };
      },
    } satisfies Mutation;
  },
  'contacts: relationship_status holds on the first page only': () => ({
    operation: 'listContacts',
    drift: 'the pages a cursor leads to forget relationship_status',
    async answer(answer, request, upstream) {
      if (!query(request).has('cursor') || !query(request).has('relationship_status') || !ok(answer)) return;
      const all = await upstream(withQuery(request, (params) => {
        params.delete('cursor');
        params.delete('relationship_status');
        params.set('limit', '25');
      }));
      const others = items(all, 'contacts').filter((contact) => contact.relationship_status !== query(request).get('relationship_status'));
      if (others.length > 0) answer.body.data.contacts = [...others.slice(0, 1), ...items(answer, 'contacts').slice(1)];
    },
  }),
  'contacts: errors labelled application/problem+json': () => ({
    operation: 'listContacts',
    drift: 'error answers are application/problem+json, successes application/json',
    answer(answer) {
      if (answer.status >= 400) answer.headers['content-type'] = 'application/problem+json';
    },
  }),
  'import: an unknown profile is 422': () => ({
    operation: 'importContact',
    drift: 'a profile URL nobody has is 422 unprocessable instead of 404 not_found',
    answer(answer) {
      if (answer.status === 404) answer.status = 422;
    },
  }),
} satisfies Record<string, () => Mutation>;

export type MutationName = keyof typeof mutations;

/** Drifts that show only past an endpoint's rate limit: run against a mock whose budget is small, with the probe. */
export const rateLimitMutations = {
  'organization: Retry-After as an HTTP date': () => ({
    operation: 'listOrganizations',
    drift: 'a 429 says when to retry as an HTTP date instead of integer seconds',
    answer(answer) {
      if (answer.status === 429) answer.headers['retry-after'] = new Date(Date.now() + 1000).toUTCString();
    },
  }),
  'organization: Retry-After of an hour': () => ({
    operation: 'listOrganizations',
    drift: 'a 429 says to retry in an hour, past the 10 s window of the limit',
    answer(answer) {
      if (answer.status === 429) answer.headers['retry-after'] = '3600';
    },
  }),
} satisfies Record<string, () => Mutation>;

export type RateLimitMutationName = keyof typeof rateLimitMutations;
