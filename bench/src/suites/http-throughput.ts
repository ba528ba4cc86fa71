import type { BenchRequest, Fixtures } from '../fixtures';
import { load, type LoadOptions, type LoadResult } from '../lib/load';
import { ms, ratio } from '../lib/stats';
import type { Section, TargetCheck } from '../report';
import type { RunningServer } from '../servers/fixed';
import { startFixedProcess, startMockProcess, startPrism } from '../servers/start';

export const HTTP_THROUGHPUT_FULL: LoadOptions = { connections: 10, durationSeconds: 5, warmupSeconds: 1 };

/** Issue 12's targets: the mock's req/s against Prism's (default settings and `-v silent`) and the bare server's. */
const PRISM_FACTOR = 5;
const SILENT_PRISM_FACTOR = 2.5;
const BARE_FACTOR = 0.5;

interface Contestant {
  name: string;
  start: () => Promise<RunningServer>;
}

interface Measured {
  server: string;
  request: BenchRequest;
  result: LoadResult;
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

async function measureServer(contestant: Contestant, requests: readonly BenchRequest[], options: LoadOptions): Promise<Measured[]> {
  const server = await contestant.start();
  try {
    const measured: Measured[] = [];
    for (const request of requests) {
      const bytes = await answersOk(server.url, request);
      const result = await load(server.url, request, options);
      if (result.failures > 0) throw new Error(`${contestant.name}: ${result.failures} failed answers to ${request.method} ${request.path}`);
      measured.push({ server: contestant.name, request, result, bytes });
    }
    return measured;
  } finally {
    await server.close();
  }
}

/** The mock over HTTP against Prism and against a bare node:http server sending the mock's bytes (the ceiling). */
export async function httpThroughput(fixtures: Fixtures, options: LoadOptions): Promise<Section> {
  const contestants: Contestant[] = [
    { name: 'mock (startMockServer)', start: () => startMockProcess({ rateLimit: false }) },
    { name: 'prism mock spec/openapi.yaml', start: () => startPrism() },
    { name: 'prism, -v silent', start: () => startPrism(['--verboseLevel', 'silent']) },
    { name: 'bare node:http, same bytes', start: () => startFixedProcess(fixtures.routes) },
  ];
  const requests = [fixtures.list, fixtures.listOne, fixtures.patch];
  const measured: Measured[] = [];
  for (const contestant of contestants) measured.push(...(await measureServer(contestant, requests, options)));

  const find = (server: string, request: BenchRequest) => {
    const found = measured.find((m) => m.server === server && m.request === request);
    if (!found) throw new Error(`no measurement of ${server}`);
    return found.result;
  };
  const [mock, prism, silentPrism, bare] = contestants.map((c) => c.name) as [string, string, string, string];
  const rows = measured.map(({ server, request, result, bytes }) => [
    request.name,
    server,
    `${(bytes / 1024).toFixed(1)} kB`,
    result.requestsPerSecond.toFixed(0),
    ms(result.p50Ms, 0),
    ms(result.p99Ms, 0),
    ratio(result.requestsPerSecond, find(prism, request).requestsPerSecond),
    ratio(result.requestsPerSecond, find(silentPrism, request).requestsPerSecond),
    ratio(result.requestsPerSecond, find(bare, request).requestsPerSecond),
  ]);
  const against = (request: BenchRequest, other: string, what: string, factor: number): TargetCheck => {
    const measuredFactor = find(mock, request).requestsPerSecond / find(other, request).requestsPerSecond;
    return {
      target: `${request.name} over HTTP: mock at least ${factor}× ${what}'s req/s`,
      measured: `${measuredFactor.toFixed(2)}×`,
      met: measuredFactor >= factor,
    };
  };
  const targets: TargetCheck[] = [
    ...requests.flatMap((request) => [
      against(request, prism, 'Prism', PRISM_FACTOR),
      against(request, silentPrism, '`prism -v silent`', SILENT_PRISM_FACTOR),
    ]),
    against(fixtures.list, bare, 'the bare node:http server', BARE_FACTOR),
  ];
  return {
    title: 'Mock over HTTP against Prism and a bare server',
    method:
      `autocannon from the bench process, ${options.connections} keep-alive connections, one request in flight on each, ` +
      `${options.warmupSeconds} s warm-up then ${options.durationSeconds} s measured per request; every server runs alone in its own process. ` +
      `The mock runs without its rate limit. Prism answers every list with the spec's example (one contact), the mock ` +
      `with seeded data, so the \`limit=1\` row compares answers of about the same size. ` +
      `The bare server sends the mock's recorded bytes from a map lookup: the most node:http serves on this machine.`,
    columns: ['request', 'server', 'answer', 'req/s', 'p50', 'p99', 'vs Prism', 'vs Prism -v silent', 'vs bare'],
    rows,
    targets,
  };
}
