import { createMockApi } from '@network-org/mock';
import { describe, expect, it } from 'vitest';

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
