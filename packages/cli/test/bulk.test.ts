import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { journal, servedEnv, useBundledCli, useMockServer } from './support/cli';
import { runInProcess } from './support/in-process';

const cli = useBundledCli();
const server = useMockServer();
const served = () => ({ env: servedEnv(server()) });
const KEY = 'sk_test_admin';

let folder: string;
beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'network-org-bulk-'));
  await fetch(`${server().url}/__mock/reset`, { method: 'POST', body: '{}' });
  await fetch(`${server().url}/__mock/requests`, { method: 'DELETE' });
});

/** The first `count` contacts of account 101, walking pages (a page holds at most 25). */
async function contactIds(count: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  while (ids.length < count) {
    const response = await fetch(`${server().url}/v1/contacts?account_id=101&limit=${count}${cursor}`, { headers: { authorization: `Bearer ${KEY}` } });
    const body = (await response.json()) as { data: { contacts: { contact_id: string }[]; pagination: { next_cursor: string | null } } };
    ids.push(...body.data.contacts.map((contact) => contact.contact_id));
    if (!body.data.pagination.next_cursor) break;
    cursor = `&cursor=${body.data.pagination.next_cursor}`;
  }
  return ids.slice(0, count);
}

/** The served mock's contacts with a tag, by id, with how many times each carries it. */
async function tagged(tag: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  let cursor = '';
  for (;;) {
    const response = await fetch(`${server().url}/v1/contacts?tag=${encodeURIComponent(tag)}&limit=25${cursor}`, { headers: { authorization: `Bearer ${KEY}` } });
    const body = (await response.json()) as { data: { contacts: { contact_id: string; tags: { name: string }[] }[]; pagination: { next_cursor: string | null } } };
    for (const contact of body.data.contacts) found.set(contact.contact_id, (found.get(contact.contact_id) ?? 0) + contact.tags.filter((t) => t.name === tag).length);
    if (!body.data.pagination.next_cursor) return found;
    cursor = `&cursor=${body.data.pagination.next_cursor}`;
  }
}

/** stderr without the progress lines a slow run prints every few seconds. */
const quiet = (text: string) => text.replace(/^updating .*\n/gm, '');

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { last_line: number; in_flight_line: number | null; applied: number };

/** Waits until a run's checkpoint counts `applied` rows. */
async function untilApplied(path: string, applied: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (existsSync(path) && readJson(path).applied >= applied) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} never counted ${applied} rows applied`);
}

/** 55 rows: the service's budget lets 50 go at once, so the 51st waits several seconds for its turn. */
const PAST_THE_BUDGET = 55;

const patches = async () => (await journal(server())).filter((entry) => entry.method === 'PATCH');

function csvFile(lines: string[]): string {
  const path = join(folder, 'tags.csv');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

describe('contacts update --from-csv', () => {
  it('applies each row, reports a bad row by its line number and goes on, and writes the failures without the key', async () => {
    const [a, b, c] = await contactIds(3);
    const file = csvFile([
      'contact_id,account_id,add_tags,remove_tags,notes_json,Lead score,Deal stage',
      `${a},101,vip:red;Fair 2026,,"{""text"":""met""}",70,Won`,
      `abc,101,vip,,,,`,
      `${b},101,,Churned,,not-a-number,`,
      `${c},101,"vip,2",,,,Lost,extra cell`,
      `${c},101,lead,,,,`,
      `999999,101,vip,,,,`,
    ]);
    const failures = join(folder, 'failures.csv');
    const { code, stderr } = await runInProcess(['contacts', 'update', '--from-csv', file, '--failures', failures], served());
    expect(stderr).toContain('line 3: contact_id');
    expect(stderr).toContain('line 4: column "Lead score": "Lead score" is a number field, got "not-a-number"');
    expect(stderr).toMatch(/line 5: .*(column|record)/i);
    expect(stderr).toMatch(/line 7: 400 bad_request: .*999999/);
    expect(stderr).toContain('updated 2 of 6 rows; 4 failed');
    expect(code).toBe(4);
    expect((await patches()).map((entry) => entry.path)).toEqual([`/v1/contacts/${a}`, `/v1/contacts/${c}`, '/v1/contacts/999999']);
    const written = parse(readFileSync(failures, 'utf8'), { columns: true, relax_column_count: true }) as Record<string, string>[];
    expect(written.map((row) => row.line)).toEqual(['3', '4', '5', '7']);
    expect(written[0]).toMatchObject({ contact_id: 'abc', add_tags: 'vip' });
    expect(readFileSync(failures, 'utf8')).not.toContain(KEY);
    expect(readFileSync(`${file}.checkpoint.json`, 'utf8')).not.toContain(KEY);
  }, 120_000);

  it('--dry-run checks every row and sends nothing', async () => {
    const [a] = await contactIds(1);
    const file = csvFile(['contact_id,add_tags,Is customer', `${a},vip,true`, `${a},,perhaps`]);
    const { code, stderr } = await runInProcess(['contacts', 'update', '--from-csv', file, '--dry-run'], served());
    expect(stderr).toContain('line 3: column "Is customer": "Is customer" is a boolean field');
    expect(stderr).toContain('dry run: 1 of 2 rows would be sent; 1 would fail; nothing was sent');
    expect(code).toBe(4);
    expect(await patches()).toEqual([]);
  });

  it('ignores columns the API cannot write with one notice naming them, and --strict-columns refuses them before sending anything', async () => {
    const file = csvFile(['contact_id,add_tags,Colour,headline', '1000001,vip,red,CEO']);
    const strict = await runInProcess(['contacts', 'update', '--from-csv', file, '--strict-columns'], served());
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain('the API cannot write "Colour", "headline"');
    expect(await patches()).toEqual([]);
    const lenient = await runInProcess(['contacts', 'update', '--from-csv', file], served());
    expect(quiet(lenient.stderr)).toBe('network-org: ignoring 2 columns the API cannot write: Colour, headline (--strict-columns refuses them instead)\nupdated 1 of 1 rows\n');
    expect(lenient.code).toBe(0);
    expect((await tagged('vip')).get('1000001')).toBe(1);
  }, 120_000);

  it('companies update --from-csv takes company_id and the company fields', async () => {
    const response = await fetch(`${server().url}/v1/companies?limit=1`, { headers: { authorization: `Bearer ${KEY}` } });
    const [company] = ((await response.json()) as { data: { companies: { company_id: string }[] } }).data.companies;
    const file = csvFile(['company_id,set_tags,Tier', `${company!.company_id},Target:red,Gold`]);
    const { code, stderr } = await runInProcess(['companies', 'update', '--from-csv', file], served());
    expect({ code, stderr: quiet(stderr) }).toEqual({ code: 0, stderr: 'updated 1 of 1 rows\n' });
    expect(await patches()).toHaveLength(1);
  });

  it('a run killed while waiting for its turn leaves no row in flight, and --resume applies every row exactly once (read back)', async () => {
    const ids = await contactIds(PAST_THE_BUDGET);
    const file = csvFile(['contact_id,add_tags', ...ids.map((id) => `${id},resumed`)]);
    const failures = join(folder, 'failures.csv');
    const args = ['contacts', 'update', '--from-csv', file, '--failures', failures];
    const child = spawn(process.execPath, [cli(), ...args], { env: servedEnv(server()) });
    await untilApplied(`${file}.checkpoint.json`, 50);
    child.kill('SIGKILL');
    await once(child, 'close');
    expect(readJson(`${file}.checkpoint.json`)).toMatchObject({ last_line: 51, in_flight_line: null, applied: 50 });

    const again = await runInProcess(args, served());
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('stopped after line 51');
    expect(again.stderr).toContain('pass --resume to continue it');

    const resumed = await runInProcess([...args, '--resume'], served());
    expect(quiet(resumed.stderr)).toBe(`updated ${PAST_THE_BUDGET} of ${PAST_THE_BUDGET} rows\n`);
    expect(resumed.code).toBe(0);
    expect(existsSync(failures) ? readFileSync(failures, 'utf8') : '').toBe('');
    const sent = (await patches()).map((entry) => entry.path);
    expect(sent.sort()).toEqual(ids.map((id) => `/v1/contacts/${id}`).sort());
    const carried = await tagged('resumed');
    expect([...carried.keys()].sort()).toEqual([...ids].sort());
    expect([...carried.values()].every((count) => count === 1)).toBe(true);
  }, 120_000);

  it('--state-file keeps every applied row when the run is killed, and --resume completes it', async () => {
    const ids = await contactIds(PAST_THE_BUDGET);
    const file = csvFile(['contact_id,add_tags', ...ids.map((id) => `${id},kept`)]);
    const state = join(folder, 'state.json');
    const args = ['contacts', 'update', '--from-csv', file, '--state-file', state];
    const child = spawn(process.execPath, [cli(), ...args], { env: servedEnv(server()) });
    await untilApplied(`${file}.checkpoint.json`, 50);
    child.kill('SIGKILL');
    await once(child, 'close');
    const killed = await runInProcess(['contacts', 'list', '--tag', 'kept', '--all', '--output', 'json', '--state-file', state]);
    expect(JSON.parse(killed.stdout)).toHaveLength(50);
    const resumed = await runInProcess([...args, '--resume']);
    expect(quiet(resumed.stderr)).toBe(`updated ${PAST_THE_BUDGET} of ${PAST_THE_BUDGET} rows\n`);
    const listed = await runInProcess(['contacts', 'list', '--tag', 'kept', '--all', '--output', 'json', '--state-file', state]);
    const contacts = JSON.parse(listed.stdout) as { contact_id: string; tags: { name: string }[] }[];
    expect(contacts.map((contact) => contact.contact_id).sort()).toEqual([...ids].sort());
    expect(contacts.every((contact) => contact.tags.filter((tag) => tag.name === 'kept').length === 1)).toBe(true);
  }, 120_000);

  it('a key the API refuses stops the run before any row with exit 1', async () => {
    const file = csvFile(['contact_id,add_tags', '1000001,rekeyed', '1000002,rekeyed']);
    const refused = await runInProcess(['contacts', 'update', '--from-csv', file], { env: servedEnv(server(), { NETWORK_API_KEY: 'sk_test_revoked' }) });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^network-org: 401 unauthorized: .* — check the key/);
    expect(refused.stderr).not.toContain('sk_test_revoked');
    expect(await patches()).toEqual([]);
  }, 60_000);

  it('a 403 no row can pass stops the run at once with exit 1, the rows not tried left for --resume', async () => {
    const ids = await contactIds(4);
    const file = csvFile(['contact_id,add_tags', ...ids.map((id) => `${id},reopened`)]);
    await fetch(`${server().url}/__mock/faults`, { method: 'POST', body: JSON.stringify({ method: 'PATCH', status: 403, code: 'forbidden', count: 1 }) });
    const refused = await runInProcess(['contacts', 'update', '--from-csv', file], served());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^network-org: 403 forbidden: .* — ask an organization admin/);
    expect(refused.stderr).toContain('stopped at line 2: no row can pass this; 4 rows not tried, fix it and continue with --resume');
    expect((await patches()).map((entry) => entry.status)).toEqual([403]);
    expect(readJson(`${file}.checkpoint.json`)).toMatchObject({ last_line: 0, in_flight_line: null, applied: 0 });
    const resumed = await runInProcess(['contacts', 'update', '--from-csv', file, '--resume'], served());
    expect({ code: resumed.code, stderr: quiet(resumed.stderr) }).toMatchObject({ code: 0, stderr: 'updated 4 of 4 rows\n' });
    expect([...(await tagged('reopened')).keys()].sort()).toEqual([...ids].sort());
  }, 60_000);

  it('a refused connection leaves the row untried (not in flight), and --resume sends it', async () => {
    const ids = await contactIds(2);
    const file = csvFile(['contact_id,add_tags', ...ids.map((id) => `${id},reconnected`)]);
    // A port nothing listens on: the connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const down = await runInProcess(['contacts', 'update', '--from-csv', file], { env: servedEnv(server(), { NETWORK_BASE_URL: `http://127.0.0.1:${port}` }) });
    expect(down.code).toBe(3);
    expect(down.stderr).toContain('stopped after line 0: 0 rows applied, 2 not tried; continue with --resume');
    expect(readJson(`${file}.checkpoint.json`)).toMatchObject({ last_line: 0, in_flight_line: null });
    const resumed = await runInProcess(['contacts', 'update', '--from-csv', file, '--resume'], served());
    expect({ code: resumed.code, stderr: quiet(resumed.stderr) }).toMatchObject({ code: 0, stderr: 'updated 2 of 2 rows\n' });
    expect([...(await tagged('reconnected')).keys()].sort()).toEqual([...ids].sort());
  }, 120_000);

  it('a finished run\'s checkpoint says so on a rerun and how to run the file again; --resume has nothing to do', async () => {
    const file = csvFile(['contact_id,add_tags', '1000001,done']);
    expect((await runInProcess(['contacts', 'update', '--from-csv', file], served())).code).toBe(0);
    const again = await runInProcess(['contacts', 'update', '--from-csv', file], served());
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`an earlier run of ${file} finished (1 applied, 0 failed; its checkpoint is ${file}.checkpoint.json): to send every row again, delete the checkpoint`);
    const resumed = await runInProcess(['contacts', 'update', '--from-csv', file, '--resume'], served());
    expect(resumed).toMatchObject({ code: 0, stderr: expect.stringContaining('nothing to resume') });
    expect(await patches()).toHaveLength(1);
  }, 120_000);

  it('refuses a checkpoint that is not this run\'s with exit 2 before sending a row, and resumes one written before checkpoints named their run', async () => {
    const file = csvFile(['contact_id,add_tags', '1000001,first', '1000002,second']);
    const checkpoint = `${file}.checkpoint.json`;
    const refusals: [string, RegExp][] = [
      ['{"checkpoint":"network-org bulk run","last', /is not valid JSON .*: delete it to start over/],
      [JSON.stringify({ checkpoint: 'network-mock snapshot', version: 1 }), /is a checkpoint of "network-mock snapshot", not of network-org bulk run/],
      [JSON.stringify({ checkpoint: 'network-org bulk run', version: 2 }), /another version of network-org bulk run \(checkpoint version 2, this one reads 1\): finish that run with that version/],
      [JSON.stringify({ checkpoint: 'network-org bulk run', version: 1, last_line: -1 }), /fields are missing or of the wrong type/],
    ];
    for (const [text, message] of refusals) {
      writeFileSync(checkpoint, text);
      const refused = await runInProcess(['contacts', 'update', '--from-csv', file, '--resume'], served());
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`network-org: --checkpoint ${checkpoint} `);
      expect(refused.stderr).toMatch(message);
    }
    rmSync(checkpoint);
    mkdirSync(checkpoint);
    const folder = await runInProcess(['contacts', 'update', '--from-csv', file, '--resume'], served());
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/cannot be read \(EISDIR.*\): make it readable by this user, or delete it to start over/);
    rmSync(checkpoint, { recursive: true });
    expect(await patches()).toEqual([]);
    // An earlier network-org's checkpoint (no run named): line 2 done, so only line 3 is sent.
    const sha = createHash('sha256').update(readFileSync(file)).digest('hex');
    writeFileSync(checkpoint, JSON.stringify({ version: 1, operation: 'updateContact', csv_sha256: sha, last_line: 2, in_flight_line: null, applied: 1, failed: 0 }));
    const resumed = await runInProcess(['contacts', 'update', '--from-csv', file, '--resume'], served());
    expect({ code: resumed.code, stderr: quiet(resumed.stderr) }).toMatchObject({ code: 0, stderr: 'updated 2 of 2 rows\n' });
    expect([...(await tagged('second')).keys()]).toEqual(['1000002']);
    expect(await tagged('first')).toEqual(new Map());
    expect(readJson(checkpoint)).toMatchObject({ checkpoint: 'network-org bulk run', version: 1, last_line: 3, applied: 2 });
  }, 60_000);

  it('Ctrl-C during a wait for the turn stops at once with exit 130, the waiting row left for --resume', async () => {
    const ids = await contactIds(PAST_THE_BUDGET);
    const file = csvFile(['contact_id,add_tags', ...ids.map((id) => `${id},paced`)]);
    const child = spawn(process.execPath, [cli(), 'contacts', 'update', '--from-csv', file], { env: servedEnv(server()) });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await untilApplied(`${file}.checkpoint.json`, 50);
    const sentAt = Date.now();
    child.kill('SIGINT');
    const [code] = (await once(child, 'close')) as [number];
    // The wait for the budget's next window is several seconds; the run stops well before it ends.
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    expect(code).toBe(130);
    expect(stderr).toContain('interrupted after line 51: 50 rows applied; continue with --resume');
    expect(readJson(`${file}.checkpoint.json`)).toMatchObject({ last_line: 51, in_flight_line: null });
    expect(await patches()).toHaveLength(50);
  }, 120_000);

  it('without a terminal, prints a progress line every few seconds, not one per row', async () => {
    const ids = await contactIds(16);
    const file = csvFile(['contact_id,add_tags', ...ids.map((id) => `${id},logged`)]);
    await fetch(`${server().url}/__mock/faults`, { method: 'POST', body: JSON.stringify({ method: 'PATCH', status: 200, delay_ms: 300, count: 16 }) });
    const started = Date.now();
    const { code, stderr } = await runInProcess(['contacts', 'update', '--from-csv', file], served());
    const seconds = (Date.now() - started) / 1000;
    await fetch(`${server().url}/__mock/faults`, { method: 'DELETE' });
    expect(code).toBe(0);
    const lines = stderr.trim().split('\n');
    expect(lines.at(-1)).toBe('updated 16 of 16 rows');
    const progress = lines.slice(0, -1);
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.length).toBeLessThanOrEqual(Math.ceil(seconds / 3));
    expect(progress.every((line) => /^updating \d+\/16 rows \| 0 failed \| ETA \S+$/.test(line))).toBe(true);
  }, 120_000);

  it('SIGTERM stops a run like Ctrl-C, with exit 143', async () => {
    // Rows enough that the run cannot end before the signal lands, even on a loaded machine (each PATCH waits 250 ms).
    const ids = await contactIds(16);
    const file = csvFile(['contact_id,add_tags', ...ids.map((id) => `${id},terminated`)]);
    await fetch(`${server().url}/__mock/faults`, { method: 'POST', body: JSON.stringify({ method: 'PATCH', status: 200, delay_ms: 250, count: 100 }) });
    const child = spawn(process.execPath, [cli(), 'contacts', 'update', '--from-csv', file], { env: servedEnv(server()) });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    while ((await patches()).length < 1) await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGTERM');
    const [code] = (await once(child, 'close')) as [number];
    await fetch(`${server().url}/__mock/faults`, { method: 'DELETE' });
    expect(code).toBe(143);
    expect(stderr).toMatch(/stopped \(SIGTERM\) after line \d+: \d+ rows applied; continue with --resume/);
  }, 120_000);

  it('Ctrl-C finishes the row being sent, checkpoints it and exits 130; --resume sends the rest, each once', async () => {
    const ids = await contactIds(8);
    const file = csvFile(['contact_id,add_tags', ...ids.map((id) => `${id},interrupted`)]);
    await fetch(`${server().url}/__mock/faults`, { method: 'POST', body: JSON.stringify({ method: 'PATCH', status: 200, delay_ms: 250, count: 100 }) });
    const child = spawn(process.execPath, [cli(), 'contacts', 'update', '--from-csv', file], { env: servedEnv(server()) });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    while ((await patches()).length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGINT');
    const [code] = (await once(child, 'close')) as [number];
    expect(code).toBe(130);
    expect(stderr).toMatch(/interrupted after line \d+: \d+ rows applied; continue with --resume/);
    const resumed = await runInProcess(['contacts', 'update', '--from-csv', file, '--resume'], served());
    expect(resumed.code).toBe(0);
    const sent = (await patches()).map((entry) => entry.path);
    expect(sent.sort()).toEqual(ids.map((id) => `/v1/contacts/${id}`).sort());
    await fetch(`${server().url}/__mock/faults`, { method: 'DELETE' });
  }, 120_000);
});
