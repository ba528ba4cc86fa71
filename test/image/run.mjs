#!/usr/bin/env node
// `pnpm test:image`: builds network-org/mock with `pnpm image --local-base` and runs it as a team would, with
// podman or docker: --read-only, state on a volume, a published loopback port. Checks health, an API call in a
// session, a seed and a fault through the control token, the control API closed without it, SIGTERM with the state
// kept across a restart, a state file mounted on its own (the snapshot recipe) written back on SIGTERM, the health
// check with no port published, a non-root user, a read-only root, no key or
// .npmrc in the image, and bad configuration refused at start (exit 2). And the containers page's "In a container"
// commands as written: its run line for this engine, and its curl lines (the control block's seed, fault and reset
// among them) run by curl, with the request log in the page's shape.
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

  // The containers page's "In a container" commands (docs/mock/containers.md) as a reader copies them: the run line
  // for this engine (docker's, or under podman the line for hosts like ours, with its CONTAINERS_CONF), then its
  // curl lines, run by curl. Only the published port moves to a free loopback one, the container is detached and
  // named so that this script goes on, and it gets the token the control block sets (T) and the request log that
  // "Seeing the traffic" names.
  const page = readFileSync('docs/mock/containers.md', 'utf8');
  const sectionStart = page.indexOf('## In a container');
  const section = page.slice(sectionStart, page.indexOf('\n## ', sectionStart));
  // Each shell block's commands: continued lines joined, each with its trailing comment apart.
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map(([, block]) =>
    block.replace(/\\\n\s*/g, '').split('\n').filter((line) => line.trim()).map((line) => {
      const [, command, comment = ''] = /^(.*?)(?:\s+#\s*(.*))?$/.exec(line.trim());
      return { command, comment };
    }),
  );
  const commands = blocks.flat();
  const runLine = commands.find(({ command }) => command.startsWith(`${engine.name} run `))?.command ?? '';
  const exported = commands.find(({ command }) => command.startsWith('export CONTAINERS_CONF='))?.command.slice('export CONTAINERS_CONF='.length);
  const controlBlock = blocks.find((block) => block[0]?.command.startsWith('T='));
  const pageToken = /^T=([^;\s]+);/.exec(controlBlock?.[0].command ?? '')?.[1];
  check(
    `the containers page shows a ${engine.name} run line, curl lines and a control block with its token`,
    /\snetwork-org\/mock$/.test(runLine) && pageToken !== undefined && (engine.name !== 'podman' || exported !== undefined),
    JSON.stringify({ runLine, pageToken, exported }),
  );
  // Where hosts like ours need it, the page's CONTAINERS_CONF is the file this repository's scripts use.
  const pageEngineEnv = { ...engine.env, ...(exported ? { CONTAINERS_CONF: exported.replace('$PWD', process.cwd()) } : {}) };
  if (engine.name === 'podman') check("the page's CONTAINERS_CONF is image/containers.conf", readFileSync(pageEngineEnv.CONTAINERS_CONF, 'utf8') === readFileSync('image/containers.conf', 'utf8'), exported);
  const readmePort = await freePort();
  const readmeUrl = `http://127.0.0.1:${readmePort}`;
  const flags = runLine.split(' ').slice(2, -1).map((word) => word.replace(/^(?:127\.0\.0\.1:)?4010:4010$/, `127.0.0.1:${readmePort}:4010`));
  check("the run line publishes 4010", flags.includes(`127.0.0.1:${readmePort}:4010`), runLine);
  const newcomer = `${run}-readme`;
  containers.push(newcomer);
  const newcomerRun = spawnSync(engine.name, [
    'run', '--detach', '--name', newcomer, '--env', `NETWORK_MOCK_CONTROL_TOKEN=${pageToken}`, '--env', 'NETWORK_MOCK_LOG=requests', ...flags, 'network-org/mock',
  ], { env: pageEngineEnv, encoding: 'utf8' });
  check(`the page's ${engine.name} run line starts the image`, newcomerRun.status === 0, newcomerRun.stderr);
  await waitHealthy(readmeUrl, 120_000);

  /** A curl line of the page, run by sh after `prelude`, against the mapped port; its body and HTTP status. */
  const curl = (command, prelude = '') => {
    const line = `${prelude}\n${command.replaceAll('http://127.0.0.1:4010', readmeUrl)} -w '\\n%{http_code}'`;
    const result = spawnSync('sh', ['-c', line], { encoding: 'utf8' });
    const at = result.stdout.lastIndexOf('\n');
    return { status: Number(result.stdout.slice(at + 1)), body: result.stdout.slice(0, Math.max(at, 0)), stderr: result.stderr };
  };
  const firstCurl = blocks[0]?.find(({ command }) => command.startsWith('curl '))?.command ?? '';
  const listed = curl(firstCurl);
  check("the page's first curl line lists the accounts through the published port", listed.status === 200 && JSON.parse(listed.body).data.accounts.length > 0, `${firstCurl}: ${listed.status} ${listed.stderr}`);

  // The control block: only M, the mock's address, moves to the published port.
  const prelude = (controlBlock?.[0].command ?? '').replace(/M=\S+;/, `M=${readmeUrl};`);
  const steps = (controlBlock ?? []).slice(1);
  const expected = { '/__mock/seed/contact': [201], '/__mock/faults': [201], '/v1/accounts': [503, 200], '/__mock/reset': [200] };
  const answers = {};
  for (const { command, comment } of steps) {
    const path = /\$M(\/\S*)/.exec(command)?.[1] ?? command;
    const statuses = expected[path] ?? [];
    const seen = statuses.map(() => curl(command, prelude));
    answers[path] = seen[0]?.body ?? '';
    check(
      `the control block's ${path} answers ${statuses.join(' then ')}${comment ? ` (# ${comment})` : ''}`,
      statuses.length > 0 && seen.every((reply, index) => reply.status === statuses[index]),
      `${command}: ${seen.map((reply) => `${reply.status} ${reply.body.slice(0, 120)}`).join(' / ')}`,
    );
  }
  const pageSession = /S='X-Mock-Session: ([^']+)'/.exec(prelude)?.[1];
  const seededId = /"contact_id":"(\d+)"/.exec(answers['/__mock/seed/contact'] ?? '')?.[1];
  const afterReset = await call(`${readmeUrl}/v1/contacts/${seededId}`, { headers: { ...admin, 'x-mock-session': pageSession } });
  check(`after the control block's reset, the seeded contact ${seededId} is gone from session ${pageSession} (404)`, seededId !== undefined && pageSession !== undefined && afterReset.status === 404, String(afterReset.status));

  // "Seeing the traffic": the page's example line and the container's log lines have one shape.
  const logLine = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (\S+) ([A-Z]+) (\S+) (\d{3}) \d+(?:\.\d+)?ms$/;
  const pageLogLine = /^```\n(\S+Z .*ms)\n```/m.exec(section)?.[1] ?? '';
  const logged = engine$(['logs', newcomer], { allowFailure: true }).stdout.split('\n').filter((line) => logLine.test(line));
  check(
    "the request log has the page's shape and shows the control block's 503 and 200 in its session",
    logLine.test(pageLogLine) && [503, 200].every((status) => logged.some((line) => line.includes(`Z ${pageSession} GET /v1/accounts ${status} `))),
    `${pageLogLine} / ${logged.slice(-4).join(' | ')}`,
  );
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
