import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request as httpRequest } from 'node:http';
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
  /** The steady rate, in requests per second, at which a request through HAProxy and one sent directly are compared. */
  pacedRate: number;
}

export const SANDBOX_FULL: SandboxOptions = { connections: 16, sessions: 64, durationSeconds: 3, warmupSeconds: 2, rounds: 3, replicaCounts: [1, 2, 3], pacedRate: 1000 };

const MOCK_CLI = fileURLToPath(new URL('../../../packages/mock/dist/cli.js', import.meta.url));
const SANDBOX = fileURLToPath(new URL('../../../scripts/sandbox.mjs', import.meta.url));

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

interface Contestant extends RunningServer {
  /** CPU seconds (user + system) used so far by the mock processes and by haproxy, read from /proc. */
  cpuSeconds(): { mock: number; haproxy: number };
  /** A sandbox's replicas by name, with the URL each listens on (none for the lone process). */
  replicas: Map<string, string>;
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

/**
 * Starts a command that prints `listening on URL` (network-mock serve, pnpm sandbox), and for a sandbox its
 * `replicas` lines after it.
 */
async function startListening(args: readonly string[], replicaCount = 0): Promise<Contestant> {
  const child = spawn(process.execPath, [...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const exited = once(child, 'exit');
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  // `pnpm sandbox` lists its replicas under its own line: `  replica-1  http://127.0.0.1:PORT  pid N`.
  const replicaLines = () => [...output.matchAll(/^ {2}(replica-\d+) {2}(http:\/\/\S+) {2}pid \d+$/gm)];
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const match = /^listening on (http:\/\/\S+)$/m.exec(output);
      if (match && replicaLines().length >= replicaCount) resolve(match[1] as string);
    });
    void exited.then(() => reject(new Error(`${args.join(' ')} exited before listening:\n${output}`)));
  });
  const replicas = new Map(replicaLines().map((line) => [line[1] as string, line[2] as string]));
  // The lone server is the child itself; a sandbox's are its children (the replicas, and haproxy).
  const children = childrenOf(child.pid as number);
  const mockPids = children.length === 0 ? [child.pid as number] : children.filter((c) => c.command !== 'haproxy').map((c) => c.pid);
  const haproxyPids = children.filter((c) => c.command === 'haproxy').map((c) => c.pid);
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + cpuSecondsOf(pid), 0);
  return {
    url,
    replicas,
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
  /** A sandbox's replicas' CPU microseconds per request at the paced rate, through HAProxy and sent directly. */
  pacedCpuUs?: number;
  directCpuUs?: number;
}

const sessionNames = (options: SandboxOptions) => Array.from({ length: options.sessions }, (_, index) => `bench-${index}`);

/** Closed-loop load; each request names the next of `sessions` sessions, so they spread over the replicas. */
async function loadSessions(url: string, request: BenchRequest, options: SandboxOptions, seconds: number, requests?: number): Promise<Measured> {
  const sessions = sessionNames(options);
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
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-mock-session': sessions[next++ % sessions.length] } }),
      },
    ],
  });
  const failures = result.non2xx + result.errors;
  if (failures > 0) throw new Error(`${url}: ${failures} failed answers to ${request.method} ${request.path}`);
  return { requestsPerSecond: requestsPerSecond(result, sampleSeconds), p50Ms: result.latency.p50, p99Ms: result.latency.p99, requests: result.requests.total };
}

/** The replica URL that holds each session, as HAProxy routes it (its `X-Mock-Replica` answer header). */
async function replicaOfSessions(server: Contestant, options: SandboxOptions): Promise<Map<string, string>> {
  const owner = new Map<string, string>();
  for (const session of sessionNames(options)) {
    const answer = await fetch(`${server.url}/__mock/health`, { headers: { 'x-mock-session': session } });
    await answer.arrayBuffer();
    const replica = server.replicas.get(answer.headers.get('x-mock-replica') ?? '');
    if (!replica) throw new Error(`${server.url}: no replica named for session ${session}`);
    owner.set(session, replica);
  }
  return owner;
}

/**
 * Steady open-loop load: a request every 1/rate seconds, each naming the next session and sent to `target(session)`
 * over kept connections. autocannon's rate sends each second's requests at once, then idles.
 */
async function paced(request: BenchRequest, options: SandboxOptions, target: (session: string) => string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const sessions = sessionNames(options);
  const count = options.requests ?? Math.round(options.pacedRate * options.durationSeconds);
  const send = (session: string) =>
    new Promise<void>((resolve, reject) => {
      const url = new URL(request.path, target(session));
      const sent = httpRequest(url, { method: request.method, agent, headers: { ...request.headers, 'x-mock-session': session } }, (answer) => {
        answer.resume();
        answer.on('end', () => (answer.statusCode === 200 ? resolve() : reject(new Error(`${url.origin}: ${answer.statusCode} to ${request.method} ${request.path}`))));
      });
      sent.on('error', reject);
      sent.end();
    });
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < count; ) {
    const due = Math.min(count, Math.floor(((performance.now() - started) / 1000) * options.pacedRate) + 1);
    for (; index < due; index++) inFlight.push(send(sessions[index % sessions.length] as string));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return count;
}

/**
 * A round of load with the CPU time every process spent on it. For a sandbox, then the replicas' CPU per request
 * at one steady rate below what either path carries, through HAProxy and sent to each replica directly (the
 * sessions HAProxy routes to it): at full load on two cores the replicas share the cores with HAProxy and the load
 * generator, and a Node server's CPU per request falls as more requests wait for each turn of its event loop.
 */
async function measuredRound(server: Contestant, request: BenchRequest, options: SandboxOptions, owner?: Map<string, string>): Promise<Measured> {
  const before = server.cpuSeconds();
  const client = process.cpuUsage();
  const measured = await loadSessions(server.url, request, options, options.durationSeconds, options.requests);
  const after = server.cpuSeconds();
  const clientUs = process.cpuUsage(client);
  const per = (seconds: number, requests: number) => (seconds * 1e6) / Math.max(1, requests);
  const round: Measured = {
    ...measured,
    mockCpuUs: per(after.mock - before.mock, measured.requests),
    haproxyCpuUs: per(after.haproxy - before.haproxy, measured.requests),
    clientCpuUs: (clientUs.user + clientUs.system) / Math.max(1, measured.requests),
  };
  if (!owner) return round;
  const cpuPerRequest = async (target: (session: string) => string) => {
    const start = server.cpuSeconds().mock;
    const requests = await paced(request, options, target);
    return per(server.cpuSeconds().mock - start, requests);
  };
  const pacedCpuUs = await cpuPerRequest(() => server.url);
  const directCpuUs = await cpuPerRequest((session) => owner.get(session) as string);
  return { ...round, pacedCpuUs, directCpuUs };
}

/** One `network-mock serve` alone against 1, 2 and 3 replicas behind HAProxy (`pnpm sandbox`). */
export async function sandboxThroughput(fixtures: Fixtures, options: SandboxOptions): Promise<Section> {
  const serveFlags = ['--no-rate-limit'];
  const contestants = [
    { name: 'one process alone (network-mock serve)', args: [MOCK_CLI, 'serve', '--port', '0', ...serveFlags], replicas: 0 },
    ...options.replicaCounts.map((count) => ({
      name: `${count} replica${count === 1 ? '' : 's'} behind HAProxy (pnpm sandbox)`,
      args: [SANDBOX, '--replicas', String(count), '--port', '0', ...serveFlags],
      replicas: count,
    })),
  ];
  const request = fixtures.list;
  const servers: Contestant[] = [];
  const owners: (Map<string, string> | undefined)[] = [];
  const rounds: Measured[][] = contestants.map(() => []);
  try {
    for (const contestant of contestants) {
      const server = await startListening(contestant.args, contestant.replicas);
      servers.push(server);
      owners.push(contestant.replicas > 0 ? await replicaOfSessions(server, options) : undefined);
    }
    if (options.warmupSeconds > 0) {
      for (const server of servers) await loadSessions(server.url, request, options, options.warmupSeconds);
    }
    for (let round = 0; round < options.rounds; round++) {
      for (let step = 0; step < contestants.length; step++) {
        const index = (round + step) % contestants.length;
        (rounds[index] as Measured[]).push(await measuredRound(servers[index] as Contestant, request, options, owners[index]));
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
  const ofRounds = (index: number) => rounds[index] as Measured[];
  /** Median over rounds of the ratio to the lone process within a round. */
  const factor = (index: number) => median(ofRounds(index).map((m, round) => m.requestsPerSecond / (ofRounds(0)[round] as Measured).requestsPerSecond));
  const rows = contestants.map((contestant, index) => {
    const measured = ofRounds(index);
    const cpu = (pick: (m: Measured) => number | undefined) => us(median(measured.map((m) => pick(m) ?? 0)) / 1000);
    return [
      contestant.name,
      median(measured.map((m) => m.requestsPerSecond)).toFixed(0),
      ms(median(measured.map((m) => m.p50Ms)), 0),
      ms(median(measured.map((m) => m.p99Ms)), 0),
      `${factor(index).toFixed(2)}×`,
      cpu((m) => m.mockCpuUs),
      index === 0 ? '—' : cpu((m) => m.pacedCpuUs),
      index === 0 ? '—' : cpu((m) => m.directCpuUs),
      index === 0 ? '—' : cpu((m) => m.haproxyCpuUs),
      cpu((m) => m.clientCpuUs),
    ];
  });
  // HAProxy keeps its connections to the replicas, so a request through it costs a replica what the same request
  // sent to it directly costs. Compared round by round, as the ratio above.
  const targets: TargetCheck[] = contestants.slice(1).map((contestant, offset) => {
    const measured = ofRounds(offset + 1);
    const ratio = median(measured.map((m) => (m.pacedCpuUs ?? 0) / Math.max(1e-9, m.directCpuUs ?? 0)));
    const haproxy = median(measured.map((m) => m.haproxyCpuUs ?? 0));
    return {
      target: `${contestant.name}: the replicas' CPU per request at a steady ${options.pacedRate} req/s at most 1.2× the same requests' sent to them directly (HAProxy's own reported)`,
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
      'it barely moves with the load of a shared machine, and it says what N cores would serve. ' +
      `After each round, a sandbox's replicas are also measured at a steady ${options.pacedRate} req/s (a request every ` +
      `${(1000 / options.pacedRate).toFixed(1)} ms over at most ${options.connections} kept connections), through HAProxy and then sent to each replica directly, ` +
      'each request to the replica HAProxy routes its session to: the two differ only by HAProxy. That pair is what the target compares: ' +
      'at full load, CPU per request also moves with how many requests each turn of a replica\'s event loop finds, and on two cores the ' +
      'replicas take turns with HAProxy and the load generator.',
    columns: ['server', 'req/s', 'p50', 'p99', 'vs one process', 'CPU per request: mock', `at ${options.pacedRate} req/s`, 'sent directly', 'haproxy', 'load generator'],
    rows,
    targets,
  };
}
