import { type MockServer, startMockServer } from '@network-org/mock/node';
import { type Report, runVerify } from '@network-org/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everything } from '../support/mock';
import { watchPatches } from '../support/originals';

// Every operation of the spec (CONTRIBUTING's list): the suite must cover each one.
const OPERATIONS = [
  'listOrganizations', 'listAccounts', 'listActivity', 'getActivitySummary', 'enrich', 'importContact', 'listContacts',
  'updateContact', 'findContactEmail', 'listCompanies', 'updateCompany', 'listConversations', 'listConversationMessages',
  'createDraft', 'listViews', 'createView',
];

let server: MockServer;
let report: Report;
let patches: ReturnType<typeof watchPatches>;

beforeAll(async () => {
  server = await startMockServer({ port: 0, rateLimit: false });
  patches = watchPatches(server.url, server.mock.keys.admin);
  report = await runVerify({ ...everything(server), fetch: patches.fetch });
});

afterAll(async () => {
  await server?.close();
});

describe('the whole suite against the mock over HTTP', () => {
  it('agrees on every scenario but the rate-limit probe, which it was not asked for', () => {
    const notAgreeing = report.scenarios.filter((s) => s.outcome !== 'agree');
    expect(notAgreeing.map(({ id, outcome, reason, differences }) => ({ id, outcome, reason, differences }))).toEqual([
      { id: 'rate-limit.probe', outcome: 'skipped', reason: 'needs --probe-rate-limit', differences: [] },
    ]);
    expect(report.summary).toEqual({ agree: report.scenarios.length - 1, differ: 0, skipped: 1, error: 0 });
  });

  it('has at least 60 scenarios, covering all 16 operations, each citing the description or a decision', () => {
    expect(report.scenarios.length).toBeGreaterThanOrEqual(60);
    const covered = new Set(report.scenarios.filter((s) => s.outcome === 'agree').map((s) => s.operation));
    expect([...covered].sort()).toEqual([...OPERATIONS].sort());
    for (const scenario of report.scenarios) expect(scenario.source).toMatch(/^(description §[1-9]|decision)$/);
    expect(new Set(report.scenarios.map((s) => s.id)).size).toBe(report.scenarios.length);
  });

  it('is the report of contract §6', () => {
    expect(report.version).toBe(1);
    expect(report.target).toEqual({ base_url: server.url });
    expect(Date.parse(report.finished_at)).toBeGreaterThanOrEqual(Date.parse(report.started_at));
    expect(report.discoveries).toEqual([]);
  });

  it('puts every PATCHed contact and company back as it was, and lists what it cannot undo', async () => {
    const records = await patches.check();
    expect(records.map((r) => r.record)).toEqual(expect.arrayContaining([expect.stringMatching(/^contacts /), expect.stringMatching(/^companies /)]));
    for (const { record, now, before } of records) expect({ record, ...now }).toEqual({ record, ...before });
    expect(report.writes.undone.length).toBe(patches.count());
    expect(report.writes.done.filter((w) => w.operation === 'updateContact').length).toBeGreaterThan(3);
    expect(new Set(report.writes.left.map((w) => w.operation))).toEqual(new Set(['importContact', 'createView', 'createDraft']));
  });

  it('shows, for every record the description leaves unshown, the observed shape beside the spec', () => {
    const records = report.shapes.map((s) => s.record);
    expect(records).toEqual(expect.arrayContaining(['Conversation', 'Draft', 'Company list item', 'Activity summary', 'Import warning', 'Sequence', 'Sequence step', 'Enrichment status']));
    const draft = report.shapes.find((s) => s.record === 'Draft')!;
    expect(draft.spec.replaced_previous).toBe('boolean');
    expect(draft.observed?.replaced_previous).toBe('boolean');
    expect(draft.values?.status).toEqual(['saved']);
    const summary = report.shapes.find((s) => s.record === 'Activity summary')!;
    expect(Object.keys(summary.observed ?? {})).toEqual(expect.arrayContaining(['total_events', 'by_day']));
  });
});

describe('without the flags', () => {
  it('writes nothing, skips writes and credits with the flag they need, and runs the member scenarios only with a member key', async () => {
    const state = server.mock.exportState();
    const readOnly = await runVerify({ baseUrl: server.url, apiKey: server.mock.keys.admin, rateLimit: false });
    expect(server.mock.exportState()).toBe(state);
    const skipped = readOnly.scenarios.filter((s) => s.outcome === 'skipped');
    expect(skipped.map((s) => s.operation)).toEqual(expect.arrayContaining(['importContact', 'updateContact', 'createDraft', 'createView', 'enrich', 'findContactEmail']));
    for (const { reason } of skipped) expect(reason).toMatch(/^needs --[a-z-]+( and --[a-z-]+)*$/);
    expect(new Set(skipped.flatMap((s) => s.reason!.match(/--[a-z-]+/g)))).toEqual(new Set(['--allow-writes', '--allow-credits', '--member-key', '--probe-rate-limit']));
    expect(readOnly.summary.differ + readOnly.summary.error).toBe(0);
    expect(readOnly.writes).toEqual({ done: [], undone: [], left: [] });
  });
});

describe('a mock whose dataset is empty on purpose', () => {
  it('keeps its empty lists as data: the scenarios that need records are skipped with the reason, none differs', async () => {
    const empty = await startMockServer({ port: 0, rateLimit: false, contactsPerAccount: 0, conversationsPerAccount: 0 });
    try {
      const result = await runVerify({ baseUrl: empty.url, apiKey: empty.mock.keys.admin, rateLimit: false, only: 'contacts.' });
      const outcomes = Object.fromEntries(result.scenarios.map((s) => [s.id, s.outcome]));
      expect(outcomes['contacts.envelope']).toBe('agree');
      expect(result.scenarios.find((s) => s.id === 'contacts.filter.tag')).toMatchObject({ outcome: 'skipped', reason: 'no contact on the first page of the account has a tag' });
      expect(result.summary.differ + result.summary.error).toBe(0);
    } finally {
      await empty.close();
    }
  });
});
