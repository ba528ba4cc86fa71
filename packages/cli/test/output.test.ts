import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { journal, run, servedEnv, useBundledCli, useMockServer } from './support/cli';
import { runInProcess } from './support/in-process';

const cli = useBundledCli();
const server = useMockServer();
const served = () => ({ env: servedEnv(server()) });
const list = ['contacts', 'list', '--account-id', '101', '--limit', '3'];

describe('--output', () => {
  it('json: a list\'s items as one array, any other operation\'s data as one object, the organization as its array', async () => {
    const contacts = JSON.parse((await runInProcess(list, served())).stdout);
    expect(contacts.map((contact: { contact_id: string }) => contact.contact_id)).toEqual(['1000001', '1000002', '1000003']);
    const summary = JSON.parse((await runInProcess(['activity', 'summary'], served())).stdout);
    expect(summary).toMatchObject({ total_events: expect.any(Number), timezone: 'UTC' });
    const organization = JSON.parse((await runInProcess(['organization'], served())).stdout);
    expect(organization).toEqual([expect.objectContaining({ name: 'Acme' })]);
  });

  it('jsonl: one item per line; csv: one row per item with nested values as JSON text; yaml: the same data', async () => {
    const jsonl = (await runInProcess([...list, '--output', 'jsonl'], served())).stdout.trim().split('\n');
    expect(jsonl.map((line) => JSON.parse(line).contact_id)).toEqual(['1000001', '1000002', '1000003']);
    const csv = parse((await runInProcess([...list, '--output', 'csv'], served())).stdout, { columns: true }) as Record<string, string>[];
    expect(csv.map((row) => row.contact_id)).toEqual(['1000001', '1000002', '1000003']);
    expect(JSON.parse(csv[0]!.account!)).toMatchObject({ account_id: '101' });
    const yaml = parseYaml((await runInProcess([...list, '--output', 'yaml'], served())).stdout);
    expect(yaml).toEqual(JSON.parse((await runInProcess(list, served())).stdout));
  });

  it('table: ids and names in columns', async () => {
    const { stdout } = await runInProcess([...list, '--output', 'table'], served());
    expect(stdout).toMatch(/contact_id/);
    expect(stdout).toContain('1000002');
    expect(stdout).toContain('Jordy Mraz');
  });
});

describe('--query, --all, --max-items', () => {
  it('applies JMESPath to what json prints', async () => {
    const names = JSON.parse((await runInProcess([...list, '--query', '[].name'], served())).stdout);
    expect(names).toHaveLength(3);
    expect(names[0]).toBe('Jordy Mraz');
    const total = JSON.parse((await runInProcess(['activity', 'summary', '--query', 'total_events'], served())).stdout);
    expect(typeof total).toBe('number');
  });

  it('--all walks every page, in jsonl, csv and json alike', async () => {
    await fetch(`${server().url}/__mock/requests`, { method: 'DELETE' });
    const all = (await runInProcess(['contacts', 'list', '--account-id', '101', '--tag', 'Customer', '--limit', '5', '--all', '--output', 'jsonl'], served())).stdout.trim().split('\n');
    const pages = (await journal(server())).length;
    expect(pages).toBeGreaterThan(2);
    expect(all.length).toBeGreaterThan((pages - 1) * 5);
    expect(new Set(all.map((line) => JSON.parse(line).contact_id)).size).toBe(all.length);
    const csv = parse((await runInProcess(['contacts', 'list', '--account-id', '101', '--tag', 'Customer', '--limit', '5', '--all', '--output', 'csv'], served())).stdout, { columns: true });
    expect(csv).toHaveLength(all.length);
    const json = JSON.parse((await runInProcess(['contacts', 'list', '--account-id', '101', '--tag', 'Customer', '--limit', '25', '--all'], served())).stdout);
    expect(json).toHaveLength(all.length);
  });

  it('--all writes json and jsonl\'s first page before the last is fetched', async () => {
    await fetch(`${server().url}/__mock/requests`, { method: 'DELETE' });
    // Every page is slowed, so a first page printed early is seen before the last page is asked for.
    const slowed = await fetch(`${server().url}/__mock/faults`, { method: 'POST', body: JSON.stringify({ path: '/v1/contacts', delay_ms: 150, count: 1000 }) });
    expect(slowed.status).toBe(201);
    try {
      for (const format of ['jsonl', 'json']) {
        await fetch(`${server().url}/__mock/requests`, { method: 'DELETE' });
        const child = spawn(process.execPath, [cli(), 'contacts', 'list', '--account-id', '101', '--limit', '10', '--all', '--output', format], { env: servedEnv(server()) });
        await once(child.stdout, 'data');
        const seenThen = (await journal(server())).length;
        await once(child, 'close');
        const seenAtEnd = (await journal(server())).length;
        expect({ format, early: seenThen < seenAtEnd }).toEqual({ format, early: true });
      }
    } finally {
      await fetch(`${server().url}/__mock/faults`, { method: 'DELETE' });
    }
  });

  it('--max-items stops after N items, across pages, without fetching further pages', async () => {
    await fetch(`${server().url}/__mock/requests`, { method: 'DELETE' });
    const items = JSON.parse((await runInProcess(['contacts', 'list', '--limit', '4', '--all', '--max-items', '6'], served())).stdout);
    expect(items).toHaveLength(6);
    expect(await journal(server())).toHaveLength(2);
  });
});

describe('pages', () => {
  it('prints one page, and says on stderr that more exist with the next step; --cursor NEXT gives the next page', async () => {
    const first = await runInProcess(['contacts', 'list', '--account-id', '101', '--limit', '3', '--output', 'jsonl'], served());
    expect(first.stdout.trim().split('\n')).toHaveLength(3);
    const cursor = /--cursor (\S+) for the next page/.exec(first.stderr)?.[1];
    expect(first.stderr).toMatch(/^network-org: more contacts exist \(one page shown\): add --all for every page, or --cursor \S+ for the next page\n$/);
    const next = await runInProcess(['contacts', 'list', '--account-id', '101', '--limit', '3', '--output', 'jsonl', '--cursor', cursor!], served());
    expect(next.stdout.trim().split('\n').map((line) => JSON.parse(line).contact_id)).toEqual(['1000004', '1000005', '1000006']);
    const last = await runInProcess(['contacts', 'list', '--account-id', '101', '--tag', 'Customer', '--all', '--output', 'jsonl'], served());
    expect(last.stderr).toBe('');
  }, 90_000);

  it('--page-info with --output json prints {items, pagination}; --page-size sets the limit', async () => {
    const { stdout, stderr, code } = await runInProcess(['contacts', 'list', '--account-id', '101', '--page-size', '2', '--page-info', '--output', 'json'], served());
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const answer = JSON.parse(stdout) as { items: { contact_id: string }[]; pagination: { limit: number; has_more: boolean; next_cursor: string } };
    expect(answer.items.map((item) => item.contact_id)).toEqual(['1000001', '1000002']);
    expect(answer.pagination).toMatchObject({ limit: 2, has_more: true, next_cursor: expect.any(String) });
    const csv = await runInProcess(['contacts', 'list', '--page-info', '--output', 'csv'], served());
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('--page-info prints {items, pagination}: use it with --output json');
  }, 90_000);

  it('--max-items N walks pages until N items, without --all', async () => {
    await fetch(`${server().url}/__mock/requests`, { method: 'DELETE' });
    const { stdout, stderr } = await runInProcess(['contacts', 'list', '--account-id', '101', '--limit', '10', '--max-items', '37', '--output', 'jsonl'], served());
    expect(stdout.trim().split('\n')).toHaveLength(37);
    expect(await journal(server())).toHaveLength(4);
    expect(stderr).toContain('more contacts exist beyond --max-items 37');
  }, 90_000);
});

describe('export, edit, re-import', () => {
  it('csv has the union of every row\'s columns, account_id on its own and tags as NAME:COLOR;...', async () => {
    const json = JSON.parse((await runInProcess(['contacts', 'list', '--account-id', '101', '--all', '--output', 'json'], served())).stdout) as Record<string, unknown>[];
    const everyKey = new Set(json.flatMap((row) => Object.keys(row)));
    const text = (await runInProcess(['contacts', 'list', '--account-id', '101', '--all', '--output', 'csv'], served())).stdout;
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    const header = Object.keys(rows[0]!);
    expect(header.slice(0, 2)).toEqual(['contact_id', 'account_id']);
    expect(new Set(header)).toEqual(new Set([...everyKey, 'account_id']));
    // A custom field only some rows (and not the first page's) carry is a column all the same.
    const rare = [...everyKey].find((key) => json.filter((row) => key in row).length < json.length / 2 && !(key in json[0]!));
    if (rare) expect(header).toContain(rare);
    const tagged = json.findIndex((row) => (row.tags as unknown[]).length > 1);
    expect(rows[tagged]!.tags).toBe((json[tagged]!.tags as { name: string; color: string }[]).map((tag) => `${tag.name}:${tag.color}`).join(';'));
    expect(rows.every((row) => row.account_id === '101')).toBe(true);
  }, 90_000);

  it('--from-csv takes the export back as it is, ignoring the read-only columns with one notice; an edit lands', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'network-org-')), 'state.json');
    const file = join(mkdtempSync(join(tmpdir(), 'network-org-')), 'contacts.csv');
    const exported = await runInProcess(['contacts', 'list', '--account-id', '101', '--max-items', '12', '--output', 'csv', '--state-file', state]);
    const rows = parse(exported.stdout, { columns: true }) as Record<string, string>[];
    rows[0]!.tags = 'Reimported:blue';
    rows[0]!['Deal stage'] = 'Won';
    const { stringify } = await import('csv-stringify/sync');
    writeFileSync(file, stringify(rows, { header: true, columns: Object.keys(rows[0]!) }));
    const imported = await runInProcess(['contacts', 'update', '--from-csv', file, '--state-file', state]);
    // Without the progress lines a slow run prints every few seconds.
    const lines = imported.stderr.replace(/^updating .*\n/gm, '').trim().split('\n');
    expect(lines[0]).toMatch(/^network-org: ignoring \d+ columns the API cannot write: .*\bname\b.*\(--strict-columns refuses them instead\)$/);
    expect(lines.at(-1)).toMatch(/^updated \d+ of \d+ rows/);
    expect(lines).toHaveLength(2);
    expect(imported.code).toBe(0);
    const after = JSON.parse((await runInProcess(['contacts', 'list', '--account-id', '101', '--limit', '1', '--output', 'json', '--state-file', state])).stdout);
    expect(after[0]).toMatchObject({ contact_id: rows[0]!.contact_id, tags: [{ name: 'Reimported', color: 'blue' }], 'Deal stage': 'Won' });
    const strict = await runInProcess(['contacts', 'update', '--from-csv', file, '--state-file', state, '--strict-columns', '--checkpoint', `${file}.strict.json`]);
    expect(strict.code).toBe(2);
  }, 90_000);
});

describe('--state-file', () => {
  it('keeps the in-process mock\'s state between runs; --mock-state, its earlier name, still works and is not in the help', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'network-org-')), 'state.json');
    // The bundled bin writes the state file as its process ends; the next runs read it.
    const tagged = await run(cli(), ['contacts', 'update', '1000001', '--account-id', '101', '--add-tag', 'kept:red', '--state-file', state]);
    expect(tagged.code).toBe(0);
    expect(existsSync(state)).toBe(true);
    const again = await runInProcess(['contacts', 'list', '--account-id', '101', '--tag', 'kept', '--mock-state', state, '--query', '[].contact_id']);
    expect(JSON.parse(again.stdout)).toEqual(['1000001']);
    const fresh = await runInProcess(['contacts', 'list', '--account-id', '101', '--tag', 'kept', '--mock', '--query', '[].contact_id']);
    expect(JSON.parse(fresh.stdout)).toEqual([]);
    expect(readFileSync(state, 'utf8')).not.toContain('sk_test_admin');
    const help = await runInProcess(['contacts', 'list', '--help']);
    expect(help.stdout).toContain('--state-file <file>');
    expect(help.stdout).not.toContain('--mock-state');
  });
});
