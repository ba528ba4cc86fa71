// `@network-org/mock/vitest` as a user's suite meets it: tests written with its `test`, run concurrently, each with
// its own session of one shared mock and a client bound to it.
import { InternalServerError, PermissionDeniedError } from '@network-org/sdk';
import { createMockTest, test } from '@network-org/mock/vitest';
import { describe, expect } from 'vitest';

/** Resolves once `parties` callers have arrived: each concurrent test writes, then waits for the others' writes. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived === parties) open();
    return opened;
  };
}

const accountOf = async (client: { accounts: { list(): Promise<{ account_id: string }[]> } }) => (await client.accounts.list())[0]!.account_id;

describe.concurrent('each test has its own session, under describe.concurrent', () => {
  const seeded = barrier(3);
  const people = ['Ada Concurrent', 'Grace Concurrent', 'Edsger Concurrent'];

  for (const person of people) {
    test(`${person} sees the contact it seeded and none of the others'`, async ({ mock, client }) => {
      const accountId = await accountOf(client);
      const [first_name, last_name] = person.split(' ') as [string, string];
      mock.seed.contact({ account_id: accountId, first_name, last_name });
      await seeded();
      const names = [];
      for await (const contact of client.contacts.list({ account_id: [accountId], query: 'Concurrent', limit: 25 })) names.push(contact.name);
      expect(names).toEqual([person]);
    });
  }

  const patched = barrier(2);
  test('a PATCH in one test is not seen by a test reading the same contact', async ({ client }) => {
    const accountId = await accountOf(client);
    const [contact] = (await client.contacts.list({ account_id: [accountId], limit: 1 })).items;
    await client.contacts.update(contact!.contact_id, { account_id: accountId, tags: { set: [{ name: 'Concurrent write', color: 'red' }] } });
    await patched();
  });
  test('… which still reads the seeded tags', async ({ client }) => {
    const accountId = await accountOf(client);
    await patched();
    const [contact] = (await client.contacts.list({ account_id: [accountId], limit: 1 })).items;
    expect(contact!.tags.map((tag) => tag.name)).not.toContain('Concurrent write');
  });

  const faulted = barrier(2);
  test('a fault added in one test', async ({ mock }) => {
    mock.faults.add({ path: '/v1/organization', status: 503, count: 5 });
    await faulted();
  });
  test('… does not reach another test, and the journals are apart', async ({ mock, client }) => {
    await faulted();
    expect(await client.organizations.list()).toHaveLength(1);
    expect(mock.journal.map((entry) => `${entry.session} ${entry.path}`)).toEqual([`${mock.name} /v1/organization`]);
  });
});

describe('the fixtures', () => {
  test('a forced 500 fails at once: the client makes one attempt, no backoff', async ({ mock, client }) => {
    mock.faults.add({ path: '/v1/accounts', status: 500 });
    await expect(client.accounts.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(mock.journal.filter((entry) => entry.path === '/v1/accounts')).toHaveLength(1);
  });

  test('mock carries the fixture keys and base URL, for clients of other keys', async ({ mock, client }) => {
    expect(mock.baseUrl).toBe('https://api.network.test');
    const member = client.withOptions({ apiKey: mock.keys.member });
    await expect(member.activity.list()).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  let attempts = 0;
  test('a retried test starts again from the seeded dataset', { retry: 1 }, async ({ mock, client }) => {
    attempts += 1;
    const accountId = await accountOf(client);
    const query = { account_id: [accountId], query: 'Retried Probe' };
    expect((await client.contacts.list(query)).items).toEqual([]);
    mock.seed.contact({ account_id: accountId, first_name: 'Retried', last_name: 'Probe' });
    expect((await client.contacts.list(query)).items).toHaveLength(1);
    if (attempts === 1) throw new Error('the first attempt fails on purpose, after its write');
  });
});

describe('createMockTest(options)', () => {
  const retrying = createMockTest({ seed: 2, rateLimit: false, client: { maxRetries: 1 } });

  retrying('client options reach every test’s client (here one retry)', async ({ mock, client }) => {
    mock.faults.add({ path: '/v1/accounts', status: 500, retry_after: 0 });
    expect((await client.accounts.list()).length).toBeGreaterThan(0);
    expect(mock.journal.map((entry) => entry.status)).toEqual([500, 200]);
  });

  retrying('mock options build the shared mock (here seed 2)', async ({ client }) => {
    const seed2 = (await client.contacts.list({ limit: 3 })).items.map((contact) => contact.name);
    const { createMockApi } = await import('@network-org/mock');
    const other = createMockApi({ seed: 1 });
    const response = await other.fetch('/v1/contacts?limit=3', { headers: { Authorization: `Bearer ${other.keys.admin}` } });
    const seed1 = ((await response.json()) as { data: { contacts: { name: string }[] } }).data.contacts.map((contact) => contact.name);
    expect(seed2).not.toEqual(seed1);
  });
});

describe.concurrent('one answer your way in a fixture test', () => {
  test("the session's override answers this test's next call, and no other test sees it", async ({ mock, client }) => {
    mock.override('listAccounts', () => ({ status: 200, body: { data: { accounts: [] } } }), { times: 1 });
    expect(await client.accounts.list()).toEqual([]);
    expect((await client.accounts.list()).length).toBeGreaterThan(0); // times: 1, then the built-in answer
  });

  test('a test beside it meets the built-in answer', async ({ client }) => {
    expect((await client.accounts.list()).length).toBeGreaterThan(0);
  });

  test("the client answers through the session's fetch, not msw: a server.use handler never sees it", async ({ mock, client }) => {
    const { setupServer } = await import('msw/node');
    const { http, HttpResponse } = await import('msw');
    const server = setupServer(http.get(`${mock.baseUrl}/v1/accounts`, () => HttpResponse.json({ data: { accounts: [] } })));
    server.listen({ onUnhandledRequest: 'bypass' });
    try {
      expect((await client.accounts.list()).length).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });
});
