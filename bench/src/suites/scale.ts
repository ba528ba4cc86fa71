import { performance } from 'node:perf_hooks';
import type { ContactListResponse } from '@network-org/sdk';
import { forkChild } from '../lib/child';
import type { Comparison } from '../lib/against';
import { ADMIN_KEY } from '../lib/dataset';
import { mb, median, ms, percentile } from '../lib/stats';
import type { Section, TargetCheck } from '../report';
import { WORK, type Tree } from '../lib/trees';
import type { ScaleInit, ScaleMemory, ScaleReady } from '../servers/scale-process';

export interface ScaleOptions {
  sizes: number[];
  /** Timed sequential requests per query and size. */
  requestsPerQuery: number;
  /** With `--against REF`: processes per size and tree, the trees taking turns; the ratios are medians over the pairs. */
  againstRounds: number;
}

export const SCALE_FULL: ScaleOptions = { sizes: [1_000, 10_000, 100_000], requestsPerQuery: 40, againstRounds: 3 };

/** The scale targets, for 100,000 contacts in one account: seeding, searching and the process's memory. */
const TARGET_SIZE = 100_000;
const TARGET_SEED_MS = 3_500;
const TARGET_RSS_BYTES = 600 * 1024 * 1024;
const TARGET_SEARCH_MEDIAN_MS = 25;
const NO_MATCH = 'qzxjv';

interface Query {
  name: string;
  /** Query string after `account_id=…&`. */
  query: string;
  isSearch: boolean;
}

interface SizeResult {
  contacts: number;
  ready: ScaleReady;
  seeded: ScaleMemory;
  afterQueries: ScaleMemory;
  latencies: { query: Query; medianMs: number; p99Ms: number }[];
}

async function getPage(url: string, accountId: string, query: string): Promise<ContactListResponse> {
  const response = await fetch(`${url}/v1/contacts?account_id=${accountId}&${query}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
  if (response.status !== 200) throw new Error(`GET /v1/contacts?${query} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ContactListResponse;
}

/** Searches and filters that hit real records of this dataset, picked from its first page. */
async function pickQueries(url: string, accountId: string): Promise<Query[]> {
  const { contacts } = (await getPage(url, accountId, 'limit=25')).data;
  const lastName = contacts.find((contact) => contact.last_name)?.last_name;
  const tag = contacts.flatMap((contact) => contact.tags ?? [])[0]?.name;
  if (!lastName || !tag) throw new Error('the first page has no last name or tag to search for');
  return [
    { name: 'list, first page (25)', query: 'limit=25', isSearch: false },
    { name: `search=${lastName} (a last name)`, query: `search=${encodeURIComponent(lastName)}&limit=25`, isSearch: true },
    { name: `search=${NO_MATCH} (no match)`, query: `search=${NO_MATCH}&limit=25`, isSearch: true },
    {
      name: `relationship_status=connected&tag=${tag}`,
      query: `relationship_status=connected&tag=${encodeURIComponent(tag)}&limit=25`,
      isSearch: false,
    },
  ];
}

async function timeQuery(url: string, accountId: string, query: Query, count: number) {
  for (let i = 0; i < 3; i++) await getPage(url, accountId, query.query);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await getPage(url, accountId, query.query);
    times.push(performance.now() - start);
  }
  return { query, medianMs: median(times), p99Ms: percentile(times, 99) };
}

async function measureSize(contacts: number, options: ScaleOptions, tree: Tree): Promise<SizeResult> {
  const child = forkChild(new URL('../servers/scale-process.ts', import.meta.url), [], ['--expose-gc']);
  try {
    const init: ScaleInit = tree === WORK ? { contacts } : { contacts, tree };
    child.send({ type: 'init', payload: init });
    // Seeding 100,000 contacts takes seconds on a quiet machine and minutes on a loaded one.
    const ready = await child.next<ScaleReady>('ready', 900_000);
    child.send({ type: 'measure' });
    const seeded = await child.next<ScaleMemory>('result');
    const latencies = [];
    for (const query of await pickQueries(ready.url, ready.accountId)) {
      latencies.push(await timeQuery(ready.url, ready.accountId, query, options.requestsPerQuery));
    }
    child.send({ type: 'measure' });
    const afterQueries = await child.next<ScaleMemory>('result');
    return { contacts, ready, seeded, afterQueries, latencies };
  } finally {
    await child.stop();
  }
}

function growth(first: number, last: number): string {
  return `${(last / first).toFixed(1)}×`;
}

/** Seeding time, memory and list/search/filter latency of the mock as the primary account grows. */
export async function scale(options: ScaleOptions, ref?: Tree): Promise<Section> {
  const results: SizeResult[] = [];
  const comparisons: Comparison[] = [];
  for (const size of options.sizes) {
    if (!ref) {
      results.push(await measureSize(size, options, WORK));
      continue;
    }
    const pairs: { work: SizeResult; ref: SizeResult }[] = [];
    for (let round = 0; round < options.againstRounds; round++) {
      // The trees take turns, and which goes first alternates, so that a change in the machine's load hits both.
      const first = round % 2 === 0 ? WORK : ref;
      const a = await measureSize(size, options, first);
      const b = await measureSize(size, options, first === WORK ? ref : WORK);
      pairs.push(first === WORK ? { work: a, ref: b } : { work: b, ref: a });
    }
    results.push((pairs[0] as { work: SizeResult }).work);
    comparisons.push(...compareSize(size, pairs));
  }
  const first = results[0];
  const last = results[results.length - 1];
  if (!first || !last) throw new Error('no sizes to measure');

  const metric = (name: string, value: (r: SizeResult) => number, format: (v: number) => string) => [
    name,
    ...results.map((r) => format(value(r))),
    growth(value(first), value(last)),
  ];
  const rows = [
    metric('seeding (startMockServer)', (r) => r.ready.seedMs, (v) => ms(v, 0)),
    metric('RSS after seeding (after GC)', (r) => r.seeded.rssBytes, mb),
    metric('JS heap after seeding', (r) => r.seeded.heapUsedBytes, mb),
    metric('peak RSS, seeding and queries', (r) => r.afterQueries.maxRssBytes, mb),
    ...first.latencies.map((latency, index) =>
      metric(`median ${latency.query.name}`, (r) => r.latencies[index]?.medianMs ?? Number.NaN, (v) => ms(v)),
    ),
    ...first.latencies.map((latency, index) =>
      metric(`p99 ${latency.query.name}`, (r) => r.latencies[index]?.p99Ms ?? Number.NaN, (v) => ms(v)),
    ),
  ];

  const targets: TargetCheck[] = [];
  if (last.contacts === TARGET_SIZE) {
    targets.push(
      { target: '100,000 contacts seeded in at most 3.5 s', measured: ms(last.ready.seedMs, 0), met: last.ready.seedMs <= TARGET_SEED_MS },
      { target: '100,000 contacts under 600 MB RSS (peak)', measured: mb(last.afterQueries.maxRssBytes), met: last.afterQueries.maxRssBytes < TARGET_RSS_BYTES },
      ...last.latencies
        .filter((latency) => latency.query.isSearch)
        .map((latency) => ({
          target: `GET /v1/contacts?${latency.query.name.split(' ')[0]} at 100,000 contacts under 25 ms median over HTTP`,
          measured: ms(latency.medianMs),
          met: latency.medianMs < TARGET_SEARCH_MEDIAN_MS,
        })),
    );
  }
  return {
    title: 'Scale: one account of 1k to 100k contacts',
    method:
      `For each size a fresh process (Node --expose-gc) runs startMockServer({primaryAccountContacts}) without rate limit; the bench process ` +
      `sends ${options.requestsPerQuery} sequential requests per query over HTTP (3 untimed first) to Acme's shared admin account. RSS includes Node itself ` +
      `(${mb(first.ready.baselineRssBytes)} before seeding). The last column is the growth from the smallest to the largest size.`,
    columns: ['metric', ...results.map((r) => `${r.contacts.toLocaleString('en')} contacts`), `growth ×${last.contacts / first.contacts}`],
    rows,
    targets,
    comparisons,
  };
}

/** Work against ref at one size: medians over the pairs of each figure and of the ratio within a pair. */
function compareSize(size: number, pairs: readonly { work: SizeResult; ref: SizeResult }[]): Comparison[] {
  const at = `${size.toLocaleString('en')} contacts`;
  const figure = (name: string, value: (r: SizeResult) => number, format: (v: number) => string): Comparison => ({
    figure: `${at}: ${name}`,
    ref: format(median(pairs.map((pair) => value(pair.ref)))),
    work: format(median(pairs.map((pair) => value(pair.work)))),
    ratio: median(pairs.map((pair) => value(pair.work) / value(pair.ref))),
  });
  const first = pairs[0] as { work: SizeResult };
  return [
    figure('seeding', (r) => r.ready.seedMs, (v) => ms(v, 0)),
    figure('peak RSS', (r) => r.afterQueries.maxRssBytes, mb),
    ...first.work.latencies.map((latency, index) => figure(`median ${latency.query.name}`, (r) => r.latencies[index]?.medianMs ?? Number.NaN, (v) => ms(v))),
  ];
}
