import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createNetworkMcpServer, type NetworkMcpServerOptions } from '@network-org/mcp';
import { createMockApi, type MockApi } from '@network-org/mock';
import { NetworkClient } from '@network-org/sdk';

export interface Connected {
  client: Client;
  mock: MockApi;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult & { structuredContent: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * An MCP client connected in process to a server on a fresh in-process mock (admin key unless `apiKey`; `fetch`
 * replaces the mock's, to fail the transport).
 */
export async function connect(options: Partial<NetworkMcpServerOptions> & { apiKey?: string; mock?: MockApi; fetch?: typeof fetch } = {}): Promise<Connected> {
  const mock = options.mock ?? createMockApi({ rateLimit: false });
  const apiKey = options.apiKey ?? mock.keys.admin;
  const sdk = new NetworkClient({ apiKey, baseUrl: mock.baseUrl, fetch: options.fetch ?? mock.fetch, maxRetries: 0 });
  const { fetch: _fetch, ...serverOptions } = options;
  const server = createNetworkMcpServer({ customFields: async () => ({ ...mock.customFields().organizations[0]!, source: 'mock' }), ...serverOptions, client: sdk, apiKey });
  const client = new Client({ name: 'test', version: '1.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  return {
    client,
    mock,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as Awaited<ReturnType<Connected['call']>>,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

export const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
