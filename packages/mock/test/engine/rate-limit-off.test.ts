import { expect, it } from 'vitest';
import { call, useInProcessMock } from './helpers';

useInProcessMock({ rateLimit: false });

it('never limits when rateLimit is false', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 60; i++) statuses.push((await call('/v1/accounts')).status);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
});
