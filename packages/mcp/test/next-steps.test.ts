// The advice on an error depends on the error and on the tool: a read changed nothing and never talks of writes,
// a write says whether repeating it is safe, and a cursor that does not belong points to the same tool without it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockApi, type MockApi } from '@network-org/mock';
import { readOnlyToolNames, toolNames } from '@network-org/mcp';
import { connect, type Connected } from './support/in-process';
import { CALLS, readFirst, type Seen } from './support/model-calls';

let mock: MockApi;
let mcp: Connected;
let seen: Seen;
beforeEach(async () => {
  mock = createMockApi({ rateLimit: false });
  mcp = await connect({ mock });
  seen = await readFirst(mcp, mock);
});
afterEach(() => mcp.close());

const writes = toolNames.filter((name) => !readOnlyToolNames.includes(name));
const PAGED = ['list_activity', 'list_contacts', 'list_companies', 'list_conversations', 'list_conversation_messages', 'list_views'];
const WRITE_WORDS = /\b(write|written|applied|draft|created?|credit|repeat)/i;

type Result = Awaited<ReturnType<Connected['call']>>;
const errorOf = (result: Result) => result.structuredContent.error as { code: string; message: string; next_step: string };

/** The results of calling every tool of `names` on a server whose every request fails as `fail` makes it. */
async function failing(names: readonly string[], fail: { fetch?: typeof fetch; status?: number }): Promise<Map<string, ReturnType<typeof errorOf>>> {
  if (fail.status) mock.faults.add({ status: fail.status, count: 1_000 });
  const broken = await connect({ mock, ...(fail.fetch ? { fetch: fail.fetch } : {}) });
  try {
    const results = new Map<string, ReturnType<typeof errorOf>>();
    for (const name of names) results.set(name, errorOf(await broken.call(name, CALLS[name]!.call(seen))));
    return results;
  } finally {
    await broken.close();
  }
}

const unreachable: typeof fetch = async () => {
  throw new TypeError('fetch failed');
};

describe('a read never talks about writes', () => {
  it.each([
    ['the API unreachable', { fetch: unreachable }, 'connection_error'],
    ['the API failing (500)', { status: 500 }, 'internal_error'],
  ] as const)('%s: nothing was changed, try again', async (_label, fail, code) => {
    for (const [name, error] of await failing(readOnlyToolNames, fail)) {
      expect(error.code, name).toBe(code);
      expect(error.next_step, name).toMatch(/^Nothing was changed\. Try/);
      expect(error.next_step, name).not.toMatch(WRITE_WORDS);
    }
  });

  it('a refused read argument or an unknown id asks for the fix, never about writes', async () => {
    const results = [
      await mcp.call('list_contacts', { view_id: 999_999 }),
      await mcp.call('list_conversation_messages', { conversation_id: 999_999, account_id: seen.account.account_id }),
      await mcp.call('list_companies', { view_id: 999_999 }),
      await mcp.call('list_views', { account_id: ['999'] }),
    ];
    for (const result of results) {
      expect(result.isError).toBe(true);
      expect(errorOf(result).next_step).toMatch(/^(Fix|The id does not exist)/);
      expect(errorOf(result).next_step).not.toMatch(WRITE_WORDS);
    }
  });
});

describe('a write says what an unclear outcome means for it', () => {
  it.each([
    ['the API unreachable', { fetch: unreachable }, 'connection_error'],
    ['the API failing (500)', { status: 500 }, 'internal_error'],
  ] as const)('%s', async (_label, fail, code) => {
    const results = await failing(writes, fail);
    for (const name of ['update_contact', 'update_company', 'import_contact', 'create_draft']) {
      expect(results.get(name)).toMatchObject({ code, next_step: expect.stringMatching(/may or may not have been applied; repeating the same call is safe/) });
    }
    expect(results.get('create_view')!.next_step).toMatch(/It is unknown whether the call went through\. It may have been created: call list_views/);
    for (const name of ['enrich', 'find_contact_email']) expect(results.get(name)!.next_step, name).toMatch(/may have used a credit/);
  });
});

describe('a cursor that does not belong to the arguments', () => {
  it.each(PAGED)('%s: call the same tool again without cursor', async (name) => {
    const result = await mcp.call(name, { ...CALLS[name]!.call(seen), cursor: 'bm90LWEtY3Vyc29y' });
    expect(errorOf(result).code).toBe('bad_request');
    expect(errorOf(result).next_step).toBe(`The cursor does not belong to these arguments: call ${name} again without cursor, with the other arguments as you want them, to start from the first page.`);
  });

  it('a cursor of another list is refused the same way', async () => {
    const contacts = await mcp.call('list_contacts', { limit: 1 });
    const result = await mcp.call('list_views', { cursor: contacts.structuredContent.next_cursor });
    expect(errorOf(result).next_step).toContain('call list_views again without cursor');
  });
});

describe('a conversation\'s arguments point back at the conversation', () => {
  it('a bad or missing account_id on list_conversation_messages points at the list_conversations item\'s account_id, not list_accounts', async () => {
    const { conversation_id } = seen.conversation;
    const other = (await mcp.call('list_accounts')).structuredContent.accounts as { account_id: string }[];
    const wrong = other.find((account) => account.account_id !== seen.conversation.account_id)!.account_id;
    for (const args of [{ conversation_id, account_id: '999' }, { conversation_id, account_id: wrong }, { conversation_id }]) {
      const result = await mcp.call('list_conversation_messages', args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(errorOf(result).next_step).toContain('take account_id from the same list_conversations item as the conversation_id');
      expect(errorOf(result).next_step).not.toContain('call list_accounts for a valid account_id');
    }
  });

  it('create_draft with contact_id and conversation_id says to leave out contact_id, and sends nothing', async () => {
    const before = mock.journal.length;
    const { conversation_id, account_id } = seen.conversation;
    const result = await mcp.call('create_draft', { conversation_id, contact_id: seen.contact.contact_id, account_id, draft_message: 'Thanks!' });
    expect(errorOf(result).code).toBe('invalid_arguments');
    expect(errorOf(result).message).toContain('contact_id and conversation_id were both given: give conversation_id only');
    expect(errorOf(result).next_step).toBe('Call create_draft again: leave out contact_id.');
    expect(mock.journal.length).toBe(before);
  });
});
