import { TZDate } from '@date-fns/tz';
import { subDays } from 'date-fns/subDays';
import { badRequest } from '../engine/errors';

/** The instants `[from, to)` an activity request covers. */
export interface ActivityWindow {
  from: Date;
  to: Date;
}

export interface ActivityWindowInput {
  from?: string | undefined;
  to?: string | undefined;
  /** An IANA zone, already checked by `checkTimeZone`. */
  timezone: string;
}

/** When `from` is absent the window starts this many local days before `to` (spec: listActivity). */
export const DEFAULT_WINDOW_DAYS = 30;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;
const FORMS = 'an RFC 3339 date-time such as 2024-03-10T00:00:00-05:00 or 2024-03-10T05:00:00Z, or a date such as 2024-03-10';

/** The name if it is an IANA time zone the runtime knows; 400 otherwise. */
export function checkTimeZone(name: string): string {
  // Intl also accepts bare offsets such as "+05:00"; the parameter takes zone names only.
  const looksLikeZoneName = /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name);
  try {
    if (looksLikeZoneName) {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      return name;
    }
  } catch {
    // Reported below with the same message as a malformed name.
  }
  throw badRequest(
    `Invalid query parameter "timezone": ${JSON.stringify(name)} is not an IANA time zone. Use a name such as UTC, America/New_York or Asia/Kolkata.`,
  );
}

// The instants RFC 3339 can write: years 0000 to 9999.
const FIRST_INSTANT = new Date('0000-01-01T00:00:00Z').getTime();
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
// Date.UTC and TZDate read years 0 to 99 as 1900 to 1999; 400 Gregorian years later the calendar is the same.
const GREGORIAN_CYCLE_YEARS = 400;
const GREGORIAN_CYCLE_MS = 146_097 * 86_400_000;

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

type ParsedBound = { kind: 'instant'; instant: Date } | { kind: 'date'; year: number; month: number; day: number };

function invalidBound(name: string, value: string, hint = ''): never {
  throw badRequest(`Invalid query parameter "${name}": ${JSON.stringify(value)} is not ${FORMS}.${hint}`);
}

function parseBound(name: 'from' | 'to', value: string): ParsedBound {
  const date = DATE_ONLY.exec(value);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    if (!isCalendarDate(year, month, day)) invalidBound(name, value, ' That day does not exist.');
    return { kind: 'date', year, month, day };
  }
  const dateTime = DATE_TIME.exec(value);
  if (!dateTime) {
    // A '+' written unencoded in a URL arrives as a space.
    const hint = / \d{2}:\d{2}$/.test(value) ? ' Encode the "+" of an offset as %2B in the URL.' : '';
    invalidBound(name, value, hint);
  }
  const [year, month, day, hour, minute, second] = dateTime.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const offsetHours = dateTime[10] === undefined ? 0 : Number(dateTime[10]);
  const offsetMinutes = dateTime[11] === undefined ? 0 : Number(dateTime[11]);
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) {
    invalidBound(name, value, ' A field is out of range.');
  }
  const instant = new Date(value.toUpperCase());
  if (Number.isNaN(instant.getTime())) invalidBound(name, value);
  return { kind: 'instant', instant };
}

/**
 * The first instant of a local calendar day (a day past the month's end rolls over); where local midnight does
 * not exist, the first local instant that does.
 */
function startOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  if (year < 100) return new Date(startOfLocalDay(year + GREGORIAN_CYCLE_YEARS, month, day, timeZone).getTime() - GREGORIAN_CYCLE_MS);
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}

/** 400 unless the window's bound is an instant RFC 3339 can write (the answer echoes it in `filters`). */
function checkWritable(name: 'from' | 'to', instant: Date): Date {
  const time = instant.getTime();
  if (time < FIRST_INSTANT || time > LAST_INSTANT) {
    const which = name === 'to' ? 'end (to is exclusive: a date stands for the start of the next day)' : 'start';
    throw badRequest(`Invalid query parameter "${name}": the window's ${which} must lie in the years 0000 to 9999.`);
  }
  return instant;
}

/**
 * Normalizes `from` (inclusive) and `to` (exclusive): a date is read in `timezone`, and a date `to` advances to
 * the start of the following local day. Absent `to` is `now`; absent `from` is 30 local days before `to`.
 */
export function activityWindow(input: ActivityWindowInput, now: Date): ActivityWindow {
  const { timezone } = input;
  let to: Date;
  if (input.to === undefined) {
    to = now;
  } else {
    const bound = parseBound('to', input.to);
    to =
      bound.kind === 'instant'
        ? bound.instant
        : startOfLocalDay(bound.year, bound.month, bound.day + 1, timezone);
  }
  let from: Date;
  if (input.from === undefined) {
    from = new Date(subDays(new TZDate(to.getTime(), timezone), DEFAULT_WINDOW_DAYS).getTime());
  } else {
    const bound = parseBound('from', input.from);
    from = bound.kind === 'instant' ? bound.instant : startOfLocalDay(bound.year, bound.month, bound.day, timezone);
  }
  checkWritable('to', to);
  checkWritable('from', from);
  if (to.getTime() <= from.getTime()) {
    throw badRequest(
      `Invalid activity window: "to" (${formatInstant(to)}, exclusive) must be after "from" (${formatInstant(from)}).`,
    );
  }
  return { from, to };
}

/** An RFC 3339 UTC instant, without fractional seconds when there are none (as the spec's examples). */
export function formatInstant(instant: Date): string {
  return instant.toISOString().replace('.000Z', 'Z');
}
