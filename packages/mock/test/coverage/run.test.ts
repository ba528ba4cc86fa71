import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockApi, type CoverageReport } from '@network-org/mock';
import { afterAll, describe, expect, it } from 'vitest';
import { finishCoverageRun, startCoverageRun, writeCoveragePart } from '../../src/coverage/run';

const folder = mkdtempSync(join(tmpdir(), 'network-mock-run-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const ADMIN = { authorization: 'Bearer sk_test_admin' };

describe('a vitest run\'s one coverage report, from the parts its workers leave', () => {
  it('merges the parts, writes the report, holds the floor and leaves no folder behind', async () => {
    const target = join(folder, 'run.json');
    const environment = { NETWORK_MOCK_COVERAGE_REPORT: target };
    const parts = startCoverageRun(environment);
    const first = createMockApi({ contactsPerAccount: 5 });
    const second = createMockApi({ contactsPerAccount: 5 });
    await first.fetch('/v1/accounts', { headers: ADMIN });
    await second.fetch('/v1/accounts', { headers: ADMIN });
    await second.fetch('/v1/organization');
    writeCoveragePart(parts, 'first', { floor: { minOperations: 1 }, report: first.coverage() });
    writeCoveragePart(parts, 'second', { floor: { minOperations: 2, minResponses: 1 }, report: second.coverage() });
    const printed: string[] = [];
    const report = finishCoverageRun(parts, (text) => printed.push(text), environment);
    expect(report.operations.find((operation) => operation.operation_id === 'listAccounts')?.statuses).toEqual({ '200': 2 });
    expect(report.totals.operations.exercised).toBe(2);
    expect((JSON.parse(readFileSync(target, 'utf8')) as CoverageReport).totals).toEqual(report.totals);
    expect(printed.join('')).toMatch(/^network-mock coverage: operations 2\/16, responses 2\/\d+/);
    expect(existsSync(parts)).toBe(false);
  });

  it('fails on the strictest floor the fixtures were given', () => {
    const parts = startCoverageRun({});
    const mock = createMockApi({ contactsPerAccount: 5 });
    writeCoveragePart(parts, 'a', { floor: { minOperations: 0 }, report: mock.coverage() });
    writeCoveragePart(parts, 'b', { floor: { minOperations: 1 }, report: mock.coverage() });
    expect(() => finishCoverageRun(parts, () => undefined, {})).toThrow(/operations exercised: 0 of 16, below the floor of 1/);
  });

  it('refuses at the start of the run a report path whose folder is missing', () => {
    expect(() => startCoverageRun({ NETWORK_MOCK_COVERAGE_REPORT: join(folder, 'missing', 'run.json') })).toThrow(
      /NETWORK_MOCK_COVERAGE_REPORT .*missing\/run\.json: the folder .* does not exist or cannot be written/,
    );
  });
});
