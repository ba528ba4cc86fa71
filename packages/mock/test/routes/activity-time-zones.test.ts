import type { ActivityEvent } from '@network-org/sdk';
import { describe, expect, it } from 'vitest';
import { callOperation, createTestMock, sdk, serve, collect } from '../support/harness';

// Datasets anchored after each change, so their 90 days of events cover the changing days.
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
