import { createMockApi } from '@network-org/mock';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../support/harness';

const accountsStatus = async (mock: ReturnType<typeof createMockApi>) =>
  (await mock.fetch('/v1/accounts', { headers: { authorization: `Bearer ${KEYS.admin}` } })).status;

describe('options the mock refuses (contract §3)', () => {
  it('refuses a now that is no date-time with a message that names now', () => {
    expect(() => createMockApi({ now: 'yesterday-ish' })).toThrow(/now must be an ISO date-time/);
  });

  it('refuses a negative or non-numeric latency instead of ignoring it', () => {
    expect(() => createMockApi({ latency: -5 })).toThrow(RangeError);
    expect(() => createMockApi({ latency: Number.NaN })).toThrow(/latency/);
  });

  it('leaves the session as it was when reset gets a seed or now the store refuses', async () => {
    const mock = createMockApi({ rateLimit: false, seed: 3 });
    const before = await (await mock.fetch('/v1/accounts', { headers: { authorization: `Bearer ${KEYS.admin}` } })).text();
    expect(() => mock.reset({ now: 'garbage' })).toThrow(/now must be an ISO date-time/);
    expect(() => mock.reset({ seed: 1.5 })).toThrow(/seed must be an integer/);
    // A later plain reset still works and goes back to the seed the mock had.
    mock.reset();
    expect(await accountsStatus(mock)).toBe(200);
    const after = await (await mock.fetch('/v1/accounts', { headers: { authorization: `Bearer ${KEYS.admin}` } })).text();
    expect(after).toBe(before);
  });
});
