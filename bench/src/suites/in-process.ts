import { createMockApi } from '@network-org/mock';
import { NetworkClient } from '@network-org/sdk';
import { setupServer } from 'msw/node';
import { LIST_LIMIT, type BenchRequest, type Fixtures } from '../fixtures';
import { ADMIN_KEY } from '../lib/dataset';
import { compareOnTrees, onRef } from '../lib/against';
import { pairRatio, sideBySide, type Contender, type ContenderResult } from '../lib/side-by-side';
import { load, type Tree } from '../lib/trees';
import { us } from '../lib/stats';
import type { Section, TargetCheck } from '../report';
import { fixedKey, type FixedResponse } from '../servers/fixed';
import { startFixedProcess } from '../servers/start';

export interface InProcessOptions {
  rounds: number;
  callsPerRound: number;
}

/** 10 rounds of 100: 1,000 calls per contender. */
export const IN_PROCESS_FULL: InProcessOptions = { rounds: 10, callsPerRound: 100 };

const BASE_URL = 'https://api.network.test';

/**
 * The SDK over `mock.fetch` against the SDK through msw, the peer a test suite would use instead. `mock.fetch` against
 * a loopback round trip keeps its row, without a target: no test writer feels it (the `suite` suite measures what they do).
 */
const SDK_MOCK_FETCH_TARGET = 0.5;

/** Recording coverage (on by default) costs `mock.fetch` at most this much CPU over a mock that records none. */
const COVERAGE_OVERHEAD_TARGET = 0.03;

/** fetch's own call with the request's method, headers and body; the answer's bytes are read, as any caller does. */
function fetchCall(fetcher: (url: string, init: RequestInit) => Promise<Response>, url: string, request: BenchRequest) {
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body !== undefined) init.body = request.body;
  return async () => {
    const response = await fetcher(`${url}${request.path}`, init);
    if (response.status !== 200) throw new Error(`${request.method} ${request.path} answered ${response.status}`);
    return response.arrayBuffer();
  };
}

/**
 * The least any in-process fetch can cost: a `Response` built from the answer's very bytes and headers, its body read
 * as the other contenders read theirs. `mock.fetch` must return such a Response, so it cannot go below this.
 */
function responseFloor(fixtures: Fixtures, request: BenchRequest): () => Promise<ArrayBuffer> {
  const url = new URL(request.path, 'http://floor.bench');
  const recorded = fixtures.routes[fixedKey(request.method, url.pathname, { limit: url.searchParams.get('limit'), cursor: url.searchParams.get('cursor') })] as FixedResponse | undefined;
  if (!recorded) throw new Error(`no recorded answer to ${request.method} ${request.path}`);
  const bytes = Buffer.from(recorded.body);
  return () => new Response(bytes, { status: recorded.status, headers: recorded.headers }).arrayBuffer();
}

function find(results: readonly ContenderResult[], name: string): ContenderResult {
  const result = results.find((r) => r.name === name);
  if (!result) throw new Error(`no result for ${name}`);
  return result;
}

const RAW_LOOPBACK = 'raw fetch from the bare loopback server';
const FLOOR = "fetch's own Response of the same bytes, read (the floor)";
const MOCK_FETCH = 'mock.fetch';
const SDK_MOCK_FETCH = 'SDK, fetch: mock.fetch';
const SDK_MSW = 'SDK through msw setupServer';
const MOCK_FETCH_NO_COVERAGE = 'mock.fetch, coverage: false';

/**
 * What a test suite pays per call in process: `mock.fetch` against a real loopback round trip for the same bytes,
 * and the SDK over `mock.fetch` against the SDK through msw's interception of the global fetch.
 */
export async function inProcess(fixtures: Fixtures, options: InProcessOptions, ref?: Tree): Promise<Section> {
  const mock = createMockApi({ baseUrl: BASE_URL, rateLimit: false });
  // The ref's mock.fetch runs in the same rounds; msw's group stays on the work tree (the ref's handlers belong to its own msw).
  const refMock = ref ? (await load(ref, '@network-org/mock')).createMockApi({ baseUrl: BASE_URL, rateLimit: false }) : undefined;
  const direct = new NetworkClient({ apiKey: ADMIN_KEY, baseUrl: BASE_URL, fetch: mock.fetch });
  // Looks the global fetch up per call, so it goes through msw once setupServer listens.
  const intercepted = new NetworkClient({ apiKey: ADMIN_KEY, baseUrl: BASE_URL });
  const { accountId, contactId, patchBody } = fixtures;
  const listQuery = { account_id: [accountId], limit: LIST_LIMIT };
  const measureOptions = { rounds: options.rounds, runsPerRound: options.callsPerRound, warmupRuns: options.callsPerRound };

  // First without msw, which would otherwise intercept the raw fetch to the loopback server as well.
  const bare = await startFixedProcess(fixtures);
  let fetchResults: { list: ContenderResult[]; patch: ContenderResult[] };
  try {
    const contenders = (request: BenchRequest): Contender[] => [
      { name: RAW_LOOPBACK, run: fetchCall(fetch, bare.url, request) },
      { name: MOCK_FETCH, run: fetchCall(mock.fetch, BASE_URL, request) },
      { name: FLOOR, run: responseFloor(fixtures, request) },
      ...(ref && refMock ? [{ name: onRef(MOCK_FETCH, ref), run: fetchCall(refMock.fetch, BASE_URL, request) }] : []),
    ];
    fetchResults = { list: await sideBySide(contenders(fixtures.list), measureOptions), patch: await sideBySide(contenders(fixtures.patch), measureOptions) };
  } finally {
    await bare.close();
  }
  // The recording's cost is a few per cent at most: two new mocks, the same but for `coverage`, alone over three
  // times the rounds of five times the calls (a round of 100 calls is some 8 ms of CPU, within the noise), so that
  // neither meets what the other contenders left behind (garbage, a loopback connection's work) or a journal fuller
  // than the other's (a full one drops an entry per request).
  const coverageOptions = { rounds: 3 * options.rounds, runsPerRound: 5 * options.callsPerRound, warmupRuns: 5 * options.callsPerRound };
  const coveragePair = (request: BenchRequest): Contender[] => {
    const counted = createMockApi({ baseUrl: BASE_URL, rateLimit: false });
    const uncounted = createMockApi({ baseUrl: BASE_URL, rateLimit: false, coverage: false });
    return [
      { name: MOCK_FETCH, run: fetchCall(counted.fetch, BASE_URL, request) },
      { name: MOCK_FETCH_NO_COVERAGE, run: fetchCall(uncounted.fetch, BASE_URL, request) },
    ];
  };
  const coverageResults = {
    list: await sideBySide(coveragePair(fixtures.list), coverageOptions),
    patch: await sideBySide(coveragePair(fixtures.patch), coverageOptions),
  };

  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  let sdkResults: { list: ContenderResult[]; patch: ContenderResult[] };
  try {
    sdkResults = {
      list: await sideBySide(
        [
          { name: SDK_MSW, run: () => intercepted.contacts.list(listQuery) },
          { name: SDK_MOCK_FETCH, run: () => direct.contacts.list(listQuery) },
        ],
        measureOptions,
      ),
      patch: await sideBySide(
        [
          { name: SDK_MSW, run: () => intercepted.contacts.update(contactId, patchBody) },
          { name: SDK_MOCK_FETCH, run: () => direct.contacts.update(contactId, patchBody) },
        ],
        measureOptions,
      ),
    };
  } finally {
    server.close();
  }

  const listCall = `GET /v1/contacts (limit ${LIST_LIMIT})`;
  const patchCall = 'PATCH /v1/contacts/{id}';
  const fetchRows = (call: string, results: ContenderResult[]) =>
    results.map((r) => [call, r.name, us(r.perRunMs), `${r.ratioToBaseline.toFixed(2)}× raw fetch`]);
  const uncountedRow = (call: string, results: ContenderResult[]) => {
    const r = find(results, MOCK_FETCH_NO_COVERAGE);
    return [call, r.name, us(r.perRunMs), `${r.ratioToBaseline.toFixed(2)}× mock.fetch`];
  };
  const sdkRows = (call: string, results: ContenderResult[]) =>
    results.map((r) => [call, r.name, us(r.perRunMs), `${r.ratioToBaseline.toFixed(2)}× SDK through msw`]);
  const sdkTarget = (call: string, results: ContenderResult[]): TargetCheck => {
    const measured = find(results, SDK_MOCK_FETCH).ratioToBaseline;
    return {
      target: `${call}: SDK with \`fetch: mock.fetch\` at most ${SDK_MOCK_FETCH_TARGET}× the time of the SDK through msw setupServer`,
      measured: `${measured.toFixed(2)}×`,
      met: measured <= SDK_MOCK_FETCH_TARGET,
    };
  };
  const coverageTarget = (call: string, results: ContenderResult[]): TargetCheck => {
    const overhead = pairRatio(find(results, MOCK_FETCH), find(results, MOCK_FETCH_NO_COVERAGE), 'roundCpuMs') - 1;
    return {
      target: `${call}: recording coverage costs \`mock.fetch\` at most ${COVERAGE_OVERHEAD_TARGET * 100}% more CPU than \`coverage: false\``,
      measured: `${(overhead * 100).toFixed(1)}%`,
      met: overhead <= COVERAGE_OVERHEAD_TARGET,
    };
  };
  return {
    title: 'In-process: mock.fetch and msw setupServer',
    method:
      `In the bench process, ${options.rounds * options.callsPerRound} sequential calls per contender (${options.rounds} interleaved rounds of ` +
      `${options.callsPerRound}), medians over rounds; each ratio is taken within a round against the first contender of its group. ` +
      'First group: fetch\'s own call (string URL and init, the body read as bytes) to the bare node:http server in its own process sending ' +
      'the mock\'s recorded bytes over loopback, against the same call to `mock.fetch` (the mock answering in process), and against ' +
      'the floor of any in-process fetch: a `Response` built from the same recorded bytes and headers, its body read. ' +
      `Then \`mock.fetch\` of two new mocks, one built with \`coverage: false\`, the two alone in ${3 * options.rounds} rounds of ${5 * options.callsPerRound} calls: ` +
      'the recording\'s cost is the median of the per-round ratios of their CPU time. ' +
      'Second group, with `setupServer(...mock.handlers)` listening: the SDK on the global fetch (intercepted by msw) against the SDK ' +
      'with `fetch: mock.fetch`.',
    columns: ['call', 'path', 'time per call', 'ratio'],
    rows: [
      ...fetchRows(listCall, fetchResults.list),
      uncountedRow(listCall, coverageResults.list),
      ...fetchRows(patchCall, fetchResults.patch),
      uncountedRow(patchCall, coverageResults.patch),
      ...sdkRows(listCall, sdkResults.list),
      ...sdkRows(patchCall, sdkResults.patch),
    ],
    comparisons: [
      ...compareOnTrees(listCall, fetchResults.list, ref, (r) => us(r.perRunMs)),
      ...compareOnTrees(patchCall, fetchResults.patch, ref, (r) => us(r.perRunMs)),
    ],
    targets: [
      sdkTarget(listCall, sdkResults.list),
      sdkTarget(patchCall, sdkResults.patch),
      coverageTarget(listCall, coverageResults.list),
      coverageTarget(patchCall, coverageResults.patch),
    ],
  };
}
