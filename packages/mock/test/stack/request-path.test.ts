import { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApi } from '../../src/index';
import { ADMIN } from '../support/harness';

/*
 * Which source files run code while one request is answered, read from V8's precise coverage (call counts, not
 * samples). The composition root (mock-api.ts) and the entry points assemble a mock; a request that came back up
 * into them would again bounce between layers.
 */

const session = new Session();

beforeAll(async () => {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
});

afterAll(async () => {
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
});

/** The mock's source files (under src/) whose functions ran during `run`, after one warm-up call. */
async function filesRunBy(run: () => Promise<unknown>): Promise<string[]> {
  await run();
  await session.post('Profiler.takePreciseCoverage');
  await run();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  return result
    .filter((script) => script.url.includes('/packages/mock/src/'))
    .filter((script) => script.functions.some((fn) => fn.functionName !== '' && (fn.ranges[0]?.count ?? 0) > 0))
    .map((script) => script.url.replace(/.*\/packages\/mock\/src\//, ''))
    .sort();
}

describe('a request never calls back into the composition root', () => {
  const mock = createMockApi({ rateLimit: false });
  const headers = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
  let round = 0;

  it.each([
    ['PATCH /v1/contacts/{id} through mock.fetch', () => {
      round++;
      return mock.fetch('/v1/contacts/1000001', { method: 'PATCH', headers, body: JSON.stringify({ 'Lead score': round, tags: { add: [{ name: `Round ${round}`, color: 'green' }] } }) });
    }],
    // Another limit each time: a read sent again is answered from the answer kept for it, without the route.
    ['GET /v1/contacts through mock.fetch', () => mock.fetch(`/v1/contacts?limit=${(++round % 20) + 1}`, { headers })],
    ['GET /v1/contacts through mock.answer', () => mock.answer({ method: 'GET', url: `/v1/contacts?limit=${(++round % 20) + 1}`, headers: Object.entries(headers) })],
  ])('%s', async (_name, send) => {
    let status = 0;
    const files = await filesRunBy(async () => {
      const answer = await send();
      status = 'status' in answer ? answer.status : 0;
    });
    expect(status).toBe(200);
    // The request went through the engine, the routes and the store: the coverage sees them.
    expect(files).toEqual(expect.arrayContaining(['answer-request.ts', 'engine/dispatch.ts', 'routes/contacts.ts', 'store/contacts.ts']));
    expect(files.filter((file) => !file.includes('/'))).toEqual(['answer-request.ts']);
  });

  it('GET /v1/contacts sent again, answered from the answer kept for it', async () => {
    const send = () => mock.answer({ method: 'GET', url: '/v1/contacts?limit=7', headers: Object.entries(headers) });
    const files = await filesRunBy(send);
    expect(files).toContain('engine/read-answers.ts');
    expect(files).not.toContain('routes/contacts.ts');
    expect(files.filter((file) => !file.includes('/'))).toEqual(['answer-request.ts']);
  });
});
