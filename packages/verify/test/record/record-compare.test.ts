import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockApi } from '@network-org/mock';
import { renderTable, runVerify } from '@network-org/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingInProcess } from '../support/mock';

// Recording and comparing are the subject, not the transport: the suite runs against the mock in process (its
// `fetch`), which spares the HTTP stack on both ends of some thousand requests.
const mock = createMockApi({ rateLimit: false });
let dir: string;
const base = () => everythingInProcess(mock);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'network-verify-record-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('--record and --compare', () => {
  it('records then compares on the same target with no change', async () => {
    const recorded = await runVerify({ ...base(), record: dir });
    const files = readdirSync(dir).sort();
    expect(files).toContain('index.json');
    expect(files).toContain('contacts.envelope.json');
    // One file per scenario that ran, and the index; the run's restore check (`writes.restore`) sends no answer of
    // its own to record.
    const ran = recorded.scenarios.filter((s) => s.outcome !== 'skipped' && s.id !== 'writes.restore');
    expect(recorded.scenarios.find((s) => s.id === 'writes.restore')?.outcome).toBe('agree');
    expect(files.length).toBe(ran.length + 1);
    const compared = await runVerify({ ...base(), compare: dir });
    const changed = compared.scenarios.filter((s) => s.differences.length > 0);
    expect(changed.map((s) => ({ id: s.id, differences: s.differences }))).toEqual([]);
    expect(compared.compared).toEqual({ directory: dir, scenarios: files.length - 1, changed: 0, missing: [], changes: [] });
  }, 300_000);

  it("does not depend on verify's own writes, nor on how many records there are: more pages and more ids are data", async () => {
    const contact = mock.seed.contact({ account_id: '101' });
    for (let n = 0; n < 30; n++) {
      mock.seed.company({ account_id: '101', name: `Recorded Later ${n}` });
      mock.seed.view({ account_id: '101', name: `Recorded later ${n}`, contact_ids: [contact.contact_id] });
    }
    const compared = await runVerify({ ...base(), compare: dir });
    expect(compared.scenarios.filter((s) => s.differences.length > 0).map((s) => ({ id: s.id, differences: s.differences }))).toEqual([]);
    expect(compared.compared?.changed).toBe(0);
  }, 300_000);

  it('keeps no id, name, e-mail, URL, phone or instant of the answers: placeholders instead', () => {
    const text = readFileSync(join(dir, 'contacts.envelope.json'), 'utf8');
    const recording = JSON.parse(text) as { answers: { request: string; status: number; body: { data: { contacts: Record<string, unknown>[] } } }[] };
    const [answer] = recording.answers;
    expect(answer?.request).toBe('GET /v1/contacts?account_id=<id:1>');
    const contact = answer!.body.data.contacts[0]!;
    expect(contact.contact_id).toMatch(/^<id:\d+>$/);
    expect(contact.name).toMatch(/^<name:\d+>$/);
    expect(contact.network_url).toMatch(/^<url:\d+>$/);
    expect(contact.relationship_status).toMatch(/^(connected|not_connected|unknown)$/);
    expect(text).not.toMatch(/@[a-z0-9-]+\.[a-z]/i);
    expect(text).not.toMatch(/https?:\/\//);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(text).not.toMatch(/"\d{3,}"/);
  });

  it("keeps no value of the dataset's free-text, name or location fields, in any file of the recording", async () => {
    const FREE_TEXT = new Set(['name', 'first_name', 'last_name', 'full_name', 'display_name', 'headline', 'about', 'title', 'description', 'text', 'last_message_text', 'company_name', 'primary_company_name', 'primary_role_title', 'school_name', 'degree', 'field_of_study', 'draft_message']);
    const values = new Set<string>();
    const collect = (value: unknown, key: string | undefined, inPlace: boolean): void => {
      const place = inPlace || key === 'locations' || key === 'location';
      if (typeof value === 'string') {
        if (value.length >= 4 && (place || FREE_TEXT.has(key ?? ''))) values.add(value);
      } else if (Array.isArray(value)) for (const item of value) collect(item, key, place);
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, k, place);
    };
    const headers = { Authorization: `Bearer ${mock.keys.admin}` };
    for (const path of ['/v1/contacts?account_id=101&limit=25', '/v1/companies?account_id=101&limit=25', '/v1/conversations?account_id=101&limit=25', '/v1/views?account_id=101&limit=25']) {
      collect(await (await mock.fetch(`${mock.baseUrl}${path}`, { headers })).json(), undefined, false);
    }
    expect(values.size).toBeGreaterThan(100);
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    expect(files.length, 'the recording of the first test').toBeGreaterThan(10);
    // Every string of each file, keys and values, parsed: a value survives where one of them is it, whole.
    const stringsOf = (value: unknown, into: Set<string>): Set<string> => {
      if (typeof value === 'string') into.add(value);
      else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) stringsOf(v, into.add(k));
      return into;
    };
    const survived = new Set<string>();
    for (const file of files) {
      const strings = stringsOf(JSON.parse(readFileSync(join(dir, file), 'utf8')), new Set());
      for (const value of values) if (strings.has(value)) survived.add(`${file}: ${value}`);
    }
    expect([...survived]).toEqual([]);
  }, 300_000);

  it('writes the same files for the same answers (deterministic names and placeholders)', async () => {
    const first = mkdtempSync(join(tmpdir(), 'network-verify-record-'));
    const second = mkdtempSync(join(tmpdir(), 'network-verify-record-'));
    try {
      await runVerify({ ...base(), only: 'contacts.filter', record: first });
      await runVerify({ ...base(), only: 'contacts.filter', record: second });
      const files = readdirSync(first).sort();
      expect(files.length).toBeGreaterThan(5);
      expect(readdirSync(second).sort()).toEqual(files);
      for (const file of files) expect(readFileSync(join(second, file), 'utf8')).toBe(readFileSync(join(first, file), 'utf8'));
    } finally {
      rmSync(first, { recursive: true, force: true });
      rmSync(second, { recursive: true, force: true });
    }
  }, 300_000);

  it('reports a renamed field and a new status since the recording as differences of their scenarios', async () => {
    // A target that drifted since the recording: accounts renamed display_name, organization answers 203.
    const drifted = async (url: string, init: RequestInit) => {
      const response = await mock.fetch(url, init);
      const { pathname } = new URL(url);
      if (pathname === '/v1/organization') return new Response(await response.text(), { status: 203, headers: response.headers });
      if (pathname !== '/v1/accounts' || response.status !== 200) return response;
      const body = (await response.json()) as { data: { accounts: Record<string, unknown>[] } };
      for (const account of body.data.accounts) {
        account.label = account.display_name;
        delete account.display_name;
      }
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const compared = await runVerify({ ...base(), only: '*envelope', compare: dir, fetch: drifted });
    const accounts = compared.scenarios.find((s) => s.id === 'accounts.envelope')!;
    expect(accounts.outcome).toBe('differ');
    expect(accounts.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '$.data.accounts[*].display_name', expected: 'string', actual: 'missing', note: 'changed since the recording (GET /v1/accounts)' }),
        expect.objectContaining({ path: '$.data.accounts[*].label', expected: 'missing', actual: 'string' }),
      ]),
    );
    const organization = compared.scenarios.find((s) => s.id === 'organization.envelope')!;
    expect(organization.differences).toContainEqual(expect.objectContaining({ path: 'status', expected: '200', actual: '203', note: expect.stringContaining('since the recording') }));
    // One entry per change, with every scenario whose answers show it under it.
    const renamed = compared.compared?.changes.find((c) => c.path === '$.data.accounts[*].display_name');
    expect(renamed).toEqual({ path: '$.data.accounts[*].display_name', expected: 'string', actual: 'missing', scenarios: expect.arrayContaining(['accounts.envelope']) });
    expect(new Set(compared.compared?.changes.map((c) => c.path))).toEqual(new Set(['$.data.accounts[*].display_name', '$.data.accounts[*].label', 'status']));
    // The table names each changed path once, with its scenarios under it, not once per scenario.
    const changesSection = renderTable(compared).split('Changed since the recording:')[1] ?? '';
    expect(changesSection.split('$.data.accounts[*].display_name:').length - 1).toBe(1);
    const table = renderTable(compared);
    expect(table).toMatch(/changed since the recording: \d+ change\(s\), listed by path under "Changed since the recording"/);
  });

  it('lists the scenarios a recording does not hold', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'network-verify-record-'));
    try {
      const compared = await runVerify({ ...base(), only: 'organization.envelope', compare: empty });
      expect(compared.compared).toEqual({ directory: empty, scenarios: 0, changed: 0, missing: ['organization.envelope'], changes: [] });
      expect(compared.summary.agree).toBe(1);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
