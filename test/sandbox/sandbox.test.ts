import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `pnpm sandbox` through its real parts: Debian's haproxy in front of three `network-mock serve` processes.
const SANDBOX = fileURLToPath(new URL('../../scripts/sandbox.mjs', import.meta.url));
const ADMIN = { authorization: 'Bearer sk_test_admin' };
/** Seed 1: the first account and its first contact. */
const ACCOUNT_ID = '101';
const CONTACT_ID = '1000001';
const SESSIONS = 300;
/** The 503 the mock's containers page (docs/mock/containers.md) shows under "A sandbox for a team", as written there. */
const PAGE_REPLICA_DOWN = (() => {
  const readme = readFileSync(fileURLToPath(new URL('../../docs/mock/containers.md', import.meta.url)), 'utf8');
  const section = readme.slice(readme.indexOf('## A sandbox for a team'));
  return /^\{"code":"upstream_error".*\}$/m.exec(section)?.[0];
})();
const REPLICAS = 3;

/** Debian's haproxy, where `pnpm sandbox` looks for it (PATH, then /usr/sbin). */
function haproxyPath(): string | undefined {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return 'haproxy';
  } catch {}
  return ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const haproxy = haproxyPath();
const present = haproxy !== undefined;
if (!present && process.env.CI === 'true') {
  throw new Error('The sandbox test needs HAProxy: `apt-get update && apt-get install -y haproxy` (.ci/run does so as root).');
}

interface Sandbox {
  child: ChildProcess;
  url: string;
  /** replica name -> pid, as printed at start. */
  pids: Map<string, number>;
  output: () => string;
  exited: Promise<number | null>;
}

function startSandbox(args: readonly string[]): Promise<Sandbox> {
  const child = spawn(process.execPath, [SANDBOX, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`pnpm sandbox printed no "listening on" line within 50 s:\n${output}`));
    }, 50_000);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const url = /^listening on (http:\/\/\S+)$/m.exec(output)?.[1];
      const pids = new Map([...output.matchAll(/^ {2}(replica-\d+) +http:\/\/\S+ +pid (\d+)$/gm)].map((m) => [m[1] as string, Number(m[2])]));
      if (url && pids.size === REPLICAS) {
        clearTimeout(timer);
        resolve({ child, url, pids, output: () => output, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`pnpm sandbox exited (${code}) before listening:\n${output}`));
    });
  });
}

function run(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [SANDBOX, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const childPids = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map(Number).filter(Boolean);

describe('pnpm sandbox: usage', () => {
  it('exits 2 saying how to install HAProxy when it cannot find it', async () => {
    const { code, output } = await run(['--haproxy', '/nonexistent/haproxy', '--port', '0']);
    expect(code).toBe(2);
    expect(output).toContain('apt-get install haproxy');
    expect(output).toContain('brew install haproxy');
  });

  it('exits 2 naming a bad flag', async () => {
    const replicas = await run(['--replicas', 'many']);
    expect(replicas.code).toBe(2);
    expect(replicas.output).toContain('--replicas takes a whole number from 1 to 32, got "many"');
    const host = await run(['--host', '0.0.0.0']);
    expect(host.code).toBe(2);
    expect(host.output).toContain('--host');
  });
});

describe('deploy/: the same routing rules as pnpm sandbox', () => {
  it('deploy/haproxy.cfg and deploy/k8s/haproxy.yaml are what `pnpm deploy:config` writes', async () => {
    const { staleFiles } = await import('../../scripts/deploy-config.mjs');
    expect(staleFiles()).toEqual([]);
  });

  it.skipIf(!present)('deploy/haproxy.cfg is a configuration HAProxy accepts', () => {
    // `-c` checks and exits; the replicas' names do not resolve here, which it only warns about.
    expect(() => execFileSync(haproxy as string, ['-c', '-f', fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url))], { stdio: 'pipe' })).not.toThrow();
  });
});

// Seconds on a quiet machine; the timeout leaves room for a loaded CI machine restarting a replica.
describe.skipIf(!present)('pnpm sandbox: three replicas behind HAProxy', { timeout: 60_000 }, () => {
  let sandbox: Sandbox;
  /** session -> the replica that answered it. */
  const replicaOf = new Map<string, string>();
  const session = (index: number) => `team-${index}`;

  const call = (path: string, name: string | undefined, init: RequestInit = {}) =>
    fetch(`${sandbox.url}${path}`, {
      ...init,
      headers: { ...ADMIN, ...(name !== undefined && { 'x-mock-session': name }), ...(init.body !== undefined && { 'content-type': 'application/json' }), ...init.headers },
    });
  const tagsOf = async (name: string | undefined) => {
    const response = await call(`/v1/contacts?account_id=${ACCOUNT_ID}&limit=1`, name);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { contacts: { contact_id: string; tags: { name: string }[] }[] } };
    expect(body.data.contacts[0]?.contact_id).toBe(CONTACT_ID);
    return (body.data.contacts[0]?.tags ?? []).map((tag) => tag.name);
  };
  const ownTags = (tags: readonly string[]) => tags.filter((tag) => tag.startsWith('team-'));

  beforeAll(async () => {
    sandbox = await startSandbox(['--replicas', String(REPLICAS), '--port', '0']);
  });

  afterAll(async () => {
    if (!sandbox) return;
    const children = childPids(sandbox.child.pid as number);
    sandbox.child.kill('SIGTERM');
    expect(await sandbox.exited).toBe(0);
    // HAProxy and every replica, the restarted one included, are gone with it.
    expect(children.length).toBeGreaterThanOrEqual(REPLICAS + 1);
    expect(children.filter(alive)).toEqual([]);
  });

  it(`${SESSIONS} concurrent sessions each read their own write and never another's, spread over every replica`, async () => {
    await Promise.all(
      Array.from({ length: SESSIONS }, async (_, index) => {
        const name = session(index);
        const patched = await call(`/v1/contacts/${CONTACT_ID}`, name, {
          method: 'PATCH',
          body: JSON.stringify({ account_id: ACCOUNT_ID, tags: { add: [{ name, color: 'green' }] } }),
        });
        expect(patched.status).toBe(200);
        replicaOf.set(name, patched.headers.get('x-mock-replica') as string);
        expect(ownTags(await tagsOf(name))).toEqual([name]);
      }),
    );
    const perReplica = new Map<string, number>();
    for (const replica of replicaOf.values()) perReplica.set(replica, (perReplica.get(replica) ?? 0) + 1);
    expect([...perReplica.keys()].sort()).toEqual(['replica-1', 'replica-2', 'replica-3']);
    for (const count of perReplica.values()) expect(count).toBeGreaterThan(SESSIONS / REPLICAS / 2);
    // Without a session, requests go by API key: the default session of one replica.
    expect(ownTags(await tagsOf(undefined))).toEqual([]);
  });

  it('holds a session to the rate limit of one process: the 51st request in the window is 429 with Retry-After', async () => {
    const name = 'rate-limited';
    const statuses: number[] = [];
    for (let index = 0; index < 50; index++) statuses.push((await call('/v1/accounts', name)).status);
    expect(statuses).toEqual(Array(50).fill(200));
    const limited = await call('/v1/accounts', name);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { code: string }).code).toBe('rate_limit_exceeded');
    // Another session on the very same replica has its own window.
    const neighbour = [...replicaOf].find(([, replica]) => replica === limited.headers.get('x-mock-replica'))?.[0] as string;
    expect((await call('/v1/accounts', neighbour)).status).toBe(200);
  });

  it("sends the control API to the session's replica: a fault and a seeded record reach that session only", async () => {
    const [target, neighbour] = [...replicaOf.keys()].filter((name) => replicaOf.get(name) === 'replica-3');
    const fault = await call('/__mock/faults', target, { method: 'POST', body: JSON.stringify({ method: 'GET', path: '/v1/accounts', status: 409 }) });
    expect(fault.status).toBeLessThan(300);
    expect(fault.headers.get('x-mock-replica')).toBe('replica-3');
    expect((await call('/v1/accounts', neighbour)).status).toBe(200);
    expect((await call('/v1/accounts', target)).status).toBe(409);
    expect((await call('/v1/accounts', target)).status).toBe(200);

    const seeded = await call('/__mock/seed/contact', target, {
      method: 'POST',
      body: JSON.stringify({ account_id: ACCOUNT_ID, first_name: 'Seeded', last_name: 'Through-Haproxy' }),
    });
    expect(seeded.status).toBeLessThan(300);
    const search = (name: string | undefined) => call(`/v1/contacts?account_id=${ACCOUNT_ID}&search=Through-Haproxy`, name).then((r) => r.json()) as Promise<{ data: { contacts: unknown[] } }>;
    expect((await search(target)).data.contacts).toHaveLength(1);
    expect((await search(neighbour)).data.contacts).toHaveLength(0);
  });

  it("a killed replica's sessions, requests in flight at the kill included, get the JSON 503 naming it until it is back, then say they started over", async () => {
    const down = [...replicaOf].filter(([, replica]) => replica === 'replica-2').map(([name]) => name);
    const up = [...replicaOf].filter(([, replica]) => replica !== 'replica-2').map(([name]) => name);
    const outcomes = new Map<string, number>();
    const count = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    let killed = false;
    /** Each loop reads one session of replica-2 over its own kept-alive connection, from before the kill until the session is back. */
    const loop = async (name: string) => {
      let sawDown = false;
      const deadline = Date.now() + 40_000;
      while (Date.now() < deadline) {
        const sentAfterKill = killed;
        let answer: Response;
        try {
          answer = await call(`/v1/contacts?account_id=${ACCOUNT_ID}&limit=1`, name);
        } catch {
          // HAProxy closed the client's connection with no answer.
          count('no answer');
          sawDown = true;
          continue;
        }
        const text = await answer.text();
        if (answer.status === 503) {
          sawDown = true;
          const clean = text === PAGE_REPLICA_DOWN && answer.headers.get('retry-after') === '1' && answer.headers.get('x-mock-replica') === 'replica-2';
          count(clean ? (sentAfterKill ? '503' : '503, in flight at the kill') : `503 not in the error shape: ${text.slice(0, 80)}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        } else if (answer.status !== 200) count(`${answer.status}`);
        else if (answer.headers.get('x-mock-session-started') === null && !sawDown) count(killed ? '200, answered before the kill' : '200');
        else {
          const tags = ((JSON.parse(text) as { data: { contacts: { tags: { name: string }[] }[] } }).data.contacts[0]?.tags ?? []).map((tag) => tag.name);
          const startedOver = answer.headers.get('x-mock-session-started') !== null && ownTags(tags).length === 0;
          count(startedOver ? 'back, saying it started over' : 'back, not saying so');
          return;
        }
        if (!killed) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      count('not back within 40 s');
    };
    const loops = down.slice(0, 32).map(loop);
    await new Promise((resolve) => setTimeout(resolve, 500));
    process.kill(sandbox.pids.get('replica-2') as number, 'SIGKILL');
    killed = true;
    // The sessions of the other replicas go on untouched meanwhile.
    await Promise.all(up.slice(0, 50).map(async (name) => expect(ownTags(await tagsOf(name))).toEqual([name])));
    await Promise.all(loops);

    const loopCount = Math.min(32, down.length);
    const bad = [...outcomes].filter(([outcome]) => !['200', '200, answered before the kill', '503', '503, in flight at the kill', 'back, saying it started over'].includes(outcome));
    expect(bad, JSON.stringify([...outcomes])).toEqual([]);
    expect(outcomes.get('back, saying it started over')).toBe(loopCount);
    expect(outcomes.get('503') ?? 0).toBeGreaterThanOrEqual(loopCount);
    expect(sandbox.output()).toContain('replica-2 is back');
    // Those sessions meet the seeded dataset, never another replica's; the others keep theirs.
    await Promise.all(down.map(async (name) => expect(ownTags(await tagsOf(name))).toEqual([])));
    await Promise.all(up.slice(0, 50).map(async (name) => expect(ownTags(await tagsOf(name))).toEqual([name])));
  });
});
