import { test } from '@network-org/mock/vitest';
import { expect } from 'vitest';

test('reads the organization', async ({ client }) => {
  expect(await client.organizations.list()).toHaveLength(1);
});

test('follows a later page of contacts', async ({ client }) => {
  const names: string[] = [];
  for await (const contact of client.contacts.list({ limit: 2 })) {
    names.push(contact.name);
    // The third contact is on the second page.
    if (names.length === 3) break;
  }
  expect(names).toHaveLength(3);
});
