import type { ActivityEvent, Conversation, Message, View } from '@network-org/spec/openapi';
import { badRequest } from '../../engine/errors';
import type { Store } from '../../store/index';
import { messageActivity, messageRecord } from '../../store/builders';
import type { AccountRecord, ContactRecord, ConversationRecord, MessageRecord } from '../../store/types';
import { activityEventWire } from '../../wire/activity';
import { conversationWire, messageWire } from '../../wire/conversations';
import { viewWire } from '../../wire/shapes';
import { beforeNow, check, requireAccount } from './checks';
import { activityEventInput, conversationInput, messageInput, viewInput } from './inputs';

type Random = ReturnType<Store['randomFor']>;

export function insertView(store: Store, raw: unknown): View {
  const input = check(viewInput, raw, 'view');
  const account = requireAccount(store, input.account_id);
  if ((input.contact_ids === undefined) === (input.tag === undefined)) {
    throw badRequest('A view selects either "contact_ids" or a "tag": give exactly one.');
  }
  const contactIds = input.contact_ids && [...new Set(input.contact_ids)];
  const unknown = (contactIds ?? []).filter((id) => !store.contacts.find(account.account_id, id));
  if (unknown.length > 0) throw badRequest(`Unknown contact ids in account ${account.account_id}: ${unknown.join(', ')}.`);
  const random = store.randomFor('seed', 'view', input.name);
  const view = store.views.add({
    account,
    name: input.name,
    description: input.description ?? null,
    origin: 'app',
    rules: contactIds ? { contact_ids: contactIds } : { tag: input.tag as string },
    created_at: beforeNow(store, random.int(1, 90) * 86_400_000),
  });
  return viewWire(store, view, true);
}

/** An inserted message, built as the dataset's are; a reply comes from one of the participants. */
function newMessage(
  store: Store,
  conversationId: string,
  account: AccountRecord,
  participants: readonly ContactRecord[],
  message: { text: string | undefined; direction: 'sent' | 'received'; sent_at: string },
  random: Random,
): MessageRecord {
  const messageId = store.ids.take('message');
  const fromAccount = message.direction === 'sent' || participants.length === 0;
  const sender = fromAccount ? account.provider_account_id : random.pick(participants).person.provider_participant_id;
  return messageRecord(messageId, {
    conversation_id: conversationId,
    direction: message.direction,
    sent_at: new Date(message.sent_at).toISOString(),
    is_edited: false,
    is_deleted: false,
    text: message.text ?? random.pick(store.pools.messageTexts),
    sender_participant_id: sender,
    attachments: [],
  });
}

/** A message's activity fact, as the dataset records it, recorded when it was sent. */
function recordMessageActivity(store: Store, account: AccountRecord, conversation: ConversationRecord, message: MessageRecord): void {
  const fact = messageActivity(account, conversation.provider_chat_id, conversation.channel, message);
  store.activity.add({ ...fact, id: store.ids.take('activity'), recorded_at: message.sent_at, attribution_method: 'user_and_account' });
}

export function insertConversation(store: Store, raw: unknown): Conversation {
  const input = check(conversationInput, raw, 'conversation');
  const account = requireAccount(store, input.account_id);
  const participants = [...new Set(input.contact_ids)].map((id) => {
    const contact = store.contacts.find(account.account_id, id);
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
    return newMessage(store, conversationId, account, participants, { text: message.text, direction, sent_at: sentAt }, random);
  });
  messages.sort((a, b) => (a.sent_at < b.sent_at ? -1 : a.sent_at > b.sent_at ? 1 : 0));
  const conversation = store.conversations.add({
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
  for (const message of messages) recordMessageActivity(store, account, conversation, message);
  return conversationWire(store, conversation);
}

export function insertMessage(store: Store, raw: unknown): Message {
  const input = check(messageInput, raw, 'message');
  const found = store
    .directory.organizations()
    .map((organization) => store.conversations.find(organization.id, input.conversation_id))
    .find((conversation) => conversation !== undefined);
  if (!found) throw badRequest(`Unknown conversation_id "${input.conversation_id}": seed a conversation first or use one of the dataset's.`);
  const account = store.directory.account(found.account_id) as AccountRecord;
  const participants = found.participant_contact_ids.flatMap((id) => store.contacts.find(account.account_id, id) ?? []);
  const random = store.randomFor('seed', 'message', found.conversation_id, found.messages.length);
  const message = newMessage(
    store,
    found.conversation_id,
    account,
    participants,
    { text: input.text, direction: input.direction ?? 'sent', sent_at: input.sent_at ?? store.now.toISOString() },
    random,
  );
  store.conversations.addMessage(found, message);
  recordMessageActivity(store, account, found, message);
  return messageWire(message);
}

export function insertActivityEvent(store: Store, raw: unknown): ActivityEvent {
  const input = check(activityEventInput, raw, 'activityEvent');
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
  store.activity.add(event);
  return activityEventWire(event);
}
