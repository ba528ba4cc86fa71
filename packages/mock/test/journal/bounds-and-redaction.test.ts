import { createMockApi } from '@network-org/mock';
import { describe, expect, it } from 'vitest';
import { JOURNAL_BODY_LIMIT, JOURNAL_MAX_BYTES, RequestJournal, redactCredential, type JournalRecord } from '../../src/engine/journal';

const KEY = 'sk_test_admin';

function journal(options: { maxEntries?: number; maxBytes?: number; bodies?: boolean } = {}) {
  let sequence = 0;
  return new RequestJournal({ nextSequence: () => ++sequence, ...options });
}

function record(overrides: Partial<JournalRecord> = {}): JournalRecord {
  return {
    session: null,
    method: 'POST',
    path: '/v1/contacts',
    query: new URLSearchParams('limit=5&tag=a&tag=b'),
    status: 201,
    time: '2026-01-15T12:00:00.000Z',
    duration_ms: 1.5,
    operation: 'importContact',
    requestHeaders: [['Authorization', `Bearer ${KEY}`], ['content-type', 'application/json']],
    requestBody: new TextEncoder().encode('{"account_id":"101"}'),
    responseHeaders: [['content-type', 'application/json']],
    responseBody: [new TextEncoder().encode('{"data":'), new TextEncoder().encode('{"ok":true}}')],
    ...overrides,
  };
}

describe('the journal of one session', () => {
  it('keeps each request with its query, redacted headers and both bodies', () => {
    const kept = journal();
    kept.record(record());
    const [entry] = kept.list();
    expect(entry).toEqual({
      id: '1',
      session: null,
      method: 'POST',
      path: '/v1/contacts',
      query: { limit: '5', tag: ['a', 'b'] },
      status: 201,
      time: '2026-01-15T12:00:00.000Z',
      duration_ms: 1.5,
      operation: 'importContact',
      request: {
        headers: { authorization: 'Bearer ****dmin', 'content-type': 'application/json' },
        body: { text: '{"account_id":"101"}', bytes: 20, truncated: false },
      },
      response: { headers: { 'content-type': 'application/json' }, body: { text: '{"data":{"ok":true}}', bytes: 20, truncated: false } },
    });
  });

  it('keeps a copy of the request body: bytes changed after the request do not change the journal', () => {
    const kept = journal();
    const body = new TextEncoder().encode('{"a":1}');
    kept.record(record({ requestBody: body }));
    body.set(new TextEncoder().encode('{"b":2}'));
    expect(kept.list()[0]?.request.body?.text).toBe('{"a":1}');
  });

  it('copies a Buffer body (what node:http hands over) instead of keeping a view of its memory', () => {
    const kept = journal();
    const upload = Buffer.alloc(JOURNAL_BODY_LIMIT * 4, 0x63);
    const small = Buffer.from('{"c":3}');
    kept.record(record({ requestBody: upload }));
    kept.record(record({ requestBody: small }));
    upload.fill(0x64);
    small.fill(0x20);
    const [large, tiny] = kept.list();
    expect(large?.request.body?.text).toBe('c'.repeat(JOURNAL_BODY_LIMIT));
    expect(tiny?.request.body?.text).toBe('{"c":3}');
  });

  it('cuts a body past 64 kB and marks it truncated, with the size as sent', () => {
    const kept = journal();
    const large = new Uint8Array(JOURNAL_BODY_LIMIT + 1000).fill(0x61);
    kept.record(record({ requestBody: large, responseBody: [large.subarray(0, 40_000), large.subarray(40_000)] }));
    const [entry] = kept.list();
    for (const body of [entry?.request.body, entry?.response.body]) {
      expect(body).toEqual({ text: 'a'.repeat(JOURNAL_BODY_LIMIT), bytes: JOURNAL_BODY_LIMIT + 1000, truncated: true });
    }
  });

  it('drops the oldest entries past its entry bound', () => {
    const kept = journal({ maxEntries: 3 });
    for (let index = 0; index < 5; index++) kept.record(record({ path: `/v1/p${index}` }));
    expect(kept.list().map((entry) => entry.path)).toEqual(['/v1/p2', '/v1/p3', '/v1/p4']);
  });

  it('drops the oldest entries past its byte bound, and its size stays under the bound however long it runs', () => {
    const maxBytes = 1024 * 1024;
    const kept = journal({ maxBytes });
    const body = new Uint8Array(60_000).fill(0x62);
    for (let index = 0; index < 500; index++) {
      kept.record(record({ path: `/v1/p${index}`, requestBody: body, responseBody: [body] }));
      expect(kept.size).toBeLessThanOrEqual(maxBytes);
    }
    const paths = kept.list().map((entry) => entry.path);
    // Two 60 kB bodies an entry: about eight fit in 1 MiB, and they are the latest.
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.length).toBeLessThan(10);
    expect(paths.at(-1)).toBe('/v1/p499');
  });

  it('keeps no bodies when told so, and the rest as usual', () => {
    const kept = journal({ bodies: false });
    kept.record(record());
    const [entry] = kept.list();
    expect(entry?.request).toEqual({ headers: { authorization: 'Bearer ****dmin', 'content-type': 'application/json' }, body: null });
    expect(entry?.response.body).toBeNull();
    expect(entry?.status).toBe(201);
  });

  it('lists summaries after an id, without headers or bodies', () => {
    const kept = journal();
    for (let index = 0; index < 4; index++) kept.record(record({ path: `/v1/p${index}` }));
    const after = kept.summaries(2).map(({ summary }) => summary);
    expect(after.map((summary) => summary.id)).toEqual(['3', '4']);
    expect(after[0]).not.toHaveProperty('request');
    expect(kept.find('3')?.path).toBe('/v1/p2');
    expect(kept.find('99')).toBeUndefined();
  });
});

describe('redaction of credentials', () => {
  it.each([
    ['Bearer sk_test_admin', 'Bearer ****dmin'],
    ['bearer   sk_test_member', 'bearer ****mber'],
    ['Bearer short', 'Bearer ****'],
    ['sk_test_other_org', '****_org'],
    ['Basic dXNlcjpwYXNzd29yZA==', 'Basic ****ZA=='],
  ])('shows %j as %j', (value, shown) => {
    expect(redactCredential(value)).toBe(shown);
  });

  it('never keeps a key anywhere in an entry: repeated, in Proxy-Authorization, refused or accepted', async () => {
    const mock = createMockApi({ rateLimit: false });
    const send = (headers: [string, string][]) => mock.fetch('/v1/accounts', { headers });
    await send([['Authorization', `Bearer ${KEY}`]]);
    await send([['Authorization', `Bearer ${KEY}`], ['Authorization', 'Bearer sk_test_member']]);
    await send([['Authorization', KEY]]);
    await send([['Proxy-Authorization', `Bearer ${KEY}`], ['Authorization', `Bearer ${KEY}`]]);
    const text = JSON.stringify(mock.journal);
    expect(mock.journal).toHaveLength(4);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('sk_test_member');
    expect(mock.journal[1]?.request.headers.authorization).toBe('Bearer ****dmin, Bearer ****mber');
  });
});

describe('mock.journal', () => {
  it('gives every entry an id unique across sessions, its session, a duration and both bodies', async () => {
    const mock = createMockApi({ rateLimit: false });
    const auth = { Authorization: `Bearer ${KEY}` };
    await mock.fetch('/v1/contacts?limit=2', { headers: auth });
    await mock.session('worker-1').fetch('/v1/contacts?limit=nope', { headers: auth });
    const [first] = mock.journal;
    const [second] = mock.session('worker-1').journal;
    expect(first).toMatchObject({ id: '1', session: null, operation: 'listContacts', status: 200, query: { limit: '2' } });
    expect(first?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(first?.response.body?.text ?? '').data.contacts).toHaveLength(2);
    expect(second).toMatchObject({ id: '2', session: 'worker-1', status: 400 });
    expect(JSON.parse(second?.response.body?.text ?? '')).toMatchObject({ code: 'bad_request' });
  });

  it('stays under 8 MiB per session by default, dropping the oldest requests', async () => {
    const mock = createMockApi({ rateLimit: false });
    const body = JSON.stringify({ account_id: '101', padding: 'x'.repeat(60_000) });
    const sent = 200;
    for (let index = 0; index < sent; index++) {
      await mock.fetch(`/v1/contacts?n=${index}`, { method: 'POST', headers: { Authorization: `Bearer ${KEY}` }, body });
    }
    const kept = mock.journal;
    const bodyBytes = kept.reduce((total, entry) => total + (entry.request.body?.bytes ?? 0) + (entry.response.body?.bytes ?? 0), 0);
    expect(kept.length).toBeLessThan(sent);
    expect(bodyBytes).toBeLessThanOrEqual(JOURNAL_MAX_BYTES);
    expect(kept.at(-1)?.query).toEqual({ n: String(sent - 1) });
  });
});
