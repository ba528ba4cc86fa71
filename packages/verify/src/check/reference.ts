import type { OperationId } from '@network-org/sdk';
import type { Difference } from '../report/types';
import reference from './mock-shapes.json';

/**
 * The mock's own shapes, the reference for a target's (contract §6): for each object an operation's successful
 * answers hold (`listContacts 200 $.data.contacts[*]`), how many such records the mock sent to verify's whole
 * suite and, per field, on how many it was present and on how many null. Generated from the mock's answers
 * (`pnpm --filter @network-org/verify run mock-shapes`); a test keeps it up to date.
 */
export interface MockShapes {
  version: 1;
  shapes: Record<string, RecordShape>;
}

export interface RecordShape {
  records: number;
  fields: Record<string, { present: number; null: number }>;
  /** The schema takes custom fields as extra keys here: a key the mock did not send may be one of them. */
  custom?: true;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every object of a body by its path, list items as `[*]` (`$.data.contacts[*].company`). */
export function recordsOf(body: unknown): Map<string, Json[]> {
  const found = new Map<string, Json[]>();
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, `${path}[*]`));
    if (!isObject(value)) return;
    const list = found.get(path);
    if (list) list.push(value);
    else found.set(path, [value]);
    for (const [key, inner] of Object.entries(value)) visit(inner, `${path}.${key}`);
  };
  visit(body, '$');
  return found;
}

export const shapeKey = (operation: OperationId, status: number, path: string) => `${operation} ${status} ${path}`;

/** A field the mock sends with a value on this share of its records must show on at least one of N ≥ 10/share. */
const EXPECTED_AT_LEAST = 10;

const isCustomValue = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * Where one successful answer's records are not of the mock's shape:
 * - a field the mock sends with a value (on every record, or on enough of them to expect it on some of these) that
 *   every record here lacks or leaves null, naming a key these records all carry and the mock never sends as the
 *   likely rename;
 * - a field every record here carries that the mock never sends (custom fields aside).
 */
export function referenceDifferences(
  answer: { operation: OperationId; status: number; body: unknown },
  shapes: MockShapes = reference as MockShapes,
): Difference[] {
  const differences: Difference[] = [];
  for (const [path, records] of recordsOf(answer.body)) {
    const shape = shapes.shapes[shapeKey(answer.operation, answer.status, path)];
    if (!shape) continue;
    const count = records.length;
    const everywhere = (key: string) => records.every((record) => key in record);
    const unknown = [...new Set(records.flatMap(Object.keys))].filter((key) => !(key in shape.fields) && everywhere(key));
    for (const [key, { present, null: nulls }] of Object.entries(shape.fields)) {
      const share = (present - nulls) / shape.records;
      if (share === 0 || (share < 1 && share * count < EXPECTED_AT_LEAST)) continue;
      const sent = records.filter((record) => record[key] !== undefined && record[key] !== null).length;
      if (sent > 0) continue;
      const absent = records.filter((record) => !(key in record)).length;
      const actual = absent === count ? `missing on all ${count}` : absent === 0 ? `null on all ${count}` : `missing or null on all ${count}`;
      const expected = share === 1 ? `a value (the mock sends one on every record${nulls === 0 ? ', never null' : ''})` : `a value on some (the mock sends one on ${Math.round(share * 100)}% of records)`;
      const renamed = absent > 0 ? unknown : [];
      differences.push({ path: `${path}.${key}`, expected, actual, ...(renamed.length > 0 && { note: `likely renamed: ${renamed.join(', ')}` }) });
    }
    for (const key of unknown) {
      if (shape.custom && records.every((record) => isCustomValue(record[key]))) continue;
      differences.push({ path: `${path}.${key}`, expected: 'absent (the mock never sends it)', actual: `on all ${count}` });
    }
  }
  return differences;
}
