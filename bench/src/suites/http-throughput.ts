import type { BenchRequest, Fixtures } from '../fixtures';
import { cpuSecondsOf, cpuTimeReadable, pinToCore, SERVER_CORE } from '../lib/cpu';
import { load, runLength, type LoadOptions, type LoadResult } from '../lib/load';
import { onRef, type Comparison } from '../lib/against';
import { median, ms } from '../lib/stats';
import type { Tree } from '../lib/trees';
import type { Section, TargetCheck } from '../report';
import { startFixedProcess, startMockProcess, startPrism, type ServerProcess } from '../servers/start';

export interface HttpOptions extends LoadOptions {
  /** Rounds; each loads every server once per request, in a rotating order. */
  rounds: number;
  /**
   * A warm-up of this many requests per server and request instead of `warmupSeconds`: V8 optimizes a server's code
   * after so many calls, not after so long, and a server on a loaded core answers few requests in a second.
   */
  warmupRequests?: number;
}

// Seven rounds, not five: the PATCH's ratio to Prism moved from 4.50× to 5.85× between full runs of one build with five.
export const HTTP_THROUGHPUT_FULL: HttpOptions = { connections: 10, durationSeconds: 2, warmupSeconds: 1, warmupRequests: 3000, rounds: 7 };

/**
 * The mock against its peer, Prism (default settings and `-v silent`), judged on answers per CPU second of each
 * server's process (req/s where the system does not report CPU time). The bare server's column stays, without a
 * target: it is the ceiling of node:http on this machine, which no user of the mock feels.
 */
const PRISM_FACTOR = 5;
const SILENT_PRISM_FACTOR = 2.5;
/** The journal's bodies (on by default) cost at most 5% of the list's answers per CPU second. */
const JOURNAL_BODIES_FACTOR = 0.95;

/**
 * Node's flags for every server process, Prism's too: a fixed young generation (16 MB semi-spaces). Left to itself,
 * V8 sizes it by what a process has lived through (its memory reducer shrinks it while the suite leaves a server
 * idle), and two processes of one build were measured 2× apart in CPU per request by that alone.
 */
export const SERVER_NODE_FLAGS = ['--min-semi-space-size=16', '--max-semi-space-size=16'];

interface Contestant {
  name: string;
  start: () => Promise<ServerProcess>;
}

/** One load run, with the CPU time the server's process spent on it. */
interface Round extends LoadResult {
  /** User + system CPU microseconds of the server's process per answer. */
  cpuUs: number;
}

interface Measured {
  server: string;
  request: BenchRequest;
  /** One load run per round. */
  rounds: Round[];
  /** Body bytes of one answer. */
  bytes: number;
}

/** Checks the answer is a 200 and gives its body's size. */
async function answersOk(url: string, request: BenchRequest): Promise<number> {
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body !== undefined) init.body = request.body;
  const response = await fetch(`${url}${request.path}`, init);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${request.method} ${request.path} answered ${response.status}: ${body.slice(0, 300)}`);
  return Buffer.byteLength(body);
}

async function loadOnce(name: string, server: ServerProcess, request: BenchRequest, options: LoadOptions): Promise<Round> {
  const before = cpuSecondsOf(server.pid);
  const result = await load(server.url, request, options);
  const cpuSeconds = cpuSecondsOf(server.pid) - before;
  if (result.failures > 0) throw new Error(`${name}: ${result.failures} failed answers to ${request.method} ${request.path}`);
  return { ...result, cpuUs: (cpuSeconds * 1e6) / Math.max(1, result.requests) };
}

/**
 * Every server is started at once and idles while another is loaded; for each request, the servers take turns
 * round by round (rotating order), so a change in the machine's load during the run hits them alike.
 */
async function measureInterleaved(contestants: readonly Contestant[], requests: readonly BenchRequest[], options: HttpOptions): Promise<{ measured: Measured[]; pinned: boolean }> {
  const servers: ServerProcess[] = [];
  let pinned = true;
  try {
    for (const contestant of contestants) {
      const server = await contestant.start();
      servers.push(server);
      pinned = pinToCore(server.pid) && pinned;
    }
    const measured: Measured[] = [];
    const perRound: LoadOptions = { ...options, warmupSeconds: 0 };
    const { requests: _count, ...timed } = options;
    const warmup: LoadOptions = { ...timed, durationSeconds: options.warmupSeconds, warmupSeconds: 0, ...(options.warmupRequests && { requests: options.warmupRequests }) };
    for (const request of requests) {
      const rows = await Promise.all(
        contestants.map(async (contestant, index) => ({
          server: contestant.name,
          request,
          rounds: [] as Round[],
          bytes: await answersOk((servers[index] as ServerProcess).url, request),
        })),
      );
      if (options.warmupSeconds > 0 || options.warmupRequests) {
        for (const [index, contestant] of contestants.entries()) await loadOnce(contestant.name, servers[index] as ServerProcess, request, warmup);
      }
      for (let round = 0; round < options.rounds; round++) {
        for (let step = 0; step < contestants.length; step++) {
          const index = (round + step) % contestants.length;
          const contestant = contestants[index] as Contestant;
          (rows[index] as Measured).rounds.push(await loadOnce(contestant.name, servers[index] as ServerProcess, request, perRound));
        }
      }
      measured.push(...rows);
    }
    return { measured, pinned };
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
}

/** The mock over HTTP against Prism and against a bare node:http server sending the mock's bytes (the ceiling). */
export async function httpThroughput(fixtures: Fixtures, options: HttpOptions, ref?: Tree): Promise<Section> {
  const flags = SERVER_NODE_FLAGS;
  const contestants: Contestant[] = [
    { name: 'mock (startMockServer)', start: () => startMockProcess({ rateLimit: false }, flags) },
    { name: 'mock, journalBodies: false', start: () => startMockProcess({ rateLimit: false, journalBodies: false }, flags) },
    { name: 'prism mock spec/openapi.yaml', start: () => startPrism([], flags) },
    { name: 'prism, -v silent', start: () => startPrism(['--verboseLevel', 'silent'], flags) },
    { name: 'bare node:http, same bytes', start: () => startFixedProcess(fixtures, flags) },
  ];
  if (ref) contestants.push({ name: onRef('mock (startMockServer)', ref), start: () => startMockProcess({ rateLimit: false }, flags, ref) });
  const requests = [fixtures.list, fixtures.listOne, fixtures.patch];
  const { measured, pinned } = await measureInterleaved(contestants, requests, options);
  // Verdicts are on the CPU each server spends per answer where /proc tells it, else on req/s.
  const byCpu = cpuTimeReadable();

  const find = (server: string, request: BenchRequest) => {
    const found = measured.find((m) => m.server === server && m.request === request);
    if (!found) throw new Error(`no measurement of ${server}`);
    return found.rounds;
  };
  /** Median over rounds, within a round: `server`'s answers per CPU second over `other`'s, or its req/s over theirs. */
  const factor = (server: string, other: string, request: BenchRequest, cpu = byCpu) => {
    const theirs = find(other, request);
    return median(
      find(server, request).map((mine, round) => {
        const their = theirs[round] as Round;
        return cpu ? their.cpuUs / mine.cpuUs : mine.requestsPerSecond / their.requestsPerSecond;
      }),
    );
  };
  const [mock, noBodies, prism, silentPrism, bare] = contestants.map((c) => c.name) as [string, string, string, string, string];
  const rows = measured.map(({ server, request, rounds, bytes }) => [
    request.name,
    server,
    `${(bytes / 1024).toFixed(1)} kB`,
    median(rounds.map((r) => r.requestsPerSecond)).toFixed(0),
    byCpu ? `${median(rounds.map((r) => r.cpuUs)).toFixed(0)} µs` : '—',
    ms(median(rounds.map((r) => r.p50Ms)), 0),
    ms(median(rounds.map((r) => r.p99Ms)), 0),
    `${factor(server, prism, request).toFixed(2)}×`,
    `${factor(server, silentPrism, request).toFixed(2)}×`,
    `${factor(server, bare, request).toFixed(2)}×`,
    `${factor(server, noBodies, request).toFixed(2)}×`,
  ]);
  const figure = byCpu ? 'answers per CPU second' : 'req/s';
  const against = (request: BenchRequest, other: string, what: string, wanted: number): TargetCheck => {
    const measuredFactor = factor(mock, other, request);
    const besides = byCpu ? ` (req/s: ${factor(mock, other, request, false).toFixed(2)}×)` : '';
    return {
      target: `${request.name} over HTTP: mock at least ${wanted}× ${what}'s ${figure}`,
      measured: `${measuredFactor.toFixed(2)}×${besides}`,
      met: measuredFactor >= wanted,
    };
  };
  const targets: TargetCheck[] = [
    ...requests.flatMap((request) => [
      against(request, prism, 'Prism', PRISM_FACTOR),
      against(request, silentPrism, '`prism -v silent`', SILENT_PRISM_FACTOR),
    ]),
    against(fixtures.list, noBodies, '`journalBodies: false`', JOURNAL_BODIES_FACTOR),
  ];
  const cpuPerRequest = (server: string, request: BenchRequest) =>
    byCpu ? `${median(find(server, request).map((r) => r.cpuUs)).toFixed(0)} µs` : `${median(find(server, request).map((r) => r.requestsPerSecond)).toFixed(0)} req/s`;
  return {
    title: 'Mock over HTTP against Prism and a bare server',
    method:
      `autocannon from the bench process, ${options.connections} keep-alive connections, one request in flight on each. Every server runs ` +
      `in its own process, all started at once; one is loaded at a time. Per request, each server gets ${options.warmupRequests ? `${options.warmupRequests} requests` : `${options.warmupSeconds} s`} of warm-up, then ` +
      `${options.rounds} rounds of ${runLength(options)} per server in a rotating order; req/s, p50 and p99 are medians over rounds, ` +
      `and each ratio is the median over rounds of the ratio within a round. ` +
      (pinned ? `Every server process is pinned to core ${SERVER_CORE} (\`taskset\`), the load generator is not. ` : 'The servers are not pinned to a core (no `taskset` here). ') +
      `Every server process, Prism's too, runs with \`${flags.join(' ')}\`: a young generation of fixed size, so that no process lands in a costlier heap state than another by chance. ` +
      (byCpu
        ? 'CPU per request is the user + system time of the server\'s process (all its threads, from /proc) over a round, divided by the round\'s answers. ' +
          'The ratios and every target are on that figure, as answers per CPU second (the inverse): what one core serves, which does not move with ' +
          'the load of a shared machine or with a load generator that cannot keep up with the fastest server, as req/s does; the target\'s line gives the req/s ratio beside it. '
        : 'This system does not report a process\'s CPU time, so the ratios and targets are on req/s. ') +
      `The mock runs without its rate limit. Prism answers every list with the spec's example (one contact), the mock ` +
      `with seeded data, so the \`limit=1\` row compares answers of about the same size. ` +
      `The bare server sends the mock's recorded bytes from a map lookup: the most node:http serves on this machine. ` +
      `The mock keeps request and answer bodies in its journal by default; \`journalBodies: false\` measures what that costs.`,
    columns: ['request', 'server', 'answer', 'req/s', 'CPU per request', 'p50', 'p99', 'vs Prism', 'vs Prism -v silent', 'vs bare', 'vs no journal bodies'],
    rows,
    targets,
    comparisons: ref
      ? requests.map(
          (request): Comparison => ({
            figure: `${request.name} over HTTP: mock, ${byCpu ? 'CPU' : 'time'} per request`,
            ref: cpuPerRequest(onRef(mock, ref), request),
            work: cpuPerRequest(mock, request),
            ratio: factor(onRef(mock, ref), mock, request),
          }),
        )
      : [],
  };
}
