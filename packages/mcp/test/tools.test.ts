import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockApi, type MockApi } from '@network-org/mock';
import { readOnlyToolNames, toolNames } from '@network-org/mcp';
import { connect, textOf, type Connected } from './support/in-process';

const ACCOUNT = '101';
let mock: MockApi;
let mcp: Connected;

beforeEach(async () => {
  mock = createMockApi({ rateLimit: false });
  mcp = await connect({ mock });
});
afterEach(() => mcp.close());

async function firstContactId(args: Record<string, unknown> = {}): Promise<string> {
  const result = await mcp.call('list_contacts', { account_id: [ACCOUNT], ...args });
  return (result.structuredContent.contacts as Array<{ contact_id: string }>)[0]!.contact_id;
}

async function firstConversation(): Promise<{ conversation_id: string; account_id: string }> {
  const result = await mcp.call('list_conversations', { account_id: [ACCOUNT] });
  const { conversation_id, account_id } = (result.structuredContent.conversations as Array<{ conversation_id: string; account_id: string }>)[0]!;
  return { conversation_id, account_id };
}

const importableUrl = () => mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles[0]!.network_url;

describe('the tool list', () => {
  it('has one tool per operation, named by its operationId in snake_case', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'list_organizations', 'list_accounts', 'list_activity', 'get_activity_summary', 'enrich', 'list_contacts',
      'import_contact', 'update_contact', 'find_contact_email', 'list_companies', 'update_company',
      'list_conversations', 'list_conversation_messages', 'create_draft', 'list_views', 'create_view',
    ]);
    expect(toolNames).toHaveLength(16);
  });

  it('annotates reads as read-only and writes as non-destructive, idempotent where repeating changes nothing more', async () => {
    const { tools } = await mcp.client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool.annotations]));
    for (const name of ['list_contacts', 'list_activity', 'get_activity_summary', 'list_conversation_messages']) {
      expect(byName.get(name)).toMatchObject({ readOnlyHint: true });
    }
    for (const name of ['update_contact', 'update_company', 'create_draft', 'import_contact']) {
      expect(byName.get(name)).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    }
    for (const name of ['create_view', 'enrich', 'find_contact_email']) {
      expect(byName.get(name)).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    }
  });

  it('names arguments as results name their values, path parameters too, with where each id comes from', async () => {
    const { tools } = await mcp.client.listTools();
    const schema = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema as { properties: Record<string, { description?: string; anyOf?: unknown[] }>; required?: string[] };
    expect(schema('update_contact').required).toContain('contact_id');
    expect(schema('update_contact').properties.contact_id!.anyOf).toEqual([{ type: 'string' }, { type: 'integer' }]);
    expect(schema('update_company').required).toContain('company_id');
    expect(schema('list_conversation_messages').required).toEqual(['conversation_id', 'account_id']);
    expect(schema('list_conversation_messages').properties).not.toHaveProperty('conversationId');
    expect(schema('list_conversation_messages').properties.conversation_id!.description).toContain('list_conversations');
    expect(schema('list_conversation_messages').properties.account_id!.description).toMatch(/conversation's own account_id.*list_conversations/);
    expect(schema('create_view').properties.account_id!.description).toContain('list_accounts');
    expect(schema('list_contacts').properties.relationship_status).toMatchObject({ enum: ['any', 'connected', 'not_connected', 'unknown'] });
    expect(schema('list_contacts').properties.fields!.description).toContain('"*"');
  });

  it('describes each tool with what an agent must know, naming tools rather than endpoints', async () => {
    const { tools } = await mcp.client.listTools();
    const description = (name: string) => tools.find((tool) => tool.name === name)!.description!;
    expect(description('create_draft')).toMatch(/nothing is (ever )?sent/i);
    expect(description('list_activity')).toMatch(/admin/i);
    expect(description('get_activity_summary')).toMatch(/admin/i);
    expect(description('list_accounts')).toContain('account_id');
    // Endpoints are named by their tools, and the maintainers' decision markers are left out.
    expect(description('list_views')).not.toContain('network-org decision');
    const viewId = (tools.find((tool) => tool.name === 'list_contacts')!.inputSchema.properties as Record<string, { description: string }>).view_id!;
    expect(viewId.description).toContain('list_views');
    for (const tool of tools) expect(JSON.stringify(tool)).not.toMatch(/network-org\s+decision|(GET|POST|PATCH) \/v1\//);
  });
});

describe('every tool succeeds on the mock', () => {
  it('list_organizations and list_accounts', async () => {
    const organizations = await mcp.call('list_organizations');
    expect(organizations.isError).toBeFalsy();
    expect(organizations.structuredContent.organization).toEqual([expect.objectContaining({ name: expect.any(String) })]);
    const accounts = await mcp.call('list_accounts');
    expect(accounts.structuredContent.accounts).toEqual(expect.arrayContaining([expect.objectContaining({ account_id: ACCOUNT })]));
    expect(textOf(accounts)).toContain(`"account_id":"${ACCOUNT}"`);
  });

  it('list_activity and get_activity_summary', async () => {
    const activity = await mcp.call('list_activity', { limit: 5 });
    expect(activity.structuredContent.activity).toHaveLength(5);
    expect(activity.structuredContent.next_cursor).toEqual(expect.any(String));
    expect(activity.structuredContent.filters).toMatchObject({ to_exclusive: true });
    const next = await mcp.call('list_activity', { limit: 5, cursor: activity.structuredContent.next_cursor });
    expect(next.isError).toBeFalsy();
    expect((next.structuredContent.activity as Array<{ id: string }>)[0]!.id).not.toBe((activity.structuredContent.activity as Array<{ id: string }>)[0]!.id);
    const summary = await mcp.call('get_activity_summary', { timezone: 'Europe/Paris' });
    expect(summary.structuredContent).toMatchObject({ timezone: 'Europe/Paris', total_events: expect.any(Number) });
  });

  it('enrich', async () => {
    const result = await mcp.call('enrich', { account_id: ACCOUNT, network_url: importableUrl() });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.network_enrichment).toMatchObject({ profile: { participant: { kind: 'member' } } });
  });

  it('list_contacts: compact items, more fields on request, whole records with "*"', async () => {
    const compact = await mcp.call('list_contacts', { account_id: [ACCOUNT] });
    const [item] = compact.structuredContent.contacts as Array<Record<string, unknown>>;
    expect(item).toMatchObject({ contact_id: expect.any(String), name: expect.any(String), account_id: ACCOUNT });
    expect(item).not.toHaveProperty('experiences');
    expect(compact.structuredContent).toMatchObject({ returned: 10, has_more: true, next_cursor: expect.any(String) });
    expect(textOf(compact)).toContain(`cursor "${compact.structuredContent.next_cursor}"`);
    const more = await mcp.call('list_contacts', { account_id: [ACCOUNT], fields: ['experiences'], limit: 2 });
    expect((more.structuredContent.contacts as Array<Record<string, unknown>>)[0]).toHaveProperty('experiences');
    const whole = await mcp.call('list_contacts', { account_id: [ACCOUNT], fields: ['*'], limit: 1 });
    expect((whole.structuredContent.contacts as Array<Record<string, unknown>>)[0]).toMatchObject({ account: { display_name: expect.any(String) }, network_url: expect.any(String) });
  });

  it('takes one value where an array parameter takes several', async () => {
    const one = await mcp.call('list_contacts', { account_id: ACCOUNT, limit: 2 });
    const many = await mcp.call('list_contacts', { account_id: [ACCOUNT], limit: 2 });
    expect(one.isError).toBeFalsy();
    expect(one.structuredContent.contacts).toEqual(many.structuredContent.contacts);
    const { tools } = await mcp.client.listTools();
    // The schema shows the list, which is what a model should send; a single value is taken all the same.
    const accountId = (tools.find((tool) => tool.name === 'list_contacts')!.inputSchema.properties as Record<string, unknown>).account_id;
    expect(accountId).toMatchObject({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } });
  });

  it('list_contacts shows custom field values by registered name', async () => {
    mock.seed.contact({ account_id: ACCOUNT, first_name: 'Quillon', last_name: 'Zephyrine', custom_fields: { 'Deal stage': 'Won' } });
    const result = await mcp.call('list_contacts', { account_id: [ACCOUNT], query: 'Quillon Zephyrine' });
    expect(result.structuredContent.contacts).toEqual([expect.objectContaining({ name: 'Quillon Zephyrine', 'Deal stage': 'Won' })]);
  });

  it('import_contact', async () => {
    const url = importableUrl();
    const created = await mcp.call('import_contact', { account_id: ACCOUNT, network_url: url });
    expect(created.structuredContent).toMatchObject({ created: true, contact: { network_url: expect.any(String) }, warnings: expect.any(Array) });
    const again = await mcp.call('import_contact', { account_id: ACCOUNT, network_url: url });
    expect(again.structuredContent).toMatchObject({ created: false });
  });

  it('update_contact: tags, notes and a custom field by its registered name', async () => {
    const contact_id = await firstContactId();
    const result = await mcp.call('update_contact', {
      contact_id,
      account_id: ACCOUNT,
      tags: { add: [{ name: 'VIP', color: 'green' }] },
      notes_json: '{"text":"met at the fair"}',
      'Deal stage': 'Qualified',
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.contact).toMatchObject({ contact_id, notes_json: '{"text":"met at the fair"}', 'Deal stage': 'Qualified' });
    const listed = await mcp.call('list_contacts', { account_id: [ACCOUNT], tag: 'VIP' });
    expect(listed.structuredContent.contacts).toEqual(expect.arrayContaining([expect.objectContaining({ contact_id })]));
  });

  it('find_contact_email', async () => {
    const contact_id = await firstContactId();
    const result = await mcp.call('find_contact_email', { contact_id, account_id: ACCOUNT });
    expect(result.structuredContent.contact).toMatchObject({ contact_id, contact_enrichment: { work_email: { status: expect.any(String) } } });
  });

  it('list_companies and update_company', async () => {
    const companies = await mcp.call('list_companies', { account_id: [ACCOUNT] });
    const [company] = companies.structuredContent.companies as Array<{ company_id: string; name: string }>;
    expect(company).toMatchObject({ company_id: expect.any(String), name: expect.any(String) });
    const updated = await mcp.call('update_company', { company_id: company!.company_id, account_id: ACCOUNT, Tier: 'Enterprise' });
    expect(updated.structuredContent.company).toMatchObject({ company_id: company!.company_id, Tier: 'Enterprise' });
  });

  it('list_conversations, list_conversation_messages and create_draft', async () => {
    const conversation = await firstConversation();
    const messages = await mcp.call('list_conversation_messages', { ...conversation, limit: 1 });
    expect(messages.structuredContent.messages).toEqual([expect.objectContaining({ message_id: expect.any(String), sent_at: expect.any(String) })]);
    const draft = await mcp.call('create_draft', { ...conversation, draft_message: 'Thanks, Tuesday works.' });
    expect(draft.structuredContent.draft).toMatchObject({ status: 'saved', conversation_id: conversation.conversation_id, replaced_previous: false });
    expect(textOf(draft)).toMatch(/not sent/);
    const again = await mcp.call('create_draft', { ...conversation, draft_message: 'Thanks, Wednesday works.' });
    expect(again.structuredContent.draft).toMatchObject({ replaced_previous: true });
    expect(mock.drafts().drafts).toEqual([expect.objectContaining({ draft_message: 'Thanks, Wednesday works.' })]);
  });

  it('list_views and create_view', async () => {
    const contact_id = await firstContactId();
    const created = await mcp.call('create_view', { account_id: ACCOUNT, type: 'contact', name: 'Fair follow-ups', filters: { specific_contacts: { contact_ids: [contact_id] } } });
    expect(created.structuredContent.view).toMatchObject({ name: 'Fair follow-ups', selected_contact_ids: [contact_id] });
    const views = await mcp.call('list_views', { account_id: [ACCOUNT], limit: 25 });
    expect(views.structuredContent.views).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Fair follow-ups' })]));
    const inView = await mcp.call('list_contacts', { view_id: (created.structuredContent.view as { id: string }).id });
    expect(inView.structuredContent.contacts).toEqual([expect.objectContaining({ contact_id })]);
  });
});

describe('an API error is a tool result with its code and the next step, never a protocol error', () => {
  async function expectError(result: Awaited<ReturnType<Connected['call']>>, code: string, nextStep: RegExp) {
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error).toMatchObject({ code, message: expect.any(String) });
    expect((result.structuredContent.error as { next_step: string }).next_step).toMatch(nextStep);
    expect(textOf(result)).toContain(code);
  }

  it('unauthorized (list_organizations, list_accounts) tells the user to fix the key, without the key', async () => {
    const retired = await connect({ apiKey: mock.keys.retired, mock });
    try {
      for (const name of ['list_organizations', 'list_accounts']) {
        const result = await retired.call(name);
        await expectError(result, 'unauthorized', /NETWORK_API_KEY/);
        expect(JSON.stringify(result)).not.toContain(mock.keys.retired);
      }
    } finally {
      await retired.close();
    }
  });

  it('forbidden on the activity tools for a member key says an admin key is needed', async () => {
    const member = await connect({ apiKey: mock.keys.member, mock });
    try {
      await expectError(await member.call('list_activity'), 'forbidden', /admin/);
      await expectError(await member.call('get_activity_summary'), 'forbidden', /admin/);
    } finally {
      await member.close();
    }
  });

  it('bad_request names the tool that gives a valid id', async () => {
    await expectError(await mcp.call('list_views', { account_id: ['999'] }), 'bad_request', /call list_accounts for a valid account_id/);
    await expectError(await mcp.call('list_contacts', { view_id: '999999' }), 'bad_request', /list_views .*for a valid view_id/);
    await expectError(await mcp.call('list_conversations', { contact_id: '999999999' }), 'bad_request', /list_contacts/);
    await expectError(await mcp.call('list_conversation_messages', { conversation_id: '999999999', account_id: ACCOUNT }), 'bad_request', /list_conversations for a valid conversation_id/);
    await expectError(await mcp.call('update_contact', { contact_id: await firstContactId(), account_id: ACCOUNT, custom_fields: { 'Favourite colour': 'blue' } }), 'bad_request', /Fix custom_fields/);
    await expectError(await mcp.call('create_view', { account_id: ACCOUNT, type: 'contact', name: 'x', filters: { specific_contacts: { contact_ids: ['999999999'] } } }), 'bad_request', /list_contacts/);
    await expectError(await mcp.call('get_activity_summary', { timezone: 'Mars/Olympus' }), 'bad_request', /Fix timezone/);
  });

  it('not_found, conflict, upstream_error and billing errors', async () => {
    await expectError(await mcp.call('enrich', { account_id: ACCOUNT, network_url: 'https://www.network.com/in/no-such-person-anywhere' }), 'not_found', /profile/);
    await expectError(await mcp.call('enrich', { account_id: ACCOUNT, network_url: 'https://www.network.com/in/upstream-error' }), 'upstream_error', /try again/);
    await expectError(await mcp.call('import_contact', { account_id: ACCOUNT, network_url: 'https://www.network.com/in/conflict' }), 'conflict', /tell the user/);
    await expectError(await mcp.call('list_companies', { view_id: '999999' }), 'not_found', /list_views/);
    await expectError(await mcp.call('update_company', { company_id: '999999999', account_id: ACCOUNT, Tier: 'x' }), 'not_found', /list_companies for a valid company_id/);
    await expectError(await mcp.call('create_draft', { account_id: ACCOUNT, conversation_id: '999999999', draft_message: 'hi' }), 'not_found', /list_conversations/);
    const contact_id = await firstContactId();
    const broke = await connect({ apiKey: mock.keys.noCredits, mock });
    try {
      await expectError(await broke.call('find_contact_email', { contact_id, account_id: ACCOUNT }), 'billing_insufficient_credits', /no credits/);
    } finally {
      await broke.close();
    }
  });

  it('an account not shared for API use says to pick one from list_accounts', async () => {
    const member = await connect({ apiKey: mock.keys.member, mock });
    try {
      await expectError(await member.call('list_contacts', { account_id: ['103'] }), 'account_shared_access_required', /list_accounts/);
    } finally {
      await member.close();
    }
  });

  it('a rate limit says how long to wait; a transport failure says so plainly', async () => {
    mock.faults.add({ path: '/v1/views', status: 429, retry_after: 30 });
    const limited = await mcp.call('list_views');
    expect(limited.isError).toBe(true);
    expect(limited.structuredContent.error).toMatchObject({ code: 'rate_limit_exceeded', retry_after: 30 });
    expect(textOf(limited)).toMatch(/wait 30 seconds/);
    mock.faults.add({ path: '/v1/views', status: 500, count: 5 });
    await expectError(await mcp.call('list_views'), 'internal_error', /later/);
  });

  it('arguments that break the input schema are refused before any request, with the argument and the next step', async () => {
    const journal = mock.journal.length;
    const result = await mcp.call('create_draft', { account_id: ACCOUNT, draft_message: 'hi' });
    await expectError(result, 'invalid_arguments', /list_conversations for a valid conversation_id/);
    expect(textOf(result)).toMatch(/contact_id or conversation_id/);
    const badId = await mcp.call('update_contact', { contact_id: 'abc' });
    await expectError(badId, 'invalid_arguments', /list_contacts/);
    expect((badId.structuredContent.error as { message: string }).message).toMatch(/^Invalid arguments \(nothing was sent\): contact_id: /);
    expect(mock.journal.length).toBe(journal);
  });

  it('an unknown tool is an isError result naming the tools there are', async () => {
    const result = await mcp.call('send_message', { text: 'hi' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Unknown tool send_message: the tools of this server are list_organizations, /);
  });
});

describe('safety', () => {
  it('readOnly leaves out every tool that changes or spends anything, and the prompts that need them', async () => {
    const readOnly = await connect({ mock, readOnly: true });
    try {
      const { tools } = await readOnly.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(readOnlyToolNames);
      expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
      expect(tools.map((tool) => tool.name)).not.toContain('create_draft');
      const result = await readOnly.call('create_draft', { account_id: ACCOUNT, conversation_id: '1', draft_message: 'x' });
      expect(result.isError).toBe(true);
      expect(mock.drafts().drafts).toEqual([]);
      const { prompts } = await readOnly.client.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toEqual(['weekly_activity_report']);
    } finally {
      await readOnly.close();
    }
  });

  it('tools picks tools; an unknown name is refused', async () => {
    const picked = await connect({ mock, tools: ['list_accounts', 'create_draft'] });
    try {
      expect((await picked.client.listTools()).tools.map((tool) => tool.name)).toEqual(['list_accounts', 'create_draft']);
    } finally {
      await picked.close();
    }
    await expect(connect({ mock, tools: ['list_acounts'] })).rejects.toThrow(/unknown tool.*list_acounts/);
    await expect(connect({ mock, readOnly: true, tools: ['create_draft'] })).rejects.toThrow(/read-only/);
  });

  it('bounds a large page to the character budget, says what was cut, and the cursor skips nothing', async () => {
    const bounded = await connect({ mock, maxChars: 4_000 });
    try {
      const page = await bounded.call('list_contacts', { account_id: [ACCOUNT], limit: 25, fields: ['*'] });
      const text = textOf(page);
      expect(text.length).toBeLessThanOrEqual(4_000);
      const shown = page.structuredContent.contacts as Array<{ contact_id: string }>;
      expect(shown.length).toBeLessThan(25);
      expect(page.structuredContent.cut).toMatchObject({ items_not_shown: 25 - shown.length, budget_chars: 4_000 });
      expect(text).toMatch(/did not fit/);
      const next = await bounded.call('list_contacts', { account_id: [ACCOUNT], limit: 25, fields: ['*'], cursor: page.structuredContent.next_cursor });
      const all = await mcp.call('list_contacts', { account_id: [ACCOUNT], limit: shown.length + 1 });
      expect((next.structuredContent.contacts as Array<{ contact_id: string }>)[0]!.contact_id).toBe((all.structuredContent.contacts as Array<{ contact_id: string }>)[shown.length]!.contact_id);
    } finally {
      await bounded.close();
    }
  });

  it('bounds a single large record by leaving out its largest fields, and names them', async () => {
    const bounded = await connect({ mock, maxChars: 1_000 });
    try {
      const result = await bounded.call('enrich', { account_id: ACCOUNT, network_url: importableUrl() });
      expect(textOf(result).length).toBeLessThanOrEqual(1_000);
      expect((result.structuredContent.cut as { fields_left_out: string[] }).fields_left_out.length).toBeGreaterThan(0);
      expect(textOf(result)).toMatch(/Left out to fit/);
    } finally {
      await bounded.close();
    }
  });

  it('the default page of list_contacts stays well under 8 kB of text', async () => {
    const page = await mcp.call('list_contacts', {});
    expect(textOf(page).length).toBeLessThan(8_000);
  });

  it('never shows the key, even when an answer or an error carries it', async () => {
    const key = mock.keys.admin;
    mock.override('listViews', async ({ next }) => {
      const answer = await next();
      const body = answer.body as { data: { views: Array<Record<string, unknown>> } };
      return { ...answer, body: { ...body, data: { ...body.data, views: body.data.views.map((view) => ({ ...view, description: `key ${key}` })) } } } as never;
    });
    mock.override('listAccounts', async () => ({ status: 500, body: { code: 'internal_error', message: `Bearer ${key} is not welcome` } }) as never);
    const views = await mcp.call('list_views');
    expect(textOf(views)).toContain('key [redacted]');
    const accounts = await mcp.call('list_accounts');
    expect(accounts.isError).toBe(true);
    for (const result of [views, accounts]) expect(JSON.stringify(result)).not.toContain(key);
  });
});

describe('prompts and resources', () => {
  it('offers prompts for the jobs this API is for', async () => {
    const { prompts } = await mcp.client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['draft_replies_for_tag', 'weekly_activity_report', 'follow_up_contacts']);
    const prompt = await mcp.client.getPrompt({ name: 'draft_replies_for_tag', arguments: { tag: 'Customer' } });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toContain('list_conversations');
    expect(text).toContain('create_draft');
    expect(text).toContain('"Customer"');
  });

  it('serves the organization, the accounts, the registered custom fields and the tags in use', async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['network://organization', 'network://accounts', 'network://custom-fields', 'network://tags']);
    const read = async (uri: string) => JSON.parse(((await mcp.client.readResource({ uri })).contents[0] as { text: string }).text);
    expect((await read('network://organization')).organization[0]).toMatchObject({ name: expect.any(String) });
    expect((await read('network://accounts')).accounts).toEqual(expect.arrayContaining([expect.objectContaining({ account_id: ACCOUNT })]));
    expect((await read('network://custom-fields')).contact).toEqual(expect.arrayContaining([{ name: 'Deal stage', type: 'string' }, { name: 'Lead score', type: 'number' }]));
    // Without a source of its own (live), the tags are counted over the records the client reads, and it says how many.
    const tags = await read('network://tags');
    expect(tags.source).toMatch(/^Counted over (every contact and company|the first \d+ contacts and \d+ companies)/);
    const account = tags.accounts.find((one: { account_id: string }) => one.account_id === ACCOUNT);
    expect(account.contacts).toEqual(expect.arrayContaining([{ name: 'Customer', count: expect.any(Number) }]));
  });
});
