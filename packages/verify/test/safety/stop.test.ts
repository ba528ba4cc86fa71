import { NetworkClient } from '@network-org/sdk';
import { startMockServer } from '@network-org/mock/node';
import { runVerify } from '@network-org/verify';
import { expect, it } from 'vitest';
import { everything } from '../support/mock';

it('a run stopped in the middle of its writes still puts every PATCHed record back', async () => {
  const server = await startMockServer({ port: 0, rateLimit: false });
  try {
    const client = new NetworkClient({ apiKey: server.mock.keys.admin, baseUrl: server.url });
    const contact = (await client.contacts.list({ account_id: ['101'], limit: 1 })).items[0]!;
    const before = await client.contacts.update(contact.contact_id, { account_id: '101' });
    const stop = new AbortController();
    // Stops the run right after the first PATCH that adds a tag.
    const stopping = async (url: string, init: RequestInit) => {
      const response = await fetch(url, init);
      if (init.method === 'PATCH' && String(init.body).includes('"add"')) stop.abort();
      return response;
    };
    const report = await runVerify({ ...everything(server), fetch: stopping, signal: stop.signal });
    const stopped = report.scenarios.filter((s) => s.outcome === 'error');
    expect(stopped.length).toBeGreaterThan(10);
    expect(new Set(stopped.map((s) => s.reason))).toEqual(new Set(['the run was stopped']));
    expect(report.writes.undone.map((w) => w.target)).toEqual([`contact ${contact.contact_id} in account 101`]);
    const after = await client.contacts.update(contact.contact_id, { account_id: '101' });
    expect(after.tags).toEqual(before.tags);
    expect(after.notes_json ?? null).toEqual(before.notes_json ?? null);
  } finally {
    await server.close();
  }
});
