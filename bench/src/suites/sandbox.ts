import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BenchRequest, Fixtures } from '../fixtures';
import { cpuSecondsOf } from '../lib/cpu';
import { requestsPerSecond, runLength } from '../lib/load';
import { median, ms, us } from '../lib/stats';
import type { Section, TargetCheck } from '../report';
import type { RunningServer } from '../servers/fixed';

export interface SandboxOptions {
  connections: number;
  /** Distinct X-Mock-Session names the requests rotate through. */
  sessions: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Rounds; each loads every contestant once, in a rotating order. */
  rounds: number;
  replicaCounts: number[];
  /** autocannon's sampling interval, 1 s unless given (see LoadOptions). */
  sampleSeconds?: number;
  /** Rounds of this many requests instead of `durationSeconds` (see LoadOptions; `--quick`). */
  requests?: number;
}

export const SANDBOX_FULL: SandboxOptions = { connections: 16, sessions: 64, durationSeconds: 3, warmupSeconds: 1, rounds: 3, replicaCounts: [1, 2, 3] };

const MOCK_CLI = fileURLToPath(new URL('../../../packages/mock/dist/cli.js', import.meta.url));
const SANDBOX = fileURLToPath(new URL('../../../scripts/sandbox.mjs', import.meta.url));

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

interface Contestant extends RunningServer {
  /** CPU seconds (user + system) used so far by the mock processes and by haproxy, read from /proc. */
  cpuSeconds(): { mock: number; haproxy: number };
}

function childrenOf(pid: number): { pid: number; command: string }[] {
  let listing: string;
  try {
    listing = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    // ps exits 1 when the process has no children.
    return [];
  }
  return listing
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => parts.length === 2)
    .map(([childPid, command]) => ({ pid: Number(childPid), command: command as string }));
}

/** Starts a command that prints `listening on URL` (network-mock serve, pnpm sandbox). */
async function startListening(args: readonly string[]): Promise<Contestant> {
  const child = spawn(process.execPath, [...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const exited = once(child, 'exit');
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const match = /^listening on (http:\/\/\S+)$/m.exec(output);
      if (match) resolve(match[1] as string);
    });
    void exited.then(() => reject(new Error(`${args.join(' ')} exited before listening:\n${output}`)));
  });
  // The lone server is the child itself; a sandbox's are its children (the replicas, and haproxy).
  const children = childrenOf(child.pid as number);
  const mockPids = children.length === 0 ? [child.pid as number] : children.filter((c) => c.command !== 'haproxy').map((c) => c.pid);
  const haproxyPids = children.filter((c) => c.command === 'haproxy').map((c) => c.pid);
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + cpuSecondsOf(pid), 0);
  return {
    url,
    cpuSeconds: () => ({ mock: sum(mockPids), haproxy: sum(haproxyPids) }),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      running.delete(child);
    },
  };
}

interface Measured {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** CPU microseconds per request of the mock processes, of haproxy and of the load generator. */
  mockCpuUs?: number;
  haproxyCpuUs?: number;
  clientCpuUs?: number;
}

/** Closed-loop load; each request names the next of `sessions` sessions, so they spread over the replicas. */
async function loadSessions(url: string, request: BenchRequest, options: SandboxOptions, seconds: number, requests?: number): Promise<Measured> {
  let next = 0;
  const sampleSeconds = options.sampleSeconds ?? 1;
  const result = await autocannon({
    sampleInt: sampleSeconds * 1000,
    url: `${url}${request.path}`,
    method: request.method,
    headers: request.headers,
    connections: options.connections,
    ...(requests ? { amount: requests } : { duration: seconds }),
    pipelining: 1,
    requests: [
      {
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-mock-session': `bench-${next++ % options.sessions}` } }),
      },
    ],
  });
  const failures = result.non2xx + result.errors;
  if (failures > 0) throw new Error(`${url}: ${failures} failed answers to ${request.method} ${request.path}`);
  return { requestsPerSecond: requestsPerSecond(result, sampleSeconds), p50Ms: result.latency.p50, p99Ms: result.latency.p99, requests: result.requests.total };
}

/** A round of load with the CPU time every process spent on it. */
async function measuredRound(server: Contestant, request: BenchRequest, options: SandboxOptions): Promise<Measured> {
  const before = server.cpuSeconds();
  const client = process.cpuUsage();
  const measured = await loadSessions(server.url, request, options, options.durationSeconds, options.requests);
  const after = server.cpuSeconds();
  const clientUs = process.cpuUsage(client);
  const per = (seconds: number) => (seconds * 1e6) / Math.max(1, measured.requests);
  return {
    ...measured,
    mockCpuUs: per(after.mock - before.mock),
    haproxyCpuUs: per(after.haproxy - before.haproxy),
    clientCpuUs: (clientUs.user + clientUs.system) / Math.max(1, measured.requests),
  };
}

/** One `network-mock serve` alone against 1, 2 and 3 replicas behind HAProxy (`pnpm sandbox`). */
export async function sandboxThroughput(fixtures: Fixtures, options: SandboxOptions): Promise<Section> {
  const serveFlags = ['--no-rate-limit'];
  const contestants = [
    { name: 'one process alone (network-mock serve)', args: [MOCK_CLI, 'serve', '--port', '0', ...serveFlags] },
    ...options.replicaCounts.map((count) => ({
      name: `${count} replica${count === 1 ? '' : 's'} behind HAProxy (pnpm sandbox)`,
      args: [SANDBOX, '--replicas', String(count), '--port', '0', ...serveFlags],
    })),
  ];
  const request = fixtures.list;
  const servers: Contestant[] = [];
  const rounds: Measured[][] = contestants.map(() => []);
  try {
    for (const contestant of contestants) servers.push(await startListening(contestant.args));
    if (options.warmupSeconds > 0) {
      for (const server of servers) await loadSessions(server.url, request, options, options.warmupSeconds);
    }
    for (let round = 0; round < options.rounds; round++) {
      for (let step = 0; step < contestants.length; step++) {
        const index = (round + step) % contestants.length;
        (rounds[index] as Measured[]).push(await measuredRound(servers[index] as Contestant, request, options));
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
  /** Median over rounds of the ratio to the lone process within a round. */
  const factor = (index: number) => median((rounds[index] as Measured[]).map((m, round) => m.requestsPerSecond / ((rounds[0] as Measured[])[round] as Measured).requestsPerSecond));
  const rows = contestants.map((contestant, index) => {
    const measured = rounds[index] as Measured[];
    return [
      contestant.name,
      median(measured.map((m) => m.requestsPerSecond)).toFixed(0),
      ms(median(measured.map((m) => m.p50Ms)), 0),
      ms(median(measured.map((m) => m.p99Ms)), 0),
      `${factor(index).toFixed(2)}×`,
      us(median(measured.map((m) => m.mockCpuUs ?? 0)) / 1000),
      index === 0 ? '—' : us(median(measured.map((m) => m.haproxyCpuUs ?? 0)) / 1000),
      us(median(measured.map((m) => m.clientCpuUs ?? 0)) / 1000),
    ];
  });
  // A request behind HAProxy costs each replica what one sent to it directly costs: HAProxy keeps its connections
  // to the replicas, so no replica pays a connection per request. Compared round by round, as the ratio above.
  const cpuRatio = (index: number) =>
    median((rounds[index] as Measured[]).map((m, round) => (m.mockCpuUs ?? 0) / Math.max(1e-9, ((rounds[0] as Measured[])[round] as Measured).mockCpuUs ?? 0)));
  const targets: TargetCheck[] = contestants.slice(1).map((contestant, offset) => {
    const ratio = cpuRatio(offset + 1);
    const haproxy = median((rounds[offset + 1] as Measured[]).map((m) => m.haproxyCpuUs ?? 0));
    return {
      target: `${contestant.name}: the replicas' CPU per request at most 1.2× one process's (HAProxy's own reported)`,
      measured: `${ratio.toFixed(2)}×; HAProxy ${us(haproxy / 1000)} per request`,
      met: ratio <= 1.2,
    };
  });
  return {
    title: 'A sandbox of replicas: 1, 2 and 3 behind HAProxy',
    method:
      `${request.name} (\`${request.method} ${request.path.replace(/\?.*/, '')}\`, 10 per page) with autocannon from the bench process, ` +
      `${options.connections} keep-alive connections, each request naming the next of ${options.sessions} \`X-Mock-Session\` names. ` +
      `Every contestant runs at once and idles while another is loaded; ${options.rounds} rounds of ${runLength(options)} in a rotating order ` +
      `after ${options.warmupSeconds} s of warm-up each; req/s, p50 and p99 are medians over rounds, the ratio is the median of the ratios within a round. ` +
      'Replicas and the lone process run `network-mock serve --no-rate-limit`; HAProxy is Debian\'s, as `pnpm sandbox` starts it. ' +
      'CPU per request is user + system time from /proc over a round divided by its requests (all replicas summed): unlike req/s, ' +
      'it barely moves with the load of a shared machine, and it says what N cores would serve.',
    columns: ['server', 'req/s', 'p50', 'p99', 'vs one process', 'CPU per request: mock', 'haproxy', 'load generator'],
    rows,
    targets,
  };
}
