import { createMockApi } from '@network-org/mock';
import { describe, expect, it } from 'vitest';
import { send, useMock } from '../support/harness';
import { ENGINE_TEST_MOCK } from '../support/engine-routes';

describe('the request journal', () => {
  it('keeps the latest 1,000 requests, oldest first, and starts over after clearJournal', async () => {
    const mock = createMockApi({ rateLimit: false });
    const send = (path: string) => mock.fetch(new Request(`${mock.baseUrl}${path}`, { headers: { authorization: 'Bearer sk_test_admin' } }));
    await send('/v1/accounts');
    for (let index = 0; index < 1004; index++) await send(index % 2 === 0 ? '/v1/organization' : '/v1/nothing');
    const paths = mock.journal.map((entry) => entry.path);
    expect(paths).toHaveLength(1000);
    expect(paths).not.toContain('/v1/accounts');
    // 1,005 recorded: the accounts request and loop requests 0 to 3 went, so the oldest kept is loop request 4.
    expect(paths.slice(0, 3)).toEqual(['/v1/organization', '/v1/nothing', '/v1/organization']);
    expect(mock.journal.at(-1)).toMatchObject({ path: '/v1/nothing', status: 404 });
    mock.clearJournal();
    await send('/v1/accounts');
    expect(mock.journal.map((entry) => entry.path)).toEqual(['/v1/accounts']);
  });
});

describe("on the engine's test routes", () => {
  const mock = useMock({ ...ENGINE_TEST_MOCK, resetAfterEach: true });

  describe('the journal', () => {
    it('records method, path, status and time of each request', async () => {
      await send('/v1/accounts');
      await send('/v1/accounts', { key: null });
      expect(mock().journal).toEqual([
        expect.objectContaining({ method: 'GET', path: '/v1/accounts', status: 200, operation: 'listAccounts' }),
        expect.objectContaining({ method: 'GET', path: '/v1/accounts', status: 401 }),
      ]);
      expect(Number.isNaN(Date.parse(mock().journal[0]!.time))).toBe(false);
    });
  });
});
