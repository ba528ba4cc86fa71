import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { NetworkClient } from '@network-org/sdk';
import { LIST_LIMIT, type Fixtures } from '../fixtures';
import { ADMIN_KEY } from '../lib/dataset';
import { compareOnTrees, onRef, treesOf } from '../lib/against';
import { sideBySide, type Contender } from '../lib/side-by-side';
import { load, WORK, type Tree } from '../lib/trees';
import { us } from '../lib/stats';
import type { Section } from '../report';

export interface McpOptions {
  rounds: number;
  callsPerRound: number;
}

export const MCP_FULL: McpOptions = { rounds: 10, callsPerRound: 100 };

const BASE_URL = 'https://api.network.test';

/** The targets: what a tool call adds to the SDK call it wraps, and the size of a default page a model reads. */
const OVERHEAD_TARGET_MS = 0.5;
const PAGE_TEXT_TARGET_BYTES = 8_000;
/** The target for what a client receives for `tools/list` with every tool served: it costs a model's context. */
const TOOL_LIST_TARGET_BYTES = 16_000;

const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

/**
 * The MCP server's cost per call: `list_contacts` and `update_contact` through an official MCP client connected
 * in process (InMemoryTransport: JSON-RPC, argument validation, the compact page and its text) against the
 * SDK call the tool wraps, both on the same in-process mock.
 */
interface Connected {
  tree: Tree;
  sdk: NetworkClient;
  call: (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;
  listTools: () => Promise<unknown>;
  close: () => Promise<void>;
}

/** The SDK on an in-process mock and an MCP server on that SDK, with a client connected, all of `tree`'s build. */
async function connect(tree: Tree): Promise<Connected> {
  const { createMockApi } = await load(tree, '@network-org/mock');
  const { NetworkClient } = await load(tree, '@network-org/sdk');
  const { createNetworkMcpServer } = await load(tree, '@network-org/mcp');
  const mock = createMockApi({ baseUrl: BASE_URL, rateLimit: false });
  const sdk = new NetworkClient({ apiKey: ADMIN_KEY, baseUrl: BASE_URL, fetch: mock.fetch });
  const server = createNetworkMcpServer({ client: sdk, apiKey: ADMIN_KEY });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
    return result;
  };
  return {
    tree,
    sdk,
    call,
    listTools: () => client.listTools(),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

export async function mcpOverhead(fixtures: Fixtures, options: McpOptions, ref?: Tree): Promise<Section> {
  const connected: Connected[] = [];
  for (const tree of treesOf(WORK, ref)) connected.push(await connect(tree));
  const [work] = connected as [Connected];
  const { sdk, call } = work;
  const { accountId, contactId, patchBody } = fixtures;
  const listArgs = { account_id: [accountId], limit: LIST_LIMIT };
  const measureOptions = { rounds: options.rounds, runsPerRound: options.callsPerRound, warmupRuns: options.callsPerRound };
  const named = (each: Connected, name: string) => (each.tree === WORK || !ref ? name : onRef(name, ref));
  try {
    const list = await sideBySide(
      connected.flatMap((each): Contender[] => [
        { name: named(each, 'SDK contacts.list'), run: () => each.sdk.contacts.list(listArgs) },
        { name: named(each, 'MCP list_contacts'), run: () => each.call('list_contacts', listArgs) },
      ]),
      measureOptions,
    );
    const patch = await sideBySide(
      connected.flatMap((each): Contender[] => [
        { name: named(each, 'SDK contacts.update'), run: () => each.sdk.contacts.update(contactId, patchBody) },
        { name: named(each, 'MCP update_contact'), run: () => each.call('update_contact', { contact_id: contactId, ...patchBody }) },
      ]),
      measureOptions,
    );
    const defaultPage = textOf(await call('list_contacts', {}));
    const pageBytes = Buffer.byteLength(defaultPage);
    const toolListBytes = Buffer.byteLength(JSON.stringify(await work.listTools()));
    const overheadOf = (results: typeof list, offset = 0) => (results[offset + 1]?.perRunMs ?? NaN) - (results[offset]?.perRunMs ?? NaN);
    // The overhead is a difference of two times; on both trees it is compared as such, per round.
    const overheadComparison = (call: string, results: typeof list) => {
      if (!ref) return [];
      const perRound = (offset: number) => (results[offset + 1]?.roundMs ?? []).map((time, round) => time - (results[offset]?.roundMs[round] ?? NaN));
      const workRounds = perRound(0);
      const refRounds = perRound(2);
      const ratios = workRounds.map((time, round) => time / (refRounds[round] as number)).sort((a, b) => a - b);
      return [{ figure: `${call}: MCP overhead over the SDK call`, ref: us(overheadOf(results, 2)), work: us(overheadOf(results)), ratio: ratios[Math.floor((ratios.length - 1) / 2)] ?? NaN }];
    };
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
      comparisons: [
        ...compareOnTrees(`GET /v1/contacts (limit ${LIST_LIMIT})`, list, ref, (r) => us(r.perRunMs)),
        ...overheadComparison('list_contacts', list),
        ...compareOnTrees('PATCH /v1/contacts/{id}', patch, ref, (r) => us(r.perRunMs)),
        ...overheadComparison('update_contact', patch),
      ],
      targets: [
        overheadTarget('list_contacts', list),
        overheadTarget('update_contact', patch),
        { target: `default list_contacts page under ${PAGE_TEXT_TARGET_BYTES / 1000} kB of text`, measured: `${pageBytes} bytes`, met: pageBytes < PAGE_TEXT_TARGET_BYTES },
        { target: `tools/list with every tool under ${TOOL_LIST_TARGET_BYTES / 1000} kB`, measured: `${toolListBytes} bytes`, met: toolListBytes < TOOL_LIST_TARGET_BYTES },
      ],
    };
  } finally {
    for (const each of connected) await each.close();
  }
}
