import { MINUTE, timeBefore } from '../anchor';
import type { AccountRecord, ActivityEventRecord, ContactRecord } from '../types';
import type { BuildContext } from './context';

// The accounts' activity: the events their messages, connection requests and sequence steps recorded.

/** Gathers an event; `numberActivity` gives the events their ids once all are in. */
export function addActivity(b: BuildContext, event: Omit<ActivityEventRecord, 'id' | 'recorded_at' | 'attribution_method'>): void {
  // Recorded a little after it occurred, never after `now`. Spelled out below, not spread, in the order the state file keeps.
  const recordedAt = Math.min(Date.parse(event.occurred_at) + b.random.int(1, 120) * 1000, b.store.now.getTime());
  b.activity.push({
    organization_id: event.organization_id,
    occurred_at: event.occurred_at,
    event_type: event.event_type,
    source: event.source,
    channel: event.channel,
    user_id: event.user_id,
    account_id: event.account_id,
    subject_key: event.subject_key,
    metadata: event.metadata,
    id: '',
    recorded_at: new Date(recordedAt).toISOString(),
    attribution_method: 'user_and_account',
  });
}

export function addConnectionActivity(b: BuildContext, account: AccountRecord, contacts: ContactRecord[]): void {
  // Connection and sequence facts beside the message facts, so reports see several types and channels.
  const count = Math.min(60, contacts.length);
  for (const contact of b.random.sample(contacts, count)) {
    const accepted = contact.relationship_status === 'connected';
    const occurredAt = timeBefore(b.store.now, b.random.int(60, 89 * 24 * 60), MINUTE);
    const fromSequence = contact.sequence !== null;
    addActivity(b, {
      organization_id: account.organization_id,
      occurred_at: occurredAt,
      event_type: 'connection_request_sent',
      source: fromSequence ? 'canonical_sequence_steps' : 'canonical_account_participants',
      channel: 'network_connection',
      user_id: account.owner_user_id,
      account_id: account.account_id,
      subject_key: `participant:${contact.person.provider_participant_id}`,
      metadata: {},
    });
    if (accepted) {
      addActivity(b, {
        organization_id: account.organization_id,
        occurred_at: new Date(Math.min(Date.parse(occurredAt) + b.random.int(1, 72) * 3_600_000, b.store.now.getTime() - 1000)).toISOString(),
        event_type: 'connection_request_accepted',
        source: fromSequence ? 'sequence_runner_report' : 'canonical_account_participants',
        channel: 'network_connection',
        user_id: account.owner_user_id,
        account_id: account.account_id,
        subject_key: `participant:${contact.person.provider_participant_id}`,
        metadata: {},
      });
    }
  }
}

export function addSequenceActivity(b: BuildContext, account: AccountRecord, contacts: ContactRecord[]): void {
  // ISO texts of one form compare as the instants do: no date parsed per step.
  const windowStart = timeBefore(b.store.now, 90);
  for (const contact of contacts) {
    for (const step of contact.sequence?.steps ?? []) {
      if (step.state !== 'completed' || step.scheduled_for === null || step.scheduled_for < windowStart) continue;
      addActivity(b, {
        organization_id: account.organization_id,
        occurred_at: step.scheduled_for,
        event_type: 'sequence_step_completed',
        source: 'sequence_runner_report',
        channel: step.step_type === 'connection_request' ? 'network_connection' : 'network_message',
        user_id: account.owner_user_id,
        account_id: account.account_id,
        subject_key: `sequence_step:${step.step_id}`,
        metadata: {},
      });
    }
  }
}

/** Puts the gathered events in the store, numbered in time order, so listing by id and by time agree. */
export function numberActivity(b: BuildContext): void {
  b.activity.sort((a, c) => (a.occurred_at < c.occurred_at ? -1 : a.occurred_at > c.occurred_at ? 1 : 0));
  for (const event of b.activity) event.id = b.store.ids.take('activity');
  b.store.activity.replaceAll(b.activity);
}
