import type { TagsUpdate } from '@network-org/spec/openapi';
import { badRequest } from '../engine/errors';
import { type Changeable, type CheckedUpdate, changedFields, MAX_TAGS } from '../store/changes';
import type { CustomFieldRecord, CustomFieldValue } from '../store/types';

// The checks of PATCH /v1/contacts/{id} and PATCH /v1/companies/{id} bodies, shared by both routes.

/** An update body of contacts and companies, already checked against the generated schema. */
export type UpdateBody = { account_id?: string; tags?: TagsUpdate; notes_json?: string | null } & Record<string, unknown>;

const RESERVED_KEYS = new Set(['account_id', 'tags', 'notes_json']);

function valueType(value: unknown): string {
  return value === null ? 'null' : typeof value;
}

/**
 * Checks everything an update asks for before anything is written, so a rejected request changes nothing:
 * `set` with `add`/`remove`, notes that are not JSON text, unregistered custom fields and wrong value types.
 */
function checkUpdate(body: UpdateBody, registered: readonly CustomFieldRecord[], recordKind: string): CheckedUpdate {
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
      throw badRequest(`Unknown custom field "${name}" for a ${recordKind}. Registered fields: ${known}.`);
    }
    if (value !== null && typeof value !== field.type) {
      throw badRequest(`Custom field "${name}" takes a ${field.type} or null, got ${valueType(value)}.`);
    }
    checked.fields.push([name, value as CustomFieldValue | null]);
  }
  return checked;
}

/**
 * The tags, notes and custom fields the record holds after the update: every check of the body first, then the
 * changes, refused (changing nothing) when the record would hold more than MAX_TAGS tags.
 */
export function updatedFields(record: Changeable, body: UpdateBody, registered: readonly CustomFieldRecord[], recordKind: string): Changeable {
  const changed = changedFields(record, checkUpdate(body, registered, recordKind));
  if (changed.tags.length > MAX_TAGS) {
    throw badRequest(`A record holds at most ${MAX_TAGS} tags; this update would leave ${changed.tags.length}. Remove some tags first.`);
  }
  return changed;
}
