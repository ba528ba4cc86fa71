import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockServer } from '../../src/node';
import { describe, expect, it } from 'vitest';
import { createMockApi, StateFileError } from '../../src/index';
import { packageDir, useBundledCli } from '../support/bundled-cli';
import { ADMIN, adminAccounts, call, newMock, visibleState } from '../support/state';

async function changeSomething(mock: ReturnType<typeof newMock>): Promise<void> {
  const [account] = await adminAccounts(mock);
  const listed = await call(mock, ADMIN, 'GET', `/v1/contacts?account_id=${account}&limit=2`);
  const [first] = listed.body.data.contacts as { contact_id: string }[];
  await call(mock, ADMIN, 'PATCH', `/v1/contacts/${first!.contact_id}`, {
    account_id: account,
    tags: { add: [{ name: 'Saved', color: 'green' }] },
    'Lead score': 42,
  });
  const [profile] = mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles;
  expect((await call(mock, ADMIN, 'POST', '/v1/contacts', { account_id: account, network_url: profile!.network_url })).status).toBe(201);
  await call(mock, ADMIN, 'POST', '/v1/drafts', { account_id: account, contact_id: first!.contact_id, draft_message: 'Hello' });
  mock.seed.contact({ account_id: account!, first_name: 'Stateful', last_name: 'Person' });
}

describe('mock.exportState() and createMockApi({ state })', () => {
  it('round-trips: a mock started from the state answers as the one that exported it', async () => {
    const mock = newMock({ seed: 4 });
    await changeSomething(mock);
    const text = mock.exportState();
    const loaded = createMockApi({ rateLimit: false, state: text });
    expect(await visibleState(loaded)).toBe(await visibleState(mock));
    // The state names its dataset: the seed comes from it, not from the options.
    expect(loaded.db.seed).toBe(4);
    expect(loaded.exportState()).toBe(text);
    // Writes continue with fresh ids on both.
    const [account] = await adminAccounts(mock);
    const [profile] = mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles;
    const body = { account_id: account, network_url: profile!.network_url };
    expect((await call(loaded, ADMIN, 'POST', '/v1/contacts', body)).text).toBe((await call(mock, ADMIN, 'POST', '/v1/contacts', body)).text);
  });

  it('round-trips "__proto__" as a value (a tag name), which only a key could abuse', () => {
    const mock = newMock();
    const [account] = mock.db.accounts();
    const seeded = mock.seed.contact({ account_id: account!.account_id, tags: [{ name: '__proto__', color: 'red' }] });
    const restored = createMockApi({ state: mock.exportState() });
    expect(restored.db.findContact(account!.account_id, seeded.contact_id)?.tags).toEqual([{ name: '__proto__', color: 'red' }]);
  });

  it('refuses a key it does not know, at any level, naming where it is (it never drops it)', () => {
    const mock = newMock();
    const [account] = mock.db.accounts();
    mock.seed.contact({ account_id: account!.account_id, tags: [{ name: 'Kept', color: 'green' }] });
    const state = JSON.parse(mock.exportState());
    for (const [edit, where] of [
      [(s: any) => (s.changes.contacts[0].nickname = 'Ada'), /changes\.contacts\[0\]: Unrecognized key: "nickname"/],
      [(s: any) => (s.changes.contacts[0].tags[0].weight = 2), /changes\.contacts\[0\]\.tags\[0\]: Unrecognized key: "weight"/],
      [(s: any) => (s.changes.extras = []), /changes: Unrecognized key: "extras"/],
      [(s: any) => (s.dataset.size = 'large'), /dataset: Unrecognized key: "size"/],
    ] as const) {
      const edited = structuredClone(state);
      edit(edited);
      expect(() => createMockApi({ state: JSON.stringify(edited) })).toThrow(where);
    }
  });

  it('of the seeded dataset is small: it holds only what changed', () => {
    expect(newMock().exportState().length).toBeLessThan(2_000);
  });

  it.each([
    ['not JSON', '{"format":', /not JSON/],
    ['another kind of file', JSON.stringify({ hello: 'world' }), /not a network-mock state/],
    ['another format version', JSON.stringify({ format: 'network-mock-state', version: 99 }), /version 99.*reads version 1/],
    ['a record of the wrong shape', null, /broken: changes\.contacts\[0\]/],
    ['a reference to nothing', null, /network person "nobody-here"/],
    ['a key that could reach a prototype', '{"format":"network-mock-state","version":1,"dataset":{"__proto__":{"seed":2}}}', /holds the key "dataset.__proto__"/],
  ])('refuses %s with a clear message', (_, given, message) => {
    let text = given;
    if (text === null) {
      const state = JSON.parse(newMock().exportState());
      const mock = newMock();
      const [account] = mock.db.accounts();
      const contact = mock.seed.contact({ account_id: account!.account_id });
      const full = JSON.parse(mock.exportState());
      state.changes = full.changes;
      if (String(message).includes('nobody')) state.changes.contacts[0].person = 'nobody-here';
      else state.changes.contacts[0].tags = 'not a list';
      expect(contact.contact_id).toBeTruthy();
      text = JSON.stringify(state);
    }
    expect(() => createMockApi({ state: text })).toThrow(StateFileError);
    expect(() => createMockApi({ state: text })).toThrow(message);
  });
});

describe('the control API: state and snapshots over HTTP', () => {
  it('GET /__mock/state, PUT /__mock/state, POST /__mock/snapshots and restore', async () => {
    const server = await startMockServer({ port: 0, rateLimit: false, contactsPerAccount: 30, networkSize: 40 });
    try {
      const control = (path: string, method = 'GET', body?: string) =>
        fetch(`${server.url}/__mock${path}`, { method, ...(body !== undefined && { body, headers: { 'content-type': 'application/json' } }) });
      const seededState = await (await control('/state')).text();
      const snapshot = await control('/snapshots', 'POST');
      expect(snapshot.status).toBe(201);
      const { snapshot_id } = (await snapshot.json()) as { snapshot_id: string };
      expect(snapshot_id).toMatch(/\S/);

      await changeSomething(server.mock);
      const changedState = await (await control('/state')).text();
      expect(changedState).not.toBe(seededState);

      const restored = await control(`/snapshots/${snapshot_id}/restore`, 'POST');
      expect(restored.status).toBe(200);
      expect(await (await control('/state')).text()).toBe(seededState);

      const put = await control('/state', 'PUT', changedState);
      expect(put.status).toBe(200);
      expect(await (await control('/state')).text()).toBe(changedState);

      const broken = await control('/state', 'PUT', '{"format":"network-mock-state","version":2}');
      expect(broken.status).toBe(400);
      const error = (await broken.json()) as { code: string; message: string };
      expect(error.code).toBe('bad_request');
      expect(error.message).toMatch(/version 2/);
      // The refused state changed nothing.
      expect(await (await control('/state')).text()).toBe(changedState);

      const unknown = await control('/snapshots/snap_999/restore', 'POST');
      expect(unknown.status).toBe(404);

      // A state edited to name a dataset too large to build, or a day that does not exist, is refused at once.
      for (const [key, value, message] of [
        ['contactsPerAccount', 1e9, /contactsPerAccount must be an integer from 0 to 100,000/],
        ['networkSize', 1e7, /networkSize must be an integer from 0 to 100,000/],
        ['now', '2026-02-30T00:00:00Z', /no such day/],
      ] as const) {
        const edited = JSON.parse(changedState) as { dataset: Record<string, unknown> };
        edited.dataset[key] = value;
        const refused = await control('/state', 'PUT', JSON.stringify(edited));
        expect(refused.status).toBe(400);
        expect(((await refused.json()) as { message: string }).message).toMatch(message);
      }
      expect(await (await control('/state')).text()).toBe(changedState);
    } finally {
      await server.close();
    }
  });
});

describe('network-mock serve --state-file', () => {
  const cliPath = useBundledCli();

  function serve(args: string[]) {
    const child = spawn(process.execPath, [cliPath(), 'serve', '--port', '0', '--no-rate-limit', '--contacts-per-account', '20', ...args], {
      cwd: packageDir,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const url = new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        if (stdout.includes('\n')) resolve(stdout.split('\n')[0]!.replace('listening on ', ''));
      });
      child.on('exit', () => reject(new Error(`exited: ${stderr}`)));
    });
    url.catch(() => undefined);
    return { child, url, exited, stderr: () => stderr };
  }

  it('writes the state on SIGTERM and starts from it next time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'network-mock-state-'));
    const file = join(dir, 'state.json');
    const first = serve(['--state-file', file]);
    const url = await first.url;
    const headers = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
    const accounts = (await (await fetch(`${url}/v1/accounts`, { headers })).json()) as { data: { accounts: { account_id: string }[] } };
    const account = accounts.data.accounts[0]!.account_id;
    const profiles = (await (await fetch(`${url}/__mock/network-profiles?imported=false&limit=1`)).json()) as { profiles: { network_url: string }[] };
    const imported = await fetch(`${url}/v1/contacts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ account_id: account, network_url: profiles.profiles[0]!.network_url }),
    });
    expect(imported.status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(file)).toBe(true);
    // Written whole, then renamed: no temporary file is left.
    expect(readdirSync(dir)).toEqual(['state.json']);

    const second = serve(['--state-file', file]);
    const again = await fetch(`${await second.url}/v1/contacts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ account_id: account, network_url: profiles.profiles[0]!.network_url }),
    });
    // Already imported before the restart.
    expect(again.status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('network-mock-state');
  });

  it('refuses a broken state file at start with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'network-mock-state-'));
    const file = join(dir, 'state.json');
    writeFileSync(file, '{"format":"network-mock-state","version":0}');
    const cli = serve(['--state-file', file]);
    expect(await cli.exited).not.toBe(0);
    expect(cli.stderr()).toMatch(/state file .*state\.json.*version 0/);
  });

  it('refuses, at start, a state file in a folder that does not exist (the state would be lost at shutdown)', async () => {
    const file = join(tmpdir(), `network-mock-no-such-folder-${process.pid}`, 'state.json');
    const cli = serve(['--state-file', file]);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toMatch(/--state-file .*state\.json: the folder .* does not exist or cannot be written/);
  });
});
