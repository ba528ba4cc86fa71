import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { journal, run, servedEnv, useBundledCli, useMockServer } from './support/cli';

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

async function contactIds(count: number): Promise<string[]> {
  const response = await fetch(`${server().url}/v1/contacts?account_id=101&limit=${count}`, { headers: { authorization: `Bearer ${KEY}` } });
  const body = (await response.json()) as { data: { contacts: { contact_id: string }[] } };
  return body.data.contacts.map((contact) => contact.contact_id);
}

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
    const { code, stderr } = await run(cli(), ['contacts', 'update', '--from-csv', file, '--failures', failures], served());
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
  });

  it('--dry-run checks every row and sends nothing', async () => {
    const [a] = await contactIds(1);
    const file = csvFile(['contact_id,add_tags,Is customer', `${a},vip,true`, `${a},,perhaps`]);
    const { code, stderr } = await run(cli(), ['contacts', 'update', '--from-csv', file, '--dry-run'], served());
    expect(stderr).toContain('line 3: column "Is customer": "Is customer" is a boolean field');
    expect(stderr).toContain('dry run: 1 of 2 rows would be sent; 1 would fail; nothing was sent');
    expect(code).toBe(4);
    expect(await patches()).toEqual([]);
  });

  it('refuses a column that is no registered custom field before sending anything', async () => {
    const file = csvFile(['contact_id,add_tags,Colour', '1000001,vip,red']);
    const { code, stderr } = await run(cli(), ['contacts', 'update', '--from-csv', file], served());
    expect(code).toBe(2);
    expect(stderr).toContain('"Colour" is neither a bulk column');
    expect(await patches()).toEqual([]);
  });

  it('companies update --from-csv takes company_id and the company fields', async () => {
    const response = await fetch(`${server().url}/v1/companies?limit=1`, { headers: { authorization: `Bearer ${KEY}` } });
    const [company] = ((await response.json()) as { data: { companies: { company_id: string }[] } }).data.companies;
    const file = csvFile(['company_id,set_tags,Tier', `${company!.company_id},Target:red,Gold`]);
    const { code, stderr } = await run(cli(), ['companies', 'update', '--from-csv', file], served());
    expect({ code, stderr }).toEqual({ code: 0, stderr: 'updated 1 of 1 rows\n' });
    expect(await patches()).toHaveLength(1);
  });

  it('a run killed halfway resumes from its checkpoint, and the journal shows each row applied at most once', async () => {
    const ids = await contactIds(12);
    const file = csvFile(['contact_id,account_id,add_tags', ...ids.map((id) => `${id},101,resumed`)]);
    await fetch(`${server().url}/__mock/faults`, { method: 'POST', body: JSON.stringify({ method: 'PATCH', status: 200, delay_ms: 250, count: 100 }) });
    const failures = join(folder, 'failures.csv');
    const args = ['contacts', 'update', '--from-csv', file, '--failures', failures];
    const child = spawn(process.execPath, [cli(), ...args], { env: servedEnv(server()) });
    while ((await patches()).length < 4) await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGKILL');
    await once(child, 'close');
    const before = (await patches()).length;
    expect(before).toBeLessThan(12);

    const again = await run(cli(), args, served());
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('pass --resume to continue it');

    const resumed = await run(cli(), [...args, '--resume'], served());
    const sent = (await patches()).map((entry) => entry.path);
    expect(new Set(sent).size).toBe(sent.length);
    const uncertain = parse(existsSync(failures) ? readFileSync(failures, 'utf8') : '', { columns: true }) as Record<string, string>[];
    // The row in flight when the run died is never sent twice: it was applied, or it is named as not sent again.
    expect(uncertain.length).toBeLessThanOrEqual(1);
    if (uncertain.length === 1) expect(uncertain[0]!.error).toContain('not sent again');
    expect(sent.length + uncertain.length).toBeGreaterThanOrEqual(12);
    expect(resumed.code).toBe(uncertain.length === 1 ? 4 : 0);
    await fetch(`${server().url}/__mock/faults`, { method: 'DELETE' });
  });

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
    const resumed = await run(cli(), ['contacts', 'update', '--from-csv', file, '--resume'], served());
    expect(resumed.code).toBe(0);
    const sent = (await patches()).map((entry) => entry.path);
    expect(sent.sort()).toEqual(ids.map((id) => `/v1/contacts/${id}`).sort());
    await fetch(`${server().url}/__mock/faults`, { method: 'DELETE' });
  });
});
