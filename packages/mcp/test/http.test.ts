import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli, serverEnv, useBundledCli, type Running } from './support/cli';

const cliPath = useBundledCli();
const TOKEN = 'a-token-of-the-mcp-server-itself';

let running: Running | undefined;
afterEach(async () => {
  running?.kill();
  await running?.exited;
  running = undefined;
});

/** Starts `network-mcp --transport http --port 0 ARGS` and waits for its URL. */
async function startHttp(args: string[], env?: Record<string, string>): Promise<{ url: string; mockUrl?: string }> {
  running = runCli(cliPath(), ['--transport', 'http', '--port', '0', ...args], env);
  const [, url] = await running.waitForStderr(/listening on (http:\/\/\S+\/mcp)/);
  const mockUrl = running.stderr().match(/control API on (http:\/\/\S+?) /)?.[1];
  return { url: url!, ...(mockUrl ? { mockUrl } : {}) };
}

async function connectHttp(url: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent: Record<string, any> };
  return { client, call };
}

describe('network-mcp over Streamable HTTP', () => {
  it('a scripted agent drafts a reply to every conversation of a tag; the mock\'s control API shows the drafts', async () => {
    const { url, mockUrl } = await startHttp(['--mock', '--mock-port', '0']);
    expect(mockUrl).toBeDefined();
    const agent = await connectHttp(url);
    try {
      // Pick a tag that some conversation's participant carries.
      const sample = await agent.call('list_conversations', { limit: 25 });
      const tag = (sample.structuredContent.conversations as Array<{ participants: Array<{ tags: Array<{ name: string }> }> }>)
        .flatMap((conversation) => conversation.participants.flatMap((participant) => participant.tags.map((t) => t.name)))[0]!;
      expect(tag).toBeDefined();

      // The job, through tools only: the conversations of the tag, their last messages, a reply draft to each.
      const conversations: Array<{ conversation_id: string; account_id: string }> = [];
      let cursor: string | undefined;
      do {
        const page = await agent.call('list_conversations', { tag, limit: 25, ...(cursor ? { cursor } : {}) });
        expect(page.isError).toBeFalsy();
        conversations.push(...page.structuredContent.conversations);
        cursor = page.structuredContent.next_cursor;
      } while (cursor);
      expect(conversations.length).toBeGreaterThan(0);
      for (const { conversation_id, account_id } of conversations) {
        const last = await agent.call('list_conversation_messages', { conversation_id, account_id, limit: 1 });
        const [message] = last.structuredContent.messages as Array<{ text: string | null }>;
        const draft = await agent.call('create_draft', { account_id, conversation_id, draft_message: `Re: ${(message?.text ?? '').slice(0, 40)} - thanks, let us talk this week.` });
        expect(draft.structuredContent.draft).toMatchObject({ status: 'saved', conversation_id });
      }

      const saved = (await (await fetch(`${mockUrl}/__mock/drafts`)).json()) as { drafts: Array<{ conversation_id: string; draft_message: string }> };
      expect(saved.drafts.map((draft) => draft.conversation_id).sort()).toEqual(conversations.map((c) => c.conversation_id).sort());
      expect(saved.drafts.every((draft) => draft.draft_message.startsWith('Re: '))).toBe(true);
      // The journal shows what the agent asked for.
      const journal = (await (await fetch(`${mockUrl}/__mock/requests`)).json()) as { requests: Array<{ method: string; path: string }> };
      expect(journal.requests.filter((entry) => entry.method === 'POST' && entry.path === '/v1/drafts')).toHaveLength(conversations.length);
    } finally {
      await agent.client.close();
    }
  });

  it('with a token, refuses requests without it and serves those with it', async () => {
    const { url } = await startHttp(['--mock', '--http-token', TOKEN]);
    const refused = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    await expect(connectHttp(url, { authorization: 'Bearer not-the-token' })).rejects.toThrow();
    const { client, call } = await connectHttp(url, { authorization: `Bearer ${TOKEN}` });
    try {
      expect((await call('list_accounts')).isError).toBeFalsy();
    } finally {
      await client.close();
    }
    expect(running!.stderr()).not.toContain(TOKEN);
  });

  it('bound beyond loopback, serves only requests with its token', async () => {
    const { url } = await startHttp(['--mock', '--host', '0.0.0.0', '--http-token', TOKEN]);
    const local = url.replace('0.0.0.0', '127.0.0.1');
    expect((await fetch(local, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
    const { client, call } = await connectHttp(local, { authorization: `Bearer ${TOKEN}` });
    try {
      expect((await call('list_accounts')).isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it('on loopback, refuses a Host header that is not the loopback address (DNS rebinding)', async () => {
    const { url } = await startHttp(['--mock']);
    const { port } = new URL(url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { host: `attacker.example:${port}`, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(403);
    expect((await fetch(url.replace('/mcp', '/other'), { method: 'POST' })).status).toBe(404);
  });

  describe('live, against network-mock serve', () => {
    let server: MockServer;
    beforeAll(async () => {
      server = await startMockServer({ port: 0 });
    });
    afterAll(() => server.close());

    it('--read-only serves the read tools; errors are results; the key shows nowhere', async () => {
      const key = server.mock.keys.member;
      const { url } = await startHttp(['--read-only'], serverEnv({ NETWORK_API_KEY: key, NETWORK_BASE_URL: server.url }));
      const { client, call } = await connectHttp(url);
      try {
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        expect(names).toContain('list_contacts');
        expect(names).not.toContain('create_draft');
        const contacts = await call('list_contacts', { limit: 2 });
        expect(contacts.structuredContent.returned).toBe(2);
        const forbidden = await call('list_activity');
        expect(forbidden).toMatchObject({ isError: true, structuredContent: { error: { code: 'forbidden' } } });
        const organization = await client.readResource({ uri: 'network://organization' });
        for (const output of [running!.stderr(), running!.stdout(), JSON.stringify(contacts), JSON.stringify(forbidden), JSON.stringify(organization)]) {
          expect(output).not.toContain(key);
        }
      } finally {
        await client.close();
      }
    });
  });
});
