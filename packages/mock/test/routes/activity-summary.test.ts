import type { ActivityEvent, ActivitySummaryQuery } from '@network-org/sdk';
import { operations as schemas } from '@network-org/sdk/zod';
import { describe, expect, it } from 'vitest';
import { ADMIN, MEMBER, callOperation, createTestMock, sdk, serve, collect } from '../support/harness';

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
