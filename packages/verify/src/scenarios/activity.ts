import type { ActivityEvent } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import { ACTIVITY_FILTERS, type ActivityFilter, dataOf, expectEcho, expectWindow, filterValue, localMidnight, nextDay, WINDOW } from './activity-window';
import { itemsOf, listScenarios } from './lists';
import type { Scenario } from './scenario';

const noQuery = async () => ({});

async function events(t: ScenarioContext, query: Record<string, unknown>): Promise<ActivityEvent[] | undefined> {
  const answer = await t.call('listActivity', { query: { limit: 200, ...query } });
  return t.expectOk(answer) ? (itemsOf(answer, 'listActivity')) : undefined;
}

/**
 * A filter of the activity list: every event has the value, the filters echo it, and the events are those of the
 * unfiltered list that have it, in the same order (all of them when that list was whole).
 */
function activityFilter(filter: ActivityFilter): Scenario {
  return {
    id: `activity.filter.${filter.id}`,
    operation: 'listActivity',
    behaviour: 'filter',
    title: `${filter.param} gives the events of the list whose ${filter.field} it names, and the filters echo it`,
    source: 'description: Endpoints',
    async run(t) {
      const { value, unfiltered, complete } = await filterValue(t, filter);
      const answer = await t.call('listActivity', { query: { limit: 200, [filter.param]: [value] } });
      if (!t.expectOk(answer)) return;
      const list = itemsOf(answer, 'listActivity');
      let reported = 0;
      list.forEach((event, index) => {
        if (event[filter.field] !== value && reported++ < 3) t.differ({ path: `$.data.activity[${index}].${filter.field}`, expected: value, actual: JSON.stringify(event[filter.field]) });
      });
      expectEcho(t, answer, filter, value);
      const expected = unfiltered.filter((event) => event[filter.field] === value).map((event) => event.id);
      const got = list.map((event) => event.id);
      t.equal('$.data.activity[*].id', complete ? got : got.slice(0, expected.length), expected, `the unfiltered list's events with ${filter.field} ${value}`);
    },
  };
}

export const activityScenarios: Scenario[] = [
  ...listScenarios({ operation: 'listActivity', name: 'activity', query: noQuery, otherQuery: async () => ({ event_type: ['message_sent'] }) }),
  ...ACTIVITY_FILTERS.map(activityFilter),
  {
    id: 'activity.tag.rejected',
    operation: 'listActivity',
    behaviour: 'refusal',
    title: 'tag on the activity list is 400 bad_request',
    source: 'description: Errors',
    async run(t) {
      t.expectError(await t.call('listActivity', { query: { tag: 'VIP' } }), 400, 'bad_request');
    },
  },
  {
    id: 'activity.window.date-only',
    operation: 'listActivity',
    behaviour: 'window',
    title: 'date-only from and to are read in timezone; filters echo from, the following local midnight as to, and to_exclusive true',
    source: 'description: Endpoints',
    async run(t) {
      const answer = await t.call('listActivity', { query: WINDOW });
      if (!t.expectOk(answer)) return;
      const data = dataOf(answer);
      t.equal('$.data.timezone', data?.timezone, WINDOW.timezone);
      expectWindow(t, data?.filters, localMidnight(WINDOW.from, WINDOW.timezone), localMidnight(nextDay(WINDOW.to), WINDOW.timezone));
    },
  },
  {
    id: 'activity.window.instants',
    operation: 'listActivity',
    behaviour: 'window',
    title: 'RFC 3339 from and to are echoed as given, and every event lies in [from, to)',
    source: 'description: Endpoints',
    async run(t) {
      const from = '2026-01-01T00:00:00Z';
      const to = '2026-01-08T00:00:00Z';
      const answer = await t.call('listActivity', { query: { from, to, limit: 200 } });
      if (!t.expectOk(answer)) return;
      expectWindow(t, dataOf(answer)?.filters, from, to);
      (itemsOf(answer, 'listActivity')).forEach((event, index) => {
        const at = Date.parse(event.occurred_at);
        t.check(at >= Date.parse(from) && at < Date.parse(to), { path: `$.data.activity[${index}].occurred_at`, expected: `in [${from}, ${to})`, actual: event.occurred_at });
      });
    },
  },
  {
    id: 'activity.timezone.unknown',
    operation: 'listActivity',
    behaviour: 'refusal',
    title: 'an unknown time zone is 400 bad_request',
    source: 'decision',
    async run(t) {
      t.expectError(await t.call('listActivity', { query: { ...WINDOW, timezone: 'Mars/Olympus_Mons' } }), 400, 'bad_request');
    },
  },
  {
    id: 'activity.order',
    operation: 'listActivity',
    behaviour: 'order',
    title: 'events come newest first (occurred_at descending)',
    source: 'decision',
    async run(t) {
      const list = await events(t, {});
      list?.forEach((event, index) => {
        const before = list[index - 1];
        if (before && Date.parse(before.occurred_at) < Date.parse(event.occurred_at)) {
          t.differ({ path: `$.data.activity[${index}].occurred_at`, expected: `not after the event before it (${before.occurred_at})`, actual: event.occurred_at });
        }
      });
    },
  },
  {
    id: 'activity.timezone.default',
    operation: 'listActivity',
    behaviour: 'window',
    title: 'without timezone, date-only bounds are read in UTC and the answer says timezone UTC',
    source: 'description: Endpoints',
    async run(t) {
      const window = { from: '2026-01-05', to: '2026-01-11' };
      const answer = await t.call('listActivity', { query: window });
      if (!t.expectOk(answer)) return;
      const data = dataOf(answer);
      t.equal('$.data.timezone', data?.timezone, 'UTC');
      expectWindow(t, data?.filters, localMidnight(window.from, 'UTC'), localMidnight(nextDay(window.to), 'UTC'));
    },
  },
];
