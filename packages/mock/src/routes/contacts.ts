import { badRequest, conflict, notFound, upstreamError } from '../engine/errors';
import { lazyFilter } from '../engine/pagination';
import { defineRoute, type RouteContext } from '../engine/router';
import { updatedFields } from './updates';
import { HEADCOUNT_RANGES } from '../store/network-generator';
import { MAGIC_HANDLES, type Store } from '../store/index';
import type { AccountRecord, ContactRecord, LocationRecord } from '../store/types';
import { parseProfileUrl } from '../store/urls';
import { contactWire } from '../wire/shapes';

type ContactFilter = (contact: ContactRecord) => boolean;
type ListQuery = RouteContext<'listContacts'>['query'];

const contains = (text: string | null, needle: string) => text !== null && text.toLowerCase().includes(needle);

/** `company_size` as a headcount range label (`51-200`) or an employee count (`120`) -> the range label. */
function headcountLabel(value: string): string {
  const text = value.trim().replace(/\s+/g, '');
  const range = HEADCOUNT_RANGES.find((candidate) => candidate.label === text);
  if (range) return range.label;
  if (/^[0-9]+$/.test(text)) {
    const count = Number(text);
    const containing = HEADCOUNT_RANGES.find((candidate) => count >= candidate.min && count <= candidate.max);
    if (containing) return containing.label;
  }
  throw badRequest(
    `Invalid query parameter "company_size": use a headcount range (${HEADCOUNT_RANGES.map((r) => r.label).join(', ')}) or an employee count such as 120 (got ${JSON.stringify(value)}).`,
  );
}

const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim().toLowerCase());

/** Every filter of the query, combined with AND; text filters match case-insensitive substrings. */
function contactFilters(ctx: RouteContext<'listContacts'>, query: ListQuery): ContactFilter[] {
  const filters: ContactFilter[] = [];
  const q = text(query.query);
  if (q !== undefined) filters.push((contact) => ctx.store.contacts.texts(contact).query_text.includes(q));
  const companyName = text(query.company_name);
  if (companyName !== undefined) filters.push((contact) => ctx.store.contacts.texts(contact).company_names.includes(companyName));
  const headline = text(query.headline);
  if (headline !== undefined) filters.push((contact) => contains(contact.person.headline, headline));
  const search = text(query.search);
  if (search !== undefined) filters.push((contact) => ctx.store.contacts.texts(contact).search_text.includes(search));
  const location = text(query.location);
  if (location !== undefined) {
    // People share a few dozen location records: each is tested once per request, not once per contact.
    const tested = new Map<LocationRecord, boolean>();
    filters.push((contact) => {
      const place = contact.person.location;
      let found = tested.get(place);
      if (found === undefined) {
        found = [place.display_text, place.network_text, place.country_full, place.country_code].some((part) => contains(part, location));
        tested.set(place, found);
      }
      return found;
    });
  }
  if (query.company_size !== undefined) {
    const label = headcountLabel(query.company_size);
    filters.push((contact) => contact.person.company.headcount === label);
  }
  const tag = text(query.tag);
  if (tag !== undefined) filters.push((contact) => contact.tags.some((candidate) => candidate.name.toLowerCase() === tag));
  if (query.relationship_status !== 'any') {
    const status = query.relationship_status;
    filters.push((contact) => contact.relationship_status === status);
  }
  if (query.invitation_status !== undefined) {
    const status = query.invitation_status;
    filters.push((contact) => contact.connection_invitation?.status === status);
  }
  if (query.conversation_id !== undefined) {
    const conversation = ctx.store.conversations.find(ctx.auth.organization.id, query.conversation_id);
    if (!conversation) {
      throw badRequest(`Unknown conversation_id "${query.conversation_id}": use an id from GET /v1/conversations.`);
    }
    ctx.accounts.require(conversation.account_id);
    const participants = new Set(conversation.participant_contact_ids);
    // Participants are the conversation account's relationships with these people.
    filters.push((contact) => contact.account_id === conversation.account_id && participants.has(contact.contact_id));
  }
  return filters;
}

/** The accounts to list: the view's when `view_id` is given, else the requested or accessible ones, by id. */
function listedAccounts(ctx: RouteContext<'listContacts'>): { accounts: AccountRecord[]; viewFilter?: ContactFilter } {
  const { query } = ctx;
  if (query.view_id !== undefined) {
    const view = ctx.store.views.find(ctx.auth.organization.id, query.view_id);
    if (!view) throw badRequest(`Unknown view_id "${query.view_id}": use an id or public_id from GET /v1/views.`);
    const account = ctx.accounts.require(view.account_id);
    return { accounts: [account], viewFilter: ctx.store.views.selects(view) };
  }
  const accounts = ctx.accounts.resolve(query.account_id);
  return { accounts: [...accounts].sort((a, b) => Number(a.account_id) - Number(b.account_id)) };
}

/**
 * The accounts' contacts in list order, or with `search` only the search index's candidates: a superset of the
 * matches, which the filters still check.
 */
function* contactsToCheck(store: Store, accounts: AccountRecord[], search: string | undefined): Generator<ContactRecord, void, undefined> {
  for (const account of accounts) {
    yield* search === undefined ? store.contacts.ofAccount(account.account_id) : store.search.candidates(account.account_id, search);
  }
}

export const listContacts = defineRoute('listContacts', (ctx) => {
  const { accounts, viewFilter } = listedAccounts(ctx);
  const filters = contactFilters(ctx, ctx.query);
  if (viewFilter) filters.unshift(viewFilter);
  const contacts = contactsToCheck(ctx.store, accounts, text(ctx.query.search));
  const page = ctx.paginate(lazyFilter(contacts, (contact) => filters.every((filter) => filter(contact))));
  return {
    status: 200,
    body: {
      data: {
        contacts: page.items.map((contact) => contactWire(ctx.store, contact, 'list')),
        pagination: page.pagination,
      },
    },
  };
});

export const importContact = defineRoute('importContact', (ctx) => {
  const { store, body } = ctx;
  const account = ctx.accounts.require(body.account_id);
  const profile = parseProfileUrl(body.network_url);
  if (!profile || profile.kind !== 'member') {
    throw badRequest(
      `Invalid body field "network_url": must be a person's profile URL such as https://www.network.com/in/<handle> (got ${JSON.stringify(body.network_url)}).`,
    );
  }
  if (profile.handle === MAGIC_HANDLES.upstreamError) {
    throw upstreamError('The network did not answer while fetching the profile. Try again later.');
  }
  if (profile.handle === MAGIC_HANDLES.conflict) {
    throw conflict('This profile conflicts with an existing contact of the organization.');
  }
  const person = store.network.person(profile.handle);
  if (!person) throw notFound(`No network profile found at ${body.network_url}.`);
  const existing = store.contacts.ofPerson(account.account_id, person);
  if (existing) {
    return { status: 200, body: { data: { contact: contactWire(store, existing, 'import'), warnings: [] } } };
  }
  // A person another account of the organization holds keeps their contact_id; the relationship is new.
  const contact = store.contacts.add({ account, person, created_at: ctx.now().toISOString(), relationship_status: 'not_connected' });
  return { status: 201, body: { data: { contact: contactWire(store, contact, 'import'), warnings: [] } } };
});

/**
 * The relationship a request names: with `account_id`, that account's relationship with the person `contact_id`
 * names; without it, the relationship of the lowest-numbered account the caller may use that holds the person
 * (spec: updateContact). Unknown or another organization's ids are 400.
 */
function requireContact(ctx: RouteContext<'updateContact' | 'findContactEmail'>, contactId: string, accountId?: string): ContactRecord {
  if (accountId !== undefined) {
    const account = ctx.accounts.require(accountId);
    const contact = ctx.store.contacts.find(account.account_id, contactId);
    if (!contact) throw badRequest(`Unknown contact_id "${contactId}" in account ${accountId}: use a contact_id from GET /v1/contacts.`);
    return contact;
  }
  return ctx.accounts.relationship(contactId);
}

export const updateContact = defineRoute('updateContact', (ctx) => {
  const { store, body } = ctx;
  const contact = requireContact(ctx, ctx.params.contact_id, body.account_id);
  const updated = store.contacts.update(contact, updatedFields(contact, body, store.customFields.of(contact.organization_id, 'contact'), 'contact'));
  return { status: 200, body: { data: { contact: contactWire(store, updated, 'full') } } };
});

/** Whether the lookup finds an address: fixed per person, so repeated lookups agree. */
function lookUpWorkEmail(contact: ContactRecord): string | null {
  const person = contact.person;
  if (person.details_seed % 4 === 0) return null;
  const domain = new URL(person.company.website_url).hostname;
  return `${person.first_name}.${person.last_name}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
}

export const findContactEmail = defineRoute('findContactEmail', { credits: 1 }, (ctx) => {
  const { store } = ctx;
  const contact = requireContact(ctx, ctx.params.contact_id, ctx.body.account_id);
  ctx.credits.consume();
  const email = contact.work_email ?? lookUpWorkEmail(contact);
  const updated = store.contacts.edit(contact, (copy) => {
    if (email) {
      copy.work_email = email;
      copy.enrichment.work_email = { status: 'found', error_code: null };
    } else {
      copy.enrichment.work_email = { status: 'not_found', error_code: 'email_not_found' };
    }
  });
  return { status: 200, body: { data: { contact: contactWire(store, updated, 'full') } } };
});
