import { lazyFilter } from '../engine/pagination';
import { defineRoute } from '../engine/router';
import type { ConversationRecord } from '../store/types';
import { conversationWire, participantContacts } from '../wire/conversations';

/** Most recent message first, then conversation id descending (spec: listConversations). */
function byRecency(a: ConversationRecord, b: ConversationRecord): number {
  return Date.parse(b.last_message_at) - Date.parse(a.last_message_at) || Number(b.conversation_id) - Number(a.conversation_id);
}

export const listConversations = defineRoute('listConversations', (ctx) => {
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
  const sorted = accounts.flatMap((account) => store.conversations.ofAccount(account.account_id)).sort(byRecency);
  const page = ctx.paginate(lazyFilter(sorted, matches));
  return {
    status: 200,
    body: { data: { conversations: page.items.map((conversation) => conversationWire(store, conversation)), pagination: page.pagination } },
  };
});
