import type { Attachment, Message } from '@network-org/spec/openapi';
import { badRequest } from '../engine/errors';
import { COMMON_PAGE_LIMIT as PAGE_LIMIT, defineRoute } from '../engine/router';
import type { AttachmentRecord, MessageRecord } from '../store/types';

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

/** Newest first, then message id descending (spec: listConversationMessages). */
function newestFirst(a: MessageRecord, b: MessageRecord): number {
  return Date.parse(b.sent_at) - Date.parse(a.sent_at) || Number(b.message_id) - Number(a.message_id);
}

export const listConversationMessages = defineRoute('listConversationMessages', { pageLimit: PAGE_LIMIT }, (ctx) => {
  const { store, query, params } = ctx;
  const account = ctx.accounts.require(query.account_id);
  const conversation = store.findConversation(ctx.auth.organization.id, params.conversationId);
  if (!conversation || conversation.account_id !== account.account_id) {
    throw badRequest(
      `Unknown conversation "${params.conversationId}" for account ${account.account_id}: use a conversation_id from GET /v1/conversations with its account_id.`,
    );
  }
  const messages = [...conversation.messages].sort(newestFirst);
  const page = ctx.paginate(messages);
  return { status: 200, body: { data: { messages: page.items.map(messageWire), pagination: page.pagination } } };
});
