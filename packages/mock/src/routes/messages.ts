import { badRequest } from '../engine/errors';
import { defineRoute } from '../engine/router';
import type { MessageRecord } from '../store/types';
import { messageWire } from '../wire/conversations';

/** Newest first, then message id descending (spec: listConversationMessages). */
function newestFirst(a: MessageRecord, b: MessageRecord): number {
  return Date.parse(b.sent_at) - Date.parse(a.sent_at) || Number(b.message_id) - Number(a.message_id);
}

export const listConversationMessages = defineRoute('listConversationMessages', (ctx) => {
  const { store, query, params } = ctx;
  const account = ctx.accounts.require(query.account_id);
  const conversation = store.conversations.find(ctx.auth.organization.id, params.conversationId);
  if (!conversation || conversation.account_id !== account.account_id) {
    throw badRequest(
      `Unknown conversation "${params.conversationId}" for account ${account.account_id}: use a conversation_id from GET /v1/conversations with its account_id.`,
    );
  }
  const messages = [...conversation.messages].sort(newestFirst);
  const page = ctx.paginate(messages);
  return { status: 200, body: { data: { messages: page.items.map(messageWire), pagination: page.pagination } } };
});
