// Which writes a retry may repeat, counted on the service's side: the mock's journal holds every request it
// received, and its state what those requests did. Each test has its own session of one mock, so they run at once.
import { describe, expect, it } from 'vitest';
import { createMockApi, type MockSession } from '@network-org/mock';
import { ApiConnectionError, ApiTimeoutError, InternalServerError, NetworkClient, type RequestOptions } from '@network-org/sdk';

const mock = createMockApi({ rateLimit: false });
const ACCOUNT = '101';
let sessions = 0;

interface Write {
  operation: string;
  method: string;
  path: string;
  safe: boolean;
  send: (client: NetworkClient, session: MockSession, options: RequestOptions) => Promise<unknown>;
}

// Every session starts from the same seeded dataset: one contact and one company of the account serve every test.
const reader = new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin, fetch: mock.fetch });
const CONTACT = (await reader.contacts.list({ account_id: [ACCOUNT], limit: 1 })).items[0]!.contact_id;
const COMPANY = (await reader.companies.list({ account_id: [ACCOUNT], limit: 1 })).items[0]!.company_id;
const newProfile = (session: MockSession) => session.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles[0]!.network_url;

const WRITES: Write[] = [
  {
    operation: 'updateContact',
    method: 'PATCH',
    path: '/v1/contacts/{contact_id}',
    safe: true,
    send: (client, session, options) => client.contacts.update(CONTACT, { account_id: ACCOUNT, tags: { add: [{ name: 'Won', color: 'green' }] } }, options),
  },
  {
    operation: 'updateCompany',
    method: 'PATCH',
    path: '/v1/companies/{company_id}',
    safe: true,
    send: (client, session, options) => client.companies.update(COMPANY, { account_id: ACCOUNT, notes_json: '{"text":"met"}' }, options),
  },
  {
    operation: 'importContact',
    method: 'POST',
    path: '/v1/contacts',
    safe: true,
    send: (client, session, options) => client.contacts.import({ account_id: ACCOUNT, network_url: newProfile(session) }, options),
  },
  {
    operation: 'createDraft',
    method: 'POST',
    path: '/v1/drafts',
    safe: true,
    send: (client, session, options) => client.drafts.create({ account_id: ACCOUNT, contact_id: CONTACT, draft_message: 'Hello' }, options),
  },
  {
    operation: 'createView',
    method: 'POST',
    path: '/v1/views',
    safe: false,
    send: (client, session, options) =>
      client.views.create(
        { account_id: ACCOUNT, type: 'contact', name: 'Won deals', description: 'Nightly', filters: { specific_contacts: { contact_ids: [CONTACT] } } },
        options,
      ),
  },
  {
    operation: 'findContactEmail',
    method: 'POST',
    path: '/v1/contacts/{contact_id}/find-email',
    safe: false,
    send: (client, session, options) => client.contacts.findEmail(CONTACT, { account_id: ACCOUNT }, options),
  },
  {
    operation: 'enrich',
    method: 'POST',
    path: '/v1/enrich',
    safe: false,
    send: (client, session, options) => client.enrich({ account_id: ACCOUNT, contact_id: CONTACT }, options),
  },
];

function setup(clientOptions: ConstructorParameters<typeof NetworkClient>[0] = {}) {
  const session = mock.session(`retry-writes-${++sessions}`);
  const client = new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin, fetch: session.fetch, maxRetries: 2, ...clientOptions });
  const received = (write: Write) => session.journal.filter((entry) => entry.operation === write.operation).length;
  return { session, client, received };
}

const outcome = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.concurrent('a write whose first attempt may have been processed', () => {
  it.each(WRITES)('$operation: an answer later than the timeout is sent again only when retry-safe', async (write) => {
    const { session, client, received } = setup();
    session.faults.add({ method: write.method, path: write.path, delay_ms: 300 });
    const error = await outcome(write.send(client, session, { timeout: 100 }));
    await sleep(300); // the late first attempt reaches the journal once answered
    if (write.safe) {
      expect(error).toBeUndefined();
      expect(received(write)).toBe(2);
    } else {
      expect(error).toBeInstanceOf(ApiTimeoutError);
      expect(received(write)).toBe(1);
    }
  });

  it.each(WRITES)('$operation: a 503 is sent again only when retry-safe', async (write) => {
    const { session, client, received } = setup();
    session.faults.add({ method: write.method, path: write.path, status: 503 });
    const error = await outcome(write.send(client, session, {}));
    if (write.safe) {
      expect(error).toBeUndefined();
      expect(received(write)).toBe(2);
    } else {
      expect(error).toBeInstanceOf(InternalServerError);
      expect(received(write)).toBe(1);
    }
  });

  it.each(WRITES)('$operation: a connection dropped after sending is sent again only when retry-safe', async (write) => {
    const { session, client, received } = setup();
    session.faults.add({ method: write.method, path: write.path, drop: true });
    const error = await outcome(write.send(client, session, {}));
    expect(received(write)).toBe(write.safe ? 2 : 1);
    if (!write.safe) expect(error).toBeInstanceOf(ApiConnectionError);
  });
});

describe.concurrent('what a retry leaves behind', () => {
  it('a timed-out view creation leaves one view, a timed-out draft one draft', async () => {
    const { session, client } = setup();
    const views = async () => (await client.views.list({ account_id: [ACCOUNT], limit: 25 })).items.length;
    const before = await views();
    const view = WRITES.find((write) => write.operation === 'createView')!;
    const draft = WRITES.find((write) => write.operation === 'createDraft')!;
    session.faults.add({ method: 'POST', path: '/v1/views', delay_ms: 300 });
    session.faults.add({ method: 'POST', path: '/v1/drafts', delay_ms: 300 });
    await Promise.all([outcome(view.send(client, session, { timeout: 100 })), draft.send(client, session, { timeout: 100 })]);
    await sleep(300);
    expect(await views()).toBe(before + 1);
    expect(session.drafts({ account_id: ACCOUNT }).drafts).toHaveLength(1);
  });

  it('a retried import answers the contact attached by the first attempt (200)', async () => {
    const { session, client } = setup();
    session.faults.add({ method: 'POST', path: '/v1/contacts', delay_ms: 300 });
    const result = await client.contacts.import({ account_id: ACCOUNT, network_url: newProfile(session) }, { timeout: 100 });
    expect(result.created).toBe(false);
  });
});

describe.concurrent('a request that surely was not processed, and the per-call option', () => {
  it.each(WRITES)('$operation: a 429 is sent again', async (write) => {
    const { session, client, received } = setup();
    session.faults.add({ method: write.method, path: write.path, status: 429, retry_after: 0 });
    await write.send(client, session, {});
    expect(received(write)).toBe(2);
  });

  it('a connection refused before sending is retried, for a write that is not retry-safe too', async () => {
    const session = mock.session(`retry-writes-${++sessions}`);
    let refusals = 1;
    const fetch = (url: string, init: RequestInit) => {
      if (refusals-- > 0) return Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) }));
      return session.fetch(url, init);
    };
    const client = new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin, fetch, maxRetries: 2 });
    const view = WRITES.find((write) => write.operation === 'createView')!;
    await view.send(client, session, {});
    expect(session.journal.filter((entry) => entry.operation === 'createView')).toHaveLength(1);
  });

  it('retrySafe: true opts a view creation in, retrySafe: false opts a draft out', async () => {
    const { session, client, received } = setup();
    const view = WRITES.find((write) => write.operation === 'createView')!;
    const draft = WRITES.find((write) => write.operation === 'createDraft')!;
    session.faults.add({ method: 'POST', path: '/v1/views', status: 503 });
    session.faults.add({ method: 'POST', path: '/v1/drafts', status: 503 });
    await view.send(client, session, { retrySafe: true });
    expect(received(view)).toBe(2);
    expect(await outcome(draft.send(client, session, { retrySafe: false }))).toBeInstanceOf(InternalServerError);
    expect(received(draft)).toBe(1);
  });

  it('maxRetries: 0 sends a 429 once', async () => {
    const { session, client, received } = setup();
    const draft = WRITES.find((write) => write.operation === 'createDraft')!;
    session.faults.add({ method: 'POST', path: '/v1/drafts', status: 429, retry_after: 0 });
    await outcome(draft.send(client, session, { maxRetries: 0 }));
    expect(received(draft)).toBe(1);
  });
});
