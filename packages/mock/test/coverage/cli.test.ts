import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CoverageReport, OperationCoverage } from '@network-org/mock';
import { afterAll, describe, expect, it } from 'vitest';
import { useBundledCli } from '../support/bundled-cli';
import { spawnCli } from '../support/spawn-cli';

const folder = mkdtempSync(join(tmpdir(), 'network-mock-coverage-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const op = (report: CoverageReport, id: string) => report.operations.find((each) => each.operation_id === id) as OperationCoverage;

describe('network-mock serve --coverage-report and network-mock coverage', () => {
  const cliPath = useBundledCli();
  const runCli = (args: string[], env?: NodeJS.ProcessEnv) => spawnCli(cliPath(), args, env);
  const reportPath = join(folder, 'coverage.json');

  it('measures a known set of calls over two sessions, live and in the file written on SIGTERM, and check and show read it', async () => {
    const cli = runCli(['serve', '--port', '0', '--contacts-per-account', '5', '--coverage-report', reportPath]);
    const url = await cli.url;
    const call = (path: string, session: string, init: RequestInit = {}) =>
      fetch(`${url}${path}`, { ...init, headers: { authorization: 'Bearer sk_test_admin', 'content-type': 'application/json', 'x-mock-session': session } });
    // Session "alpha": a list, its next page, an unknown view (400) and a typo'd path.
    const page = (await (await call('/v1/contacts?limit=2', 'alpha')).json()) as { data: { pagination: { next_cursor: string } } };
    await call(`/v1/contacts?limit=2&cursor=${encodeURIComponent(page.data.pagination.next_cursor)}`, 'alpha');
    await call('/v1/contacts?view_id=abc', 'alpha');
    await call('/v1/contcts', 'alpha');
    // Session "beta": a forced 502 from enrich, and the accounts.
    await fetch(`${url}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-session': 'beta' },
      body: JSON.stringify({ method: 'POST', path: '/v1/enrich', status: 502, code: 'upstream_error' }),
    });
    await call('/v1/enrich', 'beta', { method: 'POST', body: JSON.stringify({ account_id: '101', network_url: 'https://network.example/in/x' }) });
    await call('/v1/accounts', 'beta');

    const live = (await (await fetch(`${url}/__mock/coverage`)).json()) as CoverageReport;
    expect(live.totals.operations.exercised).toBe(3);
    expect(op(live, 'listContacts')).toMatchObject({ calls: 3, statuses: { '200': 2, '400': 1 }, pages_followed: 1 });
    expect(op(live, 'listContacts').parameters_used).toEqual(['limit', 'cursor', 'view_id']);
    expect(op(live, 'enrich')).toMatchObject({ statuses: { '502': 1 }, error_codes: { upstream_error: 1 }, forced: { faults: 1, overrides: 0 } });
    expect(live.unmatched).toEqual([{ method: 'GET', path: '/v1/contcts', calls: 1, hint: expect.stringContaining('Did you mean GET /v1/contacts?') }]);
    const beta = (await (await fetch(`${url}/__mock/coverage`, { headers: { 'x-mock-session': 'beta' } })).json()) as CoverageReport;
    expect(beta.totals.operations.exercised).toBe(2);
    expect(op(beta, 'listContacts').calls).toBe(0);

    expect(await cli.stop()).toBe(0);
    const written = JSON.parse(readFileSync(reportPath, 'utf8')) as CoverageReport;
    expect(written.totals).toEqual(live.totals);
    expect(written.operations).toEqual(live.operations);

    const holds = runCli(['coverage', 'check', reportPath, '--min-operations', '3', '--min-responses', '3']);
    expect(await holds.exited).toBe(0);
    expect(holds.output().stdout).toContain('operations 3/16');

    const below = runCli(['coverage', 'check', reportPath, '--min-operations', '4', '--min-responses', '90%']);
    expect(await below.exited).toBe(1);
    const { stderr } = below.output();
    expect(stderr).toMatch(/operations exercised: 3 of 16, below the floor of 4\. Never called: .*importContact \(POST \/v1\/contacts\)/);
    expect(stderr).toMatch(/below the floor of 90%\. Never seen: .*listContacts 401, 403, 429, 500/);

    const show = runCli(['coverage', 'show', reportPath]);
    expect(await show.exited).toBe(0);
    const lines = show.output().stdout.split('\n');
    expect(lines[0]).toMatch(/^operation\s+route\s+calls\s+responses\s+unseen\s+params\s+unused params$/);
    // Largest gaps (unseen responses and unused parameters) first: listActivity, never called, has 6 and 11.
    const order = lines.slice(1, 17).map((line) => line.split(/\s+/)[0]);
    expect(order[0]).toBe('listActivity');
    expect(order.indexOf('listAccounts')).toBeGreaterThan(order.indexOf('listContacts'));
    expect(lines.find((line) => line.startsWith('enrich'))).toMatch(/enrich\s+POST \/v1\/enrich\s+1\s+1\/8\s+200 400 401 403 404 429 500\s+0\/0\s+-/);
    expect(show.output().stdout).toContain('1 x GET /v1/contcts: No operation matches GET /v1/contcts. Did you mean GET /v1/contacts?');
  });

  it('takes the report path from NETWORK_MOCK_COVERAGE_REPORT', async () => {
    const path = join(folder, 'from-env.json');
    const cli = runCli(['serve', '--port', '0', '--contacts-per-account', '5'], { ...process.env, NETWORK_MOCK_COVERAGE_REPORT: path });
    const url = await cli.url;
    await fetch(`${url}/v1/organization`, { headers: { authorization: 'Bearer sk_test_admin' } });
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(op(JSON.parse(readFileSync(path, 'utf8')) as CoverageReport, 'listOrganizations').statuses).toEqual({ '200': 1 });
  });

  it.each([
    ['a missing folder', () => join(folder, 'missing', 'coverage.json'), /--coverage-report .*missing\/coverage\.json: the folder .* does not exist or cannot be written/],
    ['a folder', () => folder, /--coverage-report .* is a folder: name a file in it/],
  ])('refuses %s at start with exit 2 and a message', async (_, path, message) => {
    const cli = runCli(['serve', '--port', '0', '--coverage-report', path()]);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toMatch(message);
  });

  // Root writes through a read-only mode: only another user sees the folder as read-only.
  it.skipIf(process.getuid?.() === 0)('refuses a folder it cannot write at start with exit 2', async () => {
    const readOnly = mkdtempSync(join(folder, 'read-only-'));
    chmodSync(readOnly, 0o555);
    const cli = runCli(['serve', '--port', '0', '--coverage-report', join(readOnly, 'coverage.json')], { ...process.env });
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toContain('cannot be written');
  });

  it.each([
    ['not JSON', 'hello', /not-a-report\.json is not a coverage report: it is not JSON/],
    ['JSON of something else', '{"state": 1}', /not-a-report\.json is not a coverage report of network-mock \(spec_version:/],
  ])('exits 2 on a file that is %s, saying so', async (_, text, message) => {
    const path = join(folder, 'not-a-report.json');
    writeFileSync(path, text);
    const check = runCli(['coverage', 'check', path, '--min-operations', '1']);
    expect(await check.exited).toBe(2);
    expect(check.output().stderr).toMatch(message);
  });

  it('exits 2 on a report of another spec version, naming both versions', async () => {
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as CoverageReport;
    const path = join(folder, 'old.json');
    writeFileSync(path, JSON.stringify({ ...report, spec_version: '0.9.0' }));
    const show = runCli(['coverage', 'show', path]);
    expect(await show.exited).toBe(2);
    expect(show.output().stderr).toMatch(/old\.json was written for spec version 0\.9\.0; this network-mock measures spec version \d+\.\d+\.\d+/);
  });

  it.each([
    [['coverage', 'check', 'x.json'], /needs a floor/],
    [['coverage', 'check', 'x.json', '--min-responses', '120'], /--min-responses must be a percentage from 0 to 100/],
    [['coverage', 'check', 'x.json', '--min-operations', 'many'], /--min-operations must be a whole number/],
    [['coverage', 'list', 'x.json'], /unknown command "coverage list"/],
  ])('refuses %j as a usage error (exit 2)', async (args, message) => {
    const cli = runCli(args);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toMatch(message);
  });
});
