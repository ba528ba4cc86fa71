import type { OperationId } from '@network-org/sdk';

/** How a rule is exercised: the scenarios that check it and what they check, or why no scenario can, safely, against a real service. */
export type Row = { scenarios: string[]; check: string } | { unsafe: string };

const by = (scenarios: string | string[], check: string): Row => ({ scenarios: Array.isArray(scenarios) ? scenarios : [scenarios], check });

/** The list scenarios' names, by operation (`contacts.limit.clamped`). */
const LIST_NAME: Partial<Record<OperationId, string>> = {
  listContacts: 'contacts',
  listCompanies: 'companies',
  listConversations: 'conversations',
  listConversationMessages: 'messages',
  listViews: 'views',
  listActivity: 'activity',
};

const FILTERED = 'every item has the value, and the item it was picked from is listed';

/** Each parameter of each operation. */
const PARAMETERS: Record<string, Row> = {
  'listActivity query from': by(['activity.window.instants', 'activity.window.boundary.from'], 'echoed in filters.from; every event at or after it'),
  'listActivity query to': by(['activity.window.instants', 'activity.window.boundary.to'], 'echoed in filters.to with to_exclusive; every event before it'),
  'listActivity query timezone': by(['activity.window.date-only', 'activity.timezone.default'], 'date-only bounds read in it; echoed'),
  'listActivity query account_id': by('activity.filter.account', `${FILTERED}; echoed in filters.account_ids`),
  'listActivity query user_id': by('activity.filter.user', `${FILTERED}; echoed`),
  'listActivity query event_type': by('activity.filter.event-type', `${FILTERED}; echoed`),
  'listActivity query channel': by('activity.filter.channel', `${FILTERED}; echoed`),
  'listActivity query source': by('activity.filter.source', `${FILTERED}; echoed`),
  'listActivity query tag': by('activity.tag.rejected', '400 bad_request'),
  'getActivitySummary query from': by(['summary.envelope', 'summary.window.boundary.from'], 'echoed; counts from it on'),
  'getActivitySummary query to': by(['summary.envelope', 'summary.window.boundary.to'], 'echoed; counts up to it'),
  'getActivitySummary query timezone': by(['summary.envelope', 'summary.counts-the-list'], 'date-only bounds read in it; by_day in local days'),
  'getActivitySummary query account_id': by('summary.filter.account', "total_events is the unfiltered summary's count of it"),
  'getActivitySummary query user_id': by('summary.filter.user', "total_events is the unfiltered summary's count of it"),
  'getActivitySummary query event_type': by('summary.filter.event-type', "total_events is the unfiltered summary's count of it"),
  'getActivitySummary query channel': by('summary.filter.channel', "total_events is the unfiltered summary's count of it"),
  'getActivitySummary query source': by('summary.filter.source', "total_events is the unfiltered summary's count of it"),
  'getActivitySummary query tag': by('summary.tag.rejected', '400 bad_request'),
  'enrich body account_id': by(['enrich.profile', 'errors.enrich.account-id.missing'], 'required: without it 400 bad_request'),
  'enrich body network_url': by('enrich.profile', '200 with the profile and company blocks'),
  'enrich body contact_id': by('enrich.contact', "200 with that contact's profile"),
  'listContacts query query': by(['contacts.filter.query', 'contacts.query.by-name'], 'the contact is listed; every contact listed mentions it'),
  'listContacts query company_name': by(['contacts.filter.company-name', 'contacts.company-name.by-past-company'], 'current or past company'),
  'listContacts query headline': by('contacts.filter.headline', FILTERED),
  'listContacts query search': by(['contacts.filter.search', 'contacts.search.by-tags'], 'the contact is listed'),
  'listContacts query location': by('contacts.filter.location', FILTERED),
  'listContacts query company_size': by('contacts.filter.company-size', FILTERED),
  'listContacts query tag': by(['contacts.filter.tag', 'contacts.pages.tag'], `${FILTERED}, on every page`),
  'listContacts query relationship_status': by(['contacts.filter.relationship-status', 'contacts.pages.relationship-status.connected'], 'only contacts of that status, on every page'),
  'listContacts query invitation_status': by('contacts.filter.invitation-status', 'only contacts with a pending invitation'),
  'listContacts query conversation_id': by('contacts.filter.conversation', 'the participants of that conversation'),
  'listContacts query view_id': by(['contacts.filter.view', 'contacts.filter.view.public-id'], "the view's contacts, by id and by public_id"),
  'importContact body account_id': by('contacts.import.created', 'the contact is attached to that account'),
  'importContact body network_url': by(['contacts.import.created', 'errors.importContact.network-url.missing'], 'the profile imported; required'),
  'updateContact path contact_id': by(['contacts.update.read-back', 'errors.updateContact.contact-id.pattern'], 'that contact answered; off the id pattern 400'),
  'updateContact body account_id': by('contacts.update.account-scoped', "that account's relationship answered"),
  'updateContact body tags': by(['contacts.update.tags.add', 'contacts.update.tags.remove', 'contacts.update.tags.set'], 'add, remove and set, each read back'),
  'updateContact body notes_json': by('contacts.update.notes', 'set and answered; null clears'),
  'findContactEmail path contact_id': by(['contacts.find-email', 'errors.findContactEmail.contact-id.pattern'], "that contact's lookup"),
  'findContactEmail body account_id': by(['contacts.find-email', 'errors.findContactEmail.account-id.missing'], 'required: without it 400'),
  'listCompanies query view_id': by(['companies.filter.view', 'companies.scope.view-over-account'], "the companies of the view's contacts; account_id then ignored"),
  'updateCompany path company_id': by(['companies.update.round-trip', 'errors.updateCompany.company-id.pattern'], 'that company answered; off the id pattern 400'),
  'updateCompany body account_id': by('companies.update.round-trip', 'answered in account_id'),
  'updateCompany body tags': by(['companies.update.round-trip', 'companies.update.effect.read-back'], 'tags.add, listed after'),
  'updateCompany body notes_json': by(['companies.update.round-trip', 'companies.update.effect.read-back'], 'answered and listed after'),
  'listConversations query tag': by('conversations.filter.tag', "a participant other than the account's own carries it"),
  'listConversations query contact_id': by(['conversations.filter.contact', 'conversations.contact-id.pattern'], 'that contact takes part; off the id pattern 400'),
  'listConversationMessages path conversationId': by(['messages.conversation-summary', 'messages.pages.conversation'], "every message is that conversation's"),
  'listConversationMessages query account_id': by(['messages.account-id.required', 'errors.listConversationMessages.account-id.pattern'], 'required; off the id pattern 400'),
  'createDraft body account_id': by('drafts.create', 'the draft saved in that account'),
  'createDraft body draft_message': by(['drafts.create', 'errors.createDraft.draft-message.missing'], 'saved as sent; required'),
  'createDraft body contact_id': by('drafts.create', 'a draft to that contact'),
  'createDraft body conversation_id': by('drafts.conversation', 'a reply draft in that conversation'),
  'createView body account_id': by('views.create', 'the view is in that account'),
  'createView body type': by('views.create', 'type contact answered'),
  'createView body name': by(['views.create', 'errors.createView.name.missing'], 'answered; required'),
  'createView body description': by('views.create', 'answered as sent'),
  'createView body filters': by(['views.create', 'errors.createView.contact-ids.pattern'], 'selected_contact_ids and the view lists those contacts'),
};

/** The common parameters of the lists (account_id, limit, cursor). */
function commonParameter(operation: OperationId, name: string): Row | undefined {
  const list = LIST_NAME[operation];
  if (!list) return undefined;
  if (name === 'limit') return by([`${list}.limit.default`, operation === 'listActivity' ? 'activity.limit.bounds' : `${list}.limit.clamped`, `${list}.limit.zero`], 'the default, the clamp (or the bounds) and the minimum, echoed in pagination.limit');
  if (name === 'cursor') return by([`${list}.walk.limit-1-vs-25`, `${list}.cursor.tampered`], 'the pages walked at limit 1 are the page of 25; a tampered cursor is 400');
  if (name === 'account_id') return by([`${list}.filter.account`, `${list}.pages.account`], 'every item of every page is the account’s');
  return undefined;
}

const FORMS_NAME = (operation: OperationId, param: string) => `forms.comma-separated.${operation}.${param.replace(/_/g, '-')}`;

/** Who answers each documented status of each operation. */
function response(operation: OperationId, status: string): Row | undefined {
  const list = LIST_NAME[operation];
  switch (status) {
    case '200':
      return RESPONSE_200[operation];
    case '401':
      return by(operation === 'listContacts' ? 'auth.header.missing' : operation === 'createDraft' ? 'auth.header.missing-on-write' : `auth.header.missing.${operation}`, '401 unauthorized, "header is required"; also another scheme and a key that is none');
    case '403':
      if (operation === 'listOrganizations') return by('auth.key.no-api-feature', '403 billing_feature_not_available (the mock only: no such key can be given)');
      if (operation === 'listAccounts') return by('auth.key.api-disabled', '403 forbidden (the mock only: no such key can be given)');
      if (operation === 'listActivity') return by('auth.member.activity', '403 forbidden, the admin-only message');
      if (operation === 'getActivitySummary') return by('auth.member.summary', '403 forbidden, the admin-only message');
      return by(operation === 'listContacts' ? 'auth.member.unshared-account' : `auth.member.unshared-account.${operation}`, '403 account_shared_access_required');
    case '429':
      return operation === 'listOrganizations'
        ? by('rate-limit.probe', '429 rate_limit_exceeded, its message, Retry-After in integer seconds within the window (with --probe-rate-limit)')
        : { unsafe: "spending an endpoint's budget slows the service for every client of the organization's IP; the probe spends one endpoint's, GET /v1/organization, only when asked (--probe-rate-limit); the limit is the same on every endpoint" };
    case '500':
      return { unsafe: 'an unexpected server error cannot be provoked on purpose; verify only sees one when it comes' };
    default:
      return RESPONSE_OTHER[`${operation} ${status}`] ?? (status === '400' && list ? by(`${list}.limit.zero`, '400 bad_request') : undefined);
  }
}

const RESPONSE_200: Partial<Record<OperationId, Row>> = {
  listOrganizations: by('organization.envelope', '{organization: [Organization]} of the spec’s schema'),
  listAccounts: by('accounts.envelope', '{data: {accounts}} of the spec’s schema'),
  listActivity: by('activity.envelope', 'the spec’s schema, every page'),
  getActivitySummary: by('summary.envelope', 'the spec’s schema, the window echoed'),
  enrich: by('enrich.profile', 'the spec’s schema'),
  importContact: by('contacts.import.again', '200 when the account already holds the profile (read first)'),
  listContacts: by('contacts.envelope', 'the spec’s schema'),
  updateContact: by('contacts.update.read-back', 'the contact with notes_json and its custom fields'),
  findContactEmail: by('contacts.find-email', 'the contact with contact_enrichment.work_email, sequence, last_interaction_at'),
  listCompanies: by('companies.envelope', 'the spec’s schema'),
  updateCompany: by('companies.update.round-trip', 'the updated company'),
  listConversations: by('conversations.envelope', 'the spec’s schema'),
  listConversationMessages: by('messages.envelope', 'the spec’s schema'),
  createDraft: by('drafts.create', 'saved, not sent'),
  listViews: by('views.envelope', 'the spec’s schema'),
};

const RESPONSE_OTHER: Record<string, Row> = {
  'listActivity 400': by(['activity.tag.rejected', 'errors.listActivity.from.invalid'], '400 bad_request'),
  'getActivitySummary 400': by(['summary.tag.rejected', 'errors.getActivitySummary.from.invalid'], '400 bad_request'),
  'enrich 400': by(['enrich.both-identifiers', 'errors.enrich.identifier.missing'], '400 bad_request'),
  'enrich 404': by('enrich.unknown-profile', '404 not_found'),
  'enrich 502': by('errors.enrich.upstream', "502 upstream_error (the mock's magic profile only: a real service fails upstream only by itself)"),
  'importContact 201': by('contacts.import.created', '201 with the contact and warnings'),
  'importContact 400': by('contacts.import.invalid-url', '400 bad_request'),
  'importContact 404': by('errors.importContact.profile.unknown', '404 not_found'),
  'importContact 409': by('errors.importContact.conflict', "409 conflict (the mock's magic profile only: verify cannot make a real service hold a conflicting record without writing what it cannot undo)"),
  'importContact 502': by('errors.importContact.upstream', "502 upstream_error (the mock's magic profile only)"),
  'updateContact 400': by(['contacts.update.tags.set-with-add', 'contacts.update.unknown'], '400 bad_request, nothing changed'),
  'findContactEmail 400': by('contacts.find-email.unknown', '400 bad_request'),
  'listCompanies 404': by('companies.filter.view.unknown', '404 not_found'),
  'updateCompany 400': by('errors.updateCompany.company-id.pattern', '400 bad_request'),
  'updateCompany 404': by('companies.update.unknown', '404 not_found'),
  'listConversations 400': by('conversations.contact-id.pattern', '400 bad_request'),
  'listConversationMessages 400': by('messages.account-id.required', '400 bad_request'),
  'createDraft 400': by('drafts.both-targets', '400 bad_request'),
  'createDraft 404': by('drafts.unknown-contact', '404 not_found'),
  'createView 201': by('views.create', '201 with selected_contact_ids and simple_filters_json'),
  'createView 400': by('errors.createView.name.missing', '400 bad_request'),
};

const BILLING_STATE = { unsafe: 'the description lists the code without saying when it comes; verify is given no key of an organization in that billing state' };

const ERROR_CODES: Record<string, Row> = {
  unauthorized: by('auth.header.missing', 'the code, on every operation'),
  forbidden: by(['auth.member.activity', 'auth.key.api-disabled', 'auth.key.inactive-user'], 'the code and its message'),
  not_found: by('enrich.unknown-profile', 'the code'),
  bad_request: by('activity.tag.rejected', 'the code'),
  internal_error: { unsafe: 'an unexpected server error cannot be provoked on purpose' },
  conflict: by('errors.importContact.conflict', "the code (the mock's magic profile only)"),
  rate_limit_exceeded: by('rate-limit.probe', 'the code and its message (with --probe-rate-limit)'),
  account_shared_access_required: by('auth.member.unshared-account', 'the code'),
  billing_payment_failed: BILLING_STATE,
  billing_subscription_incomplete: BILLING_STATE,
  billing_subscription_expired: BILLING_STATE,
  billing_grace_period: BILLING_STATE,
  billing_invalid: BILLING_STATE,
  billing_feature_not_available: by('auth.key.no-api-feature', 'the code (the mock only: no such key can be given)'),
  billing_insufficient_credits: by('auth.key.no-credits', 'the code (the mock only)'),
  upstream_error: by('errors.importContact.upstream', "the code (the mock's magic profile only)"),
};

const PLAIN_TEXT_HANDLE = 'every profile URL holds its handle, so a query of a handle always matches the profile URL too: the two cannot be told apart from outside';
const HEADLINE_HOLDS = (input: string) => `runs where a contact's ${input} is in nothing else query searches; in the mock's data every headline is "ROLE at COMPANY", so there it is skipped`;

const DESCRIBED_ROWS: Record<string, Row> = {
  'boundary listActivity from inclusive': by('activity.window.boundary.from', 'from equal to an event’s occurred_at lists it; the events are a wider window’s inside [from, to)'),
  'boundary listActivity to exclusive': by('activity.window.boundary.to', 'to equal to an event’s occurred_at leaves it out'),
  'boundary getActivitySummary from inclusive': by('summary.window.boundary.from', 'total_events counts the event at from'),
  'boundary getActivitySummary to exclusive': by('summary.window.boundary.to', 'total_events leaves out the event at to'),
  'boundary listActivity date-only': by('activity.window.date-only', 'filters.from and filters.to at the local midnights, to_exclusive true'),
  'boundary listActivity timezone default': by('activity.timezone.default', 'timezone UTC answered and used'),
  'boundary limit default': by(['contacts.limit.default', 'activity.limit.default'], 'pagination.limit and the page size'),
  'boundary limit minimum': by(['contacts.limit.zero', 'activity.limit.zero'], 'limit 0 is 400 bad_request'),
  'boundary limit clamp': by(['contacts.limit.clamped', 'views.limit.clamped'], 'limit 100 answers 25, echoed'),
  'boundary listActivity limit range': by('activity.limit.bounds', '200 honoured, 201 refused'),
  'boundary id pattern': by(['accounts.ids', 'errors.updateContact.contact-id.pattern'], 'ids answered match it; an id off it is 400'),
  'boundary pagination next_cursor': by('contacts.walk.limit-1-vs-25', 'has_more implies next_cursor, on every page of every list'),
  'search query name': by('contacts.query.by-name', 'the contact is found by its name alone'),
  'search query headline': by('contacts.query.by-headline', 'the contact is found by its headline alone'),
  'search query company': by('contacts.query.by-company', HEADLINE_HOLDS('company')),
  'search query role': by('contacts.query.by-role', HEADLINE_HOLDS('role')),
  'search query handle': by('contacts.filter.query', `the contact is found by its handle; ${PLAIN_TEXT_HANDLE}`),
  'search query profile URL': by('contacts.query.by-profile-url', 'the contact is found by its profile URL alone'),
  'search search profile details': by('contacts.filter.search', 'a handle finds its contact'),
  'search search tags': by('contacts.search.by-tags', 'the contact is found by a tag alone'),
  'search search notes': { unsafe: 'lists leave notes out, so a contact found by its notes cannot be told from one found otherwise without writing notes; contacts.filter.search covers the search as a whole' },
  'search search locations': by('contacts.search.by-locations', "runs where a contact's location is in nothing else of it; in the mock's data the location is the current experience's, so there it is skipped"),
  'search search work history': by('contacts.search.by-work-history', 'the contact is found by a past title alone'),
  'search search education': by('contacts.search.by-education', 'the contact is found by a school alone'),
  'search search company data': by('contacts.search.by-company-data', "the contact is found by its company's website alone"),
  'search company_name current': by('contacts.filter.company-name', 'every contact has it as a current or past company'),
  'search company_name past': by('contacts.company-name.by-past-company', 'the contact is found by a company it has left'),
  'value type custom field string': by(['contacts.update.custom-field.string', 'contacts.update.effect.read-back'], 'set, answered and listed as a string'),
  'value type custom field number': by(['contacts.update.custom-field.number', 'contacts.update.effect.read-back'], 'set, answered and listed as a number'),
  'value type custom field boolean': by(['contacts.update.custom-field.boolean', 'contacts.update.effect.read-back'], 'set, answered and listed as a boolean'),
  'value type custom field null': by('contacts.update.custom-field.string', 'null clears: answered null or absent'),
  'value type notes_json null': by('contacts.update.notes', 'null clears: answered null or absent'),
  'value type tags add': by(['contacts.update.tags.add', 'contacts.update.effect.read-back'], 'added, the others kept, listed after'),
  'value type tags remove': by('contacts.update.tags.remove', 'removed by name, the other kept'),
  'value type tags set': by('contacts.update.tags.set', 'replaced, colors kept'),
  'message header missing': by('auth.header.missing', 'code and message, on every operation'),
  'message other scheme': by('auth.scheme.other', 'code and message, on every operation'),
  'message invalid key': by('auth.key.malformed', 'code and message, on every operation'),
  'message retired key': by('auth.key.retired', 'code and message (the mock only: no retired key can be given)'),
  'message api access off': by('auth.key.api-disabled', 'code and message (the mock only)'),
  'message inactive user': by('auth.key.inactive-user', 'code and message (the mock only)'),
  'message plan lacks the API': by('auth.key.no-api-feature', 'code (the mock only)'),
  'message credits insufficient': by('auth.key.no-credits', 'code (the mock only)'),
  'message admin only': by(['auth.member.activity', 'auth.member.summary'], 'code and message'),
  'message rate limit': by('rate-limit.probe', 'code, message, Retry-After (with --probe-rate-limit)'),
  'message rate limit per endpoint': by('rate-limit.probe', 'another endpoint answers right after the 429 (with --probe-rate-limit); fifty requests are not sent to find the limit’s size'),
  'message tag reserved': by(['activity.tag.rejected', 'summary.tag.rejected'], '400 bad_request'),
  'who activity admin only': by(['auth.member.activity', 'auth.member.summary'], 'a non-admin key is refused'),
  'who accounts listed': by('auth.member.unshared-account', 'on every account-scoped operation'),
  'who accounts of the credential': by('auth.member.accounts-listed', 'each account listed for the member key lists its contacts with it'),
  'who view scopes contacts': by(['contacts.filter.view', 'contacts.scope.view-over-account'], "the view's contacts whatever account_id says"),
  'who view scopes companies': by('companies.scope.view-over-account', 'the same companies with another account_id'),
  'who view id or public_id': by('contacts.filter.view.public-id', 'the same contacts by either'),
  'who own profile ignored': by('conversations.filter.tag', "a participant other than the account's own carries the tag"),
  'who update names the account': by('contacts.update.account-scoped', 'a person held by two accounts: each PATCH answers its account'),
  'who import 201 then 200': by(['contacts.import.created', 'contacts.import.again'], 'read first, then 201 or 200'),
  'who draft replaces': by(['drafts.replace', 'drafts.create'], 'the second replaces the first; nothing sent'),
  'who organization envelope': by('organization.envelope', 'no data envelope there; every other success has one'),
};

/** The row of a rule, by its id. */
export function rowOf(id: string): Row | undefined {
  const [kind, ...rest] = id.split(' ');
  if (kind === 'parameter') {
    const [operation, where, name] = rest as [OperationId, string, string];
    return PARAMETERS[`${operation} ${where} ${name}`] ?? commonParameter(operation, name);
  }
  if (kind === 'form') {
    const [operation, name, form] = rest as [OperationId, string, string];
    return form === 'comma-separated' ? by(FORMS_NAME(operation, name), 'the same answer as the values repeated') : by(FORMS_NAME(operation, name), 'two values repeated, the answer the comma form is compared with');
  }
  if (kind === 'value' && !id.startsWith('value type ')) {
    const [operation, name, value] = rest as [OperationId, string, string];
    return VALUES[`${operation} ${name} ${value}`];
  }
  if (kind === 'response') return response(rest[0] as OperationId, rest[1] as string);
  if (id.startsWith('error code ')) return ERROR_CODES[id.slice('error code '.length)];
  return DESCRIBED_ROWS[id];
}

const EVENT_TYPE_SEEN = by(['activity.filter.event-type', 'activity.pages.event-type'], 'the events of that type');

const VALUES: Record<string, Row> = {
  'listContacts relationship_status any': by('contacts.filter.relationship-status.any', 'the same page as without it'),
  'listContacts relationship_status connected': by(['contacts.filter.relationship-status', 'contacts.pages.relationship-status.connected'], 'only connected contacts, every page'),
  'listContacts relationship_status not_connected': by(['contacts.filter.relationship-status', 'contacts.pages.relationship-status.not_connected'], 'only not_connected contacts, every page'),
  'listContacts relationship_status unknown': by(['contacts.filter.relationship-status', 'contacts.pages.relationship-status.unknown'], 'only unknown contacts, every page'),
  'listContacts invitation_status pending': by('contacts.filter.invitation-status', 'only contacts with a pending invitation'),
  'createView type contact': by('views.create', 'type contact'),
  ...Object.fromEntries(
    (['listActivity', 'getActivitySummary'] as const).flatMap((operation) => [
      [`${operation} event_type message_sent`, operation === 'listActivity' ? by(['activity.cursor.other-query', 'activity.pages.event-type'], 'message_sent events only, every page') : by('summary.filter.event-type', 'counted')],
      [`${operation} event_type outbound_reply_received`, operation === 'listActivity' ? EVENT_TYPE_SEEN : by('summary.counts-the-list', 'counted by type as listed')],
      ...['connection_request_sent', 'connection_request_accepted', 'inmail_sent', 'sequence_step_completed'].map((value) => [`${operation} event_type ${value}`, operation === 'listActivity' ? EVENT_TYPE_SEEN : by('summary.counts-the-list', 'counted by type as listed')]),
    ]),
  ),
};
