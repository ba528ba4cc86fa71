import { spawn, spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { ContactListResponse, NetworkClient } from '@network-org/sdk';
import { onRef, treesOf, type Comparison } from '../lib/against';
import { cpuSecondsOf, cpuTimeReadable } from '../lib/cpu';
import { sideBySide, pairRatio, type Contender, type ContenderResult } from '../lib/side-by-side';
import { median, ms } from '../lib/stats';
import { load, packageFile, WORK, type Tree } from '../lib/trees';
import type { Section, TargetCheck } from '../report';

export interface SuiteOptions {
  /** Tests in one run of the suite, each in its own session. */
  tests: number;
  /** Rounds; every round runs the suite once per contender. */
  rounds: number;
  /** Fresh processes per tree for the cold `createMockApi` and for `network-mock serve`. */
  startupRuns: number;
}

export const SUITE_FULL: SuiteOptions = { tests: 200, rounds: 10, startupRuns: 8 };

/** What a test writer feels: the suite on the mock at most this many times the suite on replayed bytes. */
const SUITE_FLOOR_FACTOR = 1.25;
/** A test file's first `createMockApi()`, in a fresh process, after the import. */
const COLD_CREATE_MS = 150;
/** `network-mock serve` from spawn to its `listening on` line. */
const SERVE_MS = 400;

const CALLS_PER_TEST = 9;

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

interface Recorded {
  status: number;
  headers: [string, string][];
  bytes: Uint8Array<ArrayBuffer>;
}

/** What every test of the suite reads and writes. */
interface SuiteData {
  accountId: string;
  /** A key whose organization's plan lacks the API feature: any call with it is a 403. */
  refusedKey: string;
  tag: string;
  lastName: string;
}

const requestKey = (url: string, init: RequestInit) => `${init.method ?? 'GET'} ${url}`;

/**
 * One test of the suite through the SDK: two filtered lists, a walk of three pages, a PATCH and the list that reads
 * it back, a search and a 403 (a key whose plan lacks the API). Nine calls, whatever answers them.
 */
async function oneTest(client: NetworkClient, data: SuiteData): Promise<void> {
  const account_id = [data.accountId];
  await client.contacts.list({ account_id, relationship_status: 'connected', limit: 25 });
  await client.contacts.list({ account_id, tag: data.tag, limit: 25 });
  const first = await client.contacts.list({ account_id, limit: 20 });
  const second = await first.nextPage();
  await second.nextPage();
  const contact = first.items[0];
  if (!contact) throw new Error('the first page is empty');
  await client.contacts.update(contact.contact_id, { account_id: data.accountId, tags: { add: [{ name: 'suite-bench', color: 'green' }] } });
  await client.contacts.list({ account_id, tag: 'suite-bench', limit: 25 });
  await client.contacts.list({ account_id, search: data.lastName, limit: 25 });
  const refused = await client.contacts.list({ account_id, limit: 25 }, { headers: { authorization: `Bearer ${data.refusedKey}` } }).then(
    () => undefined,
    (error: unknown) => error,
  );
  if ((refused as { status?: number } | undefined)?.status !== 403) throw new Error(`the refused key was answered ${String(refused)}, not a 403`);
}

/** The data the suite's calls name, read from a mock of the default dataset. */
async function suiteData(tree: Tree): Promise<SuiteData> {
  const { createMockApi } = await load(tree, '@network-org/mock');
  const mock = createMockApi();
  const admin = mock.db.apiKey(mock.keys.admin);
  const shared = mock.db.accounts().find((account) => account.owner_user_id === admin?.user_id && account.shared_for_api);
  if (!shared) throw new Error("the default dataset lacks the admin's shared account");
  const page = await mock.fetch(`${mock.baseUrl}/v1/contacts?account_id=${shared.account_id}&limit=25`, { headers: { authorization: `Bearer ${mock.keys.admin}` } });
  const { contacts } = ((await page.json()) as ContactListResponse).data;
  const tag = contacts.flatMap((contact) => contact.tags ?? [])[0]?.name;
  const lastName = contacts.find((contact) => contact.last_name)?.last_name;
  if (!tag || !lastName) throw new Error('the shared account has no tag or last name to filter by');
  return { accountId: shared.account_id, refusedKey: mock.keys.noApiFeature, tag, lastName };
}

/** The suite as a test writer runs it on `tree`: each test a session of one shared mock and the vitest fixture's client. */
async function suiteOnMock(tree: Tree, data: SuiteData, tests: number): Promise<() => Promise<void>> {
  const { createMockApi } = await load(tree, '@network-org/mock');
  const { NetworkClient } = await load(tree, '@network-org/sdk');
  const api = createMockApi();
  return async () => {
    for (let index = 0; index < tests; index++) {
      const name = `suite-${index}`;
      const session = api.session(name);
      // The client `@network-org/mock/vitest` gives every test.
      const client = new NetworkClient({ baseUrl: api.baseUrl, apiKey: api.keys.admin, fetch: session.fetch, maxRetries: 0 });
      try {
        await oneTest(client, data);
      } finally {
        api.dropSession(name);
      }
    }
  };
}

/** A fetch that records the answers of `inner`, byte for byte, by method and URL. */
function recording(inner: Fetch, into: Map<string, Recorded>): Fetch {
  return async (url, init) => {
    const response = await inner(url, init);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => headers.push([name, value]));
    into.set(requestKey(url, init), { status: response.status, headers, bytes });
    return new Response(bytes, { status: response.status, headers });
  };
}

/**
 * The floor: the same suite through the same SDK, on a stub fetch that replays the mock's recorded answers (no mock
 * work at all). What is left is the SDK's own cost, most of it parsing JSON.
 */
async function suiteOnStub(data: SuiteData, tests: number): Promise<() => Promise<void>> {
  const { createMockApi } = await load(WORK, '@network-org/mock');
  const { NetworkClient } = await load(WORK, '@network-org/sdk');
  const api = createMockApi();
  const answers = new Map<string, Recorded>();
  const session = api.session('recording');
  await oneTest(new NetworkClient({ baseUrl: api.baseUrl, apiKey: api.keys.admin, fetch: recording(session.fetch, answers), maxRetries: 0 }), data);
  if (answers.size !== CALLS_PER_TEST) throw new Error(`recorded ${answers.size} distinct requests`);
  const stub: Fetch = (url, init) => {
    const answer = answers.get(requestKey(url, init));
    if (!answer) return Promise.reject(new Error(`no recorded answer to ${requestKey(url, init)}`));
    return Promise.resolve(new Response(answer.bytes, { status: answer.status, headers: answer.headers }));
  };
  return async () => {
    for (let index = 0; index < tests; index++) {
      await oneTest(new NetworkClient({ baseUrl: api.baseUrl, apiKey: api.keys.admin, fetch: stub, maxRetries: 0 }), data);
    }
  };
}

interface StartupTimes {
  wallMs: number;
  cpuMs: number;
}

/** A fresh Node process imports the mock, then times `createMockApi()` (wall and its own CPU); the import is apart. */
function coldCreate(tree: Tree): { create: StartupTimes; importMs: number } {
  const url = pathToFileURL(packageFile(tree.root, '@network-org/mock')).href;
  const script = `
    const t0 = performance.now();
    const { createMockApi } = await import(${JSON.stringify(url)});
    const t1 = performance.now();
    const cpu = process.cpuUsage();
    createMockApi();
    const used = process.cpuUsage(cpu);
    console.log(JSON.stringify({ importMs: t1 - t0, wallMs: performance.now() - t1, cpuMs: (used.user + used.system) / 1000 }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the cold createMockApi failed: ${result.stderr}`);
  const { importMs, wallMs, cpuMs } = JSON.parse(result.stdout) as { importMs: number; wallMs: number; cpuMs: number };
  return { create: { wallMs, cpuMs }, importMs };
}

/** `network-mock serve --port 0` of `tree`, from spawn to its `listening on` line: wall time and the process's CPU. */
function serveStartup(tree: Tree): Promise<StartupTimes> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [`${tree.root}/packages/mock/dist/cli.js`, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let times: StartupTimes | undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (times || !output.includes('listening on ')) return;
      times = { wallMs: Number(process.hrtime.bigint() - started) / 1e6, cpuMs: cpuSecondsOf(child.pid as number) * 1000 };
      child.kill('SIGTERM');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('exit', (code) => (times ? resolve(times) : reject(new Error(`network-mock serve exited ${code} before listening:\n${output}`))));
  });
}

/** The start-ups of every tree, taking turns run by run. */
async function startups(trees: readonly Tree[], runs: number) {
  const create = trees.map(() => [] as StartupTimes[]);
  const imports = trees.map(() => [] as number[]);
  const serve = trees.map(() => [] as StartupTimes[]);
  for (let run = 0; run < runs; run++) {
    for (const [index, tree] of trees.entries()) {
      const cold = coldCreate(tree);
      create[index]?.push(cold.create);
      imports[index]?.push(cold.importMs);
      serve[index]?.push(await serveStartup(tree));
    }
  }
  return { create, imports, serve };
}

const SUITE = 'suite on the mock (mock.session, the fixture client)';
const FLOOR = 'suite on a stub fetch replaying the same bytes (the floor)';

/**
 * The figures a test writer feels: a suite of tests against its floor (the same calls answered by replayed bytes),
 * a cold `createMockApi()`, and `network-mock serve` to `listening on`.
 */
export async function suiteBench(options: SuiteOptions, ref?: Tree): Promise<Section> {
  const data = await suiteData(WORK);
  const contenders: Contender[] = [
    { name: FLOOR, run: await suiteOnStub(data, options.tests) },
    { name: SUITE, run: await suiteOnMock(WORK, data, options.tests) },
    ...(ref ? [{ name: onRef(SUITE, ref), run: await suiteOnMock(ref, data, options.tests) }] : []),
  ];
  const results = await sideBySide(contenders, { rounds: options.rounds, runsPerRound: 1, warmupRuns: 1 });
  const [floor, suite] = results as [ContenderResult, ContenderResult];
  const byCpu = cpuTimeReadable();
  const figure = byCpu ? 'roundCpuMs' : 'roundMs';
  const perTest = (result: ContenderResult) => median(result[figure]) / options.tests;
  const mockPerTest = median(suite[figure].map((time, round) => time - (floor[figure][round] as number))) / options.tests;
  const suiteFactor = pairRatio(suite, floor, figure);
  const wallFactor = pairRatio(suite, floor, 'roundMs');

  const trees = treesOf(WORK, ref);
  const started = await startups(trees, options.startupRuns);
  const medianOf = (times: readonly StartupTimes[] | undefined, key: keyof StartupTimes) => median((times ?? []).map((time) => time[key]));
  const timeKey: keyof StartupTimes = byCpu ? 'cpuMs' : 'wallMs';
  const create = medianOf(started.create[0], timeKey);
  const serve = medianOf(started.serve[0], timeKey);
  const what = byCpu ? 'CPU time' : 'wall time';

  const rows: string[][] = [
    ...results.map((result) => [
      result.name,
      ms(median(result.roundMs), 0),
      byCpu ? ms(median(result.roundCpuMs), 0) : '—',
      ms(perTest(result), 2),
      `${pairRatio(result, floor, figure).toFixed(2)}×`,
    ]),
    ...trees.flatMap((tree, index) => {
      const label = (name: string) => (tree === WORK ? name : onRef(name, tree));
      return [
        [label('import of @network-org/mock, fresh process'), ms(median(started.imports[index] ?? []), 0), '—', '—', '—'],
        [label('createMockApi(), fresh process, after the import'), ms(medianOf(started.create[index], 'wallMs'), 0), ms(medianOf(started.create[index], 'cpuMs'), 0), '—', '—'],
        [label('network-mock serve --port 0, to `listening on`'), ms(medianOf(started.serve[index], 'wallMs'), 0), byCpu ? ms(medianOf(started.serve[index], 'cpuMs'), 0) : '—', '—', '—'],
      ];
    }),
  ];
  const comparisons: Comparison[] = [];
  if (ref) {
    const onRefSuite = results[2] as ContenderResult;
    comparisons.push({ figure: `suite of ${options.tests} tests, ${what}`, ref: ms(median(onRefSuite[figure]), 0), work: ms(median(suite[figure]), 0), ratio: pairRatio(suite, onRefSuite, figure) });
    const startupComparison = (name: string, times: StartupTimes[][]): Comparison => ({
      figure: `${name}, ${what}`,
      ref: ms(medianOf(times[1], timeKey), 0),
      work: ms(medianOf(times[0], timeKey), 0),
      ratio: median((times[0] ?? []).map((time, run) => time[timeKey] / ((times[1] ?? [])[run]?.[timeKey] as number))),
    });
    comparisons.push(startupComparison('cold createMockApi()', started.create), startupComparison('network-mock serve to `listening on`', started.serve));
  }
  const targets: TargetCheck[] = [
    {
      target: `a suite of ${options.tests} tests of ${CALLS_PER_TEST} calls on the mock at most ${SUITE_FLOOR_FACTOR}× the same suite on replayed bytes (${what})`,
      measured: `${suiteFactor.toFixed(2)}× (wall time ${wallFactor.toFixed(2)}×; the mock's own cost ${ms(mockPerTest, 2)} per test)`,
      met: suiteFactor <= SUITE_FLOOR_FACTOR,
    },
    {
      target: `createMockApi() cold, in a fresh process, at most ${COLD_CREATE_MS} ms (${what})`,
      measured: `${ms(create, 0)} (wall time ${ms(medianOf(started.create[0], 'wallMs'), 0)})`,
      met: create <= COLD_CREATE_MS,
    },
    {
      target: `network-mock serve to \`listening on\` at most ${SERVE_MS} ms (${what})`,
      measured: `${ms(serve, 0)} (wall time ${ms(medianOf(started.serve[0], 'wallMs'), 0)})`,
      met: serve <= SERVE_MS,
    },
  ];
  return {
    title: 'A test suite on the mock, and its start-up',
    method:
      `A suite of ${options.tests} tests in the bench process, each in its own session of one mock (\`mock.session(name)\`, dropped after the test) with the ` +
      `client \`@network-org/mock/vitest\` gives a test (\`fetch: session.fetch\`, \`maxRetries: 0\`). Each test makes ${CALLS_PER_TEST} calls through the SDK: ` +
      'two filtered lists, a walk of three pages, a PATCH and the list that reads it back, a search and a 403 (a key whose plan lacks the API). ' +
      'The floor runs the same suite on a stub fetch that replays the bytes the mock answered, recorded once: zero mock work. ' +
      `The contenders take turns, ${options.rounds} rounds of one suite each, and each ratio is the median over rounds of the ratio within a round` +
      (byCpu ? ', on the CPU time of the bench process (user + system) with wall time beside it. ' : ', on wall time. ') +
      `Start-up: ${options.startupRuns} fresh Node processes per tree import the mock and time \`createMockApi()\` (its own CPU time), and ` +
      `${options.startupRuns} \`node packages/mock/dist/cli.js serve --port 0\` are timed from spawn to their \`listening on\` line` +
      (byCpu ? ' (wall time, and the process\'s CPU time from /proc, in 10 ms ticks).' : '.'),
    columns: ['what', 'median wall time', 'median CPU time', 'per test', 'vs the floor'],
    rows,
    targets,
    comparisons,
  };
}
