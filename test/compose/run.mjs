#!/usr/bin/env node
// `pnpm test:compose`: deploy/compose.yaml as written, run with podman-compose (Debian's) on the images
// `pnpm image --local-base` builds (the mock, and HAProxy from Debian's haproxy). For more than a minute three
// sessions each keep reading their own seeded record through HAProxy while one replica goes down twice. Killed by
// hand it stays down: its session gets the JSON 503 naming it for as long as it takes to see it, then the replica
// is started again and the session says on its first answer that it started from the seeded dataset
// (X-Mock-Session-Started). Crashed, compose's restart policy brings it back, and the first answer says so again.
//   --image NAME  runs NAME, built already with the HAProxy image by `pnpm image --local-base` (CI's image lane
//                 passes the one `pnpm test:image` just built), instead of building its own and removing it after.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { HAPROXY_IMAGE } from '../../scripts/deploy-config.mjs';
import { containerEngine } from '../../scripts/image.mjs';
import { checklist, freePort } from '../tools/checks.mjs';

const started = Date.now();
const { check, fail, finish } = checklist('test:compose');
const engine = containerEngine();
if (engine?.name !== 'podman' || spawnSync('podman-compose', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.error('test:compose: needs podman and podman-compose (Debian: apt-get install podman runc podman-compose).');
  process.exit(1);
}
const args = process.argv.slice(2);
const given = args[0] === '--image' && args.length === 2 ? args[1] : undefined;
if (args.length > 0 && !given) {
  console.error('Usage: pnpm test:compose [--image NAME]');
  process.exit(2);
}
const RUN_SECONDS = 65;
const TOKEN = 'compose-control-token';
const project = `compose-test-${process.pid}`;
const image = given ?? `localhost/network-org/mock:${project}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = { ...engine.env, NETWORK_MOCK_IMAGE: image, NETWORK_MOCK_CONTROL_TOKEN: TOKEN, SANDBOX_PORT: String(port) };
const compose = (args) =>
  spawnSync('podman-compose', ['-p', project, ...(args[0] === 'up' ? ['--podman-run-args', engine.runtime.join(' ')] : []), '-f', 'deploy/compose.yaml', ...args], { env, encoding: 'utf8' });
// Podman's commands while traffic flows are run without blocking, so that requests are in flight as a replica dies.
const run = promisify(execFile);
const podman = (...podmanArgs) =>
  run('podman', podmanArgs, { env: engine.env, encoding: 'utf8' }).then(
    ({ stdout }) => ({ status: 0, stdout, stderr: '' }),
    (error) => ({ status: error.code ?? 1, stdout: error.stdout ?? '', stderr: error.stderr ?? String(error) }),
  );

async function call(path, session, init = {}) {
  try {
    const reply = await fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: 'Bearer sk_test_admin', 'x-mock-session': session, ...init.headers },
      signal: AbortSignal.timeout(10_000),
    });
    return { status: reply.status, headers: reply.headers, body: await reply.text() };
  } catch (error) {
    return { status: 0, headers: new Headers(), body: `${error}${error?.cause ? ` (${error.cause.code ?? error.cause})` : ''}` };
  }
}

const control = (path, session, body) =>
  call(`/__mock${path}`, session, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** `text` as JSON, or undefined when it is not JSON. */
function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function names(session) {
  const reply = await call('/v1/contacts?query=Composed&limit=25', session);
  if (reply.status !== 200) return { status: reply.status, replica: reply.headers.get('x-mock-replica'), names: [] };
  return { status: 200, replica: reply.headers.get('x-mock-replica'), started: reply.headers.get('x-mock-session-started'), names: JSON.parse(reply.body).data.contacts.map((contact) => contact.first_name) };
}

try {
  if (given) {
    const missing = [image, HAPROXY_IMAGE].filter((name) => spawnSync('podman', ['image', 'exists', name], { env: engine.env }).status !== 0);
    if (missing.length > 0) throw new Error(`--image ${image}: no image ${missing.join(' nor ')} here (pnpm image --local-base builds both)`);
    console.log(`test:compose: on ${image} and ${HAPROXY_IMAGE}, built already`);
  } else {
    console.log(`test:compose: building the images (pnpm image --local-base --tag ${image})`);
    execFileSync(process.execPath, ['scripts/image.mjs', '--local-base', '--tag', image], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const up = compose(['up', '-d']);
  check('podman-compose up -d starts deploy/compose.yaml', up.status === 0, up.stderr.slice(-500));

  // podman-compose does not wait for health (nor does HAProxy need it to): a replica not up yet answers 503.
  const sessions = ['compose-a', 'compose-b', 'compose-c', 'compose-d', 'compose-e', 'compose-f'];
  const deadline = Date.now() + 120_000;
  let ready = false;
  while (!ready && Date.now() < deadline) {
    ready = (await Promise.all(sessions.map((session) => call('/__mock/health', session)))).every((reply) => reply.status === 200);
    if (!ready) await sleep(500);
  }
  check('every replica answers health through HAProxy', ready);

  // Three sessions on three replicas (the routing is fixed by the names), each with a record of its own.
  const byReplica = new Map();
  for (const session of sessions) {
    const reply = await call('/v1/accounts', session);
    const replica = reply.headers.get('x-mock-replica');
    if (reply.status === 200 && replica && !byReplica.has(replica)) byReplica.set(replica, session);
  }
  const chosen = [...byReplica.entries()].slice(0, 3);
  check('three sessions land on three replicas', chosen.length === 3, JSON.stringify([...byReplica]));
  for (const [, session] of chosen) {
    const accounts = JSON.parse((await call('/v1/accounts', session)).body);
    const seeded = await control('/seed/contact', session, { account_id: accounts.data.accounts[0].account_id, first_name: 'Composed' });
    check(`the control API seeds a record in ${session} through HAProxy`, seeded.status === 201, `${seeded.status} ${seeded.body.slice(0, 200)}`);
  }

  const [victimReplica, victim] = chosen[0];
  const others = chosen.slice(1).map(([, session]) => session);
  const container = `${project}_mock-${victimReplica.replace('replica-', '')}_1`;
  const account = JSON.parse((await call('/v1/accounts', victim)).body).data.accounts[0].account_id;

  // The other sessions keep reading their own record for the whole run, beside the victim's steps.
  const trafficUntil = Date.now() + RUN_SECONDS * 1000;
  let othersBroken = 0;
  let othersRead = 0;
  let victimDone = false;
  const traffic = (async () => {
    while (Date.now() < trafficUntil || !victimDone) {
      for (const session of others) {
        const seen = await names(session);
        othersRead++;
        if (seen.status !== 200 || JSON.stringify(seen.names) !== '["Composed"]') othersBroken++;
      }
      await sleep(200);
    }
  })();

  /** Polls the victim's session until an answer `done` accepts, or a deadline generous for a loaded machine. */
  async function victimUntil(done, seconds = 120) {
    const deadline = Date.now() + seconds * 1000;
    const seen = [];
    while (Date.now() < deadline) {
      const reply = await call('/v1/contacts?query=Composed&limit=25', victim);
      seen.push(reply);
      if (done(reply)) return { last: reply, seen };
      await sleep(200);
    }
    return { last: undefined, seen };
  }
  const freshFirstAnswer = (reply) =>
    reply !== undefined && !Number.isNaN(Date.parse(reply.headers.get('x-mock-session-started') ?? '')) && parsed(reply.body)?.data?.contacts?.length === 0;
  // The one answer a request whose replica is down may get instead of its 200: HAProxy's JSON 503 naming the replica.
  const replicaDown = (reply) =>
    reply?.status === 503 && parsed(reply.body)?.message?.includes(`${victimReplica} is down`) === true && reply.headers.get('retry-after') === '1';
  const unclean = (seen) => seen.filter((reply) => reply.status !== 200 && !replicaDown(reply)).map((reply) => `${reply.status} ${reply.body.slice(0, 100)}`);

  try {
    await sleep(15_000);
    // Held down: `podman kill` counts as stopped by hand, which no restart policy restarts, so the 503 is there to
    // be seen however slow the machine, until the replica is started again.
    // The victim's session is read from before the kill on, so that a request is in flight as the replica dies.
    const downSeen = victimUntil((reply) => reply.status !== 200);
    await sleep(500);
    const killed = await podman('kill', container);
    check(`podman kill ${container} (${victimReplica}, session ${victim})`, killed.status === 0, killed.stderr);
    const down = await downSeen;
    check(
      "the killed replica's session gets a JSON 503 naming it, with Retry-After",
      replicaDown(down.last),
      `${down.seen.length} answers, the last: ${down.seen.at(-1)?.status} ${(down.seen.at(-1)?.body ?? '').slice(0, 200)}`,
    );
    check('no answer on the way is anything but 200 or that 503 (no empty close, no HTML)', unclean(down.seen).length === 0, JSON.stringify(unclean(down.seen)));
    const restarted = await podman('start', container);
    check(`podman start ${container}`, restarted.status === 0, restarted.stderr);
    const back = await victimUntil((reply) => reply.status === 200);
    check(
      "once it is back, its session's first answer says it started from the seeded dataset (X-Mock-Session-Started)",
      freshFirstAnswer(back.last),
      back.last ? `${back.last.headers.get('x-mock-session-started')} ${back.last.body.slice(0, 200)}` : `still ${back.seen.at(-1)?.status}`,
    );
    check('no answer until it is back is anything but that 503 (no empty close, no HTML)', unclean(back.seen).length === 0, JSON.stringify(unclean(back.seen)));

    // Crashed: the replica's process dies, and compose's restart policy (unless-stopped) starts it again.
    const seeded = await control('/seed/contact', victim, { account_id: account, first_name: 'Composed' });
    check(`the control API seeds the record again in ${victim}`, seeded.status === 201, `${seeded.status} ${seeded.body.slice(0, 200)}`);
    const pid = (await podman('inspect', '--format', '{{.State.Pid}}', container)).stdout.trim();
    process.kill(Number(pid), 'SIGKILL');
    console.log(`  killed the process of ${container} (pid ${pid})`);
    const crashed = await victimUntil((reply) => reply.status === 200);
    check(
      'compose starts the crashed replica again, and its session\'s first answer says it started over (X-Mock-Session-Started)',
      freshFirstAnswer(crashed.last),
      crashed.last ? `${crashed.last.headers.get('x-mock-session-started')} ${crashed.last.body.slice(0, 200)}` : `still ${crashed.seen.at(-1)?.status}`,
    );
    check('no answer while it restarts is anything but 200 or that 503 (no empty close, no HTML)', unclean(crashed.seen).length === 0, JSON.stringify(unclean(crashed.seen)));
  } finally {
    victimDone = true;
    await traffic;
  }
  check(`the sessions on the other replicas answer their own record throughout (${othersRead} reads)`, othersBroken === 0, `${othersBroken} bad answers`);
  const logs = spawnSync('podman', ['logs', `${project}_mock-${others.length > 0 ? chosen[1][0].replace('replica-', '') : 1}_1`], { env: engine.env, encoding: 'utf8' });
  check('NETWORK_MOCK_LOG=requests: the replicas\' logs show the requests', /Z compose-\w GET \/v1\/contacts 200 /.test(logs.stdout), logs.stdout.slice(-300));
  console.log(`  ran ${((Date.now() - started) / 1000).toFixed(0)} s with traffic for ${RUN_SECONDS} s and more`);
} catch (error) {
  fail(error);
} finally {
  compose(['down', '-v']);
  // podman-compose (1.0) leaves the project's network behind, and each takes a subnet of podman's pool.
  spawnSync('podman', ['network', 'rm', '--force', `${project}_default`], { env: engine.env, stdio: 'ignore' });
  if (!given) spawnSync('podman', ['rmi', '--force', image], { env: engine.env, stdio: 'ignore' });
}

finish();
