import type { Conversation } from '@network-org/sdk';
import { operations as schemas } from '@network-org/sdk/zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBER, OTHER_ORG, callOperation, createTestMock, sdk, serve, collect } from '../support/harness';

const mock = createTestMock();
serve(mock);

const messagesOf = (conversationId: string, query: string, key?: string) =>
  callOperation('listConversationMessages', mock, `/v1/conversations/${conversationId}/messages${query}`, key ? { key } : {});

let conversations: Conversation[];
beforeAll(async () => {
  conversations = await collect(sdk(mock).conversations.list({ limit: 25 }));
});

describe('GET /v1/conversations/{conversationId}/messages', () => {
  it('walks every message of a conversation once, newest first', async () => {
    const conversation = conversations.find((candidate) => candidate.message_count > 3)!;
    const messages = await collect(
      sdk(mock).conversations.messages.list(conversation.conversation_id, { account_id: conversation.account_id, limit: 2 }),
    );
    expect(messages).toHaveLength(conversation.message_count);
    expect(new Set(messages.map((message) => message.message_id)).size).toBe(messages.length);
    expect(messages[0]!.text).toBe(conversation.last_message_text);
    for (let index = 1; index < messages.length; index++) {
      const [newer, older] = [messages[index - 1]!, messages[index]!];
      expect(Date.parse(newer.sent_at) - Date.parse(older.sent_at) || Number(newer.message_id) - Number(older.message_id)).toBeGreaterThan(0);
    }
    for (const message of messages) expect(message.conversation_id).toBe(conversation.conversation_id);
  });

  it('answers the spec shape, attachments included', async () => {
    let withAttachments = 0;
    for (const conversation of conversations.slice(0, 40)) {
      const { status, body } = await messagesOf(conversation.conversation_id, `?account_id=${conversation.account_id}&limit=25`);
      expect(status).toBe(200);
      schemas.listConversationMessages.responses['200'].parse(body);
      for (const message of body.data.messages) {
        if (message.attachments.length === 0) continue;
        withAttachments++;
        expect(message.attachments[0]).toMatchObject({ attachment_id: expect.any(String), kind: expect.any(String), sort_order: 0 });
        expect(message.attachments.map((attachment) => attachment.sort_order)).toEqual(message.attachments.map((_, index) => index));
      }
    }
    expect(withAttachments).toBeGreaterThan(0);
  });

  it('requires account_id', async () => {
    const conversation = conversations[0]!;
    const { status, body } = await messagesOf(conversation.conversation_id, '');
    expect(status).toBe(400);
    expect(body.code).toBe('bad_request');
    expect(body.message).toContain('account_id');
  });

  it('rejects an unknown conversation, one of another account and one of another organization with 400', async () => {
    const conversation = conversations[0]!;
    const otherAccount = conversations.find((candidate) => candidate.account_id !== conversation.account_id)!;
    const [globex] = await collect(sdk(mock, OTHER_ORG).conversations.list({ limit: 1 }));
    for (const [conversationId, accountId] of [
      ['999999999', conversation.account_id],
      ['not-a-conversation', conversation.account_id],
      [conversation.conversation_id, otherAccount.account_id],
      [globex!.conversation_id, conversation.account_id],
    ]) {
      const { status, body } = await messagesOf(conversationId!, `?account_id=${accountId}`);
      expect(status, `${conversationId} of ${accountId}`).toBe(400);
      expect(body.code).toBe('bad_request');
    }
    expect((await messagesOf(globex!.conversation_id, `?account_id=${globex!.account_id}`)).status).toBe(400);
  });

  it('refuses an account not shared with the key with 403', async () => {
    const memberAccounts = (await callOperation('listAccounts', mock, '/v1/accounts', { key: MEMBER })).body.data.accounts.map((account) => account.account_id);
    const unshared = conversations.find((conversation) => !memberAccounts.includes(conversation.account_id))!;
    const { status, body } = await messagesOf(unshared.conversation_id, `?account_id=${unshared.account_id}`, MEMBER);
    expect(status).toBe(403);
    expect(body.code).toBe('account_shared_access_required');
  });

  it('clamps limit above 25, rejects 0 and ties cursors to the conversation', async () => {
    const [first, second] = conversations.filter((conversation) => conversation.message_count > 2 && conversation.account_id === conversations[0]!.account_id);
    const page = await messagesOf(first!.conversation_id, `?account_id=${first!.account_id}&limit=1`);
    expect((await messagesOf(first!.conversation_id, `?account_id=${first!.account_id}&limit=99`)).body.data.pagination.limit).toBe(25);
    expect((await messagesOf(first!.conversation_id, `?account_id=${first!.account_id}&limit=0`)).status).toBe(400);
    const cursor = page.body.data.pagination.next_cursor!;
    expect((await messagesOf(first!.conversation_id, `?account_id=${first!.account_id}&limit=1&cursor=${cursor}`)).status).toBe(200);
    expect((await messagesOf(second!.conversation_id, `?account_id=${second!.account_id}&limit=1&cursor=${cursor}`)).status).toBe(400);
  });
});
