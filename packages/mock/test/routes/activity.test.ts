import { operations as schemas } from '@network-org/sdk/zod';
import { describe, expect, it } from 'vitest';
import { ADMIN, MEMBER, OTHER_ORG, callOperation, createTestMock, sdk, serve, collect } from '../support/harness';

const mock = createTestMock();
serve(mock);

const list = (query: string, key = ADMIN) => callOperation('listActivity', mock, `/v1/activity${query}`, { key });
const summary = (query: string, key = ADMIN) => callOperation('getActivitySummary', mock, `/v1/activity/summary${query}`, { key });

describe('GET /v1/activity', () => {
  it('answers admins with the spec shape, the request time zone and the normalized filters', async () => {
    const { status, body } = await list('?from=2026-01-01&to=2026-01-10&timezone=America/New_York');
    expect(status).toBe(200);
    schemas.listActivity.responses['200'].parse(body);
    expect(body.data.timezone).toBe('America/New_York');
    expect(body.data.generated_at).toBe('2026-01-15T12:00:00Z');
    expect(body.data.filters).toEqual({
      from: '2026-01-01T05:00:00Z',
      to: '2026-01-11T05:00:00Z',
      to_exclusive: true,
      account_ids: [],
      user_ids: [],
      event_types: [],
      channels: [],
      sources: [],
      tag_attribution: 'unavailable',
    });
    expect(body.data.activity.length).toBe(50);
    expect(body.data.pagination).toMatchObject({ limit: 50, has_more: true });
  });

  it('defaults to UTC, a window ending now and starting 30 days before', async () => {
    const { body } = await list('');
    expect(body.data.timezone).toBe('UTC');
    expect(body.data.filters).toMatchObject({ from: '2025-12-16T12:00:00Z', to: '2026-01-15T12:00:00Z' });
  });

  it('refuses a non-admin member with 403 forbidden', async () => {
    for (const answer of [await list('', MEMBER), await summary('', MEMBER)]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ code: 'forbidden', message: 'Only organization admins can perform this action.' });
    }
  });

  it.each(['?tag=VIP', '?tag=', '?from=2026-01-01&tag=Churned'])('rejects the reserved `tag` (%s) with 400', async (query) => {
    for (const answer of [await list(query), await summary(query)]) {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('bad_request');
      expect(answer.body.message).toContain('tag');
    }
  });

  it.each([
    ['an unknown zone', '?timezone=Mars/Olympus_Mons', 'timezone'],
    ['an offset instead of a zone', '?timezone=%2B05:00', 'timezone'],
    ['a day that does not exist', '?from=2024-02-30', 'from'],
    ['a date in another format', '?to=03/10/2024', 'to'],
    ['an instant without offset', '?from=2026-01-01T10:00:00', 'from'],
    ['`to` before `from`', '?from=2026-01-10&to=2026-01-05', 'to'],
    ['`to` equal to `from`', '?from=2026-01-10T00:00:00Z&to=2026-01-10T00:00:00Z', 'to'],
    ['an unknown event type', '?event_type=message_sent,carrier_pigeon', 'event_type'],
    ['a malformed account id', '?account_id=abc', 'account_id'],
    ['a malformed user id', '?user_id=0', 'user_id'],
  ])('rejects %s with 400 naming the parameter', async (_label, query, parameter) => {
    for (const answer of [await list(query), await summary(query)]) {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('bad_request');
      expect(answer.body.message).toContain(parameter);
    }
  });

  it.each([
    ['0', 400],
    ['201', 400],
    ['1.5', 400],
    ['ten', 400],
    ['1', 200],
    ['200', 200],
  ])('takes limit=%s as %i (1 to 200, default 50)', async (limit, status) => {
    const answer = await list(`?limit=${limit}`);
    expect(answer.status).toBe(status);
    if (status === 200) expect(answer.body.data.pagination.limit).toBe(Number(limit));
  });

  it('lists newest first (then id descending) and walks every page once', async () => {
    const events = await collect(sdk(mock).activity.list({ from: '2025-10-17', limit: 200 }));
    expect(events.length).toBeGreaterThan(400);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    for (let index = 1; index < events.length; index++) {
      const [newer, older] = [events[index - 1]!, events[index]!];
      const order = Date.parse(newer.occurred_at) - Date.parse(older.occurred_at) || Number(newer.id) - Number(older.id);
      expect(order).toBeGreaterThan(0);
    }
  });

  it('includes `from` and excludes `to`', async () => {
    const { body } = await list('?limit=1');
    const event = body.data.activity[0]!;
    const at = encodeURIComponent(event.occurred_at);
    const from = await list(`?from=${at}&to=2026-01-16&limit=200`);
    expect(from.body.data.activity.map((item) => item.id)).toContain(event.id);
    const to = await list(`?from=2025-12-01&to=${at}&limit=200`);
    expect(to.body.data.activity.length).toBeGreaterThan(0);
    expect(to.body.data.activity.map((item) => item.id)).not.toContain(event.id);
    for (const item of to.body.data.activity) expect(Date.parse(item.occurred_at)).toBeLessThan(Date.parse(event.occurred_at));
  });

  it('keeps every event inside the window it echoes', async () => {
    const events = await collect(sdk(mock).activity.list({ from: '2026-01-05', to: '2026-01-07', timezone: 'Asia/Kathmandu', limit: 200 }));
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(Date.parse(event.occurred_at)).toBeGreaterThanOrEqual(Date.parse('2026-01-04T18:15:00Z'));
      expect(Date.parse(event.occurred_at)).toBeLessThan(Date.parse('2026-01-07T18:15:00Z'));
    }
  });

  it.each([
    ['account_id', 'account_ids', 'account_id', '101'],
    ['user_id', 'user_ids', 'user_id', '202'],
    ['event_type', 'event_types', 'event_type', 'message_sent'],
    ['channel', 'channels', 'channel', 'network_connection'],
    ['source', 'sources', 'source', 'sequence_runner_report'],
  ] as const)('filters by %s and echoes it in filters.%s', async (parameter, echo, field, value) => {
    const { status, body } = await list(`?from=2025-10-17&limit=200&${parameter}=${value}`);
    expect(status).toBe(200);
    expect(body.data.filters[echo]).toEqual([value]);
    expect(body.data.activity.length).toBeGreaterThan(0);
    for (const event of body.data.activity) expect(event[field]).toBe(value);
    const all = await list('?from=2025-10-17&limit=200');
    expect(all.body.data.activity.some((event) => event[field] !== value)).toBe(true);
  });

  it('takes repeated and comma-separated values, echoing each once', async () => {
    const { body } = await list('?event_type=message_sent,inmail_sent&event_type=message_sent&channel=network_message&limit=200');
    expect(body.data.filters.event_types).toEqual(['message_sent', 'inmail_sent']);
    const types = new Set(body.data.activity.map((event) => event.event_type));
    expect([...types].sort()).toEqual(['message_sent']);
  });

  it('treats another organization’s account or user as unknown (400), and an unknown user too', async () => {
    const globex = await callOperation('listAccounts', mock, '/v1/accounts', { key: OTHER_ORG });
    const globexAccount = globex.body.data.accounts[0]!.account_id;
    for (const query of [`?account_id=${globexAccount}`, '?account_id=999999', '?user_id=204', '?user_id=999999']) {
      const answer = await list(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code).toBe('bad_request');
    }
  });

  it('shows another organization only its own events', async () => {
    const globex = await collect(sdk(mock, OTHER_ORG).activity.list({ from: '2025-10-17', limit: 200 }));
    const accounts = await callOperation('listAccounts', mock, '/v1/accounts', { key: OTHER_ORG });
    expect(globex.length).toBeGreaterThan(0);
    expect(new Set(globex.map((event) => event.account_id))).toEqual(new Set(accounts.body.data.accounts.map((account) => account.account_id)));
  });

  it('ties cursors to their filters', async () => {
    const first = await list('?limit=5&event_type=message_sent');
    const cursor = first.body.data.pagination.next_cursor!;
    const next = await list(`?limit=5&event_type=message_sent&cursor=${cursor}`);
    expect(next.status).toBe(200);
    expect(next.body.data.activity[0]!.id).not.toBe(first.body.data.activity[0]!.id);
    expect((await list(`?limit=5&event_type=inmail_sent&cursor=${cursor}`)).status).toBe(400);
    expect((await list(`?limit=5&event_type=message_sent&cursor=${cursor}x`)).status).toBe(400);
  });
});
