import { type MockServer, startMockServer } from '@network-org/mock/node';
import { runVerify } from '@network-org/verify';
import { afterEach, expect, it } from 'vitest';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

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
