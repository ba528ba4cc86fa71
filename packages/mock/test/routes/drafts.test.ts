import type { Contact, Conversation } from '@network-org/sdk';
import { operations as schemas } from '@network-org/sdk/zod';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER, OTHER_ORG, callOperation, createTestMock, sdk, serve, collect } from '../support/harness';

const mock = createTestMock();
serve(mock);
afterEach(() => mock.reset());

const createDraft = (body: unknown, key?: string) => callOperation('createDraft', mock, '/v1/drafts', { method: 'POST', body, ...(key ? { key } : {}) });

let contacts: Contact[];
let conversations: Conversation[];
beforeAll(async () => {
  contacts = await collect(sdk(mock).contacts.list({ account_id: ['101'], limit: 25 }));
  conversations = await collect(sdk(mock).conversations.list({ account_id: ['101'], limit: 25 }));
});

const contactWith = (status: Contact['relationship_status']) => contacts.find((contact) => contact.relationship_status === status)!;

describe('POST /v1/drafts', () => {
  it('saves a message draft to a connected contact and sends nothing', async () => {
    const contact = contactWith('connected');
    const before = await sdk(mock).activity.summary({ from: '2025-01-01' });
    const { status, body } = await createDraft({ account_id: '101', contact_id: contact.contact_id, draft_message: 'Hello there' });
    expect(status).toBe(200);
    schemas.createDraft.responses['200'].parse(body);
    expect(body.data.draft).toMatchObject({
      account_id: '101',
      kind: 'message',
      contact_id: contact.contact_id,
      conversation_id: null,
      draft_message: 'Hello there',
      status: 'saved',
      replaced_previous: false,
    });
    expect((await sdk(mock).activity.summary({ from: '2025-01-01' })).total_events).toBe(before.total_events);
    expect(mock.drafts({ account_id: '101' }).drafts).toEqual([expect.objectContaining({ contact_id: contact.contact_id, draft_message: 'Hello there' })]);
  });

  it.each(['not_connected', 'unknown'] as const)('saves a connection-request draft to a %s contact', async (relationship) => {
    const contact = contactWith(relationship);
    const { body } = await createDraft({ account_id: '101', contact_id: contact.contact_id, draft_message: 'Shall we connect?' });
    expect(body.data.draft.kind).toBe('connection_request');
  });

  it('keeps one draft per contact: saving again replaces it', async () => {
    const contact = contactWith('connected');
    const first = await createDraft({ account_id: '101', contact_id: contact.contact_id, draft_message: 'First' });
    const second = await createDraft({ account_id: '101', contact_id: contact.contact_id, draft_message: 'Second' });
    expect(second.body.data.draft).toMatchObject({ draft_id: first.body.data.draft.draft_id, draft_message: 'Second', replaced_previous: true });
    expect(mock.drafts({ account_id: '101' }).drafts.map((draft) => draft.draft_message)).toEqual(['Second']);
  });

  it('saves a reply draft in a conversation, one per conversation, without adding a message', async () => {
    const conversation = conversations[0]!;
    const reply = { account_id: '101', conversation_id: conversation.conversation_id, draft_message: 'Tuesday works.' };
    const first = await createDraft(reply);
    expect(first.status).toBe(200);
    expect(first.body.data.draft).toMatchObject({ kind: 'message', conversation_id: conversation.conversation_id, replaced_previous: false });
    const second = await createDraft({ ...reply, draft_message: 'Wednesday works.' });
    expect(second.body.data.draft).toMatchObject({ draft_id: first.body.data.draft.draft_id, replaced_previous: true });
    // A draft to the same person as a new message is a different target.
    const contactId = conversation.participants.find((participant) => !participant.is_account_owner)!.contact_id!;
    expect((await createDraft({ account_id: '101', contact_id: contactId, draft_message: 'New thread' })).body.data.draft.replaced_previous).toBe(false);
    expect(mock.drafts({ account_id: '101' }).drafts).toHaveLength(2);
    const again = (await collect(sdk(mock).conversations.list({ account_id: ['101'], limit: 25 }))).find(
      (candidate) => candidate.conversation_id === conversation.conversation_id,
    )!;
    expect(again.message_count).toBe(conversation.message_count);
    expect(again.last_message_text).toBe(conversation.last_message_text);
  });

  it('shows saved drafts through the control API', async () => {
    const contact = contactWith('connected');
    await createDraft({ account_id: '101', contact_id: contact.contact_id, draft_message: 'Via control' });
    const response = await fetch(`${mock.baseUrl}/__mock/drafts?account_id=101`);
    expect(response.status).toBe(200);
    const { drafts } = (await response.json()) as { drafts: { draft_message: string }[] };
    expect(drafts.map((draft) => draft.draft_message)).toEqual(['Via control']);
  });

  it.each([
    ['both targets', (contact: Contact, conversation: Conversation) => ({ account_id: '101', contact_id: contact.contact_id, conversation_id: conversation.conversation_id, draft_message: 'x' })],
    ['no target', () => ({ account_id: '101', draft_message: 'x' })],
    ['an empty message', (contact: Contact) => ({ account_id: '101', contact_id: contact.contact_id, draft_message: '' })],
    ['no account', (contact: Contact) => ({ contact_id: contact.contact_id, draft_message: 'x' })],
  ])('rejects %s with 400 and saves nothing', async (_label, bodyOf) => {
    const { status, body } = await createDraft(bodyOf(contactWith('connected'), conversations[0]!));
    expect(status).toBe(400);
    expect(body.code).toBe('bad_request');
    expect(mock.drafts().drafts).toEqual([]);
  });

  it('answers 404 for an unknown contact or conversation, another account’s and another organization’s', async () => {
    const [globexConversation] = await collect(sdk(mock, OTHER_ORG).conversations.list({ limit: 1 }));
    const globexContact = globexConversation!.participants.find((participant) => !participant.is_account_owner)!.contact_id!;
    const [otherAccountConversation] = await collect(sdk(mock).conversations.list({ account_id: ['102'], limit: 1 }));
    for (const target of [
      { contact_id: '999999999' },
      { contact_id: globexContact },
      { conversation_id: '999999999' },
      { conversation_id: globexConversation!.conversation_id },
      { conversation_id: otherAccountConversation!.conversation_id },
    ]) {
      const { status, body } = await createDraft({ account_id: '101', draft_message: 'x', ...target });
      expect(status, JSON.stringify(target)).toBe(404);
      expect(body.code).toBe('not_found');
    }
    expect(mock.drafts().drafts).toEqual([]);
  });

  it('refuses an account not shared with the key (403) and another organization’s account (400)', async () => {
    const accountIdsOf = async (key?: string) =>
      (await callOperation('listAccounts', mock, '/v1/accounts', key ? { key } : {})).body.data.accounts.map((account) => account.account_id);
    const memberIds = await accountIdsOf(MEMBER);
    const unshared = (await accountIdsOf()).find((id) => !memberIds.includes(id))!;
    const refused = await createDraft({ account_id: unshared, conversation_id: '1', draft_message: 'x' }, MEMBER);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('account_shared_access_required');
    const [globexAccount] = await accountIdsOf(OTHER_ORG);
    expect((await createDraft({ account_id: globexAccount, contact_id: '1', draft_message: 'x' })).status).toBe(400);
  });
});
