// Random valid and invalid requests of every operation: never a 5xx unless injected, every error is
// `{code, message}` with a code of the description and its status, every response matches the spec, and a
// rejected write changes nothing.
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  RUNS,
  WRITE_OPERATIONS,
  createPropertyMock,
  datasetIds,
  errorShapeProblem,
  operationIds,
  requestArbitrary,
  storeWatch,
  toRequest,
  type GeneratedRequest,
} from '../support/properties';

const mock = createPropertyMock();
const ids = datasetIds(mock);
let cases = 0;
let properties = 0;
const statusTally = new Map<number, number>();

afterEach(() => mock.contract.assertClean());
afterAll(() => {
  const tally = [...statusTally].sort(([a], [b]) => a - b).map(([status, count]) => `${status}:${count}`).join(' ');
  console.info(`[properties:errors] properties: ${properties}, cases run: ${cases}, statuses seen: ${tally}`);
  console.info(mock.contract.summary('properties:errors'));
});

async function send(request: GeneratedRequest): Promise<{ status: number; body: unknown; text: string }> {
  cases++;
  const response = await mock.fetch(toRequest(request));
  statusTally.set(response.status, (statusTally.get(response.status) ?? 0) + 1);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body, text };
}

// The magic handle answers 502 upstream_error by design, like an injected fault.
const asksForUpstreamError = (request: GeneratedRequest) => request.body?.includes('/in/upstream-error') ?? false;

describe('properties: answers to random requests', () => {
  it.each(operationIds)('%s: no 5xx, errors are {code, message} with the status of their code', async (operationId) => {
    properties++;
    await fc.assert(
      fc.asyncProperty(requestArbitrary(operationId, ids), async (request) => {
        const { status, body, text } = await send(request);
        if (status >= 500 && !asksForUpstreamError(request)) throw new Error(`${status} for ${request.method} ${request.path} ${request.body ?? ''}: ${text}`);
        if (status >= 400) {
          const problem = errorShapeProblem(status, body);
          if (problem) throw new Error(`${request.method} ${request.path}: ${problem}`);
        } else {
          expect([200, 201]).toContain(status);
        }
        mock.contract.assertClean();
      }),
      { numRuns: RUNS },
    );
  });

  it.each(WRITE_OPERATIONS)('%s: a rejected write leaves the store unchanged', async (operationId) => {
    properties++;
    let rejected = 0;
    const store = storeWatch(mock);
    await fc.assert(
      fc.asyncProperty(requestArbitrary(operationId, ids), async (request) => {
        const before = store.before();
        store.forget();
        const { status } = await send(request);
        if (status < 400) return;
        rejected++;
        store.expectUnchanged(before, `${status} for ${request.path} ${request.body ?? ''}`);
      }),
      { numRuns: RUNS },
    );
    // Only rejected writes are checked: some must have come, or the property proved nothing.
    expect(rejected).toBeGreaterThan(0);
  });

  it('an injected fault is the only way to a 500', async () => {
    properties++;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operationIds), fc.constantFrom(500, 502), async (operationId, status) => {
        mock.faults.add({ path: '/v1/*', status });
        const request = fc.sample(requestArbitrary(operationId, ids), { numRuns: 1 })[0];
        if (!request) throw new Error('no sample');
        // Sent past `send` so that the tally of statuses only shows what random requests got on their own.
        cases++;
        const response = await mock.fetch(toRequest(request));
        const answer = { status: response.status, body: (await response.json()) as unknown };
        mock.faults.clear();
        expect(answer.status).toBe(status);
        expect(errorShapeProblem(status, answer.body)).toBeUndefined();
      }),
      { numRuns: Math.min(RUNS, 20) },
    );
    // Undocumented statuses for some operations are expected here: the point is the injected shape.
    mock.contract.violations.splice(0);
  });
});
