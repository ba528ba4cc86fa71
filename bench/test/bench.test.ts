import { describe, expect, it } from 'vitest';
import { QUICK_CONFIG, runBench, SUITES } from '../src/bench';

// Every suite of `pnpm bench`, cut to seconds: checks that it runs and reports, not how fast anything is.
describe('pnpm bench --quick', () => {
  it('runs every suite against the real SDK, mock and Prism and reports a number in every cell', async () => {
    const report = await runBench(QUICK_CONFIG, 'smoke test');

    expect(report.sections.map((section) => section.title)).toEqual([
      'A test suite on the mock, and its start-up',
      'SDK overhead per call',
      'Client-side pacing overhead per call',
      'In-process: mock.fetch and msw setupServer',
      'Mock over HTTP against Prism and a bare server',
      'A sandbox of replicas: 1, 2 and 3 behind HAProxy',
      'Scale: one account of 1k to 100k contacts',
      'State: reset, snapshots and sessions',
      'Snapshots: network-mock snapshot against the mock',
      'MCP server: tool-call overhead and page size',
      'CLI: start-up of network-org',
      'Single-file executables: size and start-up',
      'The mock in a browser page',
    ]);
    expect(report.sections).toHaveLength(SUITES.length);
    for (const section of report.sections) {
      expect(section.rows.length).toBeGreaterThan(0);
      for (const row of section.rows) {
        expect(row).toHaveLength(section.columns.length);
        for (const cell of row) expect(cell).not.toMatch(/NaN|Infinity|undefined/);
      }
    }
    const targets = report.sections.flatMap((section) => section.targets.map((check) => check.target));
    expect(targets).toEqual(
      expect.arrayContaining([
        'a suite of 5 tests of 9 calls on the mock at most 1.25× the same suite on replayed bytes (CPU time)',
        'createMockApi() cold, in a fresh process, at most 150 ms (CPU time)',
        'network-mock serve to `listening on` at most 400 ms (CPU time)',
        'list: SDK within 10% of raw fetch',
        'PATCH: SDK within 10% of raw fetch',
        'list contacts over HTTP: mock at least 5× Prism\'s answers per CPU second',
        'list contacts, limit=1 over HTTP: mock at least 2.5× `prism -v silent`\'s answers per CPU second',
        'update contact over HTTP: mock at least 5× Prism\'s answers per CPU second',
        'list contacts over HTTP: mock at least 0.95× `journalBodies: false`\'s answers per CPU second',
        'PATCH /v1/contacts/{id}: SDK with `fetch: mock.fetch` at most 0.5× the time of the SDK through msw setupServer',
        'PATCH /v1/contacts/{id}: recording coverage costs `mock.fetch` at most 3% more CPU than `coverage: false`',
        'reset at most 1/100 of createMockApi at 160 contacts per account',
        'a new session adds at most 1/50 of createMockApi to its first request, over its floor, at 160 contacts per account',
        '100 sessions of 20 writes add at most 2x the default session\'s memory at 160 contacts per account',
        'list_contacts: MCP tool call at most 0.5 ms over the SDK call it wraps, on the in-process mock',
        'default list_contacts page under 8 kB of text',
        'tools/list with every tool under 16 kB',
        'network-org --help at most `node -e 0` + 40 ms',
        'network-org contacts --help at most `node -e 0` + 40 ms',
        'network-org contacts list --mock under 1.5 s cold',
      ]),
    );
    expect(report.markdown).toContain('| target | measured | status |');
  });
});
