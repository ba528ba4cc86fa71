import { messageActivity, messageRecord } from '../builders';
import { MEDIA_ORIGIN } from '../urls';
import { DAY } from '../anchor';
import type { AccountRecord, AttachmentRecord, ContactRecord, MessageRecord } from '../types';
import { addActivity } from './activity';
import type { BuildContext } from './context';

// An account's conversations with its contacts, their messages and attachments, and the activity the messages recorded.

function attachmentFor(b: BuildContext, index: number): AttachmentRecord {
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

export function addConversations(b: BuildContext, account: AccountRecord, contacts: ContactRecord[]): void {
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
