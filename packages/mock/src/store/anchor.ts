/** The `now` that anchors a dataset (or a loaded state) at the current instant. */
export const PRESENT = 'now';

/**
 * What is wrong with a dataset anchor (`now` of createMockApi, reset, `--now`, `POST /__mock/reset`), if anything:
 * `'now'` (the current instant) or
 * it must be a date-time Date reads, of a real calendar day (no 2026-02-30 rolled into March) in the years 1 to
 * 9999 (a dataset reaches 90 days back and some years around it; expanded years overflow Date).
 */
export function anchorProblem(now: string | Date | undefined): string | undefined {
  if (now === undefined || now === PRESENT) return undefined;
  const shown = now instanceof Date ? String(now) : JSON.stringify(now);
  const problem = `now must be an ISO date-time such as 2026-01-15T12:00:00Z, or now, got ${shown}`;
  const time = new Date(now).getTime();
  if (Number.isNaN(time)) return problem;
  const year = new Date(time).getUTCFullYear();
  if (year < 1 || year > 9999) return `${problem} (the year must be from 1 to 9999)`;
  if (typeof now === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(now.trim());
    if (!day && /^[+-]/.test(now.trim())) return `${problem} (the year must be from 1 to 9999)`;
    if (day) {
      const [year, month, date] = day.slice(1).map(Number) as [number, number, number];
      const calendar = new Date(0);
      calendar.setUTCFullYear(year, month - 1, date);
      if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== date) return `${problem} (no such day)`;
    }
  }
  return undefined;
}

/** Per anchor, the ISO texts of instants before it, by minutes before. */
const textsBefore = new WeakMap<Date, Map<number, string>>();

/**
 * `new Date(now.getTime() - msBefore).toISOString()`, each text made once per anchor: seeded times are whole days,
 * hours or minutes before the anchor, so 100,000 contacts share a few thousand texts instead of formatting (and
 * keeping) hundreds of thousands of copies.
 */
function isoBefore(now: Date, msBefore: number): string {
  // Keyed by whole minutes, small integers that a Map hashes fast (days in milliseconds are not).
  const minutes = msBefore / 60_000;
  if (!Number.isInteger(minutes)) return new Date(now.getTime() - msBefore).toISOString();
  let texts = textsBefore.get(now);
  if (!texts) textsBefore.set(now, (texts = new Map()));
  let text = texts.get(minutes);
  if (text === undefined) texts.set(minutes, (text = new Date(now.getTime() - msBefore).toISOString()));
  return text;
}

/** Units of seeded times, in milliseconds. */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * The ISO text of the instant `count` units (days unless told) before the anchor `now`, after it for a negative
 * count: how the dataset and the network's generator write every seeded time.
 */
export function timeBefore(now: Date, count: number, unit: number = DAY): string {
  return isoBefore(now, count * unit);
}
