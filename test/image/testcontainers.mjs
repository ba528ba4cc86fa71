#!/usr/bin/env node
// The containers page's "From another language" Python test, step by step, through a real Testcontainers client:
// the npm `testcontainers` package speaks the same Docker API as the Python library. Under podman it talks to
// `podman system service` on a socket of its own; under docker, to the daemon. The same image, environment, wait
// strategy (the "listening on" log line), mapped port, session header and control token as the snippet. The Ryuk
// reaper image cannot be pulled where no registry is reachable, so it is off and this script removes its container.
// Runs after `pnpm test:image`, which builds network-org/mock:latest.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { containerEngine } from '../../scripts/image.mjs';
import { checklist } from '../tools/checks.mjs';

const engine = containerEngine();
if (!engine) {
  console.error('test:image testcontainers: neither podman nor docker is installed (Debian: apt-get install podman runc).');
  process.exit(1);
}
const { check, fail, finish } = checklist(`test:image testcontainers (${engine.name})`);

// The snippet's constants, read from the page so that this follows what a reader copies.
const page = readFileSync('docs/mock/containers.md', 'utf8');
const snippet = page.slice(page.indexOf('## From another language'));
const TOKEN = /^TOKEN = "(.*)"$/m.exec(snippet)?.[1];
const KEY = { authorization: /"Authorization": "(Bearer sk_test_\w+)"/.exec(snippet)?.[1] };
const image = /DockerContainer\("([^"]+)"\)/.exec(snippet)?.[1];
// A value is a string literal or the snippet's TOKEN.
const env = Object.fromEntries([...snippet.matchAll(/\.with_env\("(\w+)", (?:"([^"]*)"|TOKEN)\)/g)].map((match) => [match[1], match[2] ?? TOKEN]));
const waitLine = /wait_for_logs\(container, "([^"]+)"\)/.exec(snippet)?.[1];
check('the snippet names the image, token, key, environment and log line', Boolean(TOKEN && KEY.authorization && image && waitLine && env.NETWORK_MOCK_CONTROL_TOKEN === TOKEN), JSON.stringify({ TOKEN, image, env, waitLine }));

let service;
const socketDir = mkdtempSync(join(tmpdir(), 'testcontainers-'));
const childEnv = { ...engine.env, TESTCONTAINERS_RYUK_DISABLED: 'true' };
if (engine.name === 'podman') {
  const socket = join(socketDir, 'podman.sock');
  service = spawn('podman', [...engine.runtime, 'system', 'service', '--time', '0', `unix://${socket}`], { env: engine.env, stdio: 'ignore' });
  for (let attempt = 0; attempt < 100 && !existsSync(socket); attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
  childEnv.DOCKER_HOST = `unix://${socket}`;
}
// testcontainers reads its settings once, when first loaded.
Object.assign(process.env, childEnv);
const { GenericContainer, Wait } = await import('testcontainers');

let container;
try {
  container = await new GenericContainer(image)
    .withEnvironment(env)
    .withExposedPorts(4010)
    .withWaitStrategy(Wait.forLogMessage(waitLine))
    .withStartupTimeout(90_000)
    .start();
  const url = `http://${container.getHost()}:${container.getMappedPort(4010)}`;
  const session = () => ({ 'x-mock-session': `py-${randomUUID().replaceAll('-', '').slice(0, 12)}` });
  const control = (path, headers, body) =>
    fetch(`${url}/__mock${path}`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body ?? null) });

  const first = session();
  const accounts = await (await fetch(`${url}/v1/accounts`, { headers: { ...KEY, ...first } })).json();
  const seeded = await control('/seed/contact', first, { account_id: accounts.data.accounts[0].account_id, first_name: 'Zebulon' });
  check('test_seeded_contact_is_found: the seed answers 201 on the mapped port', seeded.status === 201, String(seeded.status));
  const found = await (await fetch(`${url}/v1/contacts?query=Zebulon`, { headers: { ...KEY, ...first } })).json();
  const names = found.data.contacts.map((contact) => contact.first_name);
  check('test_seeded_contact_is_found: the search finds exactly ["Zebulon"] in the session', JSON.stringify(names) === '["Zebulon"]', JSON.stringify(names));

  const second = session();
  await control('/faults', second, { method: 'GET', path: '/v1/accounts', status: 503 });
  const faulted = (await fetch(`${url}/v1/accounts`, { headers: { ...KEY, ...second } })).status;
  const after = (await fetch(`${url}/v1/accounts`, { headers: { ...KEY, ...second } })).status;
  check('test_a_forced_fault_is_seen_once: 503 then 200', faulted === 503 && after === 200, `${faulted} ${after}`);
  const untouched = (await fetch(`${url}/v1/accounts`, { headers: { ...KEY, ...first } })).status;
  check("the other test's session never sees the fault", untouched === 200, String(untouched));
} catch (error) {
  fail(error);
} finally {
  if (container) await container.stop({ timeout: 2_000 }).catch(fail);
  if (container) spawnSync(engine.name, ['rm', '--force', container.getId()], { env: engine.env, stdio: 'ignore' });
  service?.kill('SIGTERM');
  rmSync(socketDir, { recursive: true, force: true });
}

finish();
