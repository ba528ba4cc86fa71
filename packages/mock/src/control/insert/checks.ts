import { schemas } from '@network-org/spec/zod';
import type { z } from 'zod';
import { badRequest } from '../../engine/errors';
import { parseInput } from '../../engine/validation';
import { MAGIC_HANDLES, type Store } from '../../store/index';
import type { AccountRecord, CustomFieldTarget, CustomFieldValue } from '../../store/types';

/** Keys a custom field may not take: the wire fields of its record, which would hide it. */
export const RESERVED_KEYS: Record<CustomFieldTarget, ReadonlySet<string>> = {
  contact: new Set([...Object.keys(schemas.Contact.shape), 'account_id']),
  company: new Set([...Object.keys(schemas.Company.shape), 'account_id', 'contact_count']),
};

/**
 * The input checked against its closed schema. A key the schema does not know gets a message that says what to
 * do instead: a registered custom field goes under `custom_fields`, a field the mock derives cannot be seeded.
 */
export function check<S extends z.ZodObject>(schema: S, input: unknown, kind: string, target?: CustomFieldTarget): z.output<S> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw badRequest(`mock.seed.${kind} takes an object.`);
  if (target !== undefined) {
    const known = Object.keys(schema.shape);
    const unknown = Object.keys(input).find((key) => !known.includes(key));
    if (unknown !== undefined) {
      const settable = known.filter((key) => key !== 'account_id').join(', ');
      if (RESERVED_KEYS[target].has(unknown)) throw badRequest(`"${unknown}" cannot be seeded: the mock derives it. Settable ${target} fields: ${settable}.`);
      throw badRequest(
        `"${unknown}" is not a ${target} field of mock.seed.${kind} (settable: ${settable}); custom field values go under "custom_fields": {"custom_fields": {${JSON.stringify(unknown)}: ...}}.`,
      );
    }
  }
  return parseInput(schema, input, 'body');
}

/** The fields of `input` that `fields` (a record's own settable fields) names and that were given. */
export function givenFields<S extends z.ZodObject>(fields: S, input: object): Partial<z.output<S>> {
  const given: Record<string, unknown> = {};
  for (const key of Object.keys(fields.shape)) {
    const value = (input as Record<string, unknown>)[key];
    if (value !== undefined) given[key] = value;
  }
  return given as Partial<z.output<S>>;
}

export function requireAccount(store: Store, accountId: string): AccountRecord {
  const account = store.directory.account(accountId);
  if (!account) throw badRequest(`Unknown account_id "${accountId}": use an id of the dataset's accounts (GET /v1/accounts, or mock.db.accounts() in process).`);
  return account;
}

/** The `custom_fields` of an input, checked against the organization's registered fields. */
export function customValues(
  store: Store,
  given: Record<string, CustomFieldValue | null> | undefined,
  account: AccountRecord,
  target: CustomFieldTarget,
): Map<string, CustomFieldValue> {
  const values = new Map<string, CustomFieldValue>();
  for (const [name, value] of Object.entries(given ?? {})) {
    const field = store.customFields.find(account.organization_id, target, name);
    if (!field) {
      const registered = store.customFields.of(account.organization_id, target).map((candidate) => `"${candidate.name}"`).join(', ') || 'none';
      throw badRequest(`"${name}" is not a registered ${target} custom field (registered: ${registered}). Register it with mock.seed.customField first.`);
    }
    if (value === null) continue;
    if (typeof value !== field.type) throw badRequest(`Custom field "${name}" takes a ${field.type}, got ${typeof value}.`);
    values.set(name, value);
  }
  return values;
}

/** Refuses a magic handle: the network answers it with an error, so no record holds it. */
export function refuseMagicHandle(handle: string | undefined): void {
  if (handle !== undefined && Object.values(MAGIC_HANDLES).includes(handle as never)) {
    throw badRequest(`"${handle}" is a magic handle: the network answers it with an error, so no record holds it.`);
  }
}

/** The instant `msBefore` before `now`, so nothing inserted by default lies after it. */
export const beforeNow = (store: Store, msBefore: number) => new Date(store.now.getTime() - msBefore).toISOString();
