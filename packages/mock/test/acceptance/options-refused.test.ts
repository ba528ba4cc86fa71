import { createMockApi } from '@network-org/mock';
import { startMockServer } from '@network-org/mock/node';
import { describe, expect, it } from 'vitest';
import { expectError, KEYS } from '../support/harness';

const accountsStatus = async (mock: ReturnType<typeof createMockApi>) =>
  (await mock.fetch('/v1/accounts', { headers: { authorization: `Bearer ${KEYS.admin}` } })).status;

describe('options the mock refuses (contract §3)', () => {
  it('refuses a now that is no date-time with a message that names now', () => {
    expect(() => createMockApi({ now: 'yesterday-ish' })).toThrow(/now must be an ISO date-time/);
  });

  it('refuses a negative or non-numeric latency instead of ignoring it', () => {
    expect(() => createMockApi({ latency: -5 })).toThrow(RangeError);
    expect(() => createMockApi({ latency: Number.NaN })).toThrow(/latency/);
    // A timer of more than 2^31 - 1 ms would fire at once: refused rather than answered without delay.
    expect(() => createMockApi({ latency: 2 ** 31 })).toThrow(/latency must be a number of milliseconds from 0 to 2147483647/);
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

describe('a dataset anchor (now) the mock cannot build', () => {
  const refused = ['+275760-09-13T00:00:00.000Z', '2026-02-30T00:00:00Z', '10000-01-01T00:00:00Z', 'garbage'];

  it.each(refused)('createMockApi({now: %j}) throws a RangeError naming now', (now) => {
    expect(() => createMockApi({ now, contactsPerAccount: 1, networkSize: 1 })).toThrow(RangeError);
    expect(() => createMockApi({ now, contactsPerAccount: 1, networkSize: 1 })).toThrow(/now must be an ISO date-time/);
  });

  it('POST /__mock/reset refuses each with 400 bad_request (never a 500) and keeps the dataset', async () => {
    const server = await startMockServer({ port: 0, rateLimit: false, contactsPerAccount: 3, networkSize: 5 });
    try {
      for (const now of refused) {
        const response = await fetch(`${server.url}/__mock/reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ now }),
        });
        expectError({ status: response.status, body: await response.json() }, 400, 'bad_request', /"now"/);
      }
      const reset = await fetch(`${server.url}/__mock/reset`, { method: 'POST' });
      expect(await reset.json()).toMatchObject({ ok: true, now: '2026-01-15T12:00:00.000Z' });
    } finally {
      await server.close();
    }
  });

  it('accepts the first and last days the years 1 to 9999 allow, and a date without a time', () => {
    for (const now of ['9999-12-31T23:59:59Z', '0001-03-01T00:00:00Z', '2024-02-29']) {
      expect(() => createMockApi({ now, contactsPerAccount: 1, networkSize: 1 })).not.toThrow();
    }
  });
});
