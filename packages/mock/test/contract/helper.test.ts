// The contract helper itself: it must catch what it claims to catch, or every suite using it proves nothing.
import { describe, expect, it } from 'vitest';
import { defineRoute, MockApiError } from '../../src/index';
import { createCheckedMockApi } from '../../../../test/support/contract';
import { BASE_URL, KEYS } from '../support/harness';

const admin = { authorization: `Bearer ${KEYS.admin}` };

// Routes that break the spec on purpose; the type casts are the point: the engine's types would refuse them.
const brokenRoutes = [
  defineRoute('listAccounts', () => ({
    status: 200,
    body: { data: { accounts: [{ account_id: 101 }] } } as never,
  })),
  defineRoute('listOrganizations', () => {
    throw new MockApiError(429, 'rate_limit_exceeded', 'Slow down');
  }),
  defineRoute('listViews', () => ({ status: 202 as 200, body: { data: { views: [], pagination: { limit: 10, has_more: false } } } })),
];

function checkedBroken() {
  return createCheckedMockApi({ baseUrl: BASE_URL, rateLimit: false, routes: brokenRoutes });
}

const get = (path: string) => new Request(`${BASE_URL}${path}`, { headers: admin });

describe('contract helper', () => {
  it('reports a body that does not match the schema, naming the field, from ajv and zod', async () => {
    const mock = checkedBroken();
    await mock.fetch(get('/v1/accounts'));
    const [violation] = mock.contract.violations;
    expect(violation?.operationId).toBe('listAccounts');
    expect(violation?.problems.some((p) => p.startsWith('ajv: /data/accounts/0'))).toBe(true);
    expect(violation?.problems.some((p) => p.startsWith('zod: data.accounts.0'))).toBe(true);
    expect(() => mock.contract.assertClean()).toThrow(/GET \/v1\/accounts -> 200/);
  });

  it('reports the same bad body each time the mock sends it, not only the first time', async () => {
    const mock = checkedBroken();
    await mock.fetch(get('/v1/accounts'));
    await mock.fetch(get('/v1/accounts'));
    const [first, second] = mock.contract.violations;
    expect(mock.contract.violations).toHaveLength(2);
    expect(second?.problems).toEqual(first?.problems);
    expect(second?.problems.some((p) => p.startsWith('ajv: /data/accounts/0'))).toBe(true);
  });

  it('reports a 429 without Retry-After', async () => {
    const mock = checkedBroken();
    await mock.fetch(get('/v1/organization'));
    expect(mock.contract.violations[0]?.problems).toContain('header retry-after is missing');
  });

  it('reports a status the operation does not declare', async () => {
    const mock = checkedBroken();
    await mock.fetch(get('/v1/views'));
    expect(mock.contract.violations[0]?.problems).toContain('status 202 is not declared for listViews');
  });

  it('lets an injected fault use a status the spec does not list (the test chose it), but still checks its body', async () => {
    const mock = createCheckedMockApi({ baseUrl: BASE_URL, rateLimit: false });
    mock.faults.add({ path: '/v1/accounts', status: 503 });
    expect((await mock.fetch(get('/v1/accounts'))).status).toBe(503);
    expect(mock.contract.violations).toEqual([]);
    mock.faults.add({ path: '/v1/accounts', status: 500, code: 'not_a_code' });
    await mock.fetch(get('/v1/accounts'));
    expect(mock.contract.violations[0]?.problems.some((p) => p.startsWith('ajv: /code'))).toBe(true);
  });

  it('excuses an injected status only for the answers its faults gave, not a real one later', async () => {
    const mock = createCheckedMockApi({
      baseUrl: BASE_URL,
      rateLimit: false,
      routes: [
        defineRoute('listAccounts', () => ({ status: 200, body: { data: { accounts: [] } } })),
        defineRoute('listOrganizations', () => {
          throw new MockApiError(503, 'internal_error', 'Down for real');
        }),
      ],
    });
    mock.faults.add({ path: '/v1/accounts', status: 503, code: 'internal_error', message: 'Maintenance' });
    expect((await mock.fetch(get('/v1/accounts'))).status).toBe(503);
    expect(mock.contract.violations).toEqual([]);
    expect((await mock.fetch(get('/v1/organization'))).status).toBe(503);
    expect(mock.contract.violations[0]?.problems).toContain('status 503 is not declared for listOrganizations');
  });

  it('passes a conforming response and counts it', async () => {
    const mock = createCheckedMockApi({ baseUrl: BASE_URL, rateLimit: false });
    const response = await mock.fetch(get('/v1/accounts'));
    expect(response.status).toBe(200);
    expect(mock.contract.violations).toEqual([]);
    expect(mock.contract.checked).toBe(1);
    expect(mock.contract.covered.get('listAccounts')).toEqual(new Set([200]));
  });
});

describe('contract helper on paths outside the spec', () => {
  it('accepts a 404 error body for an unknown path and counts no operation', async () => {
    const mock = createCheckedMockApi({ baseUrl: BASE_URL, rateLimit: false });
    const response = await mock.fetch(get('/v2/nothing'));
    expect(response.status).toBe(404);
    expect(mock.contract.violations).toEqual([]);
    expect(mock.contract.covered.size).toBe(0);
  });
});
