// Picking the tools an agent gets: toolsets, single tools, read-only mode, from options, flags and the environment,
// and dynamic discovery, where the agent turns toolsets on itself.
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { selectTools, toolNames, toolsetTools } from '@network-org/mcp';
import { parseCli } from '../src/cli/args';
import { connect, textOf } from './support/in-process';

describe('toolsets', () => {
  it('group every tool once, by what it is for', () => {
    expect(toolsetTools).toEqual({
      context: ['list_organizations', 'list_accounts'],
      contacts: ['list_contacts', 'import_contact', 'update_contact'],
      companies: ['list_companies', 'update_company'],
      conversations: ['list_conversations', 'list_conversation_messages', 'create_draft'],
      views: ['list_views', 'create_view'],
      activity: ['list_activity', 'get_activity_summary'],
      enrichment: ['enrich', 'find_contact_email'],
    });
    expect(Object.values(toolsetTools).flat().sort()).toEqual([...toolNames].sort());
  });

  it('pick the tools: toolsets, plus single tools, without writes in read-only mode; all and default are every tool', () => {
    expect(selectTools({})).toEqual(toolNames);
    expect(selectTools({ toolsets: ['all'] })).toEqual(toolNames);
    expect(selectTools({ toolsets: ['default'] })).toEqual(toolNames);
    expect(selectTools({ toolsets: ['conversations', 'context'] })).toEqual(['list_organizations', 'list_accounts', 'list_conversations', 'list_conversation_messages', 'create_draft']);
    expect(selectTools({ toolsets: ['views'], tools: ['list_accounts'] })).toEqual(['list_accounts', 'list_views', 'create_view']);
    expect(selectTools({ tools: ['list_accounts'] })).toEqual(['list_accounts']);
    expect(selectTools({ toolsets: ['conversations'], readOnly: true })).toEqual(['list_conversations', 'list_conversation_messages']);
    expect(() => selectTools({ toolsets: ['contact'] })).toThrow(/unknown toolset\(s\): contact; the toolsets are context, contacts, companies, conversations, views, activity, enrichment \(or all, default\)/);
    expect(() => selectTools({ tools: ['create_draft'], readOnly: true })).toThrow(/read-only/);
  });

  it('serve only their tools, and the prompts whose tools they hold', async () => {
    const mcp = await connect({ toolsets: ['conversations'] });
    try {
      expect((await mcp.client.listTools()).tools.map((tool) => tool.name)).toEqual(['list_conversations', 'list_conversation_messages', 'create_draft']);
      expect((await mcp.client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['draft_replies_for_tag']);
      expect(textOf(await mcp.call('list_contacts'))).toMatch(/^list_contacts is turned off: it is in the toolset contacts, which this server was not started with/);
    } finally {
      await mcp.close();
    }
  });
});

describe('the command line and the environment', () => {
  const parse = (argv: string[], env: Record<string, string> = {}) => parseCli(['--mock', ...argv], env);

  it('NETWORK_MCP_TOOLSETS, NETWORK_MCP_TOOLS and NETWORK_MCP_READ_ONLY pick the tools; flags win', () => {
    expect(parse([], { NETWORK_MCP_TOOLSETS: 'contacts, views', NETWORK_MCP_TOOLS: 'list_accounts', NETWORK_MCP_READ_ONLY: 'true' })).toMatchObject({
      toolsets: ['contacts', 'views'],
      tools: ['list_accounts'],
      readOnly: true,
    });
    expect(parse(['--toolsets', 'activity', '--tools', 'enrich'], { NETWORK_MCP_TOOLSETS: 'contacts', NETWORK_MCP_TOOLS: 'list_accounts' })).toMatchObject({ toolsets: ['activity'], tools: ['enrich'] });
    expect(parse(['--read-only'], { NETWORK_MCP_READ_ONLY: 'false' })).toMatchObject({ readOnly: true });
    for (const off of ['false', '0', 'no', '']) expect(parse([], { NETWORK_MCP_READ_ONLY: off })).toMatchObject({ readOnly: false });
    expect(parse([], {})).toMatchObject({ toolsets: undefined, tools: undefined, readOnly: false, dynamicToolsets: false });
    expect(parse([], { NETWORK_MCP_DYNAMIC_TOOLSETS: '1' })).toMatchObject({ dynamicToolsets: true });
  });

  it.each([
    [['--toolsets', 'contact'], {}, /unknown toolset\(s\): contact/],
    [[], { NETWORK_MCP_TOOLSETS: 'everything' }, /unknown toolset\(s\): everything/],
    [[], { NETWORK_MCP_READ_ONLY: 'maybe' }, /NETWORK_MCP_READ_ONLY must be on or off, got "maybe" \(it sets --read-only\)/],
    [[], { NETWORK_MCP_READ_ONLY: 'yes', NETWORK_MCP_TOOLS: 'create_draft' }, /--read-only leaves out create_draft/],
    [['--toolsets', ','], {}, /--toolsets needs at least one name/],
    [['--dynamic-toolsets', '--transport', 'http'], {}, /--dynamic-toolsets needs a session/],
  ] as const)('%j %j is a usage error', (argv, env, message) => {
    expect(() => parse([...argv], env)).toThrow(message);
  });
});

describe('dynamic toolsets', () => {
  it('start with context and the discovery tools; enable_toolset turns a toolset on and tells the client', async () => {
    const mcp = await connect({ dynamicToolsets: true });
    let changed = 0;
    mcp.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed += 1;
    });
    try {
      const names = async () => (await mcp.client.listTools()).tools.map((tool) => tool.name);
      expect(await names()).toEqual(['list_organizations', 'list_accounts', 'list_toolsets', 'enable_toolset']);
      const listed = await mcp.call('list_toolsets');
      expect(listed.structuredContent.toolsets).toEqual(expect.arrayContaining([
        { name: 'context', description: expect.any(String), tools: ['list_organizations', 'list_accounts'], enabled: true },
        { name: 'conversations', description: expect.any(String), tools: ['list_conversations', 'list_conversation_messages', 'create_draft'], enabled: false },
      ]));
      expect(textOf(await mcp.call('list_conversations'))).toBe('list_conversations is in the toolset conversations, which is not enabled: call enable_toolset with toolset "conversations" first.');

      const prompt = async () => ((await mcp.client.getPrompt({ name: 'draft_replies_for_tag', arguments: { tag: 'Customer' } })).messages[0]!.content as { text: string }).text;
      expect(await prompt()).toMatch(/^First, call `enable_toolset` with `toolset` "conversations"\.\n/);

      const enabled = await mcp.call('enable_toolset', { toolset: 'conversations' });
      expect(enabled.structuredContent).toEqual({
        toolset: 'conversations',
        enabled: true,
        tools: ['list_conversations', 'list_conversation_messages', 'create_draft'].map((name) => ({ name, description: expect.stringMatching(/\w+/) })),
      });
      await expect.poll(() => changed).toBe(1);
      expect(await names()).toEqual(['list_organizations', 'list_accounts', 'list_conversations', 'list_conversation_messages', 'create_draft', 'list_toolsets', 'enable_toolset']);
      expect((await mcp.call('list_conversations', { limit: 1 })).isError).toBeFalsy();
      expect(await prompt()).not.toContain('enable_toolset');

      await mcp.call('enable_toolset', { toolset: 'conversations' });
      expect(changed).toBe(1);
      const refused = await mcp.call('enable_toolset', { toolset: 'everything' });
      expect(refused).toMatchObject({ isError: true, structuredContent: { error: { code: 'invalid_arguments' } } });
    } finally {
      await mcp.close();
    }
  });

  it('in read-only mode, enable only the reads of a toolset', async () => {
    const mcp = await connect({ dynamicToolsets: true, readOnly: true });
    try {
      await mcp.call('enable_toolset', { toolset: 'conversations' });
      const names = (await mcp.client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('list_conversation_messages');
      expect(names).not.toContain('create_draft');
      expect(textOf(await mcp.call('create_draft', { account_id: 101, contact_id: 1000001, draft_message: 'x' }))).toMatch(/^create_draft is turned off: this server runs in read-only mode/);
      expect((await mcp.client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['weekly_activity_report']);
    } finally {
      await mcp.close();
    }
  });
});
