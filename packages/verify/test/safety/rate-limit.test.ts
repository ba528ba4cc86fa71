import { type MockServer, startMockServer } from '@network-org/mock/node';
import { runVerify } from '@network-org/verify';
import { afterEach, expect, it } from 'vitest';
import { type HostileServer, startHostile } from '../hostile/servers';

let server: MockServer | undefined;
let hostile: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  await hostile?.close();
  server = undefined;
  hostile = undefined;
});

/** A target that answers 429 to everything, with this Retry-After (none when undefined). */
async function limitedForever(retryAfter: string | undefined): Promise<string> {
  hostile = await startHostile((_, response) => {
    response.writeHead(429, { 'content-type': 'application/json', ...(retryAfter !== undefined && { 'retry-after': retryAfter }) });
    response.end(JSON.stringify({ code: 'rate_limit_exceeded', message: 'Rate limit exceeded' }));
  });
  return hostile.url;
}

it('waits out a 429 instead of reporting it', async () => {
  // A budget of 8 requests a second per endpoint, and no pacing on verify's side: 429s come, Retry-After 1.
  server = await startMockServer({ port: 0, rateLimit: { requests: 8, windowMs: 1000 } });
  const report = await runVerify({ baseUrl: server.url, apiKey: server.mock.keys.admin, rateLimit: false, only: 'contacts.filter' });
  const journal = (await (await fetch(`${server.url}/__mock/requests`)).json()) as { requests: { status: number }[] };
  expect(journal.requests.some((request) => request.status === 429)).toBe(true);
  expect(report.summary).toMatchObject({ differ: 0, error: 0 });
});

it('with --probe-rate-limit spends a budget to see the 429 and its Retry-After', async () => {
  server = await startMockServer({ port: 0, rateLimit: { requests: 5, windowMs: 1000 } });
  const report = await runVerify({ baseUrl: server.url, apiKey: server.mock.keys.admin, probeRateLimit: true, only: 'rate-limit.probe' });
  expect(report.scenarios).toEqual([expect.objectContaining({ id: 'rate-limit.probe', outcome: 'agree', differences: [] })]);
});

it('reports a target that never answers 429 when probed', async () => {
  server = await startMockServer({ port: 0, rateLimit: false });
  const report = await runVerify({ baseUrl: server.url, apiKey: server.mock.keys.admin, rateLimit: false, probeRateLimit: true, only: 'rate-limit.probe' });
  expect(report.scenarios[0]).toMatchObject({ outcome: 'differ', differences: [{ path: 'status', expected: '429 within 60 requests', actual: 'no 429' }] });
});

it('errors a scenario whose endpoint still answers 429 after the waits, instead of reporting a difference', async () => {
  server = await startMockServer({ port: 0, rateLimit: false });
  const fault = await fetch(`${server.url}/__mock/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'GET', path: '/v1/organization', status: 429, code: 'rate_limit_exceeded', retry_after: 0, count: 10 }),
  });
  expect(fault.status).toBe(201);
  const report = await runVerify({ baseUrl: server.url, apiKey: server.mock.keys.admin, rateLimit: false, only: 'organization.envelope' });
  expect(report.scenarios[0]).toMatchObject({ outcome: 'error', differences: [], reason: expect.stringContaining('still answered 429') });
});

it('after the probe\'s 429, a Retry-After given as an HTTP date is waited out until that date', async () => {
  const until = new Date(Date.now() + 3_000).toUTCString();
  const baseUrl = await limitedForever(until);
  const report = await runVerify({ baseUrl, apiKey: 'sk_test_probe', rateLimit: false, probeRateLimit: true, only: 'rate-limit.probe' });
  // A target that answers 429 to everything also differs on the limit being per endpoint.
  expect(report.scenarios[0]).toMatchObject({ id: 'rate-limit.probe', differences: expect.arrayContaining([expect.objectContaining({ path: 'retry-after', expected: expect.stringContaining('integer seconds') })]) });
  expect(Date.parse(report.finished_at)).toBeGreaterThanOrEqual(Date.parse(until));
}, 15_000);

it.each([
  ['no Retry-After', undefined],
  ['Retry-After: 30', '30'],
])('after the probe\'s 429 with %s, the wait ends at the run\'s time cap', async (_, retryAfter) => {
  const baseUrl = await limitedForever(retryAfter);
  // The cap is 2 s; waiting out 10 s or 30 s would outlast this test's timeout.
  const report = await runVerify({ baseUrl, apiKey: 'sk_test_probe', rateLimit: false, probeRateLimit: true, only: 'rate-limit.probe', maxDurationMs: 2_000 });
  expect(report.scenarios[0]).toMatchObject({ id: 'rate-limit.probe', outcome: expect.stringMatching(/agree|differ/) });
}, 7_000);
