import type { ActivityEvent } from '@network-org/spec/openapi';
import type { ActivityEventRecord } from '../store/types';

export function activityEventWire(event: ActivityEventRecord): ActivityEvent {
  return {
    id: event.id,
    occurred_at: event.occurred_at,
    recorded_at: event.recorded_at,
    // The dataset only records the spec's event types.
    event_type: event.event_type as ActivityEvent['event_type'],
    source: event.source,
    channel: event.channel,
    user_id: event.user_id,
    account_id: event.account_id,
    subject_key: event.subject_key,
    attribution_method: event.attribution_method,
    metadata: { ...event.metadata },
  };
}
