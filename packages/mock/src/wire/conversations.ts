import type { Attachment, Conversation, ConversationParticipant, Message } from '@network-org/spec/openapi';
import type { Store } from '../store/index';
import type { AccountRecord, AttachmentRecord, ContactRecord, ConversationRecord, MessageRecord } from '../store/types';
import { APP_ORIGIN } from '../store/urls';

/** The conversation's participants that are contacts of its account (its own profile is not one). */
export function participantContacts(store: Store, conversation: ConversationRecord): ContactRecord[] {
  return conversation.participant_contact_ids.flatMap((contactId) => store.contacts.find(conversation.account_id, contactId) ?? []);
}

export function conversationWire(store: Store, conversation: ConversationRecord): Conversation {
  const account = store.directory.account(conversation.account_id) as AccountRecord;
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

function attachmentWire(attachment: AttachmentRecord): Attachment {
  return { ...attachment };
}

export function messageWire(message: MessageRecord): Message {
  return {
    message_id: message.message_id,
    provider_message_id: message.provider_message_id,
    conversation_id: message.conversation_id,
    direction: message.direction,
    sent_at: message.sent_at,
    is_edited: message.is_edited,
    is_deleted: message.is_deleted,
    text: message.text,
    sender_participant_id: message.sender_participant_id,
    attachments: [...message.attachments].sort((a, b) => a.sort_order - b.sort_order).map(attachmentWire),
  };
}
