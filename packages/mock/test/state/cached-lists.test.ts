// The contacts list serves each contact's JSON from a cache: these prove a user never sees it stale.
import { createMockApi, type MockApi } from '@network-org/mock';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ADMIN = { authorization: 'Bearer sk_test_admin', 'content-type': 'application/json' };

interface ListedContact {
  contact_id: string;
  tags: { name: string }[];
  company: { company_id: string; tags: { name: string }[] };
  [field: string]: unknown;
}

function send(mock: MockApi, method: string, path: string, body?: unknown): Promise<Response> {
  return mock.fetch(
    new Request(`${mock.baseUrl}${path}`, { method, headers: ADMIN, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
  );
}

async function page(mock: MockApi, query: string): Promise<{ text: string; contacts: ListedContact[]; next?: string }> {
  const response = await send(mock, 'GET', `/v1/contacts?${query}`);
  expect(response.status).toBe(200);
  const text = await response.text();
  const json = JSON.parse(text) as { data: { contacts: ListedContact[]; pagination: { next_cursor?: string } } };
  return { text, contacts: json.data.contacts, next: json.data.pagination.next_cursor };
}

async function primaryAccount(mock: MockApi): Promise<string> {
  const response = await send(mock, 'GET', '/v1/accounts');
  return ((await response.json()) as { data: { accounts: { account_id: string }[] } }).data.accounts[0]!.account_id;
}

describe('cached contact lists', () => {
  it('are shared by sessions holding the seeded data, and never show the write of one session to another', async () => {
    const mock = createMockApi({ rateLimit: false, contactsPerAccount: 20, networkSize: 20 });
    const [first, second] = [mock.session('first'), mock.session('second')];
    const sessionPage = async (session: typeof first, query: string) => {
      const response = await session.fetch(`/v1/contacts?${query}`, { headers: ADMIN });
      return response.text();
    };
    const account = await primaryAccount(mock);
    const query = `account_id=${account}&limit=5`;
    const seeded = await sessionPage(first, query);
    expect(await sessionPage(second, query)).toBe(seeded);
    const target = (JSON.parse(seeded) as { data: { contacts: ListedContact[] } }).data.contacts[1]!;
    const patched = await first.fetch(`/v1/contacts/${target.contact_id}`, {
      method: 'PATCH',
      headers: ADMIN,
      body: JSON.stringify({ account_id: account, tags: { add: [{ name: 'First only', color: 'green' }] } }),
    });
    expect(patched.status).toBe(200);
    expect(await sessionPage(first, query)).toContain('First only');
    expect(await sessionPage(second, query)).toBe(seeded);
    expect(await page(mock, query).then((result) => result.text)).toBe(seeded);
    first.reset();
    expect(await sessionPage(first, query)).toBe(seeded);
  });

  it('show a PATCH at once, and nothing of a rejected one', async () => {
    const mock = createMockApi({ rateLimit: false });
    const account = await primaryAccount(mock);
    const before = await page(mock, `account_id=${account}&limit=5`);
    const target = before.contacts[2]!;

    const rejected = await send(mock, 'PATCH', `/v1/contacts/${target.contact_id}`, { account_id: account, tags: { add: 'not a list' } });
    expect(rejected.status).toBe(400);
    expect((await page(mock, `account_id=${account}&limit=5`)).text).toBe(before.text);

    const patched = await send(mock, 'PATCH', `/v1/contacts/${target.contact_id}`, {
      account_id: account,
      tags: { add: [{ name: 'Cache check', color: 'green' }] },
      'Deal stage': 'Negotiation',
    });
    expect(patched.status).toBe(200);
    const after = await page(mock, `account_id=${account}&limit=5`);
    const listed = after.contacts.find((contact) => contact.contact_id === target.contact_id)!;
    expect(listed.tags.map((tag) => tag.name)).toContain('Cache check');
    expect(listed['Deal stage']).toBe('Negotiation');
    // The other contacts of the page are as they were.
    expect(after.contacts.filter((contact) => contact !== listed)).toEqual(before.contacts.filter((contact) => contact.contact_id !== target.contact_id));
  });

  it("show a company's update in its contacts and a found email in the list, after the contact's own PATCH", async () => {
    const mock = createMockApi({ rateLimit: false });
    const account = await primaryAccount(mock);
    const query = `account_id=${account}&limit=5`;
    const target = (await page(mock, query)).contacts[1]!;
    const patched = await send(mock, 'PATCH', `/v1/contacts/${target.contact_id}`, { account_id: account, 'Deal stage': 'Won' });
    expect(patched.status).toBe(200);
    // The PATCH answered with the full shape; the list shows the same contact without notes, enrichment or sequence.
    const full = ((await patched.json()) as { data: { contact: Record<string, unknown> } }).data.contact;
    const listed = (await page(mock, query)).contacts.find((contact) => contact.contact_id === target.contact_id)!;
    const { notes_json: _notes, contact_enrichment: _enrichment, sequence: _sequence, ...fullAsListed } = full;
    expect(listed).toEqual(fullAsListed);

    const companyId = listed.company.company_id;
    const company = await send(mock, 'PATCH', `/v1/companies/${companyId}`, { account_id: account, tags: { add: [{ name: 'Company tag', color: 'red' }] } });
    expect(company.status).toBe(200);
    const after = await page(mock, query);
    const embedded = after.contacts.filter((contact) => contact.company.company_id === companyId);
    expect(embedded.length).toBeGreaterThan(0);
    for (const contact of embedded) expect(contact.company.tags.map((tag) => tag.name)).toContain('Company tag');

    const found = await send(mock, 'POST', `/v1/contacts/${target.contact_id}/find-email`, { account_id: account });
    expect(found.status).toBe(200);
    const email = ((await found.json()) as { data: { contact: { work_email: string | null } } }).data.contact.work_email;
    expect((await page(mock, query)).contacts.find((contact) => contact.contact_id === target.contact_id)!.work_email).toBe(email);
  });

  it('answer a PATCH with the listed contact and then the fields only the full shape has, each key once', async () => {
    const mock = createMockApi({ rateLimit: false, contactsPerAccount: 20, networkSize: 20 });
    // A name JavaScript orders first among an object's keys.
    mock.seed.customField({ target: 'contact', name: '2024', type: 'string' });
    const account = await primaryAccount(mock);
    const query = `account_id=${account}&limit=10`;
    for (const [index, target] of (await page(mock, query)).contacts.entries()) {
      const patched = await send(mock, 'PATCH', `/v1/contacts/${target.contact_id}`, { account_id: account, ...(index % 2 === 0 && { 2024: 'x' }) });
      const text = await patched.text();
      // Parsed and written again, the same bytes: no key twice, nothing malformed.
      expect(JSON.stringify(JSON.parse(text))).toBe(text);
      const full = (JSON.parse(text) as { data: { contact: Record<string, unknown> } }).data.contact;
      const listed = (await page(mock, query)).contacts.find((contact) => contact.contact_id === target.contact_id)!;
      expect(Object.keys(full)).toEqual([...Object.keys(listed), 'notes_json', 'contact_enrichment', 'sequence']);
    }
  });

  it("answer a PATCH as a fresh mock does after the contact's company changed between two of its updates", async () => {
    const mock = createMockApi({ rateLimit: false, contactsPerAccount: 20, networkSize: 20 });
    const account = await primaryAccount(mock);
    const target = (await page(mock, `account_id=${account}&limit=5`)).contacts[1]!;
    const path = `/v1/contacts/${target.contact_id}`;
    // Twice: first while the session still holds the seeded data, then with data of its own.
    for (const tag of ['First tag', 'Second tag']) {
      expect((await send(mock, 'PATCH', path, { account_id: account, notes_json: `{"text":"before ${tag}"}` })).status).toBe(200);
      const company = await send(mock, 'PATCH', `/v1/companies/${target.company.company_id}`, {
        account_id: account,
        tags: { add: [{ name: tag, color: 'red' }] },
      });
      expect(company.status).toBe(200);

      const update = { account_id: account, notes_json: `{"text":"after ${tag}"}` };
      const fresh = createMockApi({ rateLimit: false, state: mock.exportState() });
      const text = await (await send(mock, 'PATCH', path, update)).text();
      expect(text).toBe(await (await send(fresh, 'PATCH', path, update)).text());
      const contact = (JSON.parse(text) as { data: { contact: ListedContact } }).data.contact;
      expect(contact.company.tags.map((entry) => entry.name)).toContain(tag);
      // The list after it shows the same contact, the full shape's own fields left out.
      const listed = (await page(mock, `account_id=${account}&limit=5`)).contacts.find((entry) => entry.contact_id === target.contact_id)!;
      const { notes_json: _notes, contact_enrichment: _enrichment, sequence: _sequence, ...fullAsListed } = contact;
      expect(listed).toEqual(fullAsListed);
    }
  });

  it('answer as a fresh mock does after reset to another seed', async () => {
    const mock = createMockApi({ rateLimit: false });
    await page(mock, 'limit=10');
    mock.reset({ seed: 2 });
    const fresh = createMockApi({ rateLimit: false, seed: 2 });
    expect((await page(mock, 'limit=10')).text).toBe((await page(fresh, 'limit=10')).text);
  });

  it('walk an account larger than the cache twice with the same bytes, and as an uncached walk does', async () => {
    const options = { rateLimit: false as const, contactsPerAccount: 20, primaryAccountContacts: 2600 };
    const walk = async (mock: MockApi, account: string) => {
      const texts: string[] = [];
      let cursor: string | undefined;
      do {
        const next = await page(mock, `account_id=${account}&limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        texts.push(next.text);
        cursor = next.next;
      } while (cursor);
      return texts;
    };
    const mock = createMockApi(options);
    const account = await primaryAccount(mock);
    const first = await walk(mock, account);
    expect(first.length).toBeGreaterThan(2048 / 25);
    expect(await walk(mock, account)).toEqual(first);
    // A write empties the cache: the walk after it is built from scratch, and nothing about it changed.
    const created = await send(mock, 'POST', '/v1/views', {
      account_id: account,
      type: 'contact',
      name: 'Any',
      filters: { specific_contacts: { contact_ids: [first[0]!.match(/"contact_id":"([^"]+)"/)![1]!] } },
    });
    expect(created.status).toBe(201);
    expect(await walk(mock, account)).toEqual(first);
    // Three walks of some 100 pages, each answer checked against the spec: more than the default 30 s on a loaded machine.
  }, 120_000);
});

describe('the standalone server', () => {
  let server: MockServer;
  const local = createMockApi({ rateLimit: false });
  beforeAll(async () => {
    server = await startMockServer({ port: 0, rateLimit: false });
  });
  afterAll(() => server.close());

  it('sends the bytes the in-process mock answers, before and after the same write', async () => {
    const account = await primaryAccount(local);
    const remote = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, { method, headers: ADMIN, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return `${response.status} ${response.headers.get('content-length')} ${await response.text()}`;
    };
    const inProcess = async (method: string, path: string, body?: unknown) => {
      const response = await send(local, method, path, body);
      const text = await response.text();
      return `${response.status} ${new TextEncoder().encode(text).byteLength} ${text}`;
    };
    const list = `/v1/contacts?account_id=${account}&limit=25`;
    expect(await remote('GET', list)).toBe(await inProcess('GET', list));
    const { contacts } = await page(local, `account_id=${account}&limit=1`);
    const update = { account_id: account, notes_json: JSON.stringify({ text: 'Grüße, 東京 🚀' }) };
    const path = `/v1/contacts/${contacts[0]!.contact_id}`;
    expect(await remote('PATCH', path, update)).toBe(await inProcess('PATCH', path, update));
    expect(await remote('GET', list)).toBe(await inProcess('GET', list));
  });
});

describe('the MSW handler', () => {
  const mock = createMockApi({ baseUrl: 'https://api.network.test/base', rateLimit: false });
  const answer = (url: string) => getResponse(mock.handlers, new Request(url, { headers: ADMIN }));

  it('answers everything under the base URL, whatever the case of its path', async () => {
    expect((await answer('https://api.network.test/base/v1/accounts'))?.status).toBe(200);
    expect((await answer('https://API.network.test/BASE/v1/accounts'))?.status).toBe(200);
    expect((await answer('https://api.network.test/base/v1/nothing'))?.status).toBe(404);
  });

  it('leaves every other URL to other handlers', async () => {
    expect(await answer('https://api.network.test/v1/accounts')).toBeUndefined();
    expect(await answer('https://api.network.test/basement/v1/accounts')).toBeUndefined();
    expect(await answer('https://other.test/base/v1/accounts')).toBeUndefined();
  });
});

