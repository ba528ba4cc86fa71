import { makeNetworkPerson } from '../network-generator';
import { TAG_CATALOG } from '../fixtures';
import { HOUR, timeBefore } from '../anchor';
import type { AccountRecord, ContactRecord, CustomFieldRecord, NetworkPersonRecord, RelationshipStatus, SequenceRecord, SequenceStepRecord } from '../types';
import type { BuildContext } from './context';
import { fieldValue } from './custom-fields';

// An account's contacts: the people it holds, with their invitations, tags, notes, custom field values and sequences.

function relationshipStatusFor(b: BuildContext, index: number): RelationshipStatus {
  // The first three cover every status; the rest are mostly connected, as on the network.
  if (index < 3) return (['connected', 'not_connected', 'unknown'] as const)[index] as RelationshipStatus;
  const roll = b.random.next();
  return roll < 0.6 ? 'connected' : roll < 0.9 ? 'not_connected' : 'unknown';
}

function sequenceFor(b: BuildContext): SequenceRecord {
  const sequenceId = b.store.ids.take('sequence');
  const startedDaysAgo = b.random.int(2, 40);
  const stepsDone = b.random.int(0, 3);
  const stepTypes = ['connection_request', 'message', 'message'] as const;
  const steps = stepTypes.map((stepType, position): SequenceStepRecord => ({
    step_id: b.store.ids.take('sequence_step'),
    step_type: stepType,
    trigger_type: position === 0 ? 'immediate' : 'delay',
    position: position + 1,
    message_mode: 'template',
    state: position < stepsDone ? 'completed' : position === stepsDone ? 'scheduled' : 'pending',
    template_run_public_id: `tr_${sequenceId}_${position + 1}`,
    scheduled_for: timeBefore(b.store.now, (stepsDone - position) * 3),
  }));
  const next = steps[stepsDone];
  return {
    sequence_id: sequenceId,
    status: next ? (b.random.chance(0.8) ? 'active' : 'paused') : 'completed',
    stop_if_person_replies: b.random.chance(0.8),
    steps,
    reply_guard_after: timeBefore(b.store.now, startedDaysAgo),
    next_step_id: next?.step_id ?? null,
    next_step_scheduled_for: next?.scheduled_for ?? null,
  };
}

function fillContact(b: BuildContext, contact: ContactRecord, index: number, fields: CustomFieldRecord[]): void {
  const person = contact.person;
  if (contact.relationship_status === 'not_connected' && (index < 3 || b.random.chance(0.3))) {
    contact.connection_invitation = {
      status: 'pending',
      direction: 'incoming',
      invite_id: b.store.ids.take('invite'),
      invite_state: 'pending',
      invite_type: 'connection_request',
      received_at: timeBefore(b.store.now, b.random.int(1, 30 * 24), HOUR),
    };
  }
  if (index < 2 || b.random.chance(0.7)) contact.tags = b.random.sample(TAG_CATALOG, b.random.int(1, 2)).map((tag) => ({ ...tag }));
  if (index < 2 || b.random.chance(0.4)) {
    contact.notes_json = JSON.stringify([
      { text: b.random.pick(b.store.pools.noteTexts), created_at: timeBefore(b.store.now, b.random.int(1, 300)) },
    ]);
  }
  for (const field of fields) {
    if (index < 2 || b.random.chance(0.5)) contact.custom_fields.set(field.name, fieldValue(b, field));
  }
  if (b.random.chance(0.3)) {
    const domain = person.company.website_url.replace(/^https:\/\//, '');
    contact.work_email = `${person.first_name}.${person.last_name}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
  }
  if (b.random.chance(0.2)) contact.phone = `+1${b.random.int(2_000_000_000, 9_999_999_999)}`;
  if (index < 2 || b.random.chance(0.15)) contact.sequence = sequenceFor(b);
  if (b.random.chance(0.5)) contact.last_interaction_at = timeBefore(b.store.now, b.random.int(1, 200));
}

/** `count` new contacts of `account`; every tenth is one of `shared`, a person another account of the organization holds. */
export function addContacts(
  b: BuildContext,
  account: AccountRecord,
  count: number,
  fields: CustomFieldRecord[],
  shared: readonly NetworkPersonRecord[],
): ContactRecord[] {
  const contacts: ContactRecord[] = [];
  // Some people are held by several accounts of the organization: the same contact_id, a relationship each.
  const sharedPeople = b.random.sample(shared, Math.min(shared.length, Math.floor(count / 10)));
  for (let index = 0; index < count; index++) {
    const person =
      index % 10 === 9 && sharedPeople.length > 0
        ? (sharedPeople.pop() as NetworkPersonRecord)
        : b.store.network.addPerson(makeNetworkPerson(b.random, b.store.pools, b.store.ids, b.store.now, b.store.network.companies()));
    const contact = b.store.contacts.add({
      account,
      person,
      created_at: timeBefore(b.store.now, b.random.int(5, 700)),
      relationship_status: relationshipStatusFor(b, index),
      fill: (created) => fillContact(b, created, index, fields),
    });
    contacts.push(contact);
  }
  return contacts;
}
