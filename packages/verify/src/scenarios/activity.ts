import type { ActivityEvent } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import { itemsOf, listScenarios, walk } from './lists';
import type { Scenario } from './scenario';

const noQuery = async () => ({});

/** A week-long window given as dates, ending the day after the dataset's newest events could be. */
const WINDOW = { from: '2026-01-05', to: '2026-01-11', timezone: 'America/New_York' };

type Filters = { from?: string; to?: string; to_exclusive?: boolean };
const dataOf = (answer: { body: unknown }) => (answer.body as { data?: { filters?: Filters; timezone?: string; total_events?: number } } | undefined)?.data;

/** The start of the local day `date` in `zone`, as a UTC instant (whole-hour offsets are enough for a check). */
function localMidnight(date: string, zone: string): string {
  const guess = new Date(`${date}T00:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(guess);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asLocal = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return new Date(guess.getTime() - (asLocal - guess.getTime())).toISOString();
}

function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const sameInstant = (a: unknown, b: string) => typeof a === 'string' && Date.parse(a) === Date.parse(b);

function expectWindow(t: ScenarioContext, filters: Filters | undefined, from: string, to: string) {
  t.check(sameInstant(filters?.from, from), { path: '$.data.filters.from', expected: from, actual: JSON.stringify(filters?.from) });
  t.check(sameInstant(filters?.to, to), { path: '$.data.filters.to', expected: to, actual: JSON.stringify(filters?.to) });
  t.equal('$.data.filters.to_exclusive', filters?.to_exclusive, true);
}

async function events(t: ScenarioContext, query: Record<string, unknown>): Promise<ActivityEvent[] | undefined> {
  const answer = await t.call('listActivity', { query: { limit: 200, ...query } });
  return t.expectOk(answer) ? (itemsOf(answer, 'listActivity') as unknown as ActivityEvent[]) : undefined;
}

function everyEvent(t: ScenarioContext, list: ActivityEvent[], field: keyof ActivityEvent, expected: string) {
  let reported = 0;
  list.forEach((event, index) => {
    if (event[field] !== expected && reported++ < 3) t.differ({ path: `$.data.activity[${index}].${field}`, expected, actual: JSON.stringify(event[field]) });
  });
}

export const activityScenarios: Scenario[] = [
  ...listScenarios({ operation: 'listActivity', name: 'activity', query: noQuery, otherQuery: async () => ({ event_type: ['message_sent'] }) }),
  {
    id: 'activity.tag.rejected',
    operation: 'listActivity',
    behaviour: 'refusal',
    title: 'tag on the activity list is 400 bad_request',
    source: 'description §7',
    async run(t) {
      t.expectError(await t.call('listActivity', { query: { tag: 'VIP' } }), 400, 'bad_request');
    },
  },
  {
    id: 'activity.window.date-only',
    operation: 'listActivity',
    behaviour: 'window',
    title: 'date-only from and to are read in timezone; filters echo from, the following local midnight as to, and to_exclusive true',
    source: 'description §4',
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
    source: 'description §4',
    async run(t) {
      const from = '2026-01-01T00:00:00Z';
      const to = '2026-01-08T00:00:00Z';
      const answer = await t.call('listActivity', { query: { from, to, limit: 200 } });
      if (!t.expectOk(answer)) return;
      expectWindow(t, dataOf(answer)?.filters, from, to);
      (itemsOf(answer, 'listActivity') as unknown as ActivityEvent[]).forEach((event, index) => {
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
    id: 'activity.filter.event-type',
    operation: 'listActivity',
    behaviour: 'filter',
    title: 'event_type gives only events of that type',
    source: 'description §4',
    async run(t) {
      const list = await events(t, { event_type: ['message_sent'] });
      if (list) everyEvent(t, list, 'event_type', 'message_sent');
    },
  },
  {
    id: 'activity.filter.account',
    operation: 'listActivity',
    behaviour: 'filter',
    title: 'account_id gives only events of that account',
    source: 'description §4',
    async run(t) {
      const id = await t.facts.accountId();
      const list = await events(t, { account_id: [id] });
      if (list) everyEvent(t, list, 'account_id', id);
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
    id: 'summary.envelope',
    operation: 'getActivitySummary',
    behaviour: 'envelope',
    title: 'the summary comes as {data: <summary>} of the spec’s schema, with the window echoed',
    source: 'description §4',
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
    source: 'description §7',
    async run(t) {
      t.expectError(await t.call('getActivitySummary', { query: { tag: 'VIP' } }), 400, 'bad_request');
    },
  },
  {
    id: 'summary.counts-the-list',
    operation: 'getActivitySummary',
    behaviour: 'filter',
    title: 'total_events is the number of events the list gives for the same filters',
    source: 'decision',
    async run(t) {
      const answer = await t.call('getActivitySummary', { query: WINDOW });
      if (!t.expectOk(answer)) return;
      const { items, complete } = await walk(t, 'listActivity', { query: { ...WINDOW, limit: 200 } }, 10);
      if (!complete) return t.skip('the window holds more than 2,000 events: too many to count by listing');
      t.equal('$.data.total_events', dataOf(answer)?.total_events, items.length, 'events listed in the same window');
    },
  },
  {
    id: 'activity.filter.channel',
    operation: 'listActivity',
    behaviour: 'filter',
    title: 'channel gives only events of that channel',
    source: 'description §4',
    async run(t) {
      const channel = (await events(t, {}))?.at(-1)?.channel;
      if (!channel) return t.skip('the organization has no activity in the default window');
      const list = await events(t, { channel: [channel] });
      if (list) everyEvent(t, list, 'channel', channel);
    },
  },
  {
    id: 'activity.timezone.default',
    operation: 'listActivity',
    behaviour: 'window',
    title: 'without timezone, date-only bounds are read in UTC and the answer says timezone UTC',
    source: 'description §4',
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
