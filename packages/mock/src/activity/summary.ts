import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import type { ActivityEventRecord } from '../store/types';

export interface ActivityCounts {
  total_events: number;
  by_event_type: Record<string, number>;
  by_channel: Record<string, number>;
  by_source: Record<string, number>;
  /** Keyed by the local date (`YYYY-MM-DD`) of `occurred_at` in the summary's time zone. */
  by_day: Record<string, number>;
  by_user: Record<string, number>;
  by_account: Record<string, number>;
}

/** Counts keyed in ascending key order, so equal inputs give byte-identical output. */
function countBy(events: readonly ActivityEventRecord[], keyOf: (event: ActivityEventRecord) => string): Record<string, number> {
  const counts = new Map<string, number>();
  for (const event of events) {
    const key = keyOf(event);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The counts of `events` in total and by type, channel, source, local day in `timeZone`, user and account. */
export function summarizeActivity(events: readonly ActivityEventRecord[], timeZone: string): ActivityCounts {
  const inZone = tz(timeZone);
  return {
    total_events: events.length,
    by_event_type: countBy(events, (event) => event.event_type),
    by_channel: countBy(events, (event) => event.channel),
    by_source: countBy(events, (event) => event.source),
    by_day: countBy(events, (event) => format(new Date(event.occurred_at), 'yyyy-MM-dd', { in: inZone })),
    by_user: countBy(events, (event) => event.user_id),
    by_account: countBy(events, (event) => event.account_id),
  };
}
