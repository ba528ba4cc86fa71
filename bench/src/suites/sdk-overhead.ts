import type { ContactListResponse, paths } from '@network-org/sdk';
import createClient from 'openapi-fetch';
import { WALK_CONTACTS, WALK_PAGE_SIZE, LIST_LIMIT, type Fixtures } from '../fixtures';
import { compareOnTrees, contendersOnTrees } from '../lib/against';
import { ADMIN_KEY } from '../lib/dataset';
import { sideBySide, type Contender, type ContenderResult } from '../lib/side-by-side';
import { load, WORK, type Tree } from '../lib/trees';
import { ms, overhead, us } from '../lib/stats';
import type { Section, TargetCheck } from '../report';
import { startFixedProcess } from '../servers/start';

export interface SdkOverheadOptions {
  callRounds: number;
  callsPerRound: number;
  walkRounds: number;
  /** Untimed calls per contender before the rounds, WARMUP_CALLS unless given (`--quick`: none). */
  warmupCalls?: number;
  /** Untimed walks per contender before the first, 1 unless given. */
  walkWarmups?: number;
}

// Many short rounds: on a shared machine, load comes in bursts that a round of 50 calls per contender (40 ms) takes
// whole while the next contender misses it; rounds of 5 calls put the contenders side by side within the burst.
export const SDK_OVERHEAD_FULL: SdkOverheadOptions = { callRounds: 200, callsPerRound: 5, walkRounds: 15 };

/** Untimed calls per contender before the rounds (JIT, connection pool). */
export const WARMUP_CALLS = 50;

/** The issue's target: the SDK's time per call within 10% of raw fetch's. */
const TARGET_RATIO = 1.1;

async function expectOk(response: Response): Promise<unknown> {
  if (!response.ok) throw new Error(`fixed server answered ${response.status}`);
  return response.json();
}

/**
 * A raw fetch that can time out as an SDK call can: its own controller's signal, aborted by a timer the answer clears.
 * Its row is the floor of that feature (Node's fetch does real work per request for a signal), not a target.
 */
async function fetchWithTimeout(url: string, init: RequestInit): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 60_000);
  try {
    return await expectOk(await fetch(url, { ...init, signal: controller.signal }));
  } finally {
    clearTimeout(timer);
  }
}

async function contenders(url: string, fixtures: Fixtures, ref: Tree | undefined) {
  const authorization = `Bearer ${ADMIN_KEY}`;
  const clients = async (tree: Tree) => {
    const { NetworkClient } = await load(tree, '@network-org/sdk');
    const { validateResponses } = await load(tree, '@network-org/sdk/zod');
    return {
      sdk: new NetworkClient({ apiKey: ADMIN_KEY, baseUrl: url }),
      validating: new NetworkClient({ apiKey: ADMIN_KEY, baseUrl: url, validateResponses }),
    };
  };
  const bare = createClient<paths>({ baseUrl: url, headers: { Authorization: authorization } });
  const { accountId, contactId, patchBody } = fixtures;
  const listQuery = { account_id: [accountId], limit: LIST_LIMIT };
  const unwrap = async <T extends { error?: unknown }>(call: Promise<T>) => {
    const result = await call;
    if (result.error !== undefined) throw new Error('openapi-fetch call failed');
    return result;
  };

  const list = await contendersOnTrees(
    [
      { name: 'raw fetch', run: () => fetch(`${url}${fixtures.list.path}`, { headers: fixtures.list.headers }).then(expectOk) },
      { name: 'raw fetch with a timeout', run: () => fetchWithTimeout(`${url}${fixtures.list.path}`, { headers: fixtures.list.headers }) },
      { name: 'openapi-fetch', run: () => unwrap(bare.GET('/v1/contacts', { params: { query: listQuery } })) },
    ],
    async (tree) => {
      const { sdk, validating } = await clients(tree);
      return [
        { name: 'SDK', run: () => sdk.contacts.list(listQuery) },
        { name: 'SDK, validateResponses', run: () => validating.contacts.list(listQuery) },
      ];
    },
    WORK,
    ref,
  );
  const patch = await contendersOnTrees(
    [
      {
        name: 'raw fetch',
        run: () =>
          fetch(`${url}${fixtures.patch.path}`, { method: 'PATCH', headers: fixtures.patch.headers, body: JSON.stringify(patchBody) }).then(expectOk),
      },
      {
        name: 'raw fetch with a timeout',
        run: () => fetchWithTimeout(`${url}${fixtures.patch.path}`, { method: 'PATCH', headers: fixtures.patch.headers, body: JSON.stringify(patchBody) }),
      },
      {
        name: 'openapi-fetch',
        run: () => unwrap(bare.PATCH('/v1/contacts/{contact_id}', { params: { path: { contact_id: contactId } }, body: patchBody })),
      },
    ],
    async (tree) => {
      const { sdk, validating } = await clients(tree);
      return [
        { name: 'SDK', run: () => sdk.contacts.update(contactId, patchBody) },
        { name: 'SDK, validateResponses', run: () => validating.contacts.update(contactId, patchBody) },
      ];
    },
    WORK,
    ref,
  );

  const expectAll = (count: number) => {
    if (count !== WALK_CONTACTS) throw new Error(`walked ${count} contacts, expected ${WALK_CONTACTS}`);
  };
  const walk = await contendersOnTrees(
    [
      {
        name: 'hand-written cursor loop (raw fetch)',
        run: async () => {
          let count = 0;
          let cursor: string | undefined;
          do {
            const query = `account_id=${accountId}&limit=${WALK_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
            const page = (await fetch(`${url}/v1/contacts?${query}`, { headers: { authorization } }).then(expectOk)) as ContactListResponse;
            count += page.data.contacts.length;
            cursor = page.data.pagination.has_more ? page.data.pagination.next_cursor : undefined;
          } while (cursor);
          expectAll(count);
        },
      },
    ],
    async (tree): Promise<Contender[]> => {
      const { sdk } = await clients(tree);
      return [
        {
          name: 'SDK `for await`',
          run: async () => {
            let count = 0;
            for await (const _contact of sdk.contacts.list({ account_id: [accountId], limit: WALK_PAGE_SIZE })) count++;
            expectAll(count);
          },
        },
      ];
    },
    WORK,
    ref,
  );
  return { list, patch, walk };
}

function check(what: string, results: ContenderResult[], name: string): TargetCheck {
  const result = results.find((r) => r.name === name);
  if (!result) throw new Error(`no result for ${name}`);
  return {
    target: `${what}: ${name} within 10% of raw fetch`,
    measured: overhead(result.ratioToBaseline, 1),
    met: result.ratioToBaseline <= TARGET_RATIO,
  };
}

/** Per-call cost of the SDK over raw fetch and bare openapi-fetch, all against one server sending fixed bytes. */
export async function sdkOverhead(fixtures: Fixtures, options: SdkOverheadOptions, ref?: Tree): Promise<Section> {
  const server = await startFixedProcess(fixtures);
  try {
    const { list, patch, walk } = await contenders(server.url, fixtures, ref);
    const callOptions = { rounds: options.callRounds, runsPerRound: options.callsPerRound, warmupRuns: options.warmupCalls ?? WARMUP_CALLS };
    const listResults = await sideBySide(list, callOptions);
    const patchResults = await sideBySide(patch, callOptions);
    const walkResults = await sideBySide(walk, { rounds: options.walkRounds, runsPerRound: 1, warmupRuns: options.walkWarmups ?? 1 });
    const rows = [
      ...listResults.map((r) => [`GET /v1/contacts (limit ${LIST_LIMIT})`, r.name, us(r.perRunMs), overhead(r.ratioToBaseline, 1)]),
      ...patchResults.map((r) => ['PATCH /v1/contacts/{id}', r.name, us(r.perRunMs), overhead(r.ratioToBaseline, 1)]),
      ...walkResults.map((r) => [`walk ${WALK_CONTACTS.toLocaleString('en')} contacts`, r.name, ms(r.perRunMs, 0), overhead(r.ratioToBaseline, 1)]),
    ];
    return {
      title: 'SDK overhead per call',
      method:
        `A bare node:http server in its own process answers with bytes recorded from the mock (a page of ${LIST_LIMIT} contacts; the updated contact; ` +
        `${WALK_CONTACTS / WALK_PAGE_SIZE} pages of ${WALK_PAGE_SIZE} for the walk). Calls run one after another; contenders are interleaved round by round ` +
        `(${options.callRounds} rounds of ${options.callsPerRound} calls; ${options.walkRounds} walks each) and compared within a round; medians over rounds. ` +
        '"raw fetch with a timeout" gives fetch a signal its timer can abort, as the SDK does for its `timeout` (60 s by default): the part of the SDK\'s ' +
        'overhead that Node\'s fetch itself spends on a signal.',
      columns: ['call', 'client', 'time per call', 'vs raw fetch'],
      rows,
      comparisons: [
        ...compareOnTrees(`GET /v1/contacts (limit ${LIST_LIMIT})`, listResults, ref, (r) => us(r.perRunMs)),
        ...compareOnTrees('PATCH /v1/contacts/{id}', patchResults, ref, (r) => us(r.perRunMs)),
        ...compareOnTrees(`walk ${WALK_CONTACTS.toLocaleString('en')} contacts`, walkResults, ref, (r) => ms(r.perRunMs, 0)),
      ],
      targets: [
        check('list', listResults, 'SDK'),
        check('PATCH', patchResults, 'SDK'),
        {
          target: `walk of ${WALK_CONTACTS.toLocaleString('en')}: SDK \`for await\` within 10% of a hand-written cursor loop`,
          measured: overhead(walkResults[1]?.ratioToBaseline ?? Number.NaN, 1),
          met: (walkResults[1]?.ratioToBaseline ?? Number.POSITIVE_INFINITY) <= TARGET_RATIO,
        },
      ],
    };
  } finally {
    await server.close();
  }
}
