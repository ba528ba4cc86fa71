// `network-mock serve` configured by its environment, as a container or a CI service runs it: every flag has a
// NETWORK_MOCK_* variable, PORT works when NETWORK_MOCK_PORT is unset, a flag beats its variable, and a bad value
// exits 2 naming the variable and what it takes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useBundledCli } from '../support/bundled-cli';
import { spawnCli } from '../support/spawn-cli';
import { KEYS } from '../support/harness';

const cliPath = useBundledCli();
const scratch = mkdtempSync(join(tmpdir(), 'mock-env-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The parent's environment without any variable the mock reads, so that only what a test sets counts. */
function cleanEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('NETWORK_MOCK_') && name !== 'PORT'));
}

function serve(variables: Record<string, string>, flags: string[] = []) {
  return spawnCli(cliPath(), ['serve', ...flags], { ...cleanEnvironment(), ...variables });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const api = (url: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, { headers: { authorization: `Bearer ${KEYS.admin}`, ...headers } });

async function resetAnswer(url: string, headers: Record<string, string> = {}) {
  const reply = await fetch(`${url}/__mock/reset`, { method: 'POST', headers });
  return { status: reply.status, body: (await reply.json()) as { seed?: number; now?: string } };
}

describe('network-mock serve configured by its environment', () => {
  it('reads PORT when NETWORK_MOCK_PORT is unset, and NETWORK_MOCK_PORT before PORT', async () => {
    const [first, second] = [await freePort(), await freePort()];
    const byPort = serve({ PORT: String(first), NETWORK_MOCK_CONTACTS_PER_ACCOUNT: '2' });
    expect(await byPort.url).toBe(`http://127.0.0.1:${first}`);
    expect(await byPort.stop()).toBe(0);

    const both = serve({ PORT: String(first), NETWORK_MOCK_PORT: String(second), NETWORK_MOCK_CONTACTS_PER_ACCOUNT: '2' });
    expect(await both.url).toBe(`http://127.0.0.1:${second}`);
    expect(await both.stop()).toBe(0);
  });

  it('takes the seed, the anchor, the dataset size, the session bound and NETWORK_MOCK_RATE_LIMIT=off from NETWORK_MOCK_* variables', async () => {
    const running = serve({
      NETWORK_MOCK_PORT: '0',
      NETWORK_MOCK_SEED: '7',
      NETWORK_MOCK_NOW: '2025-06-01T00:00:00Z',
      NETWORK_MOCK_CONTACTS_PER_ACCOUNT: '3',
      NETWORK_MOCK_MAX_SESSIONS: '1',
      NETWORK_MOCK_RATE_LIMIT: 'off',
    });
    const url = await running.url;
    expect((await resetAnswer(url)).body).toMatchObject({ seed: 7, now: '2025-06-01T00:00:00.000Z' });
    const accounts = (await (await api(url, '/v1/accounts')).json()).data.accounts as { account_id: string }[];
    const contacts = await (await api(url, `/v1/contacts?account_id=${accounts[0]!.account_id}&limit=25`)).json();
    expect(contacts.data.contacts).toHaveLength(3);
    expect((await api(url, '/v1/organization', { 'x-mock-session': 'one' })).headers.get('x-mock-session-evicted')).toBeNull();
    expect((await api(url, '/v1/organization', { 'x-mock-session': 'two' })).headers.get('x-mock-session-evicted')).toBe('one');
    const statuses = new Set<number>();
    for (let index = 0; index < 55; index++) statuses.add((await api(url, '/v1/organization')).status);
    expect([...statuses]).toEqual([200]);
    expect(await running.stop()).toBe(0);
  });

  it('a flag beats its variable, which is then not even read', async () => {
    const running = serve({ NETWORK_MOCK_SEED: 'not-a-number', NETWORK_MOCK_PORT: 'http', NETWORK_MOCK_RATE_LIMIT: 'off', NETWORK_MOCK_CONTACTS_PER_ACCOUNT: '2' }, [
      '--seed', '3',
      '--port', '0',
      '--rate-limit', '2/1m',
    ]);
    const url = await running.url;
    expect((await resetAnswer(url)).body.seed).toBe(3);
    const statuses = [];
    for (let index = 0; index < 3; index++) statuses.push((await api(url, '/v1/organization')).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(await running.stop()).toBe(0);
  });

  it('NETWORK_MOCK_RATE_LIMIT takes REQUESTS/WINDOW', async () => {
    const budget = serve({ NETWORK_MOCK_PORT: '0', NETWORK_MOCK_RATE_LIMIT: '2/1m', NETWORK_MOCK_CONTACTS_PER_ACCOUNT: '2' });
    const url = await budget.url;
    const statuses = [];
    for (let index = 0; index < 3; index++) statuses.push((await api(url, '/v1/organization')).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(await budget.stop()).toBe(0);
  });

  it('NETWORK_MOCK_LOG=requests prints one line per request on stdout: time, session, method, path, status, ms', async () => {
    const running = serve({ NETWORK_MOCK_PORT: '0', NETWORK_MOCK_LOG: 'requests', NETWORK_MOCK_CONTACTS_PER_ACCOUNT: '2' });
    const url = await running.url;
    await (await api(url, '/v1/accounts?limit=1', { 'x-mock-session': 'logged-1' })).arrayBuffer();
    await (await api(url, '/v1/nothing')).arrayBuffer();
    await (await fetch(`${url}/__mock/faults`, { method: 'DELETE' })).arrayBuffer();
    const lines = (await running.linesUntil('DELETE /__mock/faults')).filter((line) => /^\d{4}-/.test(line));
    expect(lines).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z logged-1 GET \/v1\/accounts 200 \d+\.\dms$/),
      expect.stringMatching(/Z - GET \/v1\/nothing 404 \d+\.\dms$/),
      expect.stringMatching(/Z - DELETE \/__mock\/faults 200 \d+\.\dms$/),
    ]);
    expect(await running.stop()).toBe(0);
    const bad = serve({ NETWORK_MOCK_PORT: '0', NETWORK_MOCK_LOG: 'everything' });
    expect(await bad.exited).toBe(2);
    expect(bad.output().stderr).toContain('NETWORK_MOCK_LOG must be requests');
  });

  it('on 0.0.0.0 (NETWORK_MOCK_HOST) the control API is closed without NETWORK_MOCK_CONTROL_TOKEN, and health answers', async () => {
    const running = serve({ NETWORK_MOCK_PORT: '0', NETWORK_MOCK_HOST: '0.0.0.0', NETWORK_MOCK_CONTACTS_PER_ACCOUNT: '2' });
    const url = (await running.url).replace('0.0.0.0', '127.0.0.1');
    expect((await resetAnswer(url)).status).toBe(401);
    expect((await fetch(`${url}/__mock/faults`)).status).toBe(401);
    const health = await fetch(`${url}/__mock/health`);
    expect([health.status, await health.json()]).toEqual([200, { ok: true, version: expect.any(String), now: '2026-01-15T12:00:00.000Z' }]);
    expect(await running.stop()).toBe(0);
  });

  it('on 0.0.0.0 with NETWORK_MOCK_CONTROL_TOKEN the control API answers that bearer token only', async () => {
    const running = serve({
      NETWORK_MOCK_PORT: '0',
      NETWORK_MOCK_HOST: '0.0.0.0',
      NETWORK_MOCK_CONTROL_TOKEN: 's3cret',
      NETWORK_MOCK_CONTACTS_PER_ACCOUNT: '2',
    });
    const url = (await running.url).replace('0.0.0.0', '127.0.0.1');
    expect((await resetAnswer(url)).status).toBe(401);
    expect((await resetAnswer(url, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await resetAnswer(url, { authorization: 'Bearer s3cret' })).status).toBe(200);
    expect((await fetch(`${url}/__mock/health`)).status).toBe(200);
    expect(await running.stop()).toBe(0);
  });

  it('NETWORK_MOCK_STATE_FILE is written on SIGTERM and read at the next start', async () => {
    const path = join(scratch, 'state.json');
    const variables = { NETWORK_MOCK_PORT: '0', NETWORK_MOCK_STATE_FILE: path, NETWORK_MOCK_CONTACTS_PER_ACCOUNT: '2', NETWORK_MOCK_SEED: '5' };
    const first = serve(variables);
    await first.url;
    expect(await first.stop()).toBe(0);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ dataset: { seed: 5 } });

    // The file wins over the seed variable: the state is what it was.
    const second = serve({ ...variables, NETWORK_MOCK_SEED: '6' });
    expect((await resetAnswer(await second.url)).body.seed).toBe(5);
    expect(await second.stop()).toBe(0);
  });

  it('named sessions survive a restart through the state file; a session that starts from the seeded dataset says so once (X-Mock-Session-Started)', async () => {
    const path = join(scratch, 'sessions.json');
    const variables = { NETWORK_MOCK_PORT: '0', NETWORK_MOCK_STATE_FILE: path, NETWORK_MOCK_CONTACTS_PER_ACCOUNT: '2' };
    const names = async (url: string, session: string) => {
      const reply = await api(url, '/v1/contacts?query=Keepsake&limit=25', { 'x-mock-session': session });
      const body = (await reply.json()) as { data: { contacts: { first_name: string }[] } };
      return { started: reply.headers.get('x-mock-session-started'), names: body.data.contacts.map((contact) => contact.first_name) };
    };
    const first = serve(variables);
    const url = await first.url;
    const opened = await api(url, '/v1/accounts', { 'x-mock-session': 'keepme' });
    const started = opened.headers.get('x-mock-session-started');
    expect(Date.parse(started ?? '')).not.toBeNaN();
    expect(opened.headers.get('access-control-expose-headers')).toContain('X-Mock-Session-Started');
    const accountId = ((await opened.json()) as { data: { accounts: { account_id: string }[] } }).data.accounts[0]!.account_id;
    const seeded = await fetch(`${url}/__mock/seed/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-session': 'keepme' },
      body: JSON.stringify({ account_id: accountId, first_name: 'Keepsake' }),
    });
    expect([seeded.status, seeded.headers.get('x-mock-session-started')]).toEqual([201, null]);
    expect(await first.stop()).toBe(0);

    const second = serve(variables);
    const again = await second.url;
    // Back from the file: its record is there, and it did not start over.
    expect(await names(again, 'keepme')).toEqual({ started: null, names: ['Keepsake'] });
    // Never in the file: it starts from the seeded dataset, and its first answer says so.
    const fresh = await names(again, 'brand-new');
    expect(fresh.names).toEqual([]);
    expect(Date.parse(fresh.started ?? '')).not.toBeNaN();
    expect((await names(again, 'brand-new')).started).toBeNull();
    expect(await second.stop()).toBe(0);
  });

  it('refuses at start a NETWORK_MOCK_STATE_FILE whose folder cannot be written, naming the variable (exit 2)', async () => {
    const path = join(scratch, 'no-such-folder', 'state.json');
    const running = serve({ NETWORK_MOCK_PORT: '0', NETWORK_MOCK_STATE_FILE: path });
    expect(await running.exited).toBe(2);
    expect(running.output().stderr).toContain(`network-mock: NETWORK_MOCK_STATE_FILE ${path}: the folder ${join(scratch, 'no-such-folder')} does not exist or cannot be written`);
  });

  it.each([
    ['NETWORK_MOCK_PORT', 'http', 'NETWORK_MOCK_PORT must be an integer from 0 to 65535, got "http" (it sets --port)'],
    ['PORT', '99999', 'PORT must be an integer from 0 to 65535, got "99999" (it sets --port)'],
    ['NETWORK_MOCK_SEED', '1.5', 'NETWORK_MOCK_SEED must be an integer, got "1.5" (it sets --seed)'],
    ['NETWORK_MOCK_NOW', 'yesterday', 'NETWORK_MOCK_NOW must be an ISO date-time such as 2026-01-15T12:00:00Z, or now, got "yesterday" (it sets --now)'],
    ['NETWORK_MOCK_RATE_LIMIT', '50', 'NETWORK_MOCK_RATE_LIMIT must be off or REQUESTS/WINDOW'],
    ['NETWORK_MOCK_LATENCY', '-1', 'NETWORK_MOCK_LATENCY must be an integer from 0 to'],
    ['NETWORK_MOCK_CONTACTS_PER_ACCOUNT', 'many', 'NETWORK_MOCK_CONTACTS_PER_ACCOUNT must be an integer of at least 0, got "many"'],
    ['NETWORK_MOCK_MAX_SESSIONS', '0', 'NETWORK_MOCK_MAX_SESSIONS must be an integer of at least 1, got "0"'],
    ['NETWORK_MOCK_JOURNAL_BODIES', 'maybe', 'NETWORK_MOCK_JOURNAL_BODIES must be on or off, got "maybe" (it sets --no-journal-bodies)'],
    ['NETWORK_MOCK_JOURNAL_MAX_BYTES', '10', 'NETWORK_MOCK_JOURNAL_MAX_BYTES must be an integer of at least'],
  ])('refuses %s=%s at start with exit 2, naming the variable and what it takes', async (variable, value, message) => {
    const running = serve({ [variable]: value });
    expect(await running.exited).toBe(2);
    expect(running.output().stderr).toContain(`network-mock: ${message}`);
  });

  it('counts an empty variable as unset', async () => {
    const running = serve({ NETWORK_MOCK_PORT: '0', NETWORK_MOCK_SEED: '', NETWORK_MOCK_CONTROL_TOKEN: '', NETWORK_MOCK_CONTACTS_PER_ACCOUNT: '2' });
    const url = await running.url;
    expect((await resetAnswer(url)).body.seed).toBe(1);
    expect(await running.stop()).toBe(0);
  });

  it('lists every variable in --help', async () => {
    const help = spawnCli(cliPath(), ['--help'], cleanEnvironment());
    await help.exited;
    const { stdout } = help.output();
    for (const variable of ['NETWORK_MOCK_PORT, PORT', 'NETWORK_MOCK_HOST', 'NETWORK_MOCK_CONTROL_TOKEN', 'NETWORK_MOCK_STATE_FILE', 'NETWORK_MOCK_RATE_LIMIT', 'NETWORK_MOCK_JOURNAL_MAX_BYTES']) {
      expect(stdout).toContain(variable);
    }
  });
});
