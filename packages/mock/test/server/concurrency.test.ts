// Many clients writing the same contact at once over real HTTP: every write is answered (never a 5xx), and the
// record afterwards holds every write (no lost update), exactly as the answers and a later read show it.
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, rateLimit: false, contactsPerAccount: 20, networkSize: 20 });
});
afterAll(() => server.close());

const headers = { authorization: 'Bearer sk_test_admin', 'content-type': 'application/json' };

async function firstContact(): Promise<{ contact_id: string; account_id: string; tags: { name: string }[] }> {
  const response = await fetch(`${server.url}/v1/contacts?limit=1`, { headers });
  const contact = (await response.json()).data.contacts[0];
  return { contact_id: contact.contact_id, account_id: contact.account.account_id, tags: contact.tags };
}

async function readContact(contactId: string, accountId: string) {
  const response = await fetch(`${server.url}/v1/contacts/${contactId}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ account_id: accountId }),
  });
  expect(response.status).toBe(200);
  return (await response.json()).data.contact;
}

describe('parallel writes to one contact over HTTP', () => {
  it('answers every write and keeps every tag added and the last value of each field consistent', async () => {
    const { contact_id, account_id, tags } = await firstContact();
    const writes = Array.from({ length: 80 }, (_, index) =>
      index % 2 === 0
        ? { account_id, tags: { add: [{ name: `parallel-${index}`, color: 'green' }] } }
        : { account_id, 'Lead score': index, notes_json: JSON.stringify({ index }) },
    );
    const answers = await Promise.all(
      writes.map(async (body) => {
        const response = await fetch(`${server.url}/v1/contacts/${contact_id}`, { method: 'PATCH', headers, body: JSON.stringify(body) });
        return { status: response.status, body: await response.json() };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(writes.map(() => 200));

    const after = await readContact(contact_id, account_id);
    const added = writes.flatMap((body) => ('tags' in body ? body.tags!.add.map((tag) => tag.name) : []));
    const names = after.tags.map((tag: { name: string }) => tag.name);
    expect(names).toEqual(expect.arrayContaining([...tags.map((tag) => tag.name), ...added]));
    expect(new Set(names).size).toBe(names.length);
    // The field and the notes come from the same write: whichever landed last, they agree.
    expect(JSON.parse(after.notes_json)).toEqual({ index: after['Lead score'] });
  });
});
