// contacts.test.ts
import { createMockApi } from '@network-org/mock';
import { NetworkClient, NotFoundError, RateLimitError } from '@network-org/sdk';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

const mock = createMockApi({ rateLimit: false });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset()); // back to the seeded dataset (instant), no faults, empty journal
afterAll(() => server.close());

const client = new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin });

it('finds a contact you seeded, by name and by tag', async () => {
  const [account] = await client.accounts.list();
  const seeded = mock.seed.contact({
    account_id: account!.account_id,
    first_name: 'Grace',
    last_name: 'Hopper',
    tags: [{ name: 'Speaker', color: 'green' }],
    'Lead score': 90, // a registered custom field, by name
  });
  const page = await client.contacts.list({ account_id: [account!.account_id], query: 'grace hopper' });
  expect(page.items.map((contact) => contact.contact_id)).toEqual([seeded.contact_id]);
  const tagged = await client.contacts.list({ account_id: [account!.account_id], tag: 'Speaker' });
  expect(tagged.items[0]?.contact_id).toBe(seeded.contact_id);
});

it('walks every connected contact across pages', async () => {
  const names: string[] = [];
  for await (const contact of client.contacts.list({ relationship_status: 'connected', limit: 25 })) {
    names.push(contact.name);
  }
  expect(names.length).toBeGreaterThan(25);
});

it('imports a profile of the network once (201), then finds it attached (200)', async () => {
  const [account] = await client.accounts.list();
  const [profile] = mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles;
  const body = { account_id: account!.account_id, network_url: profile!.network_url };
  expect((await client.contacts.import(body)).created).toBe(true);
  expect((await client.contacts.import(body)).created).toBe(false);
});

it('an unknown profile handle is a 404', async () => {
  const [account] = await client.accounts.list();
  await expect(
    client.contacts.import({ account_id: account!.account_id, network_url: 'https://www.network.com/in/no-such-person' }),
  ).rejects.toBeInstanceOf(NotFoundError);
});

it('surfaces a 429 once the retries are spent', async () => {
  mock.faults.add({ method: 'GET', path: '/v1/accounts', status: 429, retry_after: 0, count: 3 });
  await expect(client.accounts.list()).rejects.toBeInstanceOf(RateLimitError);
  expect(mock.journal.filter((entry) => entry.path === '/v1/accounts')).toHaveLength(3);
});
