import type { Conversation } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import { account, itemsOf, listScenarios, paginationOf, walk } from './lists';
import type { Scenario } from './scenario';


/** The messages query of a conversation with enough messages to page through. */
const messages = async (t: ScenarioContext) => ({ account_id: await t.facts.accountId() });
const conversationParam = async (t: ScenarioContext) => ({ conversationId: (await t.facts.conversation(2)).conversation_id });

function everyConversation(t: ScenarioContext, conversations: Conversation[], expected: string, holds: (conversation: Conversation) => boolean) {
  conversations.forEach((conversation, index) => {
    t.check(holds(conversation), { path: `$.data.conversations[${index}].participants`, expected, actual: JSON.stringify(conversation.participants.map((p) => p.contact_id)) });
  });
}

export const conversationScenarios: Scenario[] = [
  ...listScenarios({ operation: 'listConversations', name: 'conversations', query: account, otherQuery: async (t) => ({ ...(await account(t)), tag: 'network-verify' }), seeded: true }),
  {
    id: 'conversations.filter.account',
    operation: 'listConversations',
    behaviour: 'filter',
    title: 'account_id gives the conversations of that account',
    source: 'description: Endpoints',
    async run(t) {
      const id = await t.facts.accountId();
      const answer = await t.call('listConversations', { query: { account_id: [id], limit: 25 } });
      if (!t.expectOk(answer)) return;
      itemsOf(answer, 'listConversations').forEach((conversation, index) => t.equal(`$.data.conversations[${index}].account_id`, conversation.account_id, id));
    },
  },
  {
    id: 'conversations.filter.contact',
    operation: 'listConversations',
    behaviour: 'filter',
    title: 'contact_id gives the conversations in which that contact takes part',
    source: 'description: Endpoints',
    async run(t) {
      const person = (await t.facts.conversation()).participants.find((p) => !p.is_account_owner && p.contact_id)?.contact_id;
      if (!person) return t.skip('no conversation of the account names a contact among its participants');
      const answer = await t.call('listConversations', { query: { ...(await account(t)), contact_id: person, limit: 25 } });
      if (!t.expectOk(answer)) return;
      const conversations = itemsOf(answer, 'listConversations');
      t.check(conversations.length > 0, { path: '$.data.conversations', expected: `the conversations of contact ${person}`, actual: 'none' });
      everyConversation(t, conversations, `contact ${person} among the participants`, (c) => c.participants.some((p) => p.contact_id === person));
    },
  },
  {
    id: 'conversations.filter.tag',
    operation: 'listConversations',
    behaviour: 'filter',
    title: "tag gives the conversations with a participant carrying it (the account's own profile aside)",
    source: 'description: Endpoints',
    async run(t) {
      const tag = (await t.facts.conversations()).flatMap((c) => c.participants.filter((p) => !p.is_account_owner).flatMap((p) => p.tags ?? []))[0]?.name;
      if (!tag) return t.skip('no participant of the listed conversations carries a tag');
      const answer = await t.call('listConversations', { query: { ...(await account(t)), tag, limit: 25 } });
      if (!t.expectOk(answer)) return;
      const conversations = itemsOf(answer, 'listConversations');
      t.check(conversations.length > 0, { path: '$.data.conversations', expected: `the conversations with a participant tagged ${JSON.stringify(tag)}`, actual: 'none' });
      everyConversation(t, conversations, `a participant tagged ${JSON.stringify(tag)}`, (c) =>
        c.participants.some((p) => !p.is_account_owner && (p.tags ?? []).some((x) => x.name.toLowerCase() === tag.toLowerCase())),
      );
    },
  },
  {
    id: 'conversations.contact-id.pattern',
    operation: 'listConversations',
    behaviour: 'refusal',
    title: 'a contact_id that is not a positive integer is 400 bad_request',
    source: 'description: Endpoints',
    async run(t) {
      t.expectError(await t.call('listConversations', { query: { contact_id: 'abc' } }), 400, 'bad_request');
    },
  },
  ...listScenarios({ operation: 'listConversationMessages', name: 'messages', query: messages, params: conversationParam }),
  {
    id: 'messages.account-id.required',
    operation: 'listConversationMessages',
    behaviour: 'refusal',
    title: 'messages without account_id are 400 bad_request',
    source: 'description: Endpoints',
    async run(t) {
      t.expectError(await t.call('listConversationMessages', { params: await conversationParam(t), query: {} }), 400, 'bad_request');
    },
  },
  {
    id: 'messages.conversation.unknown',
    operation: 'listConversationMessages',
    behaviour: 'refusal',
    title: 'an unknown conversation is 400 bad_request',
    source: 'decision',
    async run(t) {
      t.expectError(await t.call('listConversationMessages', { params: { conversationId: '987654321987' }, query: await messages(t) }), 400, 'bad_request');
    },
  },
  {
    id: 'messages.cursor.other-conversation',
    operation: 'listConversationMessages',
    behaviour: 'pagination',
    title: "a conversation's cursor sent for another conversation is 400 bad_request",
    source: 'decision',
    async run(t) {
      const conversations = (await t.facts.conversations()).filter((c) => (c.message_count ?? 0) >= 2);
      const [first, second] = conversations;
      if (!first || !second) return t.skip('the account has fewer than two conversations with two or more messages');
      const page = await t.call('listConversationMessages', { params: { conversationId: first.conversation_id }, query: { ...(await messages(t)), limit: 1 } });
      if (!t.expectOk(page)) return;
      const cursor = paginationOf(page).next_cursor;
      if (typeof cursor !== 'string') return void t.differ({ path: '$.data.pagination.next_cursor', expected: 'a cursor (two or more messages, limit 1)', actual: 'missing' });
      const other = await t.call('listConversationMessages', { params: { conversationId: second.conversation_id }, query: { ...(await messages(t)), limit: 1, cursor } });
      t.expectError(other, 400, 'bad_request');
    },
  },
  {
    id: 'messages.conversation-summary',
    operation: 'listConversationMessages',
    behaviour: 'envelope',
    title: "a conversation's messages are its own and its summary is theirs: message_count, and the newest one's sent_at and text",
    source: 'decision',
    async run(t) {
      const conversation = await t.facts.conversation(2);
      const { items, complete } = await walk(t, 'listConversationMessages', { params: { conversationId: conversation.conversation_id }, query: { ...(await messages(t)), limit: 25 } }, 8);
      const note = `the messages of conversation ${conversation.conversation_id}`;
      items.forEach((message, index) => t.equal(`$.data.messages[${index}].conversation_id`, message.conversation_id, conversation.conversation_id, note));
      if (complete) t.equal('$.data.conversations[*].message_count', conversation.message_count, items.length, note);
      const newest = items[0];
      if (!newest) return;
      t.equal('$.data.conversations[*].last_message_at', conversation.last_message_at, newest.sent_at, `${note}: the newest`);
      // One disagreement, told from both answers: either the summary or the message may be the wrong one.
      const summary = `${note} (listConversationMessages) against its summary in the conversations listed (listConversations): the newest`;
      t.equal('$.data.conversations[*].last_message_text', conversation.last_message_text ?? null, newest.text ?? null, summary);
      if ((conversation.last_message_text ?? null) !== (newest.text ?? null)) t.equal('$.data.messages[0].text', newest.text ?? null, conversation.last_message_text ?? null, summary);
    },
  },
  {
    id: 'messages.direction',
    operation: 'listConversationMessages',
    behaviour: 'envelope',
    title: "a message the account's own participant sent is `sent`, one another participant sent is `received` (the conversation's participants say which is the account's)",
    source: 'decision',
    async run(t) {
      const conversation = await t.facts.conversation(2);
      const own = new Set(conversation.participants.filter((p) => p.is_account_owner).map((p) => p.provider_participant_id));
      if (own.size === 0) return t.skip(`conversation ${conversation.conversation_id} names no participant as the account's own`);
      const answer = await t.call('listConversationMessages', { params: { conversationId: conversation.conversation_id }, query: { ...(await messages(t)), limit: 25 } });
      if (!t.expectOk(answer)) return;
      itemsOf(answer, 'listConversationMessages').forEach((message, index) => {
        const sender = String(message.sender_participant_id);
        t.equal(`$.data.messages[${index}].direction`, message.direction, own.has(sender) ? 'sent' : 'received', `conversation ${conversation.conversation_id}: sender ${sender}${own.has(sender) ? ", the account's own participant" : ''}`);
      });
    },
  },
  {
    id: 'messages.order',
    operation: 'listConversationMessages',
    behaviour: 'order',
    title: 'messages come newest first (sent_at descending)',
    source: 'decision',
    async run(t) {
      const answer = await t.call('listConversationMessages', { params: await conversationParam(t), query: { ...(await messages(t)), limit: 25 } });
      if (!t.expectOk(answer)) return;
      const sent = itemsOf(answer, 'listConversationMessages').map((m) => String(m.sent_at));
      sent.forEach((at, index) => {
        const before = sent[index - 1];
        if (before !== undefined && Date.parse(before) < Date.parse(at)) {
          t.differ({ path: `$.data.messages[${index}].sent_at`, expected: `not after the message before it (${before})`, actual: at });
        }
      });
    },
  },
];
