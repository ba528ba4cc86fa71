import { operations as schemas } from '@network-org/sdk/zod';
import { describe, expect, it } from 'vitest';
import { ADMIN, MEMBER, OTHER_ORG, callOperation, createTestMock, sdk, serve, collect } from '../support/harness';
import type { ActivityEvent, ActivitySummaryQuery } from '@network-org/sdk';
import { activityWindow, checkTimeZone, formatInstant } from '../../src/activity/window';
import { MockApiError } from '../../src/engine/errors';

describe('the activity list', () => {
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

    it('takes dates of every year RFC 3339 writes, and refuses a window that ends past 9999', async () => {
      const early = await list('?from=0050-06-15&to=0050-06-20');
      expect(early.status).toBe(200);
      expect(early.body.data.filters).toMatchObject({ from: '0050-06-15T00:00:00Z', to: '0050-06-21T00:00:00Z' });
      expect(early.body.data.activity).toEqual([]);
      expect((await list('?from=0001-01-01T00:00:00Z&to=0001-01-02T00:00:00Z')).status).toBe(200);
      for (const answer of [await list('?from=1970-01-01&to=9999-12-31'), await summary('?from=1970-01-01&to=9999-12-31')]) {
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining('"to"') });
      }
      expect((await list('?from=1970-01-01&to=9999-12-30')).status).toBe(200);
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
});

describe('the activity summary', () => {
  const mock = createTestMock();
  serve(mock);

  /** The local calendar date of an instant, computed independently of the mock (Intl, en-CA gives YYYY-MM-DD). */
  function localDay(instant: string, timeZone: string): string {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
  }

  function countBy(events: readonly ActivityEvent[], keyOf: (event: ActivityEvent) => string): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const event of events) counts[keyOf(event)] = (counts[keyOf(event)] ?? 0) + 1;
    return counts;
  }

  const FILTER_SETS: [string, ActivitySummaryQuery][] = [
    ['no filters (the last 30 days)', {}],
    ['the whole dataset in New York', { from: '2025-10-01', to: '2026-01-15', timezone: 'America/New_York' }],
    ['one account and one event type in Kolkata', { from: '2025-12-01', account_id: ['101'], event_type: ['message_sent', 'connection_request_sent'], timezone: 'Asia/Kolkata' }],
    ['a channel and a source, instants', { from: '2025-11-01T00:00:00+05:45', to: '2026-01-10T12:00:00Z', channel: ['network_connection'], source: ['canonical_account_participants'] }],
    ['one user', { from: '2025-10-20', user_id: ['202'], timezone: 'America/Santiago' }],
  ];

  describe('GET /v1/activity/summary', () => {
    it('answers the spec shape with the list’s filters echo', async () => {
      const { status, body } = await callOperation('getActivitySummary', mock, '/v1/activity/summary?from=2026-01-01&account_id=102,101&timezone=Asia/Kathmandu');
      expect(status).toBe(200);
      schemas.getActivitySummary.responses['200'].parse(body);
      expect(body.data).toMatchObject({
        generated_at: '2026-01-15T12:00:00Z',
        timezone: 'Asia/Kathmandu',
        filters: { from: '2025-12-31T18:15:00Z', to: '2026-01-15T12:00:00Z', to_exclusive: true, account_ids: ['102', '101'], tag_attribution: 'unavailable' },
      });
    });

    it.each(FILTER_SETS)('agrees with a walk of GET /v1/activity: %s', async (_label, query) => {
      const client = sdk(mock);
      const [summary, firstPage] = await Promise.all([client.activity.summary(query), client.activity.list({ ...query, limit: 200 })]);
      const events = await collect(client.activity.list({ ...query, limit: 200 }));
      expect(events.length).toBeGreaterThan(0);
      expect(summary.filters).toEqual(firstPage.filters);
      expect(summary.total_events).toBe(events.length);
      expect(summary.by_event_type).toEqual(countBy(events, (event) => event.event_type));
      expect(summary.by_channel).toEqual(countBy(events, (event) => event.channel));
      expect(summary.by_source).toEqual(countBy(events, (event) => event.source));
      expect(summary.by_user).toEqual(countBy(events, (event) => event.user_id));
      expect(summary.by_account).toEqual(countBy(events, (event) => event.account_id));
      expect(summary.by_day).toEqual(countBy(events, (event) => localDay(event.occurred_at, summary.timezone)));
    });

    it('groups days by the local date of the requested zone', async () => {
      const client = sdk(mock);
      const query = { from: '2026-01-05', to: '2026-01-09' };
      const utc = await client.activity.summary(query);
      const kathmandu = await client.activity.summary({ ...query, timezone: 'Asia/Kathmandu' });
      expect(Object.keys(utc.by_day)).toEqual(['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09']);
      expect(Object.keys(kathmandu.by_day).every((day) => day >= '2026-01-05' && day <= '2026-01-09')).toBe(true);
      // The same dates read in another zone are other instants, so the counts move.
      expect(kathmandu.filters.from).toBe('2026-01-04T18:15:00Z');
      expect(kathmandu.by_day).not.toEqual(utc.by_day);
    });

    it('leaves out keys without events and counts zero events as an empty summary', async () => {
      const { body } = await callOperation('getActivitySummary', mock, '/v1/activity/summary?from=2020-01-01&to=2020-01-02');
      expect(body.data).toMatchObject({ total_events: 0, by_event_type: {}, by_channel: {}, by_source: {}, by_day: {}, by_user: {}, by_account: {} });
      // toMatchObject takes `{}` for any object: each count is checked to be empty itself.
      const { by_event_type, by_channel, by_source, by_day, by_user, by_account } = body.data;
      expect({ by_event_type, by_channel, by_source, by_day, by_user, by_account }).toEqual({
        by_event_type: {},
        by_channel: {},
        by_source: {},
        by_day: {},
        by_user: {},
        by_account: {},
      });
    });

    it('is for admins only', async () => {
      const { status, body } = await callOperation('getActivitySummary', mock, '/v1/activity/summary', { key: MEMBER });
      expect(status).toBe(403);
      expect(body.code).toBe('forbidden');
      expect((await callOperation('getActivitySummary', mock, '/v1/activity/summary', { key: ADMIN })).status).toBe(200);
    });
  });
});

// Datasets anchored after each change, so their 90 days of events cover the changing days.
describe('mocks anchored around daylight-saving changes', () => {
  const spring = createTestMock({ baseUrl: 'https://spring.network.test', now: '2024-03-20T00:00:00Z' });
  const autumn = createTestMock({ baseUrl: 'https://autumn.network.test', now: '2024-11-20T00:00:00Z' });
  const chile = createTestMock({ baseUrl: 'https://chile.network.test', now: '2024-09-20T00:00:00Z' });
  serve(spring, autumn, chile);

  const HOUR = 3_600_000;

  async function day(mock: typeof spring, date: string, timezone: string) {
    const { status, body } = await callOperation('listActivity', mock, `/v1/activity?from=${date}&to=${date}&timezone=${timezone}&limit=200`);
    expect(status).toBe(200);
    const { from, to } = body.data.filters;
    return { from, to, hours: (Date.parse(to) - Date.parse(from)) / HOUR };
  }

  function localDay(instant: string, timeZone: string): string {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
  }

  describe('activity days in time zones', () => {
    it('gives New York’s spring-forward day 23 hours', async () => {
      expect(await day(spring, '2024-03-10', 'America/New_York')).toEqual({ from: '2024-03-10T05:00:00Z', to: '2024-03-11T04:00:00Z', hours: 23 });
    });

    it('gives New York’s fall-back day 25 hours', async () => {
      expect(await day(autumn, '2024-11-03', 'America/New_York')).toEqual({ from: '2024-11-03T04:00:00Z', to: '2024-11-04T05:00:00Z', hours: 25 });
    });

    it.each([
      ['Asia/Kolkata', '2024-03-14T18:30:00Z', '2024-03-15T18:30:00Z'],
      ['Asia/Kathmandu', '2024-03-14T18:15:00Z', '2024-03-15T18:15:00Z'],
    ])('reads days in %s, whose offset is not whole hours', async (zone, from, to) => {
      expect(await day(spring, '2024-03-15', zone)).toEqual({ from, to, hours: 24 });
    });

    it.each([
      [chile, 'America/Santiago', '2024-09-08', '2024-09-08T04:00:00Z', '2024-09-09T03:00:00Z'],
      [spring, 'America/Havana', '2024-03-10', '2024-03-10T05:00:00Z', '2024-03-11T04:00:00Z'],
    ])('starts a day without a local midnight at its first local instant (%s)', async (mock, zone, date, from, to) => {
      expect(await day(mock, date, zone)).toEqual({ from, to, hours: 23 });
    });

    it('lists and counts exactly the events of the 23-hour and 25-hour days', async () => {
      for (const [mock, date] of [[spring, '2024-03-10'], [autumn, '2024-11-03']] as const) {
        const client = sdk(mock);
        const query = { from: date, to: date, timezone: 'America/New_York', limit: 200 };
        const events: ActivityEvent[] = await collect(client.activity.list(query));
        const month: ActivityEvent[] = await collect(client.activity.list({ ...query, from: undefined, to: undefined }));
        expect(events.length).toBeGreaterThan(0);
        // Every event of the whole default window that falls on the local day, and nothing else.
        const expected = month.filter((event) => localDay(event.occurred_at, 'America/New_York') === date).map((event) => event.id);
        expect(events.map((event) => event.id)).toEqual(expected);
        const { limit: _limit, ...summaryQuery } = query;
        const summary = await client.activity.summary(summaryQuery);
        expect(summary.by_day).toEqual({ [date]: events.length });
      }
    });

    it('keys summary days by the local date across the change', async () => {
      const summary = await sdk(spring).activity.summary({ from: '2024-03-09', to: '2024-03-11', timezone: 'America/New_York' });
      const events = await collect(sdk(spring).activity.list({ from: '2024-03-09', to: '2024-03-11', timezone: 'America/New_York', limit: 200 }));
      const counts: Record<string, number> = {};
      for (const event of events) counts[localDay(event.occurred_at, 'America/New_York')] = (counts[localDay(event.occurred_at, 'America/New_York')] ?? 0) + 1;
      expect(summary.by_day).toEqual(counts);
      expect(Object.keys(summary.by_day).every((key) => ['2024-03-09', '2024-03-10', '2024-03-11'].includes(key))).toBe(true);
    });
  });
});

describe('the window arithmetic the routes share', () => {
  const NOW = new Date('2024-03-20T00:00:00Z');

  function windowOf(from: string | undefined, to: string | undefined, timezone = 'UTC') {
    const window = activityWindow({ from, to, timezone }, NOW);
    return { from: formatInstant(window.from), to: formatInstant(window.to), hours: (window.to.getTime() - window.from.getTime()) / 3_600_000 };
  }

  function rejection(run: () => unknown): MockApiError {
    try {
      run();
    } catch (error) {
      if (error instanceof MockApiError) return error;
      throw error;
    }
    throw new Error('expected a 400');
  }

  describe('activity window', () => {
    it.each([
      ['UTC', '2024-03-10', '2024-03-10T00:00:00Z', '2024-03-11T00:00:00Z', 24],
      ['America/New_York', '2024-03-10', '2024-03-10T05:00:00Z', '2024-03-11T04:00:00Z', 23],
      ['America/New_York', '2024-11-03', '2024-11-03T04:00:00Z', '2024-11-04T05:00:00Z', 25],
      ['Asia/Kolkata', '2024-03-10', '2024-03-09T18:30:00Z', '2024-03-10T18:30:00Z', 24],
      ['Asia/Kathmandu', '2024-03-10', '2024-03-09T18:15:00Z', '2024-03-10T18:15:00Z', 24],
      // Local midnight does not exist: the day starts at 01:00 local, the first instant that does.
      ['America/Santiago', '2024-09-08', '2024-09-08T04:00:00Z', '2024-09-09T03:00:00Z', 23],
      ['America/Havana', '2024-03-10', '2024-03-10T05:00:00Z', '2024-03-11T04:00:00Z', 23],
    ])('reads the date-only day in %s: %s', (timezone, day, from, to, hours) => {
      expect(windowOf(day, day, timezone)).toEqual({ from, to, hours });
    });

    it('advances a date-only `to` across a month end', () => {
      expect(windowOf('2024-02-28', '2024-02-29', 'Europe/Berlin')).toMatchObject({ from: '2024-02-27T23:00:00Z', to: '2024-02-29T23:00:00Z' });
    });

    it('takes RFC 3339 instants as they are, whatever the zone', () => {
      expect(windowOf('2024-03-10T00:00:00-05:00', '2024-03-10T12:30:00.250+05:45', 'Asia/Tokyo')).toMatchObject({
        from: '2024-03-10T05:00:00Z',
        to: '2024-03-10T06:45:00.250Z',
      });
    });

    it('ends at `now` without `to` and starts 30 local days before `to` without `from`', () => {
      expect(windowOf(undefined, undefined)).toMatchObject({ from: '2024-02-19T00:00:00Z', to: '2024-03-20T00:00:00Z' });
      // 30 local days back from 2024-03-20 00:00 New York cross the change to daylight time on 2024-03-10.
      expect(windowOf(undefined, '2024-03-19', 'America/New_York')).toMatchObject({ from: '2024-02-19T05:00:00Z', to: '2024-03-20T04:00:00Z' });
    });

    it.each(['2024-02-30', '2024-13-01', 'yesterday', '2024-03-10T25:00:00Z', '2024-03-10T10:00:00', '2024-03-10T10:00:00+24:00', '20240310', ''])(
      'rejects %j as `from`',
      (value) => {
        const error = rejection(() => windowOf(value, '2024-03-19'));
        expect(error.status).toBe(400);
        expect(error.code).toBe('bad_request');
        expect(error.message).toContain('"from"');
      },
    );

    it('explains an offset whose "+" was not encoded in the URL', () => {
      expect(rejection(() => windowOf('2024-03-10T00:00:00 05:00', undefined)).message).toContain('%2B');
    });

    it('rejects a window whose end is not after its start', () => {
      expect(rejection(() => windowOf('2024-03-10T00:00:00Z', '2024-03-10T00:00:00Z')).message).toContain('must be after');
      expect(rejection(() => windowOf('2024-03-11', '2024-03-10')).status).toBe(400);
    });
  });

  describe('time zone names', () => {
    it.each(['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Etc/GMT+5'])('accepts %s and keeps the name', (name) => {
      expect(checkTimeZone(name)).toBe(name);
    });

    it.each(['Mars/Olympus_Mons', '+05:00', 'UTC+1', '', 'America/New York'])('rejects %j', (name) => {
      const error = rejection(() => checkTimeZone(name));
      expect(error.code).toBe('bad_request');
      expect(error.message).toContain('"timezone"');
    });
  });
});
