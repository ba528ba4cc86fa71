import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageDir, runCli, serverEnv, useBundledCli } from './support/cli';

const cliPath = useBundledCli();

interface StdioSession {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  stderr(): string;
  close(): Promise<void>;
}

/** An official MCP client over stdio to `network-mcp ARGS`, spawned by the client's transport. */
async function overStdio(args: string[], env: Record<string, string> = serverEnv()): Promise<StdioSession> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cliPath(), ...args], env, cwd: packageDir, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    call: async (name, callArgs = {}) => (await client.callTool({ name, arguments: callArgs })) as CallToolResult,
    stderr: () => stderr,
    close: () => client.close(),
  };
}

describe('network-mcp over stdio', () => {
  it('--mock serves every tool offline with the mock\'s admin key, and logs only to stderr', async () => {
    const session = await overStdio(['--mock']);
    try {
      const { tools } = await session.client.listTools();
      expect(tools).toHaveLength(16);
      const accounts = await session.call('list_accounts');
      expect(accounts.isError).toBeFalsy();
      expect(accounts.structuredContent).toMatchObject({ accounts: expect.arrayContaining([expect.objectContaining({ account_id: '101' })]) });
      const error = await session.call('list_views', { account_id: ['999'] });
      expect(error).toMatchObject({ isError: true, structuredContent: { error: { code: 'bad_request' } } });
      expect(session.stderr()).toMatch(/offline on the mock/);
      for (const output of [session.stderr(), JSON.stringify(accounts), JSON.stringify(error)]) expect(output).not.toContain('sk_test_admin');
    } finally {
      await session.close();
    }
  });

  it('--read-only and --tools pick the tools', async () => {
    const session = await overStdio(['--mock', '--read-only', '--tools', 'list_accounts,list_contacts']);
    try {
      expect((await session.client.listTools()).tools.map((tool) => tool.name)).toEqual(['list_accounts', 'list_contacts']);
    } finally {
      await session.close();
    }
    const readOnly = await overStdio(['--mock', '--read-only']);
    try {
      const names = (await readOnly.client.listTools()).tools.map((tool) => tool.name);
      expect(names).not.toContain('create_draft');
      expect(names).not.toContain('update_contact');
      expect(names).toContain('list_conversations');
    } finally {
      await readOnly.close();
    }
  });

  it('NETWORK_MCP_TOOLSETS and NETWORK_MCP_READ_ONLY pick the tools; with --dynamic-toolsets the agent turns more on', async () => {
    const picked = await overStdio(['--mock'], serverEnv({ NETWORK_MCP_TOOLSETS: 'conversations,context', NETWORK_MCP_READ_ONLY: 'true' }));
    try {
      expect((await picked.client.listTools()).tools.map((tool) => tool.name)).toEqual(['list_organizations', 'list_accounts', 'list_conversations', 'list_conversation_messages']);
    } finally {
      await picked.close();
    }
    const dynamic = await overStdio(['--mock', '--dynamic-toolsets']);
    try {
      let changed = false;
      dynamic.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        changed = true;
      });
      expect((await dynamic.client.listTools()).tools.map((tool) => tool.name)).toEqual(['list_organizations', 'list_accounts', 'list_toolsets', 'enable_toolset']);
      await dynamic.call('enable_toolset', { toolset: 'views' });
      await expect.poll(() => changed).toBe(true);
      expect((await dynamic.client.listTools()).tools.map((tool) => tool.name)).toContain('create_view');
    } finally {
      await dynamic.close();
    }
  });

  describe('live, against network-mock serve', () => {
    let server: MockServer;
    beforeAll(async () => {
      server = await startMockServer({ port: 0 });
    });
    afterAll(() => server.close());

    it('takes the key and base URL from the environment and never shows the key', async () => {
      const key = server.mock.keys.admin;
      const session = await overStdio([], serverEnv({ NETWORK_API_KEY: key, NETWORK_BASE_URL: server.url }));
      try {
        const contacts = await session.call('list_contacts', { limit: 3 });
        expect(contacts.structuredContent).toMatchObject({ returned: 3, has_more: true });
        const error = await session.call('create_draft', { account_id: '101', conversation_id: '999999999', draft_message: 'hi' });
        expect(error).toMatchObject({ isError: true, structuredContent: { error: { code: 'not_found' } } });
        expect(server.mock.journal.some((entry) => entry.path === '/v1/contacts')).toBe(true);
        for (const output of [session.stderr(), JSON.stringify(contacts), JSON.stringify(error)]) expect(output).not.toContain(key);
      } finally {
        await session.close();
      }
    });

    it('an invalid key is an isError result telling the user to fix NETWORK_API_KEY, without the key', async () => {
      const key = server.mock.keys.retired;
      const session = await overStdio([], serverEnv({ NETWORK_API_KEY: key, NETWORK_BASE_URL: server.url }));
      try {
        const result = await session.call('list_accounts');
        expect(result).toMatchObject({ isError: true, structuredContent: { error: { code: 'unauthorized' } } });
        expect(JSON.stringify(result)).toContain('NETWORK_API_KEY');
        for (const output of [session.stderr(), JSON.stringify(result)]) expect(output).not.toContain(key);
      } finally {
        await session.close();
      }
    });

    it('an unreachable service is said plainly, as a tool result', async () => {
      const session = await overStdio([], serverEnv({ NETWORK_API_KEY: 'sk_test_admin', NETWORK_BASE_URL: 'http://127.0.0.1:1' }));
      try {
        const result = await session.call('list_accounts');
        expect(result).toMatchObject({ isError: true, structuredContent: { error: { code: 'connection_error' } } });
        expect(JSON.stringify(result)).toMatch(/could not reach the API/);
      } finally {
        await session.close();
      }
    });
  });

  it('--state-file keeps what an agent did across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'network-mcp-state-'));
    const stateFile = join(dir, 'state.json');
    try {
      const first = await overStdio(['--mock', '--state-file', stateFile]);
      const draft = await first.call('create_draft', { account_id: '101', contact_id: '1000001', draft_message: 'Kept across restarts' });
      expect(draft.isError).toBeFalsy();
      await first.close();
      await expect.poll(() => { try { return readFileSync(stateFile, 'utf8').length; } catch { return 0; } }).toBeGreaterThan(0);
      const second = await overStdio(['--mock', '--state-file', stateFile]);
      try {
        const again = await second.call('create_draft', { account_id: '101', contact_id: '1000001', draft_message: 'Replaced' });
        expect(again.structuredContent).toMatchObject({ draft: { replaced_previous: true } });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('usage errors exit 2 and say what to do', () => {
  it.each([
    [['--mock', '--tools', 'list_acounts'], /unknown tool\(s\): list_acounts/],
    [['--mock', '--read-only', '--tools', 'create_draft'], /read-only/],
    [['--transport', 'http', '--host', '0.0.0.0', '--port', '0', '--mock'], /beyond loopback.*--http-token/],
    [['--seed', '2'], /--seed applies to --mock only/],
    [[], /NETWORK_API_KEY is not set/],
    [['--mock', '--state-file', '/nonexistent-folder/state.json'], /--state-file \/nonexistent-folder\/state.json: the folder \/nonexistent-folder does not exist/],
  ])('%j', async (args, message) => {
    const run = runCli(cliPath(), args);
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toMatch(message);
    expect(run.stdout()).toBe('');
  });
});
