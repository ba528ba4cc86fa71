#!/usr/bin/env node
// `pnpm test:image`: builds network-org/mock with `pnpm image --local-base` and runs it as a team would, with
// podman or docker: --read-only, state on a volume, a published loopback port. Checks health, an API call in a
// session, a seed and a fault through the control token, the control API closed without it, SIGTERM with the state
// kept across a restart, a state file mounted on its own (the snapshot recipe) written back on SIGTERM, the health
// check with no port published, a non-root user, a read-only root, no key or
// .npmrc in the image, and bad configuration refused at start (exit 2).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { containerEngine } from '../../scripts/image.mjs';
import { checklist, freePort } from '../tools/checks.mjs';

const { check, fail, finish } = checklist('test:image');
const engine = containerEngine();
if (!engine) {
  console.error('test:image: neither podman nor docker is installed (Debian: apt-get install podman runc).');
  process.exit(1);
}
const TOKEN = 'ci-control-token';
const run = `image-test-${process.pid}`;
const volume = `${run}-data`;
const containers = [];

/** The engine's command; its output, or throws with its stderr. */
function engine$(args, { allowFailure = false } = {}) {
  const result = spawnSync(engine.name, args, { env: engine.env, encoding: 'utf8' });
  if (!allowFailure && result.status !== 0) throw new Error(`${engine.name} ${args.join(' ')} exited ${result.status}:\n${result.stderr}`);
  return result;
}

/** Starts the image detached; the health timer is off (no systemd here), `healthcheck run` still runs it. */
function start(name, { publish, env = {}, args = [], volumeSpec = `${volume}:/data` } = {}) {
  containers.push(name);
  engine$([
    'run', ...engine.runtime, '--detach', '--name', name, '--read-only',
    ...(engine.name === 'podman' ? ['--health-interval', 'disable'] : []),
    '--volume', volumeSpec,
    ...(publish ? ['--publish', `127.0.0.1:${publish}:4010`] : []),
    ...Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
    'network-org/mock:latest', '--contacts-per-account', '20', ...args,
  ]);
}

async function waitHealthy(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const reply = await fetch(`${url}/__mock/health`);
      if (reply.ok) return reply.json();
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no health from ${url} within ${timeoutMs / 1000} s`);
}

const admin = { authorization: 'Bearer sk_test_admin' };
const control = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const json = async (reply) => ({ status: reply.status, body: await reply.json() });

/** fetch, tried once more when a kept-alive connection was closed under it (the mock's 5 s keep-alive). */
async function call(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

/** The first names the contact search finds by `name`, as `headers` sees them. */
async function namesFound(base, name, headers) {
  const reply = await json(await call(`${base}/v1/contacts?query=${encodeURIComponent(name)}&limit=50`, { headers }));
  return reply.status === 200 ? reply.body.data.contacts.map((contact) => contact.first_name) : [`status ${reply.status}`];
}

try {
  console.log(`test:image with ${engine.name}: building (pnpm image --local-base)`);
  const buildStarted = Date.now();
  execFileSync(process.execPath, ['scripts/image.mjs', '--local-base'], { stdio: ['ignore', 'ignore', 'inherit'] });
  console.log(`  built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`);
  const version = JSON.parse(execFileSync(process.execPath, ['-p', "JSON.stringify(require('./packages/mock/package.json').version)"], { encoding: 'utf8' }));

  const inspect = JSON.parse(engine$(['image', 'inspect', 'network-org/mock:latest']).stdout)[0];
  const config = inspect.Config;
  check('runs as a non-root user', config.User === '1000:1000', config.User);
  check('has a HEALTHCHECK on /__mock/health', JSON.stringify(config.Healthcheck ?? inspect.Healthcheck ?? {}).includes('healthcheck.mjs'));
  check('holds no key, token or npm setting in its environment', !config.Env.some((entry) => /TOKEN|KEY|NPM_CONFIG/i.test(entry.split('=')[0])), config.Env.join(' '));
  const files = engine$(['run', ...engine.runtime, '--rm', '--entrypoint', 'node', 'network-org/mock:latest', '-e', `
    const fs = require('fs'), path = require('path'), found = [];
    const walk = (dir) => { for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (['/proc', '/sys', '/dev'].includes(full)) continue;
      if (entry.isDirectory()) walk(full); else found.push(full);
    } };
    walk('/');
    const suspicious = found.filter((file) => /(^|\\/)\\.npmrc$|\\.env$|id_rsa|\\.pem$/.test(file)
      || (file.startsWith('/app/') && /_authToken|sk_live_|NPM_TOKEN/.test(fs.readFileSync(file, 'utf8'))));
    console.log(JSON.stringify({ app: found.filter((file) => file.startsWith('/app/')), suspicious }));
  `]).stdout;
  const listing = JSON.parse(files);
  check('holds no .npmrc, key or token file', listing.suspicious.length === 0, listing.suspicious.join(', '));
  check('holds only the bundled mock and its health check in /app', JSON.stringify(listing.app.sort()) === JSON.stringify(['/app/healthcheck.mjs', '/app/network-mock.mjs']), listing.app.join(', '));

  engine$(['volume', 'create', volume]);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const first = `${run}-first`;
  start(first, { publish: port, env: { NETWORK_MOCK_CONTROL_TOKEN: TOKEN } });
  const health = await waitHealthy(url);
  check('GET /__mock/health answers {ok, version, now} through the published port', health.ok === true && health.version === version && typeof health.now === 'string', JSON.stringify(health));
  check('the HEALTHCHECK passes inside the container', engine$(['healthcheck', 'run', first], { allowFailure: true }).status === 0);

  const session = { ...admin, 'x-mock-session': 'suite-a' };
  const accounts = await json(await call(`${url}/v1/accounts`, { headers: session }));
  check('an API call in a session (X-Mock-Session) answers 200', accounts.status === 200);
  const accountId = accounts.body.data.accounts[0].account_id;

  const closed = await call(`${url}/__mock/faults`, { headers: { 'x-mock-session': 'suite-a' } });
  check('the control API refuses a call without the token (401)', closed.status === 401);

  const seeded = await json(await call(`${url}/__mock/seed/contact`, {
    method: 'POST', headers: { ...control, 'x-mock-session': 'suite-a' }, body: JSON.stringify({ account_id: accountId, first_name: 'Zebulon', last_name: 'Image' }),
  }));
  check('seeds a contact in the session through the control token (201)', seeded.status === 201, JSON.stringify(seeded.body).slice(0, 200));
  const inSession = await namesFound(url, 'Zebulon', session);
  const elsewhere = await namesFound(url, 'Zebulon', admin);
  check('the seeded contact is found in its session and not in the default one', inSession.includes('Zebulon') && !elsewhere.includes('Zebulon'), `${inSession} / ${elsewhere}`);

  await call(`${url}/__mock/faults`, { method: 'POST', headers: { ...control, 'x-mock-session': 'suite-a' }, body: JSON.stringify({ path: '/v1/accounts', status: 503 }) });
  const faulted = (await call(`${url}/v1/accounts`, { headers: session })).status;
  const after = (await call(`${url}/v1/accounts`, { headers: session })).status;
  check('a fault set through the control token fails the next request in the session, once', faulted === 503 && after === 200, `${faulted} ${after}`);

  const readOnly = engine$(['exec', first, 'node', '-e', "try { require('fs').writeFileSync('/app/x', ''); } catch (error) { console.log(error.code); }"]).stdout.trim();
  check('the root file system is read-only (--read-only)', readOnly === 'EROFS' || readOnly === 'EACCES', readOnly);
  const uid = engine$(['exec', first, 'node', '-p', 'process.getuid()']).stdout.trim();
  check('the mock runs as uid 1000', uid === '1000', uid);

  // A record in the default session, to find again after a restart.
  await call(`${url}/__mock/seed/contact`, { method: 'POST', headers: control, body: JSON.stringify({ account_id: accountId, first_name: 'Quillon', last_name: 'Kept' }) });
  // podman/docker stop sends SIGTERM and kills after 2 s: exit status 0 means the mock stopped by itself in time.
  engine$(['stop', '--time', '2', first]);
  const exitCode = engine$(['inspect', first, '--format', '{{.State.ExitCode}}']).stdout.trim();
  check('SIGTERM stops it within 2 s (exit 0, not killed)', exitCode === '0', `exit ${exitCode}`);

  const second = `${run}-second`;
  const port2 = await freePort();
  const url2 = `http://127.0.0.1:${port2}`;
  start(second, { publish: port2, env: { NETWORK_MOCK_CONTROL_TOKEN: TOKEN } });
  await waitHealthy(url2);
  const again = await namesFound(url2, 'Quillon', admin);
  check('the state saved on SIGTERM is there after a restart on the same volume', again.includes('Quillon'), String(again));
  const state = await (await call(`${url2}/__mock/state`, { headers: control })).text();
  engine$(['stop', '--time', '2', second]);

  // The snapshot recipe (-v ./snapshot.json:/data/state.json): a file mounted on its own cannot be renamed over, so
  // the state is written back into it in place. The file is made writable for the image's user.
  const host = mkdtempSync(join(tmpdir(), `${run}-snapshot-`));
  const snapshot = join(host, 'snapshot.json');
  writeFileSync(snapshot, state);
  chmodSync(snapshot, 0o666);
  const mounted = `${run}-mounted`;
  const port3 = await freePort();
  const url3 = `http://127.0.0.1:${port3}`;
  containers.push(mounted);
  engine$([
    'run', ...engine.runtime, '--detach', '--name', mounted, ...(engine.name === 'podman' ? ['--health-interval', 'disable'] : []),
    '--publish', `127.0.0.1:${port3}:4010`, '--volume', `${snapshot}:/data/state.json`, '--env', `NETWORK_MOCK_CONTROL_TOKEN=${TOKEN}`, 'network-org/mock:latest',
  ]);
  await waitHealthy(url3);
  const loaded = await namesFound(url3, 'Quillon', admin);
  await call(`${url3}/__mock/seed/contact`, { method: 'POST', headers: control, body: JSON.stringify({ account_id: accountId, first_name: 'Mountfield', last_name: 'Kept' }) });
  engine$(['stop', '--time', '2', mounted]);
  const mountedExit = engine$(['inspect', mounted, '--format', '{{.State.ExitCode}}']).stdout.trim();
  const logs = engine$(['logs', mounted], { allowFailure: true }).stderr.trim();
  const written = readFileSync(snapshot, 'utf8');
  check('a state file mounted on its own loads, and is written back in place on SIGTERM (exit 0)', loaded.includes('Quillon') && mountedExit === '0' && written.includes('Mountfield'), `exit ${mountedExit}, loaded ${loaded}, ${logs.split('\n').slice(-2).join(' ')}`);
  rmSync(host, { recursive: true, force: true });

  // The containers page's one line (docs/mock/containers.md), as a newcomer copies it: only the published port moves to a free loopback one, and the
  // container is detached so that this script goes on.
  const readme = readFileSync('docs/mock/containers.md', 'utf8');
  const line = /^docker run (.*?) network-org\/mock(?:\s|$)/m.exec(readme.slice(readme.indexOf('## In a container')));
  const readmePort = await freePort();
  const flags = (line?.[1] ?? '').split(' ').map((word) => (word === '4010:4010' ? `127.0.0.1:${readmePort}:4010` : word));
  check("the containers page's docker run line names the image and publishes 4010", line !== null && flags.includes(`127.0.0.1:${readmePort}:4010`), line?.[0]);
  const newcomer = `${run}-readme`;
  containers.push(newcomer);
  engine$(['run', ...engine.runtime, '--detach', '--name', newcomer, ...(engine.name === 'podman' ? ['--health-interval', 'disable'] : []), ...flags, 'network-org/mock']);
  const readmeUrl = `http://127.0.0.1:${readmePort}`;
  await waitHealthy(readmeUrl, 120_000);
  const readmeCall = await call(`${readmeUrl}/v1/accounts`, { headers: admin });
  check("the containers page's line serves the API with the admin fixture key", readmeCall.status === 200, String(readmeCall.status));
  engine$(['stop', '--time', '2', newcomer]);

  const unpublished = `${run}-unpublished`;
  start(unpublished, { volumeSpec: `${volume}-unpublished:/data` });
  let healthy = false;
  for (let attempt = 0; attempt < 30 && !healthy; attempt++) {
    healthy = engine$(['healthcheck', 'run', unpublished], { allowFailure: true }).status === 0;
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  check('with no port published, the health check still passes', healthy);
  engine$(['stop', '--time', '2', unpublished]);
  engine$(['volume', 'rm', '--force', `${volume}-unpublished`], { allowFailure: true });

  const badEnv = engine$(['run', ...engine.runtime, '--rm', '--read-only', '--env', 'NETWORK_MOCK_PORT=http', 'network-org/mock:latest'], { allowFailure: true });
  check('a bad environment value exits 2 naming the variable', badEnv.status === 2 && badEnv.stderr.includes('NETWORK_MOCK_PORT must be an integer from 0 to 65535'), `${badEnv.status} ${badEnv.stderr.split('\n')[0]}`);
  const badVolume = engine$(['run', ...engine.runtime, '--rm', '--read-only', '--volume', `${volume}:/data:ro`, 'network-org/mock:latest'], { allowFailure: true });
  check('a state volume that cannot be written is refused at start (exit 2)', badVolume.status === 2 && badVolume.stderr.includes('NETWORK_MOCK_STATE_FILE /data/state.json'), `${badVolume.status} ${badVolume.stderr.split('\n')[0]}`);

  const size = engine$(['image', 'inspect', 'network-org/mock:latest', '--format', '{{.Size}}']).stdout.trim();
  console.log(`  image network-org/mock:${version}: ${(Number(size) / 1e6).toFixed(1)} MB`);
} catch (error) {
  fail(error);
} finally {
  for (const name of containers) engine$(['rm', '--force', '--volumes', name], { allowFailure: true });
  engine$(['volume', 'rm', '--force', volume], { allowFailure: true });
}

finish();
