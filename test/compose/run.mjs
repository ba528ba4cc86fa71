#!/usr/bin/env node
// `pnpm test:compose`: deploy/compose.yaml as written, run with podman-compose (Debian's) on the images
// `pnpm image --local-base` builds (the mock, and HAProxy from Debian's haproxy). For more than a minute three
// sessions each keep reading their own seeded record through HAProxy while one replica goes down twice. Killed by
// hand it stays down: its session gets the JSON 503 naming it for as long as it takes to see it, then the replica
// is started again and the session says on its first answer that it started from the seeded dataset
// (X-Mock-Session-Started). Crashed, compose's restart policy brings it back, and the first answer says so again.
import { execFileSync, spawnSync } from 'node:child_process';
import { containerEngine } from '../../scripts/image.mjs';
import { checklist, freePort } from '../tools/checks.mjs';

const started = Date.now();
const { check, fail, finish } = checklist('test:compose');
const engine = containerEngine();
if (engine?.name !== 'podman' || spawnSync('podman-compose', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.error('test:compose: needs podman and podman-compose (Debian: apt-get install podman runc podman-compose).');
  process.exit(1);
}
const RUN_SECONDS = 65;
const TOKEN = 'compose-control-token';
const project = `compose-test-${process.pid}`;
const image = `localhost/network-org/mock:${project}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = { ...engine.env, NETWORK_MOCK_IMAGE: image, NETWORK_MOCK_CONTROL_TOKEN: TOKEN, SANDBOX_PORT: String(port) };
const compose = (args) =>
  spawnSync('podman-compose', ['-p', project, ...(args[0] === 'up' ? ['--podman-run-args', engine.runtime.join(' ')] : []), '-f', 'deploy/compose.yaml', ...args], { env, encoding: 'utf8' });

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

async function names(session) {
  const reply = await call('/v1/contacts?query=Composed&limit=25', session);
  if (reply.status !== 200) return { status: reply.status, replica: reply.headers.get('x-mock-replica'), names: [] };
  return { status: 200, replica: reply.headers.get('x-mock-replica'), started: reply.headers.get('x-mock-session-started'), names: JSON.parse(reply.body).data.contacts.map((contact) => contact.first_name) };
}

try {
  console.log(`test:compose: building the images (pnpm image --local-base --tag ${image})`);
  execFileSync(process.execPath, ['scripts/image.mjs', '--local-base', '--tag', image], { stdio: ['ignore', 'ignore', 'inherit'] });
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
    reply !== undefined && !Number.isNaN(Date.parse(reply.headers.get('x-mock-session-started') ?? '')) && JSON.parse(reply.body).data.contacts.length === 0;

  try {
    await sleep(15_000);
    // Held down: `podman kill` counts as stopped by hand, which no restart policy restarts, so the 503 is there to
    // be seen however slow the machine, until the replica is started again.
    const killed = spawnSync('podman', ['kill', container], { env: engine.env, encoding: 'utf8' });
    check(`podman kill ${container} (${victimReplica}, session ${victim})`, killed.status === 0, killed.stderr);
    const down = await victimUntil((reply) => reply.status === 503);
    const downBody = down.last?.body ?? '';
    check(
      "the killed replica's session gets a JSON 503 naming it, with Retry-After",
      down.last !== undefined && JSON.parse(downBody).message?.includes(`${victimReplica} is down`) && down.last.headers.get('retry-after') === '1',
      `${down.seen.length} answers, the last: ${down.seen.at(-1)?.status} ${(down.seen.at(-1)?.body ?? '').slice(0, 200)}`,
    );
    const unclean = down.seen.filter((reply) => reply.status !== 200 && reply.status !== 503);
    check('no answer on the way is anything but 200 or that 503 (no empty close)', unclean.length === 0, JSON.stringify(unclean.map((reply) => reply.body.slice(0, 100))));
    const restarted = spawnSync('podman', ['start', container], { env: engine.env, encoding: 'utf8' });
    check(`podman start ${container}`, restarted.status === 0, restarted.stderr);
    const back = await victimUntil((reply) => reply.status === 200);
    check(
      "once it is back, its session's first answer says it started from the seeded dataset (X-Mock-Session-Started)",
      freshFirstAnswer(back.last),
      back.last ? `${back.last.headers.get('x-mock-session-started')} ${back.last.body.slice(0, 200)}` : `still ${back.seen.at(-1)?.status}`,
    );

    // Crashed: the replica's process dies, and compose's restart policy (unless-stopped) starts it again.
    const seeded = await control('/seed/contact', victim, { account_id: account, first_name: 'Composed' });
    check(`the control API seeds the record again in ${victim}`, seeded.status === 201, `${seeded.status} ${seeded.body.slice(0, 200)}`);
    const pid = spawnSync('podman', ['inspect', '--format', '{{.State.Pid}}', container], { env: engine.env, encoding: 'utf8' }).stdout.trim();
    process.kill(Number(pid), 'SIGKILL');
    console.log(`  killed the process of ${container} (pid ${pid})`);
    const crashed = await victimUntil((reply) => reply.status === 200);
    check(
      'compose starts the crashed replica again, and its session\'s first answer says it started over (X-Mock-Session-Started)',
      freshFirstAnswer(crashed.last),
      crashed.last ? `${crashed.last.headers.get('x-mock-session-started')} ${crashed.last.body.slice(0, 200)}` : `still ${crashed.seen.at(-1)?.status}`,
    );
    const uncleanCrash = crashed.seen.filter((reply) => reply.status !== 200 && reply.status !== 503);
    check('no answer while it restarts is anything but 200 or the 503 (no empty close)', uncleanCrash.length === 0, JSON.stringify(uncleanCrash.map((reply) => reply.body.slice(0, 100))));
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
  console.error(error);
} finally {
  compose(['down', '-v']);
  spawnSync('podman', ['rmi', '--force', image], { env: engine.env, stdio: 'ignore' });
}

finish();
