import { createMockApi, type MockApi } from '@network-org/mock';
import { describe, expect, it } from 'vitest';
import {
  JOURNAL_BODY_LIMIT,
  JOURNAL_MAX_BYTES,
  JOURNAL_TOTAL_MIN_BYTES,
  JournalBudget,
  RequestJournal,
  redactCredential,
  type JournalRecord,
} from '../../src/engine/journal';
import { KEYS } from '../support/harness';

const KEY = KEYS.admin;

function journal(options: { maxEntries?: number; maxBytes?: number; bodies?: boolean; budget?: JournalBudget } = {}) {
  let sequence = 0;
  return new RequestJournal({ nextSequence: () => ++sequence, ...options });
}

function record(overrides: Partial<JournalRecord> = {}): JournalRecord {
  return {
    session: null,
    method: 'POST',
    path: '/v1/contacts',
    search: '?limit=5&tag=a&tag=b',
    status: 201,
    time: '2026-01-15T12:00:00.000Z',
    duration_ms: 1.5,
    operation: 'importContact',
    requestHeaders: [['Authorization', `Bearer ${KEY}`], ['content-type', 'application/json']],
    requestBody: new TextEncoder().encode('{"account_id":"101"}'),
    responseHeaders: [['content-type', 'application/json']],
    responseBody: new TextEncoder().encode('{"data":{"ok":true}}'),
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

  it('keeps the request headers as sent: a header list changed after the request does not change the journal', () => {
    const kept = journal();
    const headers: [string, string][] = [['Authorization', `Bearer ${KEY}`], ['X-Trace', 'one']];
    kept.record(record({ requestHeaders: headers }));
    headers.push(['x-added', 'later']);
    headers.splice(0, 1);
    expect(kept.list()[0]?.request.headers).toEqual({ authorization: 'Bearer ****dmin', 'x-trace': 'one' });
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
    kept.record(record({ requestBody: large, responseBody: large }));
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
      kept.record(record({ path: `/v1/p${index}`, requestBody: body, responseBody: body }));
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

describe('the bound all sessions of a mock share', () => {
  const MiB = 1024 * 1024;

  it('keeps the total of many journals under it, dropping the oldest entries of any session first', () => {
    const budget = new JournalBudget(MiB);
    let sequence = 0;
    const journals = Array.from({ length: 40 }, () => new RequestJournal({ nextSequence: () => ++sequence, budget }));
    const body = new Uint8Array(20_000).fill(0x62);
    // Uneven: some sessions send far more than others, and each alone stays well under its own 8 MiB.
    for (let index = 0; index < 2000; index++) {
      const target = journals[(index * 7) % (index % 3 === 0 ? 40 : 5)] as RequestJournal;
      target.record(record({ path: `/v1/p${index}`, requestBody: body, responseBody: body }));
      expect(budget.size).toBeLessThanOrEqual(MiB);
      expect(journals.reduce((total, each) => total + each.size, 0)).toBe(budget.size);
    }
    const kept = journals.flatMap((each) => each.list().map((entry) => Number(entry.id))).sort((a, b) => a - b);
    // Two 20 kB bodies an entry: about 25 fit in 1 MiB, and they are the latest 25 of all sessions.
    expect(kept.length).toBeGreaterThan(20);
    expect(kept.length).toBeLessThan(30);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, index) => sequence - kept.length + 1 + index));
  });

  it('gets back the bytes of a cleared or closed journal at once', () => {
    const budget = new JournalBudget(MiB);
    let sequence = 0;
    const [first, second] = [0, 1].map(() => new RequestJournal({ nextSequence: () => ++sequence, budget })) as [RequestJournal, RequestJournal];
    const body = new Uint8Array(30_000).fill(0x62);
    for (let index = 0; index < 5; index++) first.record(record({ requestBody: body }));
    second.record(record({ requestBody: body }));
    first.clear();
    expect(budget.size).toBe(second.size);
    second.close();
    expect(budget.size).toBe(0);
    second.record(record({ requestBody: body }));
    expect(second.list()).toEqual([]);
    expect(budget.size).toBe(0);
    first.record(record({ requestBody: body }));
    expect(budget.size).toBe(first.size);
  });

  it('takes at least 1 MiB', () => {
    expect(() => createMockApi({ journalMaxBytes: JOURNAL_TOTAL_MIN_BYTES - 1 })).toThrow(/journalMaxBytes must be an integer of at least 1048576/);
    expect(() => createMockApi({ journalMaxBytes: MiB + 0.5 })).toThrow(RangeError);
  });

  describe('in a mock', () => {
    // A 70 kB upload is kept as its first 64 kB: with headers and the small error answer, 15 such requests fit in 1 MiB.
    const upload = JSON.stringify({ account_id: '101', padding: 'x'.repeat(70_000) });
    const send = (target: { fetch: MockApi['fetch'] }, count: number) =>
      Promise.all(
        Array.from({ length: count }, () =>
          target.fetch('/v1/contacts', { method: 'POST', headers: { Authorization: `Bearer ${KEY}` }, body: upload }),
        ),
      );
    const mockOf = () => createMockApi({ rateLimit: false, journalMaxBytes: MiB });
    const idsOf = async (mock: MockApi) => {
      const response = await mock.fetch('/__mock/requests?session=*');
      return ((await response.json()) as { requests: { id: string }[] }).requests.map((entry) => Number(entry.id));
    };

    it('drops the oldest requests of any session, and GET /__mock/requests/ID answers 404 for them', async () => {
      const mock = mockOf();
      await send(mock.session('a'), 10);
      await send(mock.session('b'), 10);
      const kept = await idsOf(mock);
      expect(kept).toEqual(Array.from({ length: 15 }, (_, index) => 6 + index));
      expect(mock.session('a').journal.map((entry) => entry.id)).toEqual(['6', '7', '8', '9', '10']);
      expect(mock.session('b').journal).toHaveLength(10);
      const gone = await mock.fetch('/__mock/requests/5');
      expect(gone.status).toBe(404);
      const oldestKept = await mock.fetch('/__mock/requests/6');
      expect(oldestKept.status).toBe(200);
      const entry = (await oldestKept.json()) as { session: string; request: { body: { text: string; truncated: boolean } } };
      expect(entry.session).toBe('a');
      expect(entry.request.body.truncated).toBe(true);
      expect(entry.request.body.text).toBe(upload.slice(0, JOURNAL_BODY_LIMIT));
    });

    it.each([
      ['drops the session', (mock: MockApi) => mock.dropSession('a')],
      ['clears its journal', (mock: MockApi) => mock.session('a').clearJournal()],
      ['resets it', (mock: MockApi) => mock.session('a').reset()],
      ['clears every journal over HTTP', async (mock: MockApi) => void (await mock.fetch('/__mock/requests?session=*', { method: 'DELETE' }))],
    ])('gives the bytes of a session back when the mock %s', async (_, release) => {
      const mock = mockOf();
      await send(mock.session('b'), 7);
      await send(mock.session('a'), 7);
      await release(mock);
      const before = mock.session('b').journal.length;
      await send(mock.session('b'), 7);
      // 14 of these fit: had the released ones still counted, the oldest of b would be gone.
      expect(mock.session('b').journal).toHaveLength(before + 7);
    });

    it('gives the bytes of a session evicted past maxSessions back', async () => {
      const mock = createMockApi({ rateLimit: false, journalMaxBytes: MiB, maxSessions: 2 });
      await send(mock.session('b'), 7);
      await send(mock.session('a'), 7);
      // Reading b's journal uses b, so a is the least recently used when c comes.
      expect(mock.session('b').journal).toHaveLength(7);
      await mock.session('c').fetch('/v1/accounts', { headers: { Authorization: `Bearer ${KEY}` } });
      expect(mock.sessionNames()).toEqual(['b', 'c']);
      await send(mock.session('b'), 7);
      expect(mock.session('b').journal).toHaveLength(14);
    });
  });
});
