import { expect, it } from 'vitest';
import { send, useMock } from '../support/harness';
import { ENGINE_TEST_MOCK } from '../support/engine-routes';

useMock({ ...ENGINE_TEST_MOCK, resetAfterEach: true, rateLimit: false });

it('never limits when rateLimit is false', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++) statuses.push((await send('/v1/accounts')).status);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
});
