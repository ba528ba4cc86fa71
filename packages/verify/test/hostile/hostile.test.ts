import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Report, renderMarkdown, renderTable, runVerify, TargetUnreachableError, type VerifyOptions } from '@network-org/verify';
import { afterEach, describe, expect, it } from 'vitest';
import { answering, closingMidAnswer, dripping, droppingEveryConnection, type HostileServer, hanging, redirecting, startHostile, streamingHuge } from './servers';

const KEY = 'sk_live_hostile_admin_4f9c2e';
const MEMBER = 'sk_live_hostile_member_7b1d0a';
const MAX_BYTES = 64 * 1024;

let servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function keep<T extends HostileServer>(start: Promise<T>): Promise<T> {
  const server = await start;
  servers.push(server);
  return server;
}

/** Every flag on, small bounds: a hostile target must cost seconds, not the defaults' minutes. */
const options = (baseUrl: string, extra: Partial<VerifyOptions> = {}): VerifyOptions => ({
  baseUrl,
  apiKey: KEY,
  memberKey: MEMBER,
  allowWrites: true,
  allowCredits: true,
  rateLimit: false,
  timeoutMs: 300,
  maxDurationMs: 4_000,
  maxResponseBytes: MAX_BYTES,
  ...extra,
});

/**
 * Nothing agreed or differed: every scenario errored with a reason (or was skipped, with one, for want of a
 * fact it could not learn), and the errors' reasons match `reason`.
 */
function expectErrors(report: Report, reason: RegExp): void {
  const outcomes = new Set(report.scenarios.map((s) => s.outcome));
  expect([...outcomes].filter((o) => o !== 'error' && o !== 'skipped')).toEqual([]);
  const errors = report.scenarios.filter((s) => s.outcome === 'error');
  expect(errors.length).toBeGreaterThan(report.scenarios.length / 2);
  for (const scenario of report.scenarios) expect(scenario.reason, scenario.id).toEqual(expect.any(String));
  expect(errors.map((s) => s.reason).filter((r) => !reason.test(r!) && !/overall time cap/.test(r!))).toEqual([]);
  expect(report.summary.error).toBe(errors.length);
  expect(report.writes.done).toEqual([]);
}

describe('a hostile target gives error outcomes with a reason, within bounded time, never a hang or a crash', () => {
  it('a target that never answers', async () => {
    const server = await keep(hanging());
    const report = await runVerify(options(server.url));
    expectErrors(report, /no answer|gave no answer within 300 ms/);
    expect(report.scenarios.some((s) => /gave no answer within 300 ms, 2 times in a row/.test(s.reason ?? ''))).toBe(true);
    // Given up on after two timeouts in a row: the rest fail without a request each.
    expect(server.received.length).toBeLessThan(20);
  }, 20_000);

  it('a target that answers at once but drips its body forever', async () => {
    const server = await keep(dripping());
    const report = await runVerify(options(server.url));
    expectErrors(report, /no answer|gave no answer within 300 ms/);
    expect(server.received.length).toBeLessThan(20);
  }, 20_000);

  it.each([
    ['an HTML page labelled JSON', '<html><body>Service unavailable</body></html>'],
    ['truncated JSON', '{"data":{"contacts":[{"contact_id":"1",'],
    ['a JSON lookalike', "{data: {accounts: []}}"],
  ])('a target that answers garbage: %s', async (_, garbage) => {
    const server = await keep(answering(garbage));
    const report = await runVerify(options(server.url));
    expectErrors(report, /\(status 200, Content-Type application\/json\) is not JSON/);
  }, 20_000);

  it('a target that streams a body larger than maxResponseBytes: reading stops at the bound', async () => {
    const server = await keep(streamingHuge(32 * 2 ** 20));
    const report = await runVerify(options(server.url));
    expectErrors(report, new RegExp(`larger than ${MAX_BYTES} bytes`));
    expect(server.received.length).toBeGreaterThan(0);
    expect(server.finished).toBe(0);
  }, 20_000);

  it('a target that announces a body larger than maxResponseBytes (Content-Length) is not read', async () => {
    const server = await keep(
      startHostile((_, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 * MAX_BYTES) });
        response.write('{"data":');
      }),
    );
    const report = await runVerify(options(server.url));
    expectErrors(report, new RegExp(`larger than ${MAX_BYTES} bytes`));
  }, 20_000);

  it('a target that answers 429 to everything, whatever it waits', async () => {
    const server = await keep(
      startHostile((_, response) => {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        response.end(JSON.stringify({ code: 'rate_limit_exceeded', message: 'Rate limit exceeded' }));
      }),
    );
    const report = await runVerify(options(server.url));
    expectErrors(report, /still answered 429 rate_limit_exceeded after waiting out its Retry-After/);
  }, 20_000);

  it('a target that redirects to another origin: nothing, and no key, ever reaches it', async () => {
    const elsewhere = await keep(startHostile((_, response) => response.end('{}')));
    const server = await keep(redirecting(elsewhere.url));
    const report = await runVerify(options(server.url));
    expectErrors(report, new RegExp(`answered 307 redirecting to ${elsewhere.url.replace(/[.]/g, '\\.')}; redirects are not followed`));
    expect(elsewhere.received).toEqual([]);
    expect(server.received.length).toBeGreaterThan(0);
  }, 20_000);

  it.each([301, 302, 303, 308])('a %i redirect is not followed either', async (status) => {
    const elsewhere = await keep(startHostile((_, response) => response.end('{}')));
    const server = await keep(redirecting(elsewhere.url, status));
    const report = await runVerify(options(server.url, { only: 'accounts.envelope' }));
    expect(report.scenarios).toEqual([expect.objectContaining({ outcome: 'error', reason: expect.stringContaining(`answered ${status} redirecting`) })]);
    expect(elsewhere.received).toEqual([]);
  }, 20_000);

  it.each([
    ['halfway through the body', false],
    ['before answering, after its first answer', true],
  ])('a target that closes the connection %s', async (_, early) => {
    const server = await keep(closingMidAnswer(early));
    const report = await runVerify(options(server.url, { maxDurationMs: 2_000 }));
    expectErrors(report, /the connection failed|no answer/);
  }, 20_000);

  it('a target that drops every connection from the start is unreachable (exit 2 in the CLI), not a crash', async () => {
    const server = await keep(droppingEveryConnection());
    const run = runVerify(options(server.url));
    await expect(run).rejects.toBeInstanceOf(TargetUnreachableError);
    // It accepted the connection: saying it was refused would send the user looking in the wrong place.
    await expect(run).rejects.toThrow(/closed the connection without an answer/);
    await expect(run).rejects.not.toThrow(/refused|host is unknown/);
    expect(server.received.length).toBeGreaterThan(0);
  }, 20_000);

  it('nothing listening at the port is unreachable: the connection was refused', async () => {
    const server = await startHostile(() => {});
    await server.close();
    await expect(runVerify(options(server.url))).rejects.toThrow(/connection was refused/);
  }, 20_000);
});

describe('a target that answers well-formed JSON of the wrong shape never gets an agree', () => {
  // Internal errors (a property read on null) must not reach a reason: a person reads these.
  const INTERNAL = /Cannot read properties|is not a function|is not iterable|TypeError|undefined \(reading/;

  it.each([
    ['{} to everything', '{}'],
    ['[] to everything', '[]'],
  ])('a target that answers %s (200, application/json)', async (_, text) => {
    const server = await keep(answering(text));
    const report = await runVerify(options(server.url, { maxDurationMs: 8_000 }));
    expect(report.scenarios.filter((s) => s.outcome === 'agree').map((s) => s.id)).toEqual([]);
    expect(report.scenarios.filter((s) => INTERNAL.test(s.reason ?? '')).map((s) => `${s.id}: ${s.reason}`)).toEqual([]);
    expect(report.scenarios.find((s) => s.id === 'activity.walk.no-duplicates')?.outcome).toMatch(/differ|error/);
  }, 20_000);

  it('a target that answers null to everything: reasons a person can read, no internal error', async () => {
    const server = await keep(answering('null'));
    const report = await runVerify(options(server.url, { maxDurationMs: 8_000 }));
    expect(report.scenarios.filter((s) => s.outcome === 'agree').map((s) => s.id)).toEqual([]);
    expect(report.scenarios.filter((s) => INTERNAL.test(s.reason ?? '')).map((s) => `${s.id}: ${s.reason}`)).toEqual([]);
    expect(report.scenarios.some((s) => s.outcome === 'error' && /GET \/v1\/accounts answered something that is not an accounts list: null/.test(s.reason ?? ''))).toBe(true);
  }, 20_000);

  it('a target whose accounts list is [null]: the scenarios that need an account error with a reason naming it, none is skipped for it', async () => {
    const server = await keep(
      startHostile((_, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data: { accounts: [null], pagination: { limit: 10, has_more: false } } }));
      }),
    );
    const report = await runVerify(options(server.url, { maxDurationMs: 8_000 }));
    expect(report.scenarios.filter((s) => /can use no account/.test(s.reason ?? '')).map((s) => s.id)).toEqual([]);
    expect(report.scenarios.filter((s) => INTERNAL.test(s.reason ?? '')).map((s) => `${s.id}: ${s.reason}`)).toEqual([]);
    const named = report.scenarios.filter((s) => s.outcome === 'error' && /GET \/v1\/accounts answered something that is not an accounts list/.test(s.reason ?? ''));
    expect(named.length).toBeGreaterThan(30);
    expect(report.scenarios.filter((s) => s.outcome === 'agree').map((s) => s.id)).toEqual([]);
  }, 20_000);
});

describe('the overall time cap (maxDurationMs) is a hard cap', () => {
  it('a target that answers 429 with Retry-After: 30 to everything: the run ends at the cap, not after the waits', async () => {
    const server = await keep(
      startHostile((_, response) => {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
        response.end(JSON.stringify({ code: 'rate_limit_exceeded', message: 'Rate limit exceeded' }));
      }),
    );
    // Without the cap, one wait alone outlasts this test's timeout.
    const report = await runVerify(options(server.url, { maxDurationMs: 3_000, timeoutMs: 2_000 }));
    expect(report.summary.agree + report.summary.differ).toBe(0);
    expect(report.scenarios.filter((s) => s.outcome === 'error').every((s) => /overall time cap/.test(s.reason ?? ''))).toBe(true);
    expect(report.summary.error).toBeGreaterThan(0);
  }, 12_000);
});

describe('a target that echoes the keys back', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('in bodies, headers, error messages and Content-Type: neither key reaches the report, its renderings or a recording', async () => {
    dir = mkdtempSync(join(tmpdir(), 'network-verify-hostile-'));
    const server = await keep(
      startHostile((request, response) => {
        const key = request.headers.authorization?.replace(/^Bearer /, '') ?? 'none';
        const echo = { 'x-echo': key, 'www-authenticate': `Bearer realm="${key}"` };
        const path = new URL(request.url ?? '/', 'http://x').pathname;
        if (path === '/v1/organization') {
          response.writeHead(200, { 'content-type': 'application/json', ...echo });
          return void response.end(JSON.stringify({ organization: [{ id: 1, name: key, created_at: '2026-01-01T00:00:00Z', [key]: encodeURIComponent(key) }] }));
        }
        if (path === '/v1/accounts') {
          response.writeHead(401, { 'content-type': 'application/json', ...echo });
          return void response.end(JSON.stringify({ code: 'unauthorized', message: `Invalid API key ${key}`, debug: JSON.stringify({ key }) }));
        }
        if (path.startsWith('/v1/activity')) {
          response.writeHead(302, { location: `http://${encodeURIComponent(key)}.example.invalid/?key=${key}` });
          return void response.end();
        }
        response.writeHead(200, { 'content-type': `text/plain; key=${key}`, ...echo });
        response.end(`your key is ${key}`);
      }),
    );
    const report = await runVerify(options(server.url, { record: dir, maxDurationMs: 8_000 }));
    // The organization is read (a key the spec does not define is a discovery, named by its redacted path).
    expect(report.discoveries).toContainEqual(expect.objectContaining({ operation: 'listOrganizations', path: '$.organization[*].[redacted]' }));
    expect(report.scenarios.find((s) => s.id === 'accounts.envelope')).toMatchObject({ outcome: 'differ' });
    expect(report.summary.error).toBeGreaterThan(0);
    // The keys were seen (and said back) by the target, so the test is not vacuous.
    expect(server.received.map((r) => r.authorization)).toEqual(expect.arrayContaining([`Bearer ${KEY}`, `Bearer ${MEMBER}`]));
    const outputs = [JSON.stringify(report), renderTable(report), renderMarkdown(report), ...readdirSync(dir).map((file) => readFileSync(join(dir!, file), 'utf8'))];
    expect(outputs.length).toBeGreaterThan(3);
    for (const output of outputs) {
      for (const key of [KEY, MEMBER]) {
        expect(output).not.toContain(key);
        expect(output).not.toContain(encodeURIComponent(key));
      }
    }
  }, 20_000);
});
