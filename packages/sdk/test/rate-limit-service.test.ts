import { createMockApi } from '@network-org/mock';
import { NetworkClient } from '@network-org/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
});

describe("rateLimit: 'service' against a mock at the service's limit (50 requests / 10 s per endpoint), in fake time", () => {
  it('sends 500 concurrent calls without a single 429, as fast as the budget allows', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-15T12:00:00Z') });
    const mock = createMockApi({ clock: () => new Date(), contactsPerAccount: 100 });
    const client = new NetworkClient({
      baseUrl: mock.baseUrl,
      apiKey: mock.keys.admin,
      rateLimit: 'service',
      fetch: (url, init) => mock.fetch(new Request(url, init)),
    });
    const [account] = await client.accounts.list();
    const accountId = account!.account_id;
    const contactIds: string[] = [];
    for await (const contact of client.contacts.list({ account_id: [accountId], limit: 25 })) contactIds.push(contact.contact_id);
    mock.clearJournal();

    let settled = 0;
    const calls = Array.from({ length: 500 }, (_, index) =>
      client.contacts
        .update(contactIds[index % contactIds.length]!, { account_id: accountId, tags: { add: [{ name: 'bulk', color: 'green' }] } })
        .finally(() => settled++),
    );
    const start = Date.now();
    while (settled < calls.length) await vi.advanceTimersByTimeAsync(100);
    await expect(Promise.all(calls)).resolves.toHaveLength(500);

    const journal = mock.journal.filter((entry) => entry.method === 'PATCH');
    expect(journal).toHaveLength(500);
    expect(journal.filter((entry) => entry.status === 429)).toHaveLength(0);
    // 10 windows of 50: the last batch goes 9 windows after the first (each held 1 % longer).
    expect(Date.now() - start).toBeGreaterThanOrEqual(90_000);
    expect(Date.now() - start).toBeLessThan(92_000);
  });
});
