// `@network-org/mcp` installed for live use, without the mock: neither `@network-org/mock` nor msw is installed,
// `--mock` says what to install, and the server answers live from NETWORK_BASE_URL (a `network-mock serve` of the
// workspace build, started by run.mjs) as an MCP client configured with `npx network-mcp` starts it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

for (const name of ['@network-org/mock', 'msw']) assert.ok(!existsSync(`node_modules/${name}`), `a live install of @network-org/mcp pulls ${name}`);

const offline = spawnSync('npx', ['--no-install', 'network-mcp', '--mock'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
assert.equal(offline.status, 2, `network-mcp --mock without the mock exits 2 (got ${offline.status}): ${offline.stderr}`);
assert.match(offline.stderr, /--mock needs @network-org\/mock .*npm i @network-org\/mock/, offline.stderr);

const { NETWORK_BASE_URL, NETWORK_API_KEY } = process.env;
assert.ok(NETWORK_BASE_URL && NETWORK_API_KEY, 'run.mjs gives the live target');
const transport = new StdioClientTransport({
  command: 'npx',
  args: ['--no-install', 'network-mcp', '--toolsets', 'context,conversations'],
  env: { ...process.env, NETWORK_BASE_URL, NETWORK_API_KEY },
  stderr: 'inherit',
});
const client = new Client({ name: 'pack-live', version: '1.0.0' });
await client.connect(transport);
try {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((tool) => tool.name), ['list_organizations', 'list_accounts', 'list_conversations', 'list_conversation_messages', 'create_draft']);
  const accounts = await client.callTool({ name: 'list_accounts', arguments: {} });
  const [account] = accounts.structuredContent.accounts;
  const conversations = await client.callTool({ name: 'list_conversations', arguments: { account_id: [Number(account.account_id)], limit: 1 } });
  const [conversation] = conversations.structuredContent.conversations;
  const messages = await client.callTool({ name: 'list_conversation_messages', arguments: { conversation_id: Number(conversation.conversation_id), account_id: Number(conversation.account_id), limit: 1 } });
  assert.ok(!messages.isError && messages.structuredContent.messages.length === 1, `live calls answer: ${JSON.stringify(messages)}`);
} finally {
  await client.close();
}
console.log('mcp live without the mock: ok');
