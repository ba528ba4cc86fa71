import { createMockTest } from '@network-org/mock/vitest';
import { expect } from 'vitest';

// The floor comes from the test that runs this suite, so that it can run it once above and once below it.
const test = createMockTest({ contactsPerAccount: 5, coverage: { minOperations: Number(process.env.SUITE_MIN_OPERATIONS ?? 0) } });

test('lists the accounts', async ({ client }) => {
  expect((await client.accounts.list()).length).toBeGreaterThan(0);
});

test('sees a 429 from the contact list', async ({ client, mock }) => {
  mock.faults.add({ method: 'GET', path: '/v1/contacts', status: 429 });
  await expect(client.contacts.list({ limit: 2 })).rejects.toMatchObject({ status: 429 });
});
