import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createNetworkMcpServer } from '@network-org/mcp';
import { createMockApi } from '@network-org/mock';
import { NetworkClient } from '@network-org/sdk';
import { LIST_LIMIT, type Fixtures } from '../fixtures';
import { ADMIN_KEY } from '../lib/dataset';
import { sideBySide } from '../lib/side-by-side';
import { us } from '../lib/stats';
import type { Section } from '../report';

export interface McpOptions {
  rounds: number;
  callsPerRound: number;
}

export const MCP_FULL: McpOptions = { rounds: 10, callsPerRound: 100 };

const BASE_URL = 'https://api.network.test';

/** Issue 20's targets: what a tool call adds to the SDK call it wraps, and the size of a default page. */
const OVERHEAD_TARGET_MS = 1;
const PAGE_TEXT_TARGET_BYTES = 8_000;
/** Issue 28's target: what a client receives for `tools/list` with every tool served. */
const TOOL_LIST_TARGET_BYTES = 16_000;

const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

/**
 * The MCP server's cost per call: `list_contacts` and `update_contact` through an official MCP client connected
 * in process (InMemoryTransport: JSON-RPC, argument validation, the compact page and its text) against the
 * SDK call the tool wraps, both on the same in-process mock.
 */
export async function mcpOverhead(fixtures: Fixtures, options: McpOptions): Promise<Section> {
  const mock = createMockApi({ baseUrl: BASE_URL, rateLimit: false });
  const sdk = new NetworkClient({ apiKey: ADMIN_KEY, baseUrl: BASE_URL, fetch: mock.fetch });
  const server = createNetworkMcpServer({ client: sdk, apiKey: ADMIN_KEY });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  const { accountId, contactId, patchBody } = fixtures;
  const listArgs = { account_id: [accountId], limit: LIST_LIMIT };
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
    return result;
  };
  const measureOptions = { rounds: options.rounds, runsPerRound: options.callsPerRound, warmupRuns: options.callsPerRound };
  try {
    const list = await sideBySide(
      [
        { name: 'SDK contacts.list', run: () => sdk.contacts.list(listArgs) },
        { name: 'MCP list_contacts', run: () => call('list_contacts', listArgs) },
      ],
      measureOptions,
    );
    const patch = await sideBySide(
      [
        { name: 'SDK contacts.update', run: () => sdk.contacts.update(contactId, patchBody) },
        { name: 'MCP update_contact', run: () => call('update_contact', { contact_id: contactId, ...patchBody }) },
      ],
      measureOptions,
    );
    const defaultPage = textOf(await call('list_contacts', {}));
    const pageBytes = Buffer.byteLength(defaultPage);
    const toolListBytes = Buffer.byteLength(JSON.stringify(await client.listTools()));
    const overheadOf = (results: typeof list) => (results[1]?.perRunMs ?? NaN) - (results[0]?.perRunMs ?? NaN);
    const rows = [
      ...list.map((r) => [`GET /v1/contacts (limit ${LIST_LIMIT})`, r.name, us(r.perRunMs), `${r.ratioToBaseline.toFixed(2)}× the SDK call`]),
      ...patch.map((r) => ['PATCH /v1/contacts/{id}', r.name, us(r.perRunMs), `${r.ratioToBaseline.toFixed(2)}× the SDK call`]),
      ['list_contacts with no arguments', 'text of the result', `${pageBytes} bytes`, '-'],
      ['tools/list, every tool', 'JSON of the result', `${toolListBytes} bytes`, '-'],
    ];
    const overheadTarget = (call: string, results: typeof list) => {
      const overhead = overheadOf(results);
      return { target: `${call}: MCP tool call at most ${OVERHEAD_TARGET_MS} ms over the SDK call it wraps, on the in-process mock`, measured: us(overhead), met: overhead <= OVERHEAD_TARGET_MS };
    };
    return {
      title: 'MCP server: tool-call overhead and page size',
      method:
        `In the bench process, ${options.rounds * options.callsPerRound} sequential calls per contender (${options.rounds} interleaved rounds of ${options.callsPerRound}), ` +
        'medians over rounds: the SDK call against the same work as an MCP tool call from the official client over InMemoryTransport ' +
        '(JSON-RPC, argument validation, the compact page and its text rendering), both on the in-process mock. The page size is the text ' +
        'of `list_contacts` called with no arguments (every account, the default limit and fields); the tool list is the JSON of the ' +
        '`tools/list` result a client receives with every tool served.',
      columns: ['call', 'path', 'time per call', 'ratio'],
      rows,
      targets: [
        overheadTarget('list_contacts', list),
        overheadTarget('update_contact', patch),
        { target: `default list_contacts page under ${PAGE_TEXT_TARGET_BYTES / 1000} kB of text`, measured: `${pageBytes} bytes`, met: pageBytes < PAGE_TEXT_TARGET_BYTES },
        { target: `tools/list with every tool under ${TOOL_LIST_TARGET_BYTES / 1000} kB`, measured: `${toolListBytes} bytes`, met: toolListBytes < TOOL_LIST_TARGET_BYTES },
      ],
    };
  } finally {
    await client.close();
    await server.close();
  }
}
