// Imports the sources: dist/ may not be built yet.

import { describe, expectTypeOf, it } from 'vitest';
import {
  type AccountSummary,
  isListOperation,
  isPagedOperation,
  itemsOf,
  type ListOperationId,
  type OperationId,
  type PagedOperationId,
  type ActivityEvent,
  type ActivityPage,
  type ActivitySummary,
  type APIPromise,
  type Company,
  type CompanyListItem,
  type Contact,
  type ContactListItem,
  type ContactUpdateBody,
  type ContactWithEnrichment,
  type CreatedView,
  type Conversation,
  type Draft,
  type EnrichmentStatus,
  type ErrorCode,
  type Message,
  NetworkClient,
  type NetworkEnrichment,
  type OperationData,
  type OperationItem,
  type Organization,
  type Page,
  type UpdatedContact,
  type PagePromise,
  type Tag,
  type View,
  ApiError,
  RateLimitError,
  isApiError,
} from '../src/index';

declare const client: NetworkClient;

describe('return types', () => {
  it('types every method’s result as the generated wire types', () => {
    expectTypeOf(client.organizations.list()).toEqualTypeOf<APIPromise<Organization[]>>();
    expectTypeOf(client.accounts.list()).resolves.toEqualTypeOf<AccountSummary[]>();
    expectTypeOf(client.contacts.list()).toEqualTypeOf<PagePromise<ContactListItem>>();
    expectTypeOf(client.contacts.import({ account_id: '1', network_url: 'u' })).resolves.toEqualTypeOf<{
      contact: Contact;
      warnings: { code: string; message: string }[];
      created: boolean;
    }>();
    expectTypeOf(client.contacts.update('1', {})).resolves.toEqualTypeOf<UpdatedContact>();
    expectTypeOf(client.contacts.findEmail('1', { account_id: '1' })).resolves.toEqualTypeOf<ContactWithEnrichment>();
    expectTypeOf(client.companies.list()).toEqualTypeOf<PagePromise<CompanyListItem>>();
    expectTypeOf(client.companies.update('1', { Tier: 'Gold' })).resolves.toEqualTypeOf<CompanyListItem>();
    expectTypeOf(client.conversations.list()).toEqualTypeOf<PagePromise<Conversation>>();
    expectTypeOf(client.conversations.messages.list('c1', { account_id: '1' })).toEqualTypeOf<PagePromise<Message>>();
    expectTypeOf(client.drafts.create({ account_id: '1', draft_message: 'Hi', contact_id: '2' })).resolves.toEqualTypeOf<Draft>();
    expectTypeOf(client.views.list()).toEqualTypeOf<PagePromise<View>>();
    expectTypeOf(
      client.views.create({ account_id: '1', type: 'contact', name: 'n', filters: { specific_contacts: { contact_ids: ['2'] } } }),
    ).resolves.toEqualTypeOf<CreatedView>();
    expectTypeOf(client.activity.list()).toEqualTypeOf<PagePromise<ActivityEvent, ActivityPage>>();
    expectTypeOf(client.activity.summary()).resolves.toEqualTypeOf<ActivitySummary>();
    expectTypeOf(client.enrich({ account_id: '1', network_url: 'u' })).resolves.toEqualTypeOf<NetworkEnrichment>();
  });

  it('is as exact as the wire: each list\'s items and each call\'s result are what client.request gives for its operation', () => {
    const itemOf = <Item>(_promise: PagePromise<Item, Page<Item>>): Item => undefined as never;
    expectTypeOf(itemOf(client.contacts.list())).toEqualTypeOf(itemOf(client.request('listContacts')));
    expectTypeOf(itemOf(client.companies.list())).toEqualTypeOf(itemOf(client.request('listCompanies')));
    expectTypeOf(itemOf(client.conversations.list())).toEqualTypeOf(itemOf(client.request('listConversations')));
    expectTypeOf(itemOf(client.conversations.messages.list('1', { account_id: '1' }))).toEqualTypeOf(
      itemOf(client.request('listConversationMessages', { path: { conversationId: '1' }, query: { account_id: '1' } })),
    );
    expectTypeOf(itemOf(client.views.list())).toEqualTypeOf(itemOf(client.request('listViews')));
    expectTypeOf(itemOf(client.activity.list())).toEqualTypeOf(itemOf(client.request('listActivity')));
    expectTypeOf(client.contacts.update('1', {})).resolves.toEqualTypeOf<OperationData<'updateContact'>['data']['contact']>();
    expectTypeOf(client.contacts.findEmail('1', { account_id: '1' })).resolves.toEqualTypeOf<OperationData<'findContactEmail'>['data']['contact']>();
    expectTypeOf(client.contacts.import({ account_id: '1', network_url: 'u' })).resolves.toHaveProperty('contact').toEqualTypeOf<OperationData<'importContact'>['data']['contact']>();
    expectTypeOf(client.companies.update('1', {})).resolves.toEqualTypeOf<OperationData<'updateCompany'>['data']['company']>();
    expectTypeOf(client.views.create({ account_id: '1', type: 'contact', name: 'n', filters: { specific_contacts: { contact_ids: ['2'] } } })).resolves.toEqualTypeOf<
      OperationData<'createView'>['data']['view']
    >();
    // A field the service always sends is no `| undefined` on a listed contact.
    expectTypeOf<undefined extends ContactListItem['account'] ? true : false>().toEqualTypeOf<false>();
    expectTypeOf<undefined extends ContactListItem['tags'] ? true : false>().toEqualTypeOf<false>();
  });

  it('types pages, items and withResponse', async () => {
    const page = await client.contacts.list();
    expectTypeOf(page).toEqualTypeOf<Page<ContactListItem>>();
    // Code written against the wider types still compiles: a page of listed contacts is a page of contacts.
    const wide: Page<Contact> = await client.contacts.list();
    const company: Company | undefined = (await client.companies.list()).items[0];
    const view: View = await client.views.create({ account_id: '1', type: 'contact', name: 'n', filters: { specific_contacts: { contact_ids: ['2'] } } });
    void [wide, company, view];
    expectTypeOf(page.items).toEqualTypeOf<ContactListItem[]>();
    expectTypeOf(page.pagination.has_more).toEqualTypeOf<boolean>();
    expectTypeOf(page.nextPage()).resolves.toEqualTypeOf<Page<ContactListItem>>();
    for await (const contact of client.contacts.list()) expectTypeOf(contact).toEqualTypeOf<ContactListItem>();
    for await (const page of client.views.list().pages()) expectTypeOf(page.items).toEqualTypeOf<View[]>();
    const activity = await client.activity.list();
    expectTypeOf(activity.timezone).toEqualTypeOf<string>();
    expectTypeOf(activity.filters.to_exclusive).toEqualTypeOf<true>();
    const { data, response } = await client.drafts.create({ account_id: '1', draft_message: 'x', conversation_id: 'c' }).withResponse();
    expectTypeOf(data).toEqualTypeOf<Draft>();
    expectTypeOf(response).toEqualTypeOf<Response>();
  });

  it('types contact fields as the wire names', async () => {
    const [contact] = (await client.contacts.list()).items;
    if (!contact) return;
    expectTypeOf(contact.relationship_status).toEqualTypeOf<'connected' | 'not_connected' | 'unknown'>();
    expectTypeOf(contact.contact_id).toEqualTypeOf<string>();
    expectTypeOf(contact.tags).toEqualTypeOf<Tag[]>();
    expectTypeOf(contact.company).toEqualTypeOf<Company | null>();
    expectTypeOf(contact.notes_json).toEqualTypeOf<string | null | undefined>();
  });

  it('types custom fields as the wire: a key no declared field has reads as a custom field’s value', async () => {
    const [contact] = (await client.contacts.list()).items;
    const [company] = (await client.companies.list()).items;
    const updated = await client.contacts.update('1', { 'Deal stage': 'Won' });
    if (!contact || !company) return;
    // Declared fields are lower-case snake_case: a key with an upper-case letter, a space or punctuation is a custom
    // field, absent when it has no value.
    expectTypeOf(contact['Deal stage']).toEqualTypeOf<string | number | boolean | undefined>();
    expectTypeOf(contact.Priority).toEqualTypeOf<string | number | boolean | undefined>();
    expectTypeOf(updated['Lead score']).toEqualTypeOf<string | number | boolean | undefined>();
    expectTypeOf(company.Tier).toEqualTypeOf<string | number | boolean | undefined>();
    expectTypeOf<Contact['Is customer']>().toEqualTypeOf<string | number | boolean | undefined>();
    // A lower-case key could be a custom field or a misspelt declared one: the compiler cannot tell, so it stays unknown.
    expectTypeOf(contact.region).toEqualTypeOf<unknown>();
    const score: string | number | boolean | undefined = contact['Lead score'];
    // @ts-expect-error a custom field's value is no object
    const asObject: { value: number } | undefined = contact['Lead score'];
    void [score, asObject];
  });

  it('keeps spreads and literals of a record: a copy with other tags is still a record of its type', async () => {
    const [contact] = (await client.contacts.list()).items;
    if (!contact) return;
    const tag: Tag = { name: 'Won', color: 'green' };
    const retagged: ContactListItem = { ...contact, tags: [...contact.tags, tag] };
    const asContact: Contact = { ...contact, tags: [] };
    const list: ContactListItem[] = [contact].map((each) => (each.contact_id === '1' ? { ...each, tags: [tag] } : each));
    const [company] = (await client.companies.list()).items;
    if (company) {
      const copy: CompanyListItem = { ...company, tags: [], Tier: 'Gold' };
      // @ts-expect-error a custom field's value is a string, number or boolean
      const wrong: CompanyListItem = { ...company, Tier: { level: 1 } };
      void [copy, wrong];
    }
    void [retagged, asContact, list];
  });

  it('types a misspelt field of a record without custom fields as an error', async () => {
    const draft = await client.drafts.create({ account_id: '1', draft_message: 'x', contact_id: '2' });
    // @ts-expect-error misspelt field of a record without custom fields
    draft.draftId;
  });
});

describe('update bodies: custom fields as exact as the wire', () => {
  it('takes account_id, tags, notes_json and custom fields of string, number, boolean or null', () => {
    client.contacts.update('1000001', {
      account_id: '101',
      tags: { add: [{ name: 'Won', color: 'green' }], remove: ['Lead'] },
      notes_json: null,
      'Lead score': 90,
      'Deal stage': 'Won',
      Churned: false,
      Region: null,
    });
    client.companies.update('2000001', { account_id: '101', tags: { set: [] }, Tier: 'Gold', Seats: 12 });
  });

  it('refuses a misspelt tags: an object under another key is no custom field value', () => {
    // @ts-expect-error `tag` is not `tags`: a custom field takes a string, number, boolean or null, not an object
    client.contacts.update('1000001', { account_id: '101', tag: { add: [{ name: 'Won', color: 'green' }] } });
    // @ts-expect-error the same for a company
    client.companies.update('2000001', { tag: { remove: ['Lead'] } });
    // @ts-expect-error `ad` is not a tag change
    client.contacts.update('1000001', { tags: { ad: [{ name: 'Won', color: 'green' }] } });
    // @ts-expect-error an array is no custom field value
    client.contacts.update('1000001', { 'Lead score': [90] });
    // @ts-expect-error nor is undefined: null clears a field
    client.contacts.update('1000001', { 'Lead score': undefined });
  });

  it('takes a body built at run time, typed with an index signature, as the spec types it', () => {
    const body: ContactUpdateBody = { notes_json: '{}' };
    client.contacts.update('1000001', body);
    const fields: Record<string, string | number> = { 'Lead score': 1 };
    client.contacts.update('1000001', { account_id: '101', ...fields });
  });
});

describe('parameters', () => {
  it('rejects a wrong query key', () => {
    // @ts-expect-error `accountId` is not a query parameter; the wire name is account_id
    client.contacts.list({ accountId: ['1'] });
    // @ts-expect-error `page` is not a query parameter of views
    client.views.list({ page: 2 });
  });

  it('takes ids as strings only: a number is a compile error in a body, a query and a path', () => {
    client.contacts.update('1000001', { account_id: '101' });
    // @ts-expect-error ids are strings: the service refuses a number in a JSON body (400)
    client.contacts.update('1000001', { account_id: 101 });
    // @ts-expect-error ids are strings in a query too
    client.contacts.list({ account_id: [101] });
    // @ts-expect-error a path id is a string
    client.contacts.update(1000001, { account_id: '101' });
    // @ts-expect-error every id of a body: the contacts of a view
    client.views.create({ account_id: '101', type: 'contact', name: 'n', filters: { specific_contacts: { contact_ids: [1000001] } } });
    // @ts-expect-error the same through client.request
    client.request('createDraft', { body: { account_id: 101, contact_id: '1000001', draft_message: 'Hi' } });
  });

  it('rejects a wrong enum value', () => {
    // @ts-expect-error not a relationship status
    client.contacts.list({ relationship_status: 'friends' });
    // @ts-expect-error not an activity event type
    client.activity.list({ event_type: ['message_received'] });
    client.activity.list({ event_type: ['message_sent', 'outbound_reply_received'] });
    // @ts-expect-error views are of type contact only
    client.views.create({ account_id: '1', type: 'company', name: 'n', filters: { specific_contacts: { contact_ids: ['2'] } } });
  });

  it('rejects wrong value types and misspelt or missing body fields', () => {
    // @ts-expect-error account_id is an array of strings
    client.contacts.list({ account_id: '101' });
    // @ts-expect-error limit is a number
    client.companies.list({ limit: '10' });
    // @ts-expect-error misspelt network_url
    client.contacts.import({ account_id: '1', networkUrl: 'u' });
    // @ts-expect-error account_id is required
    client.contacts.findEmail('1', {});
    // @ts-expect-error account_id is required for messages
    client.conversations.messages.list('c1', {});
    // @ts-expect-error notes_json is JSON text or null
    client.contacts.update('1', { notes_json: { text: 'hi' } });
    // @ts-expect-error tags.add takes {name, color}
    client.contacts.update('1', { tags: { add: ['VIP'] } });
  });

  it('accepts call options as the last argument', () => {
    client.accounts.list({ signal: AbortSignal.timeout(10), timeout: 5, maxRetries: 0, headers: { 'x-a': 'b' } });
    client.contacts.list(undefined, { maxRetries: 1 });
    // @ts-expect-error not a call option
    client.accounts.list({ retries: 3 });
  });
});

describe('errors', () => {
  it('types codes as the description’s union and narrows them', () => {
    const error: unknown = new Error();
    expectTypeOf<ApiError['code']>().toEqualTypeOf<ErrorCode>();
    expectTypeOf<'billing_invalid'>().toExtend<ErrorCode>();
    if (isApiError(error, 'rate_limit_exceeded')) {
      expectTypeOf(error.code).toEqualTypeOf<'rate_limit_exceeded'>();
      expectTypeOf(error.status).toEqualTypeOf<number>();
    }
    // @ts-expect-error not an error code
    isApiError(error, 'too_many_requests');
    expectTypeOf<RateLimitError['retryAfter']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<RateLimitError['status']>().toEqualTypeOf<429>();
  });
});

describe('client options', () => {
  it('takes the validator from @network-org/sdk/zod, not a flag', async () => {
    const { validateResponses } = await import('../src/zod');
    expectTypeOf(new NetworkClient({ validateResponses })).toEqualTypeOf<NetworkClient>();
    // @ts-expect-error validation is opt-in by importing the validator
    new NetworkClient({ validateResponses: true });
  });

  it('types withOptions, logger and logLevel', () => {
    expectTypeOf(client.withOptions({ maxRetries: 5, logLevel: 'debug', logger: console })).toEqualTypeOf<NetworkClient>();
    expectTypeOf(client.withOptions({ maxResponseBytes: 1024 })).toEqualTypeOf<NetworkClient>();
    // @ts-expect-error not a level
    client.withOptions({ logLevel: 'verbose' });
  });

  it('types APIPromise as a promise of its value', () => {
    expectTypeOf(client.accounts.list()).toMatchTypeOf<Promise<AccountSummary[]>>();
    expectTypeOf(client.contacts.list()).toMatchTypeOf<Promise<Page<Contact>>>();
  });
});

describe('client.request', () => {
  it('types each operation’s arguments and result from the operation table', async () => {
    // Each response's own schema: the fields it always carries are required (a list item's work_email, ...).
    expectTypeOf(client.request('listContacts', { query: { tag: 'Customer' } })).toEqualTypeOf<PagePromise<ContactListItem, Page<ContactListItem>>>();
    expectTypeOf(client.request('listContacts')).toMatchTypeOf<PagePromise<Contact>>();
    expectTypeOf<ContactListItem['work_email']>().toEqualTypeOf<string | null>();
    const activity = await client.request('listActivity');
    expectTypeOf(activity.items).toEqualTypeOf<ActivityEvent[]>();
    expectTypeOf(activity.timezone).toEqualTypeOf<string>();
    expectTypeOf(activity.filters.to_exclusive).toEqualTypeOf<true>();
    const updated = await client.request('updateContact', { path: { contact_id: '1' }, body: { notes_json: null } });
    expectTypeOf(updated.data.contact).toEqualTypeOf<UpdatedContact>();
    expectTypeOf(updated.data.contact.notes_json).toEqualTypeOf<string | null>();
    const found = await client.request('findContactEmail', { path: { contact_id: '1' }, body: { account_id: '101' } });
    expectTypeOf(found.data.contact).toEqualTypeOf<ContactWithEnrichment>();
    expectTypeOf(found.data.contact.contact_enrichment.work_email.status).toEqualTypeOf<EnrichmentStatus>();
    const created = await client.request('createView', { body: { account_id: '101', type: 'contact', name: 'V', filters: { specific_contacts: { contact_ids: ['1'] } } } });
    expectTypeOf(created.data.view).toEqualTypeOf<CreatedView>();
    expectTypeOf(created.data.view.selected_contact_ids).toEqualTypeOf<string[]>();
    expectTypeOf(client.request('listOrganizations')).resolves.toEqualTypeOf<{ organization: Organization[] }>();
    expectTypeOf(client.request('listAccounts', undefined, { maxRetries: 0 })).resolves.toEqualTypeOf<{ data: { accounts: AccountSummary[] } }>();
    const page = await client.request('listConversationMessages', { path: { conversationId: '1' }, query: { account_id: '101' } });
    expectTypeOf(page.items).toEqualTypeOf<Message[]>();
  });

  it('refuses what an operation does not take or lacks what it requires', () => {
    // @ts-expect-error no such operation
    client.request('deleteContact');
    // @ts-expect-error the path parameter is required
    client.request('updateContact', { body: {} });
    // @ts-expect-error path parameters by their spec names
    client.request('updateContact', { path: { id: '1' }, body: {} });
    // @ts-expect-error account_id is required by the messages list
    client.request('listConversationMessages', { path: { conversationId: '1' }, query: {} });
    // @ts-expect-error args are required when anything in them is
    client.request('listConversationMessages');
    // @ts-expect-error a list takes no body
    client.request('listContacts', { body: {} });
    // @ts-expect-error enrich needs its body
    client.request('enrich');
    // @ts-expect-error a wrong query parameter type
    client.request('listContacts', { query: { relationship_status: 'friends' } });
  });
});

describe('itemsOf and client.requestAny', () => {
  it('types a list’s items per operation from the operation table', async () => {
    const accounts = await client.request('listAccounts');
    expectTypeOf(itemsOf('listAccounts', accounts)).toEqualTypeOf<AccountSummary[]>();
    const organizations = await client.request('listOrganizations');
    expectTypeOf(itemsOf('listOrganizations', organizations)).toEqualTypeOf<Organization[]>();
    // A body of unknown type (an operation picked at run time) gives that operation's items all the same; an
    // operation that answers no list does not compile.
    expectTypeOf(itemsOf('listAccounts', JSON.parse('{}') as unknown)).toEqualTypeOf<AccountSummary[]>();
    // @ts-expect-error updateContact answers no list
    itemsOf('updateContact', {});
  });

  it('takes an operation chosen at run time with unchecked input, and narrows paged lists', () => {
    const operation = 'listContacts' as OperationId;
    expectTypeOf(client.requestAny(operation, { path: { contact_id: '1' }, query: { limit: 2.5 }, body: 'raw' }, { maxRetries: 0 })).toEqualTypeOf<APIPromise<unknown>>();
    if (isPagedOperation(operation)) {
      expectTypeOf(operation).toEqualTypeOf<PagedOperationId>();
      // Its pages hold the items of whichever paged list it is; of one known operation, that operation's items.
      expectTypeOf(client.requestAny(operation)).toEqualTypeOf<PagePromise<OperationItem<PagedOperationId>>>();
      expectTypeOf(client.requestAny('listViews' as const)).toEqualTypeOf<PagePromise<View>>();
    }
    if (isListOperation(operation)) expectTypeOf(operation).toEqualTypeOf<ListOperationId>();
    // @ts-expect-error the operation is still one of the spec's
    client.requestAny('deleteContact');
    // @ts-expect-error path parameters are strings
    client.requestAny(operation, { path: { contact_id: 1 } });
  });
});
