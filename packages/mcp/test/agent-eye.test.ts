// Every tool called the way a model calls it: ids as numbers, arguments named as the results name their values,
// an extra key it made up, a required argument left out. Each call gets its result, or an `invalid_arguments`
// result that says what to change, and nothing is sent to the API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockApi, type MockApi } from '@network-org/mock';
import { toolNames } from '@network-org/mcp';
import { connect, textOf, type Connected } from './support/in-process';
import { CALLS, numeric, readFirst, type Args, type Seen } from './support/model-calls';

let mock: MockApi;
let mcp: Connected;
let seen: Seen;

beforeEach(async () => {
  mock = createMockApi({ rateLimit: false });
  mcp = await connect({ mock });
  seen = await readFirst(mcp, mock);
});
afterEach(() => mcp.close());

type Result = Awaited<ReturnType<Connected['call']>>;
const errorOf = (result: Result) => result.structuredContent.error as { code: string; message: string; next_step: string };

/** Calls a tool and checks that nothing reached the API. */
async function refused(tool: string, args: Args): Promise<{ message: string; next_step: string }> {
  const before = mock.journal.length;
  const result = await mcp.call(tool, args);
  expect(result.isError, textOf(result)).toBe(true);
  expect(errorOf(result).code).toBe('invalid_arguments');
  expect(mock.journal.length).toBe(before);
  return errorOf(result);
}

it('covers every tool', () => {
  expect(Object.keys(CALLS).sort()).toEqual([...toolNames].sort());
});

describe.each(Object.keys(CALLS))('%s, called as a model calls it', (tool) => {
  it('takes numeric ids and the results\' field names', async () => {
    const result = await mcp.call(tool, CALLS[tool]!.call(seen));
    expect(result.isError, textOf(result)).toBeFalsy();
  });

  it('refuses a key it does not take, naming it and the arguments it takes', async () => {
    const [key] = Object.keys(CALLS[tool]!.extra);
    const { message, next_step } = await refused(tool, { ...CALLS[tool]!.call(seen), ...CALLS[tool]!.extra });
    expect(message).toContain(`unknown argument ${key}`);
    const { tools } = await mcp.client.listTools();
    const allowed = Object.keys((tools.find((one) => one.name === tool)!.inputSchema.properties ?? {}) as object);
    expect(message).toContain(allowed.length ? `the arguments are ${allowed.join(', ')}` : 'takes no arguments');
    expect(next_step).toContain(`leave out ${key}`);
  });

  it('refuses a call without each required argument, saying where its value comes from; requiring none, answers a call with no arguments', async () => {
    const { tools } = await mcp.client.listTools();
    const schema = tools.find((one) => one.name === tool)!.inputSchema as { required?: string[]; properties: Record<string, { description: string }> };
    const required = schema.required ?? [];
    if (required.length === 0) {
      // Sent to the API and answered with what it read, like any other call.
      const before = mock.journal.length;
      const bare = await mcp.call(tool, {});
      expect(bare.isError, textOf(bare)).toBeFalsy();
      expect(mock.journal.length).toBeGreaterThan(before);
      expect(textOf(bare)).not.toBe('');
      return;
    }
    for (const name of required) {
      const { [name]: _left, ...rest } = CALLS[tool]!.call(seen);
      const { message, next_step } = await refused(tool, rest);
      expect(message).toContain(`${name} is required (${schema.properties[name]!.description.replace(/\.$/, '')})`);
      expect(next_step).toContain(`fix ${name}`);
      if (name.endsWith('_id')) expect(next_step).toMatch(new RegExp(`call list_\\w+.* for a valid ${name}|take ${name} from the same list_\\w+ item`));
    }
  });
});

describe('what models send beyond the schema', () => {
  it('takes the wire name conversationId for conversation_id, and refuses the two when they differ', async () => {
    const { conversation_id, account_id } = seen.conversation;
    const byWire = await mcp.call('list_conversation_messages', { conversationId: conversation_id, account_id, limit: 2 });
    const byName = await mcp.call('list_conversation_messages', { conversation_id, account_id, limit: 2 });
    expect(byWire.isError).toBeFalsy();
    expect(byWire.structuredContent.messages).toEqual(byName.structuredContent.messages);
    const { message } = await refused('list_conversation_messages', { conversationId: '1', conversation_id, account_id });
    expect(message).toMatch(/conversationId .* and conversation_id differ: give conversation_id only/);
  });

  it('normalizes ids given as numbers, and refuses what is no id', async () => {
    const asNumbers = await mcp.call('list_contacts', { account_id: [numeric(seen.account.account_id!)], limit: 2 });
    const asStrings = await mcp.call('list_contacts', { account_id: [seen.account.account_id], limit: 2 });
    expect(asNumbers.structuredContent.contacts).toEqual(asStrings.structuredContent.contacts);
    for (const id of ['abc', 0, -3, 1.5, '']) {
      const { message } = await refused('update_contact', { contact_id: id, account_id: seen.contact.account_id });
      expect(message).toContain('contact_id: expected an id');
    }
  });

  it('takes one value where a list is expected', async () => {
    const one = await mcp.call('list_activity', { account_id: seen.account.account_id, event_type: 'message_sent', limit: 3 });
    expect(one.isError).toBeFalsy();
    expect(one.structuredContent.filters).toMatchObject({ account_ids: [seen.account.account_id], event_types: ['message_sent'] });
  });

  it('clamps limit above 25 to 25 as the API does, takes "2" for 2, and refuses an activity limit outside 1 to 200', async () => {
    const roomy = await connect({ mock, maxChars: 100_000 });
    try {
      expect((await roomy.call('list_contacts', { limit: 100 })).structuredContent).toMatchObject({ returned: 25, has_more: true });
    } finally {
      await roomy.close();
    }
    expect((await mcp.call('list_views', { limit: '2' })).structuredContent.returned).toBe(2);
    for (const limit of [0, 201]) expect((await refused('list_activity', { limit })).message).toMatch(/^Invalid arguments \(nothing was sent\): limit: /);
    expect((await refused('list_contacts', { limit: 0 })).message).toMatch(/limit: /);
  });

  it('takes a registered custom field as a top-level argument, as the wire does, and refuses an unregistered one', async () => {
    const { contact_id, account_id } = seen.contact;
    const updated = await mcp.call('update_contact', { contact_id, account_id, 'Deal stage': 'Won', custom_fields: { 'Lead score': 80 } });
    expect(updated.structuredContent.contact).toMatchObject({ 'Deal stage': 'Won', 'Lead score': 80 });
    const { message } = await refused('update_contact', { contact_id, account_id, 'Favourite colour': 'blue' });
    expect(message).toMatch(/unknown argument Favourite colour: .*custom field values go in custom_fields/);
    expect((await refused('update_contact', { contact_id, custom_fields: { tags: 'x' } })).message).toMatch(/custom_fields holds tags/);
  });

  it('refuses an unknown key inside an object, naming the keys it takes', async () => {
    const { message } = await refused('update_contact', { contact_id: seen.contact.contact_id, tags: { add: [{ name: 'VIP', colour: 'green' }] } });
    expect(message).toContain('unknown key colour in tags.add[0]: it takes name, color');
  });

  it('fills create_view\'s type, the only value the API takes, and refuses another', async () => {
    const args = CALLS.create_view!.call(seen);
    expect((await mcp.call('create_view', { ...args, type: 'contact' })).structuredContent.view).toMatchObject({ type: 'contact' });
    expect((await refused('create_view', { ...args, type: 'company' })).message).toContain('type is always "contact" here');
  });
});
