import type { ActivityEvent } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import type { Answer } from '../call';
import { itemsOf, paginationOf } from './lists';

/** A week-long window given as dates, ending the day after the dataset's newest events could be. */
export const WINDOW = { from: '2026-01-05', to: '2026-01-11', timezone: 'America/New_York' };

type Filters = Record<string, unknown> & { from?: string; to?: string; to_exclusive?: boolean };
type Summary = Record<string, unknown> & { total_events?: number };
export const dataOf = (answer: { body: unknown }) => (answer.body as { data?: Summary & { filters?: Filters; timezone?: string } } | undefined)?.data;

/** The start of the local day `date` in `zone`, as a UTC instant (whole-hour offsets are enough for a check). */
export function localMidnight(date: string, zone: string): string {
  const guess = new Date(`${date}T00:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(guess);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asLocal = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return new Date(guess.getTime() - (asLocal - guess.getTime())).toISOString();
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The local date (`YYYY-MM-DD`) of an instant in `zone`. */
export function localDate(instant: string, zone: string): string {
  let format = dateFormats.get(zone);
  if (!format) dateFormats.set(zone, (format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(new Date(instant));
}

export function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const sameInstant = (a: unknown, b: string) => typeof a === 'string' && Date.parse(a) === Date.parse(b);

export function expectWindow(t: ScenarioContext, filters: Filters | undefined, from: string, to: string) {
  t.check(sameInstant(filters?.from, from), { path: '$.data.filters.from', expected: from, actual: JSON.stringify(filters?.from) });
  t.check(sameInstant(filters?.to, to), { path: '$.data.filters.to', expected: to, actual: JSON.stringify(filters?.to) });
  t.equal('$.data.filters.to_exclusive', filters?.to_exclusive, true);
}

/** A filter of the activity list and summary: its parameter, the event field it selects on, its echo and its count map. */
export interface ActivityFilter {
  id: string;
  param: string;
  field: 'event_type' | 'account_id' | 'user_id' | 'channel' | 'source';
  echo: string;
  map: string;
}

export const ACTIVITY_FILTERS: ActivityFilter[] = [
  { id: 'event-type', param: 'event_type', field: 'event_type', echo: 'event_types', map: 'by_event_type' },
  { id: 'account', param: 'account_id', field: 'account_id', echo: 'account_ids', map: 'by_account' },
  { id: 'user', param: 'user_id', field: 'user_id', echo: 'user_ids', map: 'by_user' },
  { id: 'channel', param: 'channel', field: 'channel', echo: 'channels', map: 'by_channel' },
  { id: 'source', param: 'source', field: 'source', echo: 'sources', map: 'by_source' },
];

/** The answer's `filters` repeat the value given (the echo of a filter is an array of the values). */
export function expectEcho(t: ScenarioContext, answer: Answer, filter: ActivityFilter, value: string): void {
  const echoed = dataOf(answer)?.filters?.[filter.echo];
  t.check(Array.isArray(echoed) && echoed.includes(value), { path: `$.data.filters.${filter.echo}`, expected: `[${JSON.stringify(value)}]`, actual: JSON.stringify(echoed) ?? 'missing' });
}

/**
 * The events of the default window (the first 200) and a value of `filter.field` to filter on: the one fewest
 * events have, so that the filter narrows the list wherever the data allows it.
 */
export async function filterValue(t: ScenarioContext, filter: ActivityFilter): Promise<{ value: string; unfiltered: ActivityEvent[]; complete: boolean }> {
  const answer = await t.call('listActivity', { query: { limit: 200 } });
  if (!t.expectOk(answer)) return t.stop();
  const unfiltered = itemsOf(answer, 'listActivity');
  const counts = new Map<string, number>();
  for (const event of unfiltered) counts.set(event[filter.field], (counts.get(event[filter.field]) ?? 0) + 1);
  const value = [...counts].sort(([a, x], [b, y]) => x - y || a.localeCompare(b))[0]?.[0];
  if (value === undefined) return t.skip('the organization has no activity in the default window');
  return { value, unfiltered, complete: paginationOf(answer).has_more !== true };
}
