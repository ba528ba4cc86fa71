import type { ActivityEvent, Company, Contact, Conversation, EnrichmentBlock, Message, View } from '@network-org/spec/openapi';
import { schemas } from '@network-org/spec/zod';
import { z } from 'zod';
import { badRequest } from '../engine/errors';
import { FORBIDDEN_KEYS } from '../engine/request-body';
import { parseInput } from '../engine/validation';
import { activityEventWire } from '../routes/activity';
import { MAGIC_HANDLES } from '../routes/contacts';
import { conversationWire } from '../routes/conversations';
import { messageWire } from '../routes/messages';
import { FIXTURE_KEYS, type Store } from '../store/index';
import { MAX_TAGS, uniqueTags } from '../store/changes';
import { HEADCOUNT_RANGES, buildNetworkCompanyRecord, makeNetworkPerson, slug } from '../store/network';
import type {
  AccountRecord,
  ContactRecord,
  CustomFieldRecord,
  CustomFieldTarget,
  CustomFieldValue,
  MessageRecord,
  NetworkCompanyRecord,
  NetworkPersonRecord,
} from '../store/types';
import { companyListItemWire, companyEnrichmentWire, contactWire, personEnrichmentWire, viewWire } from '../store/wire';

/*
 * Typed seeding (contract §3.3): records the API could hold, put in through the store's own methods so every
 * endpoint sees them at once. Every input is checked in full before anything is written, so a refused seed
 * changes nothing; over HTTP the same functions answer `POST /__mock/seed/{kind}`.
 */

type CustomFields = { [name: string]: unknown };

/** A contact to seed: its account, any Contact fields, and custom field values by registered name. */
export type SeedContactInput = { account_id: string } & Partial<
  Pick<
    Contact,
    | 'first_name'
    | 'last_name'
    | 'headline'
    | 'primary_role_title'
    | 'primary_company_name'
    | 'public_identifier'
    | 'relationship_status'
    | 'tags'
    | 'notes_json'
    | 'work_email'
    | 'phone'
    | 'follower_count'
    | 'connections_count'
    | 'last_interaction_at'
    | 'connection_invitation'
  >
> &
  CustomFields;

export type SeedCompanyInput = { account_id: string } & Partial<
  Pick<Company, 'name' | 'public_identifier' | 'headline' | 'about' | 'website_url' | 'headcount' | 'employee_count' | 'tags' | 'notes_json'>
> &
  CustomFields;

export interface SeedViewInput {
  account_id: string;
  name: string;
  description?: string | null;
  /** The view selects these contacts (contact ids of the account)... */
  contact_ids?: string[];
  /** ...or the account's contacts with this tag. */
  tag?: string;
}

export interface SeedMessageInput {
  conversation_id: string;
  text?: string;
  direction?: Message['direction'];
  sent_at?: string;
}

export interface SeedConversationInput {
  account_id: string;
  contact_ids: string[];
  channel?: 'network_message' | 'network_inmail';
  messages?: Omit<SeedMessageInput, 'conversation_id'>[];
}

export type SeedActivityEventInput = { account_id: string } & Partial<
  Pick<ActivityEvent, 'event_type' | 'occurred_at' | 'recorded_at' | 'source' | 'channel' | 'subject_key' | 'metadata'>
>;

export interface SeedNetworkProfileInput {
  /** The profile's handle: `https://www.network.com/in/HANDLE` (or `/company/HANDLE`). */
  handle: string;
  kind: 'member' | 'company';
  first_name?: string;
  last_name?: string;
  headline?: string;
  primary_role_title?: string;
  /** A person's current company: the handle of a network company. */
  company?: string;
  /** A company's name. */
  name?: string;
  headcount?: string;
  employee_count?: number;
  website_url?: string;
  about?: string;
}

export interface SeedCustomFieldInput {
  target: CustomFieldTarget;
  name: string;
  type: CustomFieldRecord['type'];
  /** Default: the organization of the admin fixture key (Acme). */
  organization_id?: number;
}

export interface Seeder {
  contact(input: SeedContactInput): Contact;
  company(input: SeedCompanyInput): Company;
  view(input: SeedViewInput): View;
  conversation(input: SeedConversationInput): Conversation;
  message(input: SeedMessageInput): Message;
  activityEvent(input: SeedActivityEventInput): ActivityEvent;
  networkProfile(input: SeedNetworkProfileInput): EnrichmentBlock;
  customField(input: SeedCustomFieldInput): { organization_id: number; target: CustomFieldTarget; name: string; type: CustomFieldRecord['type'] };
}

export const SEED_KINDS = ['contact', 'company', 'view', 'conversation', 'message', 'activityEvent', 'networkProfile', 'customField'] as const;
export type SeedKind = (typeof SEED_KINDS)[number];

const HANDLE = /^[a-z0-9][a-z0-9_.-]{0,99}$/;
const instant = z.iso.datetime({ offset: true });
const handle = z.string().regex(HANDLE, 'must be a profile handle: lowercase letters, digits, ".", "_" or "-", starting with a letter or digit');
const notes = z
  .string()
  .nullable()
  .refine((value) => {
    if (value === null) return true;
    try {
      JSON.parse(value);
      return true;
    } catch {
      return false;
    }
  }, 'must be JSON text or null');
const tags = z.array(schemas.Tag).max(MAX_TAGS);

const contactInput = z
  .object({
    account_id: z.string(),
    // null, which the Contact type allows for these, means "generate it" as leaving the field out does.
    first_name: z.string().min(1).nullable().optional(),
    last_name: z.string().min(1).nullable().optional(),
    headline: z.string().nullable().optional(),
    primary_role_title: z.string().nullable().optional(),
    primary_company_name: z.string().min(1).nullable().optional(),
    public_identifier: handle.optional(),
    relationship_status: z.enum(['connected', 'not_connected', 'unknown']).optional(),
    tags: tags.optional(),
    notes_json: notes.optional(),
    work_email: z.email().nullable().optional(),
    phone: z.string().nullable().optional(),
    follower_count: z.number().int().min(0).nullable().optional(),
    connections_count: z.number().int().min(0).nullable().optional(),
    last_interaction_at: instant.nullable().optional(),
    connection_invitation: z
      .object({ status: z.literal('pending').optional(), direction: z.enum(['incoming', 'outgoing']).optional(), received_at: instant.optional() })
      .nullable()
      .optional(),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));

const companyInput = z
  .object({
    account_id: z.string(),
    name: z.string().min(1).optional(),
    public_identifier: handle.optional(),
    headline: z.string().optional(),
    about: z.string().optional(),
    website_url: z.url().optional(),
    headcount: z.enum(HEADCOUNT_RANGES.map((range) => range.label) as [string, ...string[]]).optional(),
    employee_count: z.number().int().min(1).optional(),
    tags: tags.optional(),
    notes_json: notes.optional(),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));

const viewInput = z.strictObject({
  account_id: z.string(),
  name: z.string().min(1),
  description: z.string().nullable().optional(),
  contact_ids: z.array(z.string()).max(10_000).optional(),
  tag: z.string().min(1).optional(),
});

const messageFields = {
  text: z.string().optional(),
  direction: z.enum(['sent', 'received']).optional(),
  sent_at: instant.optional(),
};
const messageInput = z.strictObject({ conversation_id: z.string(), ...messageFields });
const conversationInput = z.strictObject({
  account_id: z.string(),
  contact_ids: z.array(z.string()).min(1).max(100),
  channel: z.enum(['network_message', 'network_inmail']).optional(),
  messages: z.array(z.strictObject(messageFields)).max(1_000).optional(),
});

const activityInput = z.strictObject({
  account_id: z.string(),
  event_type: schemas.ActivityEventType.optional(),
  occurred_at: instant.optional(),
  recorded_at: instant.optional(),
  source: z.string().min(1).optional(),
  channel: z.string().min(1).optional(),
  subject_key: z.string().min(1).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});

const networkProfileInput = z.strictObject({
  handle,
  kind: z.enum(['member', 'company']),
  first_name: z.string().min(1).optional(),
  last_name: z.string().min(1).optional(),
  headline: z.string().optional(),
  primary_role_title: z.string().optional(),
  company: handle.optional(),
  name: z.string().min(1).optional(),
  headcount: z.enum(HEADCOUNT_RANGES.map((range) => range.label) as [string, ...string[]]).optional(),
  employee_count: z.number().int().min(1).optional(),
  website_url: z.url().optional(),
  about: z.string().optional(),
});

const customFieldInput = z.strictObject({
  target: z.enum(['contact', 'company']),
  name: z.string().trim().min(1).max(100),
  type: z.enum(['string', 'number', 'boolean']),
  organization_id: z.number().int().optional(),
});

/** Keys a custom field may not take: the wire fields of its record, which would hide it. */
const CONTACT_KEYS = new Set([...Object.keys(schemas.Contact.shape), 'account_id']);
const COMPANY_KEYS = new Set([...Object.keys(schemas.Company.shape), 'account_id', 'contact_count']);

function check<S extends z.ZodType>(schema: S, input: unknown, kind: string): z.output<S> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw badRequest(`mock.seed.${kind} takes an object.`);
  return parseInput(schema, input, 'body');
}

function requireAccount(store: Store, accountId: string): AccountRecord {
  const account = store.account(accountId);
  if (!account) throw badRequest(`Unknown account_id "${accountId}": use an id of the dataset's accounts (mock.db.accounts()).`);
  return account;
}

/** The custom field values of a seed input (the keys that are not record fields), checked against the registry. */
function customValues(store: Store, input: Record<string, unknown>, known: ReadonlySet<string>, account: AccountRecord, target: CustomFieldTarget) {
  const values = new Map<string, CustomFieldValue>();
  for (const [name, value] of Object.entries(input)) {
    if (known.has(name)) continue;
    const field = store.customField(account.organization_id, target, name);
    if (!field && (target === 'contact' ? CONTACT_KEYS : COMPANY_KEYS).has(name)) {
      throw badRequest(`"${name}" cannot be seeded: the mock derives it. Settable ${target} fields: ${[...known].filter((key) => key !== 'account_id').join(', ')}.`);
    }
    if (!field) {
      const registered = store.customFieldsOf(account.organization_id, target).map((candidate) => `"${candidate.name}"`).join(', ') || 'none';
      throw badRequest(`"${name}" is neither a ${target} field nor a registered ${target} custom field (registered: ${registered}). Register it with mock.seed.customField first.`);
    }
    if (value === null) continue;
    if (typeof value !== field.type) throw badRequest(`Custom field "${name}" takes a ${field.type}, got ${typeof value}.`);
    values.set(name, value as CustomFieldValue);
  }
  return values;
}

/** The first instant at or before `now`, so nothing seeded by default lies after it. */
const beforeNow = (store: Store, msBefore: number) => new Date(store.now.getTime() - msBefore).toISOString();

/** Runs a seed; when it throws, the store is put back as it was, so a refused seed changes nothing. */
function atomically<T>(store: Store, seed: () => T): T {
  const before = store.snapshot();
  try {
    return seed();
  } catch (error) {
    store.restore(before);
    throw error;
  }
}

export function createSeeder(store: Store): Seeder {
  const seeder = seedersOf(store);
  const wrapped = {} as Record<string, (input: unknown) => unknown>;
  for (const kind of SEED_KINDS) {
    const seed = seeder[kind] as (input: unknown) => unknown;
    wrapped[kind] = (input) => atomically(store, () => seed(input));
  }
  return wrapped as unknown as Seeder;
}

function seedersOf(store: Store): Seeder {
  const contactFieldNames = new Set(Object.keys(contactInput.shape));
  const companyFieldNames = new Set(Object.keys(companyInput.shape));

  const personFor = (input: z.output<typeof contactInput>, account: AccountRecord): { person: NetworkPersonRecord; isNew: boolean } => {
    if (input.public_identifier !== undefined) {
      const existing = store.person(input.public_identifier);
      if (existing) {
        if (store.contactOfPerson(account.account_id, existing)) {
          throw badRequest(`Account ${account.account_id} already holds "${input.public_identifier}".`);
        }
        return { person: existing, isNew: false };
      }
    }
    const random = store.randomFor('seed', 'contact', store.ids.take('seed'));
    let company: NetworkCompanyRecord = random.pick(store.networkCompanies());
    if (input.primary_company_name != null) {
      company =
        store.networkCompanies().find((candidate) => candidate.name === input.primary_company_name) ??
        buildNetworkCompanyRecord(random, store.pools, store.ids, store.now, { name: input.primary_company_name });
    }
    const made = makeNetworkPerson(random, store.pools, store.ids, store.now, [company]);
    const firstName = input.first_name ?? made.first_name;
    const lastName = input.last_name ?? made.last_name;
    const title = input.primary_role_title ?? made.primary_role_title;
    const person: NetworkPersonRecord = {
      ...made,
      first_name: firstName,
      last_name: lastName,
      primary_role_title: title,
      headline: input.headline ?? `${title} at ${company.name}`,
      public_identifier: input.public_identifier ?? `${slug(`${firstName}-${lastName}`) || 'person'}-${made.provider_participant_id.replace(/\D/g, '')}`,
      follower_count: input.follower_count ?? made.follower_count,
      connections_count: input.connections_count ?? made.connections_count,
    };
    if (store.person(person.public_identifier)) throw badRequest(`The handle "${person.public_identifier}" is taken.`);
    return { person, isNew: true };
  };

  return {
    contact(raw) {
      const input = check(contactInput, raw, 'contact');
      const account = requireAccount(store, input.account_id);
      const values = customValues(store, input, contactFieldNames, account, 'contact');
      if (input.public_identifier && Object.values(MAGIC_HANDLES).includes(input.public_identifier as never)) {
        throw badRequest(`"${input.public_identifier}" is a magic handle: the network answers it with an error, so no contact holds it.`);
      }
      const { person, isNew } = personFor(input, account);
      // Every check passed: from here on the writes happen.
      if (isNew) {
        if (!store.networkCompany(person.company.public_identifier)) store.addNetworkCompany(person.company);
        store.addNetworkPerson(person);
      }
      const random = store.randomFor('seed', 'contact', person.provider_participant_id, account.account_id);
      const contact = store.addContact({
        account,
        person,
        created_at: beforeNow(store, random.int(1, 365) * 86_400_000),
        relationship_status: input.relationship_status ?? 'connected',
        fill: (created: ContactRecord) => {
          if (input.tags) created.tags = uniqueTags(input.tags);
          if (input.notes_json !== undefined) created.notes_json = input.notes_json;
          if (input.work_email !== undefined) created.work_email = input.work_email;
          if (input.phone !== undefined) created.phone = input.phone;
          if (input.last_interaction_at !== undefined) created.last_interaction_at = input.last_interaction_at;
          if (input.connection_invitation) {
            created.connection_invitation = {
              status: 'pending',
              direction: input.connection_invitation.direction ?? 'incoming',
              invite_id: store.ids.take('invite'),
              invite_state: 'pending',
              invite_type: 'connection_request',
              received_at: input.connection_invitation.received_at ?? beforeNow(store, random.int(1, 72) * 3_600_000),
            };
          }
          created.custom_fields = values;
        },
      });
      return contactWire(store, contact, 'full');
    },

    company(raw) {
      const input = check(companyInput, raw, 'company');
      const account = requireAccount(store, input.account_id);
      const values = customValues(store, input, companyFieldNames, account, 'company');
      let network = input.public_identifier === undefined ? undefined : store.networkCompany(input.public_identifier);
      if (network && store.findCompanyOf(account.account_id, network)) {
        throw badRequest(`Account ${account.account_id} already tracks the company "${input.public_identifier}".`);
      }
      const isNew = network === undefined;
      network ??= buildNetworkCompanyRecord(store.randomFor('seed', 'company', store.ids.take('seed')), store.pools, store.ids, store.now, input);
      if (isNew && store.networkCompany(network.public_identifier)) throw badRequest(`The handle "${network.public_identifier}" is taken.`);
      if (isNew) store.addNetworkCompany(network);
      let company = store.companyOf(account, network);
      if (input.tags !== undefined || input.notes_json !== undefined || values.size > 0) {
        company = store.editCompany(company, (copy) => {
          if (input.tags) copy.tags = uniqueTags(input.tags);
          if (input.notes_json !== undefined) copy.notes_json = input.notes_json;
          copy.custom_fields = values;
        });
      }
      return companyListItemWire(company, store.contactCountOf(company));
    },

    view(raw) {
      const input = check(viewInput, raw, 'view');
      const account = requireAccount(store, input.account_id);
      if ((input.contact_ids === undefined) === (input.tag === undefined)) {
        throw badRequest('A view selects either "contact_ids" or a "tag": give exactly one.');
      }
      const contactIds = input.contact_ids && [...new Set(input.contact_ids)];
      const unknown = (contactIds ?? []).filter((id) => !store.findContact(account.account_id, id));
      if (unknown.length > 0) throw badRequest(`Unknown contact ids in account ${account.account_id}: ${unknown.join(', ')}.`);
      const random = store.randomFor('seed', 'view', input.name);
      const view = store.addView({
        account,
        name: input.name,
        description: input.description ?? null,
        origin: 'app',
        rules: contactIds ? { contact_ids: contactIds } : { tag: input.tag as string },
        created_at: beforeNow(store, random.int(1, 90) * 86_400_000),
      });
      return viewWire(store, view, true);
    },

    conversation(raw) {
      const input = check(conversationInput, raw, 'conversation');
      const account = requireAccount(store, input.account_id);
      const participants = [...new Set(input.contact_ids)].map((id) => {
        const contact = store.findContact(account.account_id, id);
        if (!contact) throw badRequest(`Unknown contact id "${id}" in account ${account.account_id}: a conversation's participants are its account's contacts.`);
        return contact;
      });
      const conversationId = store.ids.take('conversation');
      const random = store.randomFor('seed', 'conversation', conversationId);
      const given = input.messages && input.messages.length > 0 ? input.messages : [{}];
      let time = store.now.getTime() - random.int(2, 60) * 86_400_000;
      const messages: MessageRecord[] = given.map((message, index) => {
        const sentAt = message.sent_at ?? new Date(Math.min((time += random.int(5, 600) * 60_000), store.now.getTime())).toISOString();
        const direction = message.direction ?? (index === 0 ? 'sent' : random.chance(0.5) ? 'sent' : 'received');
        return messageRecord(store, conversationId, account, participants, { text: message.text, direction, sent_at: sentAt }, random);
      });
      messages.sort((a, b) => (a.sent_at < b.sent_at ? -1 : a.sent_at > b.sent_at ? 1 : 0));
      const conversation = store.addConversation({
        conversation_id: conversationId,
        provider_chat_id: `chat_${conversationId}`,
        organization_id: account.organization_id,
        account_id: account.account_id,
        channel: input.channel ?? 'network_message',
        participant_contact_ids: participants.map((contact) => contact.contact_id),
        created_at: (messages[0] as MessageRecord).sent_at,
        last_message_at: (messages[messages.length - 1] as MessageRecord).sent_at,
        messages,
      });
      for (const message of messages) recordMessageActivity(store, account, conversation.provider_chat_id, conversation.channel, message);
      return conversationWire(store, conversation);
    },

    message(raw) {
      const input = check(messageInput, raw, 'message');
      const found = store
        .organizations()
        .map((organization) => store.findConversation(organization.id, input.conversation_id))
        .find((conversation) => conversation !== undefined);
      if (!found) throw badRequest(`Unknown conversation_id "${input.conversation_id}": seed a conversation first or use one of the dataset's.`);
      const account = store.account(found.account_id) as AccountRecord;
      const participants = found.participant_contact_ids.flatMap((id) => store.findContact(account.account_id, id) ?? []);
      const random = store.randomFor('seed', 'message', found.conversation_id, found.messages.length);
      const message = messageRecord(
        store,
        found.conversation_id,
        account,
        participants,
        { text: input.text, direction: input.direction ?? 'sent', sent_at: input.sent_at ?? store.now.toISOString() },
        random,
      );
      store.addMessage(found, message);
      recordMessageActivity(store, account, found.provider_chat_id, found.channel, message);
      return messageWire(message);
    },

    activityEvent(raw) {
      const input = check(activityInput, raw, 'activityEvent');
      const account = requireAccount(store, input.account_id);
      const random = store.randomFor('seed', 'activity', store.ids.take('seed'));
      const occurredAt = input.occurred_at ?? beforeNow(store, random.int(1, 89 * 24) * 3_600_000);
      const recordedAt = input.recorded_at ?? occurredAt;
      if (Date.parse(recordedAt) < Date.parse(occurredAt)) throw badRequest('"recorded_at" cannot be before "occurred_at".');
      const eventType = input.event_type ?? 'message_sent';
      const event = {
        id: store.ids.take('activity'),
        organization_id: account.organization_id,
        occurred_at: new Date(occurredAt).toISOString(),
        recorded_at: new Date(recordedAt).toISOString(),
        event_type: eventType,
        source: input.source ?? (eventType.startsWith('connection') ? 'canonical_account_participants' : 'canonical_messages'),
        channel: input.channel ?? (eventType.startsWith('connection') ? 'network_connection' : eventType === 'inmail_sent' ? 'network_inmail' : 'network_message'),
        user_id: account.owner_user_id,
        account_id: account.account_id,
        subject_key: input.subject_key ?? `seed:${random.int(1, 1_000_000)}`,
        attribution_method: 'user_and_account',
        metadata: { ...input.metadata },
      };
      store.addActivity(event);
      return activityEventWire(event);
    },

    networkProfile(raw) {
      const input = check(networkProfileInput, raw, 'networkProfile');
      if (Object.values(MAGIC_HANDLES).includes(input.handle as never)) {
        throw badRequest(`"${input.handle}" is a magic handle: the network answers it with an error.`);
      }
      if (input.kind === 'company') {
        if (store.networkCompany(input.handle)) throw badRequest(`The company handle "${input.handle}" is taken.`);
        const company = buildNetworkCompanyRecord(store.randomFor('seed', 'company', input.handle), store.pools, store.ids, store.now, {
          ...input,
          public_identifier: input.handle,
        });
        store.addNetworkCompany(company);
        return companyEnrichmentWire(company);
      }
      if (store.person(input.handle)) throw badRequest(`The profile handle "${input.handle}" is taken.`);
      let company: NetworkCompanyRecord | undefined;
      if (input.company !== undefined) {
        company = store.networkCompany(input.company);
        if (!company) throw badRequest(`Unknown company handle "${input.company}": seed it first with kind "company".`);
      }
      const random = store.randomFor('seed', 'person', input.handle);
      const made = makeNetworkPerson(random, store.pools, store.ids, store.now, company ? [company] : store.networkCompanies());
      const title = input.primary_role_title ?? made.primary_role_title;
      const person: NetworkPersonRecord = {
        ...made,
        public_identifier: input.handle,
        first_name: input.first_name ?? made.first_name,
        last_name: input.last_name ?? made.last_name,
        primary_role_title: title,
        headline: input.headline ?? `${title} at ${made.company.name}`,
      };
      store.addNetworkPerson(person);
      return personEnrichmentWire(store, person);
    },

    customField(raw) {
      const input = check(customFieldInput, raw, 'customField');
      const adminKey = store.apiKey(FIXTURE_KEYS.admin);
      const organizationId = input.organization_id ?? store.user(adminKey?.user_id ?? '')?.organization_id;
      if (organizationId === undefined || !store.organization(organizationId)) {
        throw badRequest(`Unknown organization_id ${String(input.organization_id)}.`);
      }
      const reserved = input.target === 'contact' ? CONTACT_KEYS : COMPANY_KEYS;
      if (reserved.has(input.name)) throw badRequest(`"${input.name}" is a ${input.target} field of the API: a custom field cannot take its name.`);
      // A request body holding this key is refused, so a field of this name could never be set.
      if (FORBIDDEN_KEYS.has(input.name)) throw badRequest(`"${input.name}" cannot name a custom field: request bodies may not hold that key.`);
      if (store.customField(organizationId, input.target, input.name)) {
        throw badRequest(`The ${input.target} custom field "${input.name}" is already registered.`);
      }
      const field = { organization_id: organizationId, target: input.target, name: input.name, type: input.type };
      store.addCustomField(field);
      return field;
    },
  };
}

function messageRecord(
  store: Store,
  conversationId: string,
  account: AccountRecord,
  participants: readonly ContactRecord[],
  message: { text: string | undefined; direction: 'sent' | 'received'; sent_at: string },
  random: ReturnType<Store['randomFor']>,
): MessageRecord {
  const messageId = store.ids.take('message');
  const sender = message.direction === 'sent' || participants.length === 0 ? account.provider_account_id : random.pick(participants).person.provider_participant_id;
  return {
    message_id: messageId,
    provider_message_id: `msg_${messageId}`,
    conversation_id: conversationId,
    direction: message.direction,
    sent_at: new Date(message.sent_at).toISOString(),
    is_edited: false,
    is_deleted: false,
    text: message.text ?? random.pick(store.pools.messageTexts),
    sender_participant_id: sender,
    attachments: [],
  };
}

/** A message the account sent, or a reply it received, is an activity fact as in the seeded dataset. */
function recordMessageActivity(store: Store, account: AccountRecord, providerChatId: string, channel: string, message: MessageRecord): void {
  store.addActivity({
    id: store.ids.take('activity'),
    organization_id: account.organization_id,
    occurred_at: message.sent_at,
    recorded_at: message.sent_at,
    event_type: message.direction === 'sent' ? (channel === 'network_inmail' ? 'inmail_sent' : 'message_sent') : 'outbound_reply_received',
    source: 'canonical_messages',
    channel,
    user_id: account.owner_user_id,
    account_id: account.account_id,
    subject_key: `chat:${providerChatId}`,
    attribution_method: 'user_and_account',
    metadata: { provider_message_id: message.provider_message_id, provider_chat_id: providerChatId, message_source: 'network' },
  });
}

/** `POST /__mock/seed/{kind}`: the same seeding, named by kind. */
export function seedByKind(store: Store, kind: string, input: unknown): unknown {
  if (!(SEED_KINDS as readonly string[]).includes(kind)) {
    throw badRequest(`Unknown seed kind "${kind}": use one of ${SEED_KINDS.join(', ')}.`);
  }
  const seeder = createSeeder(store) as unknown as Record<SeedKind, (input: unknown) => unknown>;
  return seeder[kind as SeedKind](input);
}
