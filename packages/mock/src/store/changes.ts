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

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Later tags of the same name (case-insensitive) replace earlier ones, keeping the first position. */
function uniqueTags(tags: readonly TagRecord[]): TagRecord[] {
  const result: TagRecord[] = [];
  for (const tag of tags) {
    const index = result.findIndex((existing) => sameName(existing.name, tag.name));
    if (index === -1) result.push({ name: tag.name, color: tag.color });
    else result[index] = { name: tag.name, color: tag.color };
  }
  return result;
}

export function applyUpdate(record: Changeable, update: CheckedUpdate): void {
  if (update.tags?.set !== undefined) {
    record.tags = uniqueTags(update.tags.set);
  } else if (update.tags) {
    const removed = update.tags.remove ?? [];
    const kept = record.tags.filter((tag) => !removed.some((name) => sameName(name, tag.name)));
    record.tags = uniqueTags([...kept, ...(update.tags.add ?? [])]);
  }
  if (update.notes_json !== undefined) record.notes_json = update.notes_json;
  for (const [name, value] of update.fields) {
    if (value === null) record.custom_fields.delete(name);
    else record.custom_fields.set(name, value);
  }
}
