// A default CommonJS project (no "type" in its package.json) with module nodenext, as `tsc --init` makes it: a test
// file's imports resolve through the `require` conditions, so `@network-org/mock/vitest` needs `require` types, as
// vitest has (vitest itself runs the file as ESM).
import { createMockTest, test, type MockFixtures } from '@network-org/mock/vitest';
import type { ContactListItem } from '@network-org/sdk';

test.concurrent('the fixtures are typed', async ({ mock, client, expect }) => {
  const page = await client.contacts.list({ limit: 1 });
  const first: ContactListItem | undefined = page.items[0];
  expect(first?.account.account_id).toBeTypeOf('string');
  const session: MockFixtures['mock'] = mock;
  expect(session.keys.admin).toBe('sk_test_admin');
});

export const seeded = createMockTest({ seed: 2 });
