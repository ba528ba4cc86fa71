import type { Faker } from '@faker-js/faker';
import type { Random } from './random';
import type { Store } from './store';
import type {
  AccountRecord,
  ActivityEventRecord,
  AttachmentRecord,
  ContactRecord,
  CustomFieldRecord,
  CustomFieldValue,
  MessageRecord,
  NetworkPersonRecord,
  OrganizationRecord,
  RelationshipStatus,
  SequenceRecord,
  SequenceStepRecord,
  UserRecord,
  ViewRecord,
} from './types';
import { buildNetworkCompanies, makeNetworkPerson } from './network-generator';
import { DEAL_STAGES, FIXTURE_KEYS, PRIORITIES, TAG_CATALOG, TIERS } from './fixtures';
import { messageActivity, messageRecord } from './builders';
import { MEDIA_ORIGIN } from './urls';
import { DAY, HOUR, MINUTE, timeBefore } from './anchor';

export interface DatasetSize {
  /** Build the organizations, users and keys only (the dataset a snapshot is loaded on). */
  organizationsOnly?: true;
  contactsPerAccount: number;
  /** Contacts of Acme's shared admin account when it should differ from the others (the large-account benchmark). */
  primaryAccountContacts: number;
  conversationsPerAccount: number;
  networkSize: number;
}

interface Builder {
  store: Store;
  faker: Faker;
  random: Random;
  size: DatasetSize;
  /** Events gathered while seeding, numbered in time order at the end. */
  activity: ActivityEventRecord[];
}

function addOrganization(b: Builder, name: string, flags: Partial<OrganizationRecord> = {}): OrganizationRecord {
  const organization: OrganizationRecord = {
    id: Number(b.store.ids.take('organization')),
    name,
    created_at: timeBefore(b.store.now, b.random.int(400, 2000)),
    api_access_enabled: true,
    plan_includes_api: true,
    credits: 1000,
    ...flags,
  };
  b.store.directory.putOrganization(organization);
  return organization;
}

function addUser(b: Builder, organization: OrganizationRecord, isAdmin: boolean, active = true): UserRecord {
  const firstName = b.faker.person.firstName();
  const lastName = b.faker.person.lastName();
  const domain = `${organization.name.toLowerCase()}.example.com`;
  const user: UserRecord = {
    id: b.store.ids.take('user'),
    organization_id: organization.id,
    name: `${firstName} ${lastName}`,
    email: `${firstName}.${lastName}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, ''),
    is_admin: isAdmin,
    active,
  };
  b.store.directory.addUser(user);
  return user;
}

function addKey(b: Builder, key: string, user: UserRecord, retired = false): void {
  b.store.directory.addApiKey({ key, user_id: user.id, retired });
}

function addAccount(b: Builder, owner: UserRecord, sharedForApi: boolean): AccountRecord {
  const account: AccountRecord = {
    account_id: b.store.ids.take('account'),
    organization_id: owner.organization_id,
    display_name: owner.name,
    provider_account_id: `pa_${b.faker.string.alphanumeric({ length: 12, casing: 'lower' })}`,
    owner_user_id: owner.id,
    shared_for_api: sharedForApi,
  };
  b.store.directory.addAccount(account);
  return account;
}

function registerField(b: Builder, field: CustomFieldRecord): void {
  b.store.customFields.add(field);
}

function relationshipStatusFor(b: Builder, index: number): RelationshipStatus {
  // The first three cover every status; the rest are mostly connected, as on the network.
  if (index < 3) return (['connected', 'not_connected', 'unknown'] as const)[index] as RelationshipStatus;
  const roll = b.random.next();
  return roll < 0.6 ? 'connected' : roll < 0.9 ? 'not_connected' : 'unknown';
}

function fieldValue(b: Builder, field: CustomFieldRecord): CustomFieldValue {
  if (field.type === 'number') return b.random.int(0, 100);
  if (field.type === 'boolean') return b.random.chance(0.5);
  if (field.name === 'Tier') return b.random.pick(TIERS);
  if (field.name === 'Priority') return b.random.pick(PRIORITIES);
  return b.random.pick(DEAL_STAGES);
}

function sequenceFor(b: Builder): SequenceRecord {
  const sequenceId = b.store.ids.take('sequence');
  const startedDaysAgo = b.random.int(2, 40);
  const stepsDone = b.random.int(0, 3);
  const stepTypes = ['connection_request', 'message', 'message'] as const;
  const steps = stepTypes.map((stepType, position): SequenceStepRecord => ({
    step_id: b.store.ids.take('sequence_step'),
    step_type: stepType,
    trigger_type: position === 0 ? 'immediate' : 'delay',
    position: position + 1,
    message_mode: 'template',
    state: position < stepsDone ? 'completed' : position === stepsDone ? 'scheduled' : 'pending',
    template_run_public_id: `tr_${sequenceId}_${position + 1}`,
    scheduled_for: timeBefore(b.store.now, (stepsDone - position) * 3),
  }));
  const next = steps[stepsDone];
  return {
    sequence_id: sequenceId,
    status: next ? (b.random.chance(0.8) ? 'active' : 'paused') : 'completed',
    stop_if_person_replies: b.random.chance(0.8),
    steps,
    reply_guard_after: timeBefore(b.store.now, startedDaysAgo),
    next_step_id: next?.step_id ?? null,
    next_step_scheduled_for: next?.scheduled_for ?? null,
  };
}

function fillContact(b: Builder, contact: ContactRecord, index: number, fields: CustomFieldRecord[]): void {
  const person = contact.person;
  if (contact.relationship_status === 'not_connected' && (index < 3 || b.random.chance(0.3))) {
    contact.connection_invitation = {
      status: 'pending',
      direction: 'incoming',
      invite_id: b.store.ids.take('invite'),
      invite_state: 'pending',
      invite_type: 'connection_request',
      received_at: timeBefore(b.store.now, b.random.int(1, 30 * 24), HOUR),
    };
  }
  if (index < 2 || b.random.chance(0.7)) contact.tags = b.random.sample(TAG_CATALOG, b.random.int(1, 2)).map((tag) => ({ ...tag }));
  if (index < 2 || b.random.chance(0.4)) {
    contact.notes_json = JSON.stringify([
      { text: b.random.pick(b.store.pools.noteTexts), created_at: timeBefore(b.store.now, b.random.int(1, 300)) },
    ]);
  }
  for (const field of fields) {
    if (index < 2 || b.random.chance(0.5)) contact.custom_fields.set(field.name, fieldValue(b, field));
  }
  if (b.random.chance(0.3)) {
    const domain = person.company.website_url.replace(/^https:\/\//, '');
    contact.work_email = `${person.first_name}.${person.last_name}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
  }
  if (b.random.chance(0.2)) contact.phone = `+1${b.random.int(2_000_000_000, 9_999_999_999)}`;
  if (index < 2 || b.random.chance(0.15)) contact.sequence = sequenceFor(b);
  if (b.random.chance(0.5)) contact.last_interaction_at = timeBefore(b.store.now, b.random.int(1, 200));
}

function seedContacts(
  b: Builder,
  account: AccountRecord,
  count: number,
  fields: CustomFieldRecord[],
  shared: readonly NetworkPersonRecord[],
): ContactRecord[] {
  const contacts: ContactRecord[] = [];
  // Some people are held by several accounts of the organization: the same contact_id, a relationship each.
  const sharedPeople = b.random.sample(shared, Math.min(shared.length, Math.floor(count / 10)));
  for (let index = 0; index < count; index++) {
    const person =
      index % 10 === 9 && sharedPeople.length > 0
        ? (sharedPeople.pop() as NetworkPersonRecord)
        : b.store.network.addPerson(makeNetworkPerson(b.random, b.store.pools, b.store.ids, b.store.now, b.store.network.companies()));
    const contact = b.store.contacts.add({
      account,
      person,
      created_at: timeBefore(b.store.now, b.random.int(5, 700)),
      relationship_status: relationshipStatusFor(b, index),
      fill: (created) => fillContact(b, created, index, fields),
    });
    contacts.push(contact);
  }
  return contacts;
}

function seedCompanyValues(b: Builder, account: AccountRecord, fields: CustomFieldRecord[]): void {
  for (const company of b.store.companies.ofAccount(account.account_id)) {
    b.store.companies.edit(company, (copy) => {
      if (b.random.chance(0.3)) copy.tags = b.random.sample(TAG_CATALOG, 1).map((tag) => ({ ...tag }));
      if (b.random.chance(0.2)) copy.notes_json = JSON.stringify([{ text: b.random.pick(b.store.pools.noteTexts) }]);
      for (const field of fields) {
        if (b.random.chance(0.5)) copy.custom_fields.set(field.name, fieldValue(b, field));
      }
    });
  }
}

function seedViews(b: Builder, account: AccountRecord, contacts: ContactRecord[]): void {
  addAppView(b, account, 'Customers', 'Contacts tagged Customer', { tag: 'Customer' });
  const picked = b.random.sample(contacts, Math.min(12, contacts.length)).map((contact) => contact.contact_id);
  addAppView(b, account, 'Hot leads', 'Hand-picked contacts to follow up', { contact_ids: picked });
}

function addAppView(b: Builder, account: AccountRecord, name: string, description: string, rules: ViewRecord['rules']): ViewRecord {
  return b.store.views.add({ account, name, description, origin: 'app', rules, created_at: timeBefore(b.store.now, b.random.int(10, 300)) });
}

function attachmentFor(b: Builder, index: number): AttachmentRecord {
  const id = b.store.ids.take('attachment');
  const isImage = b.random.chance(0.5);
  return {
    attachment_id: id,
    kind: isImage ? 'image' : 'file',
    provider_attachment_id: `att_${id}`,
    title: isImage ? 'photo.png' : 'proposal.pdf',
    subtitle: null,
    description: null,
    url: `${MEDIA_ORIGIN}/attachments/${id}`,
    thumbnail_url: isImage ? `${MEDIA_ORIGIN}/attachments/${id}/thumb` : null,
    mime_type: isImage ? 'image/png' : 'application/pdf',
    file_name: isImage ? `photo-${id}.png` : `proposal-${id}.pdf`,
    sort_order: index,
    size_bytes: b.random.int(10_000, 4_000_000),
    width: isImage ? 1280 : null,
    height: isImage ? 720 : null,
    duration_ms: null,
  };
}

function addActivity(b: Builder, event: Omit<ActivityEventRecord, 'id' | 'recorded_at' | 'attribution_method'>): void {
  // Recorded a little after it occurred, never after `now`. Spelled out below, not spread, in the order the state file keeps.
  const recordedAt = Math.min(Date.parse(event.occurred_at) + b.random.int(1, 120) * 1000, b.store.now.getTime());
  b.activity.push({
    organization_id: event.organization_id,
    occurred_at: event.occurred_at,
    event_type: event.event_type,
    source: event.source,
    channel: event.channel,
    user_id: event.user_id,
    account_id: event.account_id,
    subject_key: event.subject_key,
    metadata: event.metadata,
    id: '',
    recorded_at: new Date(recordedAt).toISOString(),
    attribution_method: 'user_and_account',
  });
}

function seedConversations(b: Builder, account: AccountRecord, contacts: ContactRecord[]): void {
  const windowMs = 89 * DAY;
  for (let index = 0; index < b.size.conversationsPerAccount && contacts.length > 0; index++) {
    const participants = b.random.chance(0.1) ? b.random.sample(contacts, b.random.int(2, 3)) : [b.random.pick(contacts)];
    const conversationId = b.store.ids.take('conversation');
    const providerChatId = `chat_${conversationId}`;
    const channel = b.random.chance(0.85) ? 'network_message' : 'network_inmail';
    let time = b.store.now.getTime() - b.random.int(DAY, windowMs);
    const messages: MessageRecord[] = [];
    const messageCount = b.random.int(2, 8);
    for (let position = 0; position < messageCount; position++) {
      const sent = position === 0 || b.random.chance(0.5);
      const sender = sent ? account.provider_account_id : b.random.pick(participants).person.provider_participant_id;
      const messageId = b.store.ids.take('message');
      const withAttachments = index % 5 === 0 && position === 0;
      const message = messageRecord(messageId, {
        conversation_id: conversationId,
        direction: sent ? 'sent' : 'received',
        sent_at: new Date(time).toISOString(),
        is_edited: b.random.chance(0.05),
        is_deleted: b.random.chance(0.02),
        text: b.random.pick(b.store.pools.messageTexts),
        sender_participant_id: sender,
        attachments: withAttachments ? Array.from({ length: b.random.int(1, 2) }, (_, order) => attachmentFor(b, order)) : [],
      });
      messages.push(message);
      const previous = messages[messages.length - 2];
      if (sent || previous?.direction === 'sent') addActivity(b, messageActivity(account, providerChatId, channel, message));
      time = Math.min(b.store.now.getTime() - 60_000, time + b.random.int(10, 48 * 60) * 60_000);
    }
    const last = messages[messages.length - 1] as MessageRecord;
    b.store.conversations.add({
      conversation_id: conversationId,
      provider_chat_id: providerChatId,
      organization_id: account.organization_id,
      account_id: account.account_id,
      channel,
      participant_contact_ids: participants.map((contact) => contact.contact_id),
      created_at: (messages[0] as MessageRecord).sent_at,
      last_message_at: last.sent_at,
      messages,
    });
    for (const participant of participants) {
      const contact = b.store.contacts.ofAccount(account.account_id)[participant.position] as ContactRecord;
      if (!contact.last_interaction_at || contact.last_interaction_at < last.sent_at) {
        b.store.contacts.edit(contact, (copy) => {
          copy.last_interaction_at = last.sent_at;
        });
      }
    }
  }
}

function seedConnectionActivity(b: Builder, account: AccountRecord, contacts: ContactRecord[]): void {
  // Connection and sequence facts beside the message facts, so reports see several types and channels.
  const count = Math.min(60, contacts.length);
  for (const contact of b.random.sample(contacts, count)) {
    const accepted = contact.relationship_status === 'connected';
    const occurredAt = timeBefore(b.store.now, b.random.int(60, 89 * 24 * 60), MINUTE);
    const fromSequence = contact.sequence !== null;
    addActivity(b, {
      organization_id: account.organization_id,
      occurred_at: occurredAt,
      event_type: 'connection_request_sent',
      source: fromSequence ? 'canonical_sequence_steps' : 'canonical_account_participants',
      channel: 'network_connection',
      user_id: account.owner_user_id,
      account_id: account.account_id,
      subject_key: `participant:${contact.person.provider_participant_id}`,
      metadata: {},
    });
    if (accepted) {
      addActivity(b, {
        organization_id: account.organization_id,
        occurred_at: new Date(Math.min(Date.parse(occurredAt) + b.random.int(1, 72) * 3_600_000, b.store.now.getTime() - 1000)).toISOString(),
        event_type: 'connection_request_accepted',
        source: fromSequence ? 'sequence_runner_report' : 'canonical_account_participants',
        channel: 'network_connection',
        user_id: account.owner_user_id,
        account_id: account.account_id,
        subject_key: `participant:${contact.person.provider_participant_id}`,
        metadata: {},
      });
    }
  }
}

function seedSequenceActivity(b: Builder, account: AccountRecord, contacts: ContactRecord[]): void {
  // ISO texts of one form compare as the instants do: no date parsed per step.
  const windowStart = timeBefore(b.store.now, 90);
  for (const contact of contacts) {
    for (const step of contact.sequence?.steps ?? []) {
      if (step.state !== 'completed' || step.scheduled_for === null || step.scheduled_for < windowStart) continue;
      addActivity(b, {
        organization_id: account.organization_id,
        occurred_at: step.scheduled_for,
        event_type: 'sequence_step_completed',
        source: 'sequence_runner_report',
        channel: step.step_type === 'connection_request' ? 'network_connection' : 'network_message',
        user_id: account.owner_user_id,
        account_id: account.account_id,
        subject_key: `sequence_step:${step.step_id}`,
        metadata: {},
      });
    }
  }
}

function seedAccount(
  b: Builder,
  account: AccountRecord,
  contactCount: number,
  fields: { contact: CustomFieldRecord[]; company: CustomFieldRecord[] },
  shared: readonly NetworkPersonRecord[] = [],
): ContactRecord[] {
  const contacts = seedContacts(b, account, contactCount, fields.contact, shared);
  seedCompanyValues(b, account, fields.company);
  seedViews(b, account, contacts);
  seedConversations(b, account, contacts);
  seedConnectionActivity(b, account, contacts);
  seedSequenceActivity(b, account, contacts);
  return contacts;
}

/** Builds the default dataset into an empty store. */
export function buildDataset(store: Store, faker: Faker, random: Random, size: DatasetSize): void {
  const b: Builder = { store, faker, random, size, activity: [] };

  const acme = addOrganization(b, 'Acme');
  const globex = addOrganization(b, 'Globex');
  const initech = addOrganization(b, 'Initech', { credits: 0 });
  const umbrella = addOrganization(b, 'Umbrella', { api_access_enabled: false });
  const hooli = addOrganization(b, 'Hooli', { plan_includes_api: false });

  const acmeAdmin = addUser(b, acme, true);
  const acmeMember = addUser(b, acme, false);
  const acmeInactive = addUser(b, acme, false, false);
  const globexAdmin = addUser(b, globex, true);
  const initechAdmin = addUser(b, initech, true);
  const umbrellaUser = addUser(b, umbrella, true);
  const hooliUser = addUser(b, hooli, true);

  addKey(b, FIXTURE_KEYS.admin, acmeAdmin);
  addKey(b, FIXTURE_KEYS.member, acmeMember);
  addKey(b, FIXTURE_KEYS.retired, acmeAdmin, true);
  addKey(b, FIXTURE_KEYS.apiDisabled, umbrellaUser);
  addKey(b, FIXTURE_KEYS.inactiveUser, acmeInactive);
  addKey(b, FIXTURE_KEYS.noApiFeature, hooliUser);
  addKey(b, FIXTURE_KEYS.noCredits, initechAdmin);
  addKey(b, FIXTURE_KEYS.otherOrg, globexAdmin);
  if (size.organizationsOnly) return;

  const contactFields = (organization: OrganizationRecord, fields: [string, CustomFieldRecord['type']][]) =>
    fields.map(([name, type]) => ({ organization_id: organization.id, target: 'contact' as const, name, type }));
  const acmeContactFields = contactFields(acme, [['Deal stage', 'string'], ['Lead score', 'number'], ['Is customer', 'boolean']]);
  const acmeCompanyFields: CustomFieldRecord[] = [{ organization_id: acme.id, target: 'company', name: 'Tier', type: 'string' }];
  const globexContactFields = contactFields(globex, [['Priority', 'string']]);
  const initechContactFields = contactFields(initech, [['Deal stage', 'string']]);
  for (const field of [...acmeContactFields, ...acmeCompanyFields, ...globexContactFields, ...initechContactFields]) registerField(b, field);

  const acmeShared = addAccount(b, acmeAdmin, true);
  const memberAccount = addAccount(b, acmeMember, true);
  const acmePrivate = addAccount(b, acmeAdmin, false);
  const globexAccount = addAccount(b, globexAdmin, true);
  const initechAccount = addAccount(b, initechAdmin, true);
  addAccount(b, umbrellaUser, true);
  addAccount(b, hooliUser, true);

  const acmeFields = { contact: acmeContactFields, company: acmeCompanyFields };
  const sharedPeople = seedAccount(b, acmeShared, size.primaryAccountContacts, acmeFields).map((contact) => contact.person);
  seedAccount(b, memberAccount, size.contactsPerAccount, acmeFields, sharedPeople);
  seedAccount(b, acmePrivate, size.contactsPerAccount, acmeFields, sharedPeople);
  seedAccount(b, globexAccount, size.contactsPerAccount, { contact: globexContactFields, company: [] });
  seedAccount(b, initechAccount, size.contactsPerAccount, { contact: initechContactFields, company: [] });

  // People nobody has imported work partly at companies nobody tracks, so both kinds of profile are importable.
  const untracked = buildNetworkCompanies(faker, random, store.pools, store.ids, store.now, Math.ceil(size.networkSize / 10) + 1)
    .filter((company) => !store.network.company(company.public_identifier));
  for (const company of untracked) store.network.addCompany(company);
  const networkCompanies = [...untracked, ...store.network.companies().slice(0, 30)];
  for (let index = 0; index < size.networkSize; index++) {
    store.network.addPerson(makeNetworkPerson(random, store.pools, store.ids, store.now, networkCompanies));
  }

  // Activity ids follow time order, so listing by id and by time agree.
  b.activity.sort((a, c) => (a.occurred_at < c.occurred_at ? -1 : a.occurred_at > c.occurred_at ? 1 : 0));
  for (const event of b.activity) event.id = store.ids.take('activity');
  store.activity.replaceAll(b.activity);
}
