import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CoverageReport, OperationCoverage } from '@network-org/mock';
import { afterAll, describe, expect, it } from 'vitest';

const config = fileURLToPath(new URL('./coverage-run/vitest.config.ts', import.meta.url));
const vitest = fileURLToPath(new URL('../../../../node_modules/vitest/vitest.mjs', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'network-mock-fixture-coverage-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** `vitest run` of the two-file suite under the fixture's global setup. */
function runSuite(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [vitest, 'run', '--config', config], { env: { ...process.env, ...env, CI: '1', NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

const op = (report: CoverageReport, id: string) => report.operations.find((each) => each.operation_id === id) as OperationCoverage;

describe('the vitest fixture under @network-org/mock/vitest/coverage', () => {
  // One run (a vitest run costs seconds): the floor it is given is one operation above what the suite exercises.
  it('writes one report for two files run in two workers, prints a summary, and fails the run below the floor', { timeout: 180_000 }, async () => {
    const path = join(folder, 'coverage.json');
    const run = await runSuite({ NETWORK_MOCK_COVERAGE_REPORT: path, SUITE_MIN_OPERATIONS: '4' });
    expect(run.stdout).toMatch(/Tests {2}4 passed \(4\)/);
    expect(run.stdout).toContain(`network-mock coverage: operations 3/16, responses 4/`);
    expect(run.stdout).toContain(`report written to ${path}`);
    expect(run.stdout).toMatch(/largest gaps: listActivity \(never called; 6 responses unseen, 11 parameters unused\)/);
    const report = JSON.parse(readFileSync(path, 'utf8')) as CoverageReport;
    expect(report.totals.operations.exercised).toBe(3);
    expect(op(report, 'listAccounts').statuses).toEqual({ '200': 1 });
    expect(op(report, 'listOrganizations').statuses).toEqual({ '200': 1 });
    expect(op(report, 'listContacts')).toMatchObject({ calls: 3, statuses: { '200': 2, '429': 1 }, pages_followed: 1, forced: { faults: 1, overrides: 0 } });
    // The fixture's floor (4 operations) is not held: the run fails, naming what was never called.
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toMatch(/operations exercised: 3 of 16, below the floor of 4\. Never called: .*importContact \(POST \/v1\/contacts\)/);
  });
});
