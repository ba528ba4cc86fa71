import type { Built } from './drawn-fields';
import type { Random } from './random';
import { contactSearchText, queryText } from './search';
import type {
  AccountRecord,
  ActivityEventRecord,
  CompanyRecord,
  ContactRecord,
  ContactSearchTexts,
  MessageRecord,
  NetworkCompanyRecord,
  NetworkPersonRecord,
  PersonDetails,
  RelationshipStatus,
  ViewRecord,
  ViewRules,
} from './types';

/*
 * How each record is built, written once: by the store for contacts, companies and views, and by the dataset's
 * build and `mock.seed`'s inserts alike for messages and their activity, so an inserted record can never differ in
 * shape from a generated one. The callers draw the random parts and take the ids, each in its own order.
 */

/** What a new contact starts with; `fill` may set the rest before it is stored. */
export interface NewContact {
  account: AccountRecord;
  person: NetworkPersonRecord;
  created_at: string;
  relationship_status: RelationshipStatus;
  fill?: (contact: ContactRecord) => void;
}

/**
 * The enrichment of a contact nobody asked to enrich: one object for every new contact (100,000 seeded ones share
 * it), frozen, since an edit replaces a contact's enrichment with a copy before it changes it.
 */
const NOT_REQUESTED: ContactRecord['enrichment'] = Object.freeze({
  work_email: Object.freeze({ status: 'not_requested', error_code: null }),
  phone: Object.freeze({ status: 'not_requested', error_code: null }),
});

/** A new relationship of an account with a person, before its drawn fields and `fill`. */
export function contactRecord(
  input: NewContact,
  ids: { contact_id: string; account_relationship_id: string; company_id: string },
  position: number,
): Built<ContactRecord> {
  const { account, person } = input;
  return {
    contact_id: ids.contact_id,
    account_relationship_id: ids.account_relationship_id,
    organization_id: account.organization_id,
    account_id: account.account_id,
    position,
    person,
    company_id: ids.company_id,
    relationship_status: input.relationship_status,
    connection_invitation: null,
    tags: [],
    notes_json: null,
    custom_fields: new Map(),
    work_email: null,
    phone: null,
    enrichment: NOT_REQUESTED,
    sequence: null,
    last_interaction_at: null,
    created_at: input.created_at,
    search_texts: undefined,
  };
}

/** The texts the `query`, `search` and `company_name` filters read. */
export function searchTexts(contact: ContactRecord, details: PersonDetails): ContactSearchTexts {
  return {
    search_text: contactSearchText(contact, details),
    query_text: queryText(contact.person),
    company_names: details.experiences.map((experience) => experience.company_name.toLowerCase()).join('\n'),
  };
}

/** An account's record of a network company, before its drawn fields. */
export function companyRecord(account: AccountRecord, network: NetworkCompanyRecord, companyId: string, position: number): Built<CompanyRecord> {
  return {
    company_id: companyId,
    organization_id: account.organization_id,
    account_id: account.account_id,
    position,
    network,
    tags: [],
    notes_json: null,
    custom_fields: new Map(),
  };
}

export interface NewView {
  account: AccountRecord;
  name: string;
  description: string | null;
  origin: ViewRecord['origin'];
  rules: ViewRules;
  created_at: string;
}

export function viewPublicId(random: Random): string {
  return `vw_${Array.from({ length: 12 }, () => random.int(0, 35).toString(36)).join('')}`;
}

/** A view (app-created while the dataset is built, API-created by requests): the one place a view record is built. */
export function viewRecord(input: NewView, id: string, random: Random): ViewRecord {
  const rules = input.rules;
  return {
    id,
    public_id: viewPublicId(random),
    organization_id: input.account.organization_id,
    account_id: input.account.account_id,
    type: 'contact',
    view_kind: 'member',
    name: input.name,
    description: input.description,
    origin: input.origin,
    rules,
    selected_contact_ids: rules.contact_ids ?? [],
    simple_filters_json: JSON.stringify(
      rules.tag !== undefined ? { tags: [rules.tag] } : { specific_contacts: { contact_ids: rules.contact_ids ?? [] } },
    ),
    created_at: input.created_at,
    updated_at: input.created_at,
  };
}

/** A message of a conversation; its id is taken before its attachments' (`ids.take('message')`). */
export function messageRecord(messageId: string, fields: Omit<MessageRecord, 'message_id' | 'provider_message_id'>): MessageRecord {
  return { message_id: messageId, provider_message_id: `msg_${messageId}`, ...fields };
}

/** The activity fact of a message: one the account sent, or a reply it received. */
export function messageActivity(
  account: AccountRecord,
  providerChatId: string,
  channel: string,
  message: MessageRecord,
): Omit<ActivityEventRecord, 'id' | 'recorded_at' | 'attribution_method'> {
  return {
    organization_id: account.organization_id,
    occurred_at: message.sent_at,
    event_type: message.direction === 'sent' ? (channel === 'network_inmail' ? 'inmail_sent' : 'message_sent') : 'outbound_reply_received',
    source: 'canonical_messages',
    channel,
    user_id: account.owner_user_id,
    account_id: account.account_id,
    subject_key: `chat:${providerChatId}`,
    metadata: { provider_message_id: message.provider_message_id, provider_chat_id: providerChatId, message_source: 'network' },
  };
}
