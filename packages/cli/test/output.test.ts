import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { journal, run, servedEnv, useBundledCli, useMockServer } from './support/cli';

const cli = useBundledCli();
const server = useMockServer();
const served = () => ({ env: servedEnv(server()) });
const list = ['contacts', 'list', '--account-id', '101', '--limit', '3'];

describe('--output', () => {
  it('json: a list\'s items as one array, any other operation\'s data as one object, the organization as its array', async () => {
    const contacts = JSON.parse((await run(cli(), list, served())).stdout);
    expect(contacts.map((contact: { contact_id: string }) => contact.contact_id)).toEqual(['1000001', '1000002', '1000003']);
    const summary = JSON.parse((await run(cli(), ['activity', 'summary'], served())).stdout);
    expect(summary).toMatchObject({ total_events: expect.any(Number), timezone: 'UTC' });
    const organization = JSON.parse((await run(cli(), ['organization'], served())).stdout);
    expect(organization).toEqual([expect.objectContaining({ name: 'Acme' })]);
  });

  it('jsonl: one item per line; csv: one row per item with nested values as JSON text; yaml: the same data', async () => {
    const jsonl = (await run(cli(), [...list, '--output', 'jsonl'], served())).stdout.trim().split('\n');
    expect(jsonl.map((line) => JSON.parse(line).contact_id)).toEqual(['1000001', '1000002', '1000003']);
    const csv = parse((await run(cli(), [...list, '--output', 'csv'], served())).stdout, { columns: true }) as Record<string, string>[];
    expect(csv.map((row) => row.contact_id)).toEqual(['1000001', '1000002', '1000003']);
    expect(JSON.parse(csv[0]!.account!)).toMatchObject({ account_id: '101' });
    const yaml = parseYaml((await run(cli(), [...list, '--output', 'yaml'], served())).stdout);
    expect(yaml).toEqual(JSON.parse((await run(cli(), list, served())).stdout));
  });

  it('table: ids and names in columns', async () => {
    const { stdout } = await run(cli(), [...list, '--output', 'table'], served());
    expect(stdout).toMatch(/contact_id/);
    expect(stdout).toContain('1000002');
    expect(stdout).toContain('Jordy Mraz');
  });
});

describe('--query, --all, --max-items', () => {
  it('applies JMESPath to what json prints', async () => {
    const names = JSON.parse((await run(cli(), [...list, '--query', '[].name'], served())).stdout);
    expect(names).toHaveLength(3);
    expect(names[0]).toBe('Jordy Mraz');
    const total = JSON.parse((await run(cli(), ['activity', 'summary', '--query', 'total_events'], served())).stdout);
    expect(typeof total).toBe('number');
  });

  it('--all walks every page, and streams jsonl and csv as the pages arrive', async () => {
    await fetch(`${server().url}/__mock/requests`, { method: 'DELETE' });
    const all = (await run(cli(), ['contacts', 'list', '--account-id', '101', '--tag', 'Customer', '--limit', '5', '--all', '--output', 'jsonl'], served())).stdout.trim().split('\n');
    const pages = (await journal(server())).length;
    expect(pages).toBeGreaterThan(2);
    expect(all.length).toBeGreaterThan((pages - 1) * 5);
    expect(new Set(all.map((line) => JSON.parse(line).contact_id)).size).toBe(all.length);
    const csv = parse((await run(cli(), ['contacts', 'list', '--account-id', '101', '--tag', 'Customer', '--limit', '5', '--all', '--output', 'csv'], served())).stdout, { columns: true });
    expect(csv).toHaveLength(all.length);
    const json = JSON.parse((await run(cli(), ['contacts', 'list', '--account-id', '101', '--tag', 'Customer', '--limit', '25', '--all'], served())).stdout);
    expect(json).toHaveLength(all.length);
  });

  it('--all writes the first page before the last is fetched', async () => {
    await fetch(`${server().url}/__mock/requests`, { method: 'DELETE' });
    await fetch(`${server().url}/__mock/faults`, { method: 'POST', body: JSON.stringify({ path: '/v1/contacts', status: 200, delay_ms: 150, count: 1000 }) }).catch(() => {});
    for (const format of ['jsonl', 'csv', 'json']) {
      await fetch(`${server().url}/__mock/requests`, { method: 'DELETE' });
      const child = spawn(process.execPath, [cli(), 'contacts', 'list', '--account-id', '101', '--limit', '10', '--all', '--output', format], { env: servedEnv(server()) });
      await once(child.stdout, 'data');
      const seenThen = (await journal(server())).length;
      await once(child, 'close');
      const seenAtEnd = (await journal(server())).length;
      expect({ format, early: seenThen < seenAtEnd }).toEqual({ format, early: true });
    }
    await fetch(`${server().url}/__mock/faults`, { method: 'DELETE' });
  });

  it('--max-items stops after N items, across pages, without fetching further pages', async () => {
    await fetch(`${server().url}/__mock/requests`, { method: 'DELETE' });
    const items = JSON.parse((await run(cli(), ['contacts', 'list', '--limit', '4', '--all', '--max-items', '6'], served())).stdout);
    expect(items).toHaveLength(6);
    expect(await journal(server())).toHaveLength(2);
  });
});

describe('--mock-state', () => {
  it('keeps the in-process mock\'s state between runs', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'network-org-')), 'state.json');
    const tagged = await run(cli(), ['contacts', 'update', '1000001', '--account-id', '101', '--add-tag', 'kept:red', '--mock-state', state]);
    expect(tagged.code).toBe(0);
    expect(existsSync(state)).toBe(true);
    // As network-mock and network-mcp spell it.
    const again = await run(cli(), ['contacts', 'list', '--account-id', '101', '--tag', 'kept', '--state-file', state, '--query', '[].contact_id']);
    expect(JSON.parse(again.stdout)).toEqual(['1000001']);
    const fresh = await run(cli(), ['contacts', 'list', '--account-id', '101', '--tag', 'kept', '--mock', '--query', '[].contact_id']);
    expect(JSON.parse(fresh.stdout)).toEqual([]);
    expect(readFileSync(state, 'utf8')).not.toContain('sk_test_admin');
  });
});
