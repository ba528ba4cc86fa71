// What an agent builder tripped on in a first hour with `network-mcp --mock`, checked through the official MCP client
// over stdio against the built command: the mock's clock in the instructions, the tags in use, a tool turned off
// that says why, and GitHub's names for the toolset tools.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageDir, runCli, serverEnv, useBundledCli } from './support/cli';

const cliPath = useBundledCli();
// Each case starts a server process: on a loaded machine that alone can take seconds.
const SPAWN_MS = 60_000;

interface Session {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult & { structuredContent?: Record<string, unknown> }>;
  close(): Promise<void>;
}

async function overStdio(args: string[], env: Record<string, string> = serverEnv()): Promise<Session> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cliPath(), ...args], env, cwd: packageDir, stderr: 'pipe' });
  const client = new Client({ name: 'first-hour', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    call: async (name, callArgs = {}) => (await client.callTool({ name, arguments: callArgs })) as Awaited<ReturnType<Session['call']>>,
    close: () => client.close(),
  };
}

const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

describe('read-only, three toolsets, on the mock', () => {
  let session: Session;
  beforeAll(async () => {
    session = await overStdio(['--mock', '--read-only', '--toolsets', 'context,contacts,conversations']);
  }, SPAWN_MS);
  afterAll(() => session?.close());

  it('the instructions state the mock\'s clock, and offer no drafts', () => {
    const instructions = session.client.getInstructions() ?? '';
    expect(instructions).toContain('clock reads 2026-01-15T12:00:00Z');
    expect(instructions).toMatch(/"the last 30 days" are relative to that instant/);
    expect(instructions).not.toMatch(/draft/i);
    expect(instructions).toMatch(/changes nothing/);
  });

  it('a write turned off by read-only mode says so and how to turn it on, not "unknown tool"', async () => {
    const result = await session.call('create_draft', { account_id: '101', contact_id: '1000001', draft_message: 'hi' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).not.toMatch(/unknown tool/i);
    expect(textOf(result)).toMatch(/create_draft is turned off: this server runs in read-only mode \(--read-only, NETWORK_MCP_READ_ONLY=true/);
    expect(textOf(result)).toMatch(/restarts the server without read-only mode/);
  });

  it('a read of a toolset not served names the toolset and the flag that adds it', async () => {
    const result = await session.call('list_companies', { limit: 1 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/list_companies is turned off: it is in the toolset companies, .*with companies added to --toolsets/);
    expect(textOf(await session.call('list_companys'))).toMatch(/^Unknown tool list_companys: the tools of this server are /);
  });

  it('network://tags lists each account\'s tags with their counts', async () => {
    const { contents } = await session.client.readResource({ uri: 'network://tags' });
    const tags = JSON.parse((contents[0] as { text: string }).text) as { accounts: { account_id: string; contacts: { name: string; count: number }[] }[] };
    const first = tags.accounts.find((account) => account.account_id === '101')!;
    const customer = first.contacts.find((tag) => tag.name === 'Customer')!;
    expect(customer.count).toBeGreaterThan(0);
    // The count is the number of the account's contacts with the tag, as the filter finds them.
    const listed = await session.call('list_contacts', { account_id: '101', tag: 'Customer', limit: 25, fields: ['contact_id'] });
    expect(listed.structuredContent!.returned).toBe(Math.min(25, customer.count));
  });

  it.each(['list_contacts', 'list_conversations'])('%s filtered by a tag no record carries says so and names the closest tags', async (tool) => {
    const result = await session.call(tool, { tag: 'Customers', limit: 5 });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ returned: 0, unknown_tag: { tag: 'Customers', closest: expect.arrayContaining(['Customer']) } });
    expect(textOf(result)).toMatch(/No record carries the tag "Customers".*The closest known tags: Customer/);
    // A tag records carry that matches nothing under other filters is no typo: nothing is said.
    const known = await session.call(tool, { tag: 'Customer', limit: 1 });
    expect(known.structuredContent).not.toHaveProperty('unknown_tag');
  });
});

describe('--now and NETWORK_MCP_NOW set the mock\'s clock', () => {
  it.each([
    ['--now', ['--mock', '--now', '2026-03-01T00:00:00Z'], {}],
    ['NETWORK_MCP_NOW', ['--mock'], { NETWORK_MCP_NOW: '2026-03-01T00:00:00Z' }],
  ])('%s: the instructions and the data read the same instant', async (_label, args, env) => {
    const session = await overStdio(args, serverEnv(env));
    try {
      expect(session.client.getInstructions()).toContain('clock reads 2026-03-01T00:00:00Z');
      const conversations = await session.call('list_conversations', { limit: 1 });
      const [latest] = conversations.structuredContent!.conversations as { last_message_at: string }[];
      expect(latest!.last_message_at.slice(0, 10)).toBe('2026-02-28');
    } finally {
      await session.close();
    }
  }, SPAWN_MS);

  it.each([
    [['--mock', '--now', 'yesterday'], /--now must be an ISO date-time such as 2026-01-15T12:00:00Z, or now, got "yesterday"/],
    [['--now', '2026-03-01T00:00:00Z'], /--now applies to --mock only/],
  ])('%j is a usage error', async (args, message) => {
    const run = runCli(cliPath(), args);
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toMatch(message);
  }, SPAWN_MS);
});

describe('dynamic toolsets take GitHub\'s MCP server\'s names', () => {
  it('list_available_toolsets, get_toolset_tools and enable_toolset', async () => {
    const session = await overStdio(['--mock', '--dynamic-toolsets']);
    try {
      const listed = (await session.client.listTools()).tools.map((tool) => tool.name);
      expect(listed).not.toContain('list_available_toolsets');
      const all = await session.call('list_available_toolsets');
      expect(all.isError).toBeFalsy();
      expect((all.structuredContent!.toolsets as { name: string }[]).map((toolset) => toolset.name)).toContain('contacts');
      const one = await session.call('get_toolset_tools', { toolset: 'contacts' });
      expect(one.structuredContent).toMatchObject({ toolsets: [{ name: 'contacts', enabled: false, tools: expect.arrayContaining(['list_contacts']) }] });
      const disabled = await session.call('list_contacts', { limit: 1 });
      expect(textOf(disabled)).toMatch(/call enable_toolset with toolset "contacts" first/);
      expect((await session.call('enable_toolset', { toolset: 'contacts' })).isError).toBeFalsy();
      expect((await session.call('list_contacts', { limit: 1 })).isError).toBeFalsy();
    } finally {
      await session.close();
    }
  }, SPAWN_MS);
});
