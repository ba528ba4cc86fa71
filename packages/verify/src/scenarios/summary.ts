import type { ActivityEvent } from '@network-org/sdk';
import { ACTIVITY_FILTERS, type ActivityFilter, dataOf, expectEcho, expectWindow, filterValue, localDate, localMidnight, nextDay, WINDOW } from './activity-window';
import { walk } from './lists';
import type { Scenario } from './scenario';

/** Each count map of the summary and what it counts of an event. */
const COUNTED: [map: string, key: (event: ActivityEvent, timezone: string) => string][] = [
  ['by_event_type', (event) => event.event_type],
  ['by_channel', (event) => event.channel],
  ['by_source', (event) => event.source],
  ['by_day', (event, timezone) => localDate(event.occurred_at, timezone)],
  ['by_user', (event) => event.user_id],
  ['by_account', (event) => event.account_id],
];

/** Counts by key, keys sorted (a count map leaves out keys without events). */
function countsOf(events: ActivityEvent[], key: (event: ActivityEvent) => string): Record<string, number> {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(key(event), (counts.get(key(event)) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

const sorted = (map: unknown) => (map && typeof map === 'object' ? Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b))) : map);

/** The summary with a filter: the filters echo it, its count map holds only that value, and its total is the unfiltered summary's count of it. */
function summaryFilter(filter: ActivityFilter): Scenario {
  return {
    id: `summary.filter.${filter.id}`,
    operation: 'getActivitySummary',
    behaviour: 'filter',
    title: `${filter.param} counts only the events whose ${filter.field} it names: the unfiltered summary's count of it`,
    source: 'description: Endpoints',
    async run(t) {
      const { value } = await filterValue(t, filter);
      const all = await t.call('getActivitySummary', {});
      const filtered = await t.call('getActivitySummary', { query: { [filter.param]: [value] } });
      if (!t.expectOk(all) || !t.expectOk(filtered)) return;
      expectEcho(t, filtered, filter, value);
      const counted = (dataOf(all)?.[filter.map] as Record<string, number> | undefined)?.[value] ?? 0;
      t.equal(`$.data.${filter.map}`, sorted(dataOf(filtered)?.[filter.map]), counted > 0 ? { [value]: counted } : {}, `${filter.param}=${value}`);
      t.equal('$.data.total_events', dataOf(filtered)?.total_events, counted, `the unfiltered summary's ${filter.map}[${JSON.stringify(value)}]`);
    },
  };
}

export const summaryScenarios: Scenario[] = [
  {
    id: 'summary.envelope',
    operation: 'getActivitySummary',
    behaviour: 'envelope',
    title: 'the summary comes as {data: <summary>} of the spec’s schema, with the window echoed',
    source: 'description: Endpoints',
    async run(t) {
      const answer = await t.call('getActivitySummary', { query: WINDOW });
      if (!t.expectOk(answer)) return;
      expectWindow(t, dataOf(answer)?.filters, localMidnight(WINDOW.from, WINDOW.timezone), localMidnight(nextDay(WINDOW.to), WINDOW.timezone));
    },
  },
  {
    id: 'summary.tag.rejected',
    operation: 'getActivitySummary',
    behaviour: 'refusal',
    title: 'tag on the activity summary is 400 bad_request',
    source: 'description: Errors',
    async run(t) {
      t.expectError(await t.call('getActivitySummary', { query: { tag: 'VIP' } }), 400, 'bad_request');
    },
  },
  {
    id: 'summary.counts-the-list',
    operation: 'getActivitySummary',
    behaviour: 'filter',
    title: 'the summary counts the events the list gives for the same window (the default one, and a week of local days): in total, and by type, channel, source, local day, user and account',
    source: 'decision',
    async run(t) {
      const windows: { query: Record<string, string>; timezone: string; name: string }[] = [
        { query: {}, timezone: 'UTC', name: 'the default window' },
        { query: WINDOW, timezone: WINDOW.timezone, name: `${WINDOW.from} to ${WINDOW.to} in ${WINDOW.timezone}` },
      ];
      for (const window of windows) {
        const answer = await t.call('getActivitySummary', { query: window.query });
        if (!t.expectOk(answer)) return;
        const { items: events, complete } = await walk(t, 'listActivity', { query: { ...window.query, limit: 200 } }, 10);
        if (!complete) return t.skip('the window holds more than 2,000 events: too many to count by listing');
        const summary = dataOf(answer);
        const note = `the events listed in ${window.name}, counted`;
        t.equal('$.data.total_events', summary?.total_events, events.length, note);
        for (const [map, key] of COUNTED) t.equal(`$.data.${map}`, sorted(summary?.[map]), countsOf(events, (event) => key(event, window.timezone)), note);
      }
    },
  },
  ...ACTIVITY_FILTERS.map(summaryFilter),
];
