import type { TagsUpdate } from '@network-org/spec/openapi';
import { badRequest } from '../engine/errors';
import type { CustomFieldRecord, CustomFieldValue, TagRecord } from './types';

/** The fields a contact or company update may change. */
export interface Changeable {
  tags: TagRecord[];
  notes_json: string | null;
  custom_fields: Map<string, CustomFieldValue>;
}

/** An update body of contacts and companies, already checked against the generated schema. */
export type UpdateBody = { account_id?: string; tags?: TagsUpdate; notes_json?: string | null } & Record<string, unknown>;

export interface CheckedUpdate {
  tags?: TagsUpdate;
  notes_json?: string | null;
  fields: [name: string, value: CustomFieldValue | null][];
}

const RESERVED_KEYS = new Set(['account_id', 'tags', 'notes_json']);

function valueType(value: unknown): string {
  return value === null ? 'null' : typeof value;
}

/**
 * Checks everything an update asks for before anything is written, so a rejected request changes nothing:
 * `set` with `add`/`remove`, notes that are not JSON text, unregistered custom fields and wrong value types.
 */
export function checkUpdate(body: UpdateBody, registered: readonly CustomFieldRecord[], recordKind: string): CheckedUpdate {
  const checked: CheckedUpdate = { fields: [] };
  if (body.tags !== undefined) {
    if (body.tags.set !== undefined && (body.tags.add !== undefined || body.tags.remove !== undefined)) {
      throw badRequest('Invalid body field "tags": "set" replaces every tag and cannot be combined with "add" or "remove".');
    }
    checked.tags = body.tags;
  }
  if (body.notes_json !== undefined) {
    if (body.notes_json !== null) {
      try {
        JSON.parse(body.notes_json);
      } catch {
        throw badRequest('Invalid body field "notes_json": must be JSON text (for example "{\\"text\\":\\"...\\"}") or null.');
      }
    }
    checked.notes_json = body.notes_json;
  }
  const fieldsByName = new Map(registered.map((field) => [field.name, field]));
  for (const [name, value] of Object.entries(body)) {
    if (RESERVED_KEYS.has(name)) continue;
    const field = fieldsByName.get(name);
    if (!field) {
      const known = [...fieldsByName.keys()].map((known) => `"${known}"`).join(', ') || 'none';
      throw badRequest(`Unknown custom field "${name}" for ${recordKind}s. Registered fields: ${known}.`);
    }
    if (value !== null && typeof value !== field.type) {
      throw badRequest(`Custom field "${name}" takes a ${field.type} or null, got ${valueType(value)}.`);
    }
    checked.fields.push([name, value as CustomFieldValue | null]);
  }
  return checked;
}

/** At most this many tags on a contact or company (contract §5): more is 400 and changes nothing. */
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

/** The tags, notes and custom fields a checked update gives the record; throws (changing nothing) past MAX_TAGS. */
export function changedFields(record: Changeable, update: CheckedUpdate): Changeable {
  let tags = record.tags;
  if (update.tags?.set !== undefined) {
    tags = uniqueTags(update.tags.set);
  } else if (update.tags) {
    const removed = new Set((update.tags.remove ?? []).map(tagKey));
    const kept = removed.size === 0 ? record.tags : record.tags.filter((tag) => !removed.has(tagKey(tag.name)));
    tags = uniqueTags([...kept, ...(update.tags.add ?? [])]);
  }
  if (tags.length > MAX_TAGS) {
    throw badRequest(`A record holds at most ${MAX_TAGS} tags; this update would leave ${tags.length}. Remove some tags first.`);
  }
  const custom_fields = new Map(record.custom_fields);
  for (const [name, value] of update.fields) {
    if (value === null) custom_fields.delete(name);
    else custom_fields.set(name, value);
  }
  return { tags, notes_json: update.notes_json !== undefined ? update.notes_json : record.notes_json, custom_fields };
}
