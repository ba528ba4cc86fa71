import type { Conversation, ConversationParticipant } from '@network-org/spec/openapi';
import { lazyFilter } from '../engine/pagination';
import { COMMON_PAGE_LIMIT as PAGE_LIMIT, defineRoute } from '../engine/router';
import type { Store } from '../store/index';
import type { AccountRecord, ContactRecord, ConversationRecord } from '../store/types';
import { APP_ORIGIN } from '../store/urls';

function participantContacts(store: Store, conversation: ConversationRecord): ContactRecord[] {
  return conversation.participant_contact_ids.flatMap((contactId) => store.findContact(conversation.account_id, contactId) ?? []);
}

export function conversationWire(store: Store, conversation: ConversationRecord): Conversation {
  const account = store.account(conversation.account_id) as AccountRecord;
  const contacts: ConversationParticipant[] = participantContacts(store, conversation).map((contact) => ({
    contact_id: contact.contact_id,
    provider_participant_id: contact.person.provider_participant_id,
    name: `${contact.person.first_name} ${contact.person.last_name}`,
    is_account_owner: false,
    tags: contact.tags.map((tag) => ({ ...tag })),
  }));
  const owner: ConversationParticipant = {
    contact_id: null,
    provider_participant_id: account.provider_account_id,
    name: account.display_name,
    is_account_owner: true,
    tags: [],
  };
  const last = conversation.messages[conversation.messages.length - 1];
  return {
    conversation_id: conversation.conversation_id,
    provider_chat_id: conversation.provider_chat_id,
    account_id: conversation.account_id,
    participants: [...contacts, owner],
    last_message_at: conversation.last_message_at,
    last_message_text: last?.text ?? null,
    message_count: conversation.messages.length,
    app_url: `${APP_ORIGIN}/conversations/${conversation.conversation_id}`,
  };
}

/** Most recent message first, then conversation id descending (spec: listConversations). */
function byRecency(a: ConversationRecord, b: ConversationRecord): number {
  return Date.parse(b.last_message_at) - Date.parse(a.last_message_at) || Number(b.conversation_id) - Number(a.conversation_id);
}

export const listConversations = defineRoute('listConversations', { pageLimit: PAGE_LIMIT }, (ctx) => {
  const { store, query } = ctx;
  const accounts = ctx.accounts.resolve(query.account_id);
  let contactId: string | undefined;
  if (query.contact_id !== undefined) {
    // The person's conversations in every account the caller may use that holds them.
    contactId = ctx.accounts.relationship(query.contact_id, accounts).contact_id;
  }
  // As the contact list's `tag`: case-insensitive, surrounding spaces ignored, empty means no filter.
  const tag = query.tag?.trim().toLowerCase() || undefined;
  const matches = (conversation: ConversationRecord) =>
    (contactId === undefined || conversation.participant_contact_ids.includes(contactId)) &&
    // Participants are the account's contacts; its own profile is never among them, so its tags never match.
    (tag === undefined ||
      participantContacts(store, conversation).some((contact) => contact.tags.some((candidate) => candidate.name.toLowerCase() === tag)));
  // Sorted first and filtered lazily, so paginate stops testing participants' tags after the page.
  const sorted = accounts.flatMap((account) => store.conversationsOf(account.account_id)).sort(byRecency);
  const page = ctx.paginate(lazyFilter(sorted, matches));
  return {
    status: 200,
    body: { data: { conversations: page.items.map((conversation) => conversationWire(store, conversation)), pagination: page.pagination } },
  };
});
