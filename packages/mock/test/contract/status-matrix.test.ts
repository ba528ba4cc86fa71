// Every documented status of every operation, produced by the in-process mock behind msw, each response
// checked against spec/openapi.yaml by the shared contract helper (ajv over the spec and the generated zod).
import { beforeAll, describe, expect, it } from 'vitest';
import { specOperations } from '../../../../test/support/spec';
import { createCheckedMockApi, useCheckedMock } from '../../../../test/support/contract';
import { BASE_URL } from '../support/harness';
import { discoverFixtures, statusMatrix, type Exchange, type MatrixCase, type Target } from '../support/contract-matrix';

const { mock } = useCheckedMock('status-matrix', { baseUrl: BASE_URL, rateLimit: false });

const documented = specOperations.map((op) => ({ operationId: op.operationId, statuses: [...op.responses.keys()] }));
const documentedPairs = documented.reduce((total, op) => total + op.statuses.length, 0);

function send(exchange: Exchange): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${exchange.key}` };
  if (exchange.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${BASE_URL}${exchange.path}`, {
    method: exchange.method,
    headers,
    ...(exchange.body !== undefined && { body: JSON.stringify(exchange.body) }),
  });
}

const target: Target = {
  send,
  injectFault: async (rule) => mock.faults.add(rule),
  unimportedProfiles: async (limit) =>
    mock.networkProfiles({ imported: false, kind: 'member', limit }).profiles.map((profile) => profile.network_url),
};

let cases: MatrixCase[] = [];

beforeAll(async () => {
  cases = statusMatrix(await discoverFixtures(target), documented);
});

describe('contract: every documented status of every operation', () => {
  it('covers every (operation, status) pair the spec documents', () => {
    expect(cases.map((c) => c.name).sort()).toEqual(documented.flatMap((op) => op.statuses.map((s) => `${op.operationId} ${s}`)).sort());
    expect(cases).toHaveLength(documentedPairs);
  });

  it('answers each case with its documented status and a body and headers that match the spec', async () => {
    const wrong: string[] = [];
    for (const c of cases) {
      mock.faults.clear();
      if (c.fault) await target.injectFault(c.fault);
      const response = await target.send(c.exchange);
      if (response.status !== c.status) wrong.push(`${c.name}: got ${response.status} ${await response.text()}`);
    }
    mock.faults.clear();
    expect(wrong).toEqual([]);
    expect(mock.contract.pairs()).toBeGreaterThanOrEqual(documentedPairs);
    console.info(`[contract:status-matrix] operations x statuses driven: ${cases.length} of ${documentedPairs} documented`);
  });

  it('the rate limiter itself (not a fault) answers 429 with an integer Retry-After', async () => {
    const limited = createCheckedMockApi({ baseUrl: BASE_URL });
    const statuses: number[] = [];
    for (let i = 0; i < 55; i++) {
      const response = await limited.fetch(
        new Request(`${BASE_URL}/v1/accounts`, { headers: { authorization: 'Bearer sk_test_admin' } }),
      );
      statuses.push(response.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.slice(0, 50).every((status) => status === 200)).toBe(true);
    limited.contract.assertClean();
  });
});
