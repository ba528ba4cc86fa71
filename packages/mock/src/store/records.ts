import type { AccountRecord, ActivityEventRecord, MessageRecord } from './types';

/*
 * Records built the same way by the seeded dataset and by `mock.seed`, so a seeded record can never differ in
 * shape from a generated one. The callers draw the random parts, each in its own order.
 */

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
