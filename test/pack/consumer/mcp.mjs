// The installed `network-mcp` bin, as an MCP client configured with `npx network-mcp --mock` starts it: the official
// client lists its tools over stdio and calls one on the in-process mock.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const transport = new StdioClientTransport({ command: 'npx', args: ['--no-install', 'network-mcp', '--mock'], stderr: 'inherit' });
const client = new Client({ name: 'pack-smoke', version: '1.0.0' });
// npx, a Node start-up and the mock's first dataset can take past the client's 60 s default on a loaded CI machine.
const patience = { timeout: 180_000 };
await client.connect(transport, patience);
try {
  const { tools } = await client.listTools(undefined, patience);
  assert.equal(tools.length, 16, `network-mcp lists the 16 tools, got ${tools.map((tool) => tool.name).join(', ')}`);
  const accounts = await client.callTool({ name: 'list_accounts', arguments: {} }, undefined, patience);
  assert.ok(!accounts.isError && accounts.structuredContent.accounts.length > 0, 'list_accounts answers from the mock');
} finally {
  await client.close();
}
console.log('mcp: ok');
