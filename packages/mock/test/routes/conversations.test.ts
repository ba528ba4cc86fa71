import type { Conversation } from '@network-org/sdk';
import { operations as schemas } from '@network-org/sdk/zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MEMBER, OTHER_ORG, callOperation, createTestMock, sdk, serve, collect } from '../support/harness';

const mock = createTestMock();
serve(mock);

const list = (query: string, key = ADMIN) => callOperation('listConversations', mock, `/v1/conversations${query}`, { key });

const accountIdsOf = async (key: string) =>
  (await callOperation('listAccounts', mock, '/v1/accounts', { key })).body.data.accounts.map((account) => account.account_id);

let all: Conversation[];
beforeAll(async () => {
  all = await collect(sdk(mock).conversations.list({ limit: 25 }));
});

describe('GET /v1/conversations', () => {
  it('answers the spec shape, 10 by default, with the account’s own profile marked', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    schemas.listConversations.responses['200'].parse(body);
    expect(body.data.conversations).toHaveLength(10);
    expect(body.data.pagination).toMatchObject({ limit: 10, has_more: true });
    for (const conversation of body.data.conversations) {
      const owners = conversation.participants.filter((participant) => participant.is_account_owner);
      expect(owners).toHaveLength(1);
      expect(owners[0]).toMatchObject({ contact_id: null, tags: [] });
      expect(conversation.participants.filter((participant) => !participant.is_account_owner).length).toBeGreaterThan(0);
      expect(conversation.message_count).toBeGreaterThan(0);
    }
  });

  it('lists the conversations of every account the key may use, most recent message first', async () => {
    expect(new Set(all.map((conversation) => conversation.account_id))).toEqual(new Set(await accountIdsOf(ADMIN)));
    expect(all.length).toBeGreaterThanOrEqual(40 * 3);
    expect(new Set(all.map((conversation) => conversation.conversation_id)).size).toBe(all.length);
    for (let index = 1; index < all.length; index++) {
      const [newer, older] = [all[index - 1]!, all[index]!];
      const order =
        Date.parse(newer.last_message_at) - Date.parse(older.last_message_at) || Number(newer.conversation_id) - Number(older.conversation_id);
      expect(order).toBeGreaterThan(0);
    }
  });

  it('shows a member only the accounts it may use', async () => {
    const member = await collect(sdk(mock, MEMBER).conversations.list({ limit: 25 }));
    expect(new Set(member.map((conversation) => conversation.account_id))).toEqual(new Set(await accountIdsOf(MEMBER)));
  });

  it('filters by account_id; another organization’s account is unknown (400), an unshared one 403', async () => {
    const { body } = await list('?account_id=101&limit=25');
    expect(body.data.conversations.length).toBeGreaterThan(0);
    expect(body.data.conversations.every((conversation) => conversation.account_id === '101')).toBe(true);
    const [globexAccount] = await accountIdsOf(OTHER_ORG);
    expect((await list(`?account_id=${globexAccount}`)).body.code).toBe('bad_request');
    const memberIds = await accountIdsOf(MEMBER);
    const unshared = (await accountIdsOf(ADMIN)).find((id) => !memberIds.includes(id))!;
    const refused = await list(`?account_id=${unshared}`, MEMBER);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('account_shared_access_required');
    // The same for a contact of that account.
    const [privateConversation] = all.filter((conversation) => conversation.account_id === unshared);
    const privateContact = privateConversation!.participants.find((participant) => !participant.is_account_owner)!.contact_id;
    const refusedContact = await list(`?contact_id=${privateContact}`, MEMBER);
    expect(refusedContact.status).toBe(403);
    expect(refusedContact.body.code).toBe('account_shared_access_required');
  });

  it('filters by a participant’s tag, whatever its case, ignoring the account’s own profile', async () => {
    const tagged = all.flatMap((conversation) => conversation.participants.flatMap((participant) => participant.tags.map((tag) => tag.name)));
    const tag = tagged[0]!;
    const expected = all.filter((conversation) =>
      conversation.participants.some((participant) => !participant.is_account_owner && participant.tags.some((candidate) => candidate.name === tag)),
    );
    const filtered = await collect(sdk(mock).conversations.list({ tag: tag.toUpperCase(), limit: 25 }));
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(all.length);
    expect(filtered.map((conversation) => conversation.conversation_id)).toEqual(expected.map((conversation) => conversation.conversation_id));
    expect((await list('?tag=no-such-tag')).body.data.conversations).toEqual([]);
    const padded = await list(`?tag=${encodeURIComponent(` ${tag} `)}&limit=25`);
    expect(padded.body.data.conversations.map((conversation) => conversation.conversation_id)).toEqual(
      expected.slice(0, 25).map((conversation) => conversation.conversation_id),
    );
    expect((await list('?tag=&limit=25')).body.data.conversations).toEqual(all.slice(0, 25));
  });

  it('filters by contact_id, in group conversations too', async () => {
    const group = all.find((conversation) => conversation.participants.length > 2)!;
    expect(group).toBeDefined();
    const contactId = group.participants.find((participant) => !participant.is_account_owner)!.contact_id!;
    const filtered = await collect(sdk(mock).conversations.list({ contact_id: contactId, limit: 25 }));
    expect(filtered.map((conversation) => conversation.conversation_id)).toContain(group.conversation_id);
    for (const conversation of filtered) {
      expect(conversation.participants.map((participant) => participant.contact_id)).toContain(contactId);
    }
  });

  it('treats an unknown contact or another organization’s contact as unknown (400)', async () => {
    const globex = await collect(sdk(mock, OTHER_ORG).conversations.list({ limit: 1 }));
    const globexContact = globex[0]!.participants.find((participant) => !participant.is_account_owner)!.contact_id!;
    for (const contactId of ['999999999', globexContact]) {
      const { status, body } = await list(`?contact_id=${contactId}`);
      expect(status).toBe(400);
      expect(body.code).toBe('bad_request');
      expect(body.message).toContain('contact_id');
    }
    expect((await list('?contact_id=abc')).status).toBe(400);
  });

  it('clamps limit above 25 and rejects one below 1', async () => {
    expect((await list('?limit=100')).body.data.pagination.limit).toBe(25);
    expect((await list('?limit=0')).status).toBe(400);
  });

  it('ties cursors to their query and rejects tampered ones', async () => {
    const first = await list('?limit=3');
    const cursor = first.body.data.pagination.next_cursor!;
    const second = await list(`?limit=3&cursor=${cursor}`);
    expect(second.body.data.conversations.map((conversation) => conversation.conversation_id)).toEqual(
      all.slice(3, 6).map((conversation) => conversation.conversation_id),
    );
    expect((await list(`?limit=3&account_id=101&cursor=${cursor}`)).status).toBe(400);
    expect((await list(`?limit=3&cursor=AAAA${cursor}`)).status).toBe(400);
  });
});
