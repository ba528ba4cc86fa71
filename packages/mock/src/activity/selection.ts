import type { ActivityEventRecord } from '../store/types';
import type { ActivityWindow } from './window';

/** What an activity request selects; empty lists mean "any". */
export interface ActivitySelection extends ActivityWindow {
  organization_id: number;
  account_ids: readonly string[];
  user_ids: readonly string[];
  event_types: readonly string[];
  channels: readonly string[];
  sources: readonly string[];
}

const allows = (values: readonly string[], value: string) => values.length === 0 || values.includes(value);

/** The organization's events in `[from, to)` that pass every filter, newest first (then id descending). */
export function selectActivity(events: readonly ActivityEventRecord[], selection: ActivitySelection): ActivityEventRecord[] {
  const from = selection.from.getTime();
  const to = selection.to.getTime();
  const selected: { event: ActivityEventRecord; at: number }[] = [];
  for (const event of events) {
    const at = Date.parse(event.occurred_at);
    if (
      event.organization_id === selection.organization_id &&
      at >= from &&
      at < to &&
      allows(selection.account_ids, event.account_id) &&
      allows(selection.user_ids, event.user_id) &&
      allows(selection.event_types, event.event_type) &&
      allows(selection.channels, event.channel) &&
      allows(selection.sources, event.source)
    ) {
      selected.push({ event, at });
    }
  }
  selected.sort((a, b) => b.at - a.at || Number(b.event.id) - Number(a.event.id));
  return selected.map(({ event }) => event);
}
