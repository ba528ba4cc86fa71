import type { TagsUpdate } from '@network-org/spec/openapi';
import type { CustomFieldValue, TagRecord } from './types';

/** The fields a contact or company update may change. */
export interface Changeable {
  tags: TagRecord[];
  notes_json: string | null;
  custom_fields: Map<string, CustomFieldValue>;
}

/** A contact or company update, checked against the registered fields: what `changedFields` applies. */
export interface CheckedUpdate {
  tags?: TagsUpdate;
  notes_json?: string | null;
  fields: [name: string, value: CustomFieldValue | null][];
}

/** At most this many tags on a contact or company: more is 400 and changes nothing. */
export const MAX_TAGS = 200;

const tagKey = (name: string) => name.toLowerCase();

/** Later tags of the same name (case-insensitive) replace earlier ones, keeping the first position. Linear. */
export function uniqueTags(tags: readonly TagRecord[]): TagRecord[] {
  const byName = new Map<string, TagRecord>();
  for (const tag of tags) {
    // Setting an existing key keeps its position.
    byName.set(tagKey(tag.name), { name: tag.name, color: tag.color });
  }
  return [...byName.values()];
}

/** The tags, notes and custom fields a checked update gives the record (the caller refuses more than MAX_TAGS tags). */
export function changedFields(record: Changeable, update: CheckedUpdate): Changeable {
  let tags = record.tags;
  if (update.tags?.set !== undefined) {
    tags = uniqueTags(update.tags.set);
  } else if (update.tags) {
    const removed = new Set((update.tags.remove ?? []).map(tagKey));
    const kept = removed.size === 0 ? record.tags : record.tags.filter((tag) => !removed.has(tagKey(tag.name)));
    tags = uniqueTags([...kept, ...(update.tags.add ?? [])]);
  }
  const custom_fields = new Map(record.custom_fields);
  for (const [name, value] of update.fields) {
    if (value === null) custom_fields.delete(name);
    else custom_fields.set(name, value);
  }
  return { tags, notes_json: update.notes_json !== undefined ? update.notes_json : record.notes_json, custom_fields };
}
