import type { OperationId } from '@network-org/sdk';
import type { Difference } from '../report/types';
import reference from './mock-shapes.json';

/**
 * The mock's own shapes, the reference for a target's (contract §6): for each object an operation's successful
 * answers hold (`listContacts 200 $.data.contacts[*]`), how the mock sends each field there, read from its answers
 * to verify's whole suite and more (`pnpm --filter @network-org/verify run mock-shapes`; a test keeps it up to
 * date). Only objects the mock sent enough of (a dozen or more) are in it: fewer say too little.
 */
export interface MockShapes {
  version: 1;
  shapes: Record<string, RecordShape>;
}

/**
 * How the mock sends a field: on every record with a value (`value`), on every record and null on some
 * (`nullable`), on every record and always null (`null`), or on some records only (`sometimes`).
 */
export type FieldShape = 'value' | 'nullable' | 'null' | 'sometimes';

export interface RecordShape {
  /** Each field the spec names that the mock sent here. */
  fields: Record<string, FieldShape>;
  /** The schema takes keys of the data's own here (custom fields, counts by day): a key the mock did not send may be one. */
  open?: true;
}

type Json = Record<string, unknown>;

const FIELD_SHAPES = new Set<string>(['value', 'nullable', 'null', 'sometimes']);

/** The generated file, its field shapes checked (a JSON import types them as any string). */
function loaded(file: { version: number; shapes: Record<string, { fields: Record<string, string>; open?: boolean }> }): MockShapes {
  const shapes: Record<string, RecordShape> = {};
  for (const [key, { fields, open }] of Object.entries(file.shapes)) {
    for (const [name, shape] of Object.entries(fields)) if (!FIELD_SHAPES.has(shape)) throw new Error(`mock-shapes.json: ${key} ${name} is ${shape}`);
    shapes[key] = { fields: fields as Record<string, FieldShape>, ...(open && { open: true as const }) };
  }
  return { version: 1, shapes };
}

const MOCK_SHAPES = loaded(reference);
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

/** A value an open object takes as a key of its own (a custom field's, a count's). */
const isOpenValue = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * Where one successful answer's records are not of the mock's shape:
 * - a field the mock sends on every record that every record here lacks, or leaves null where the mock never
 *   does, naming a key these records all carry and the mock never sends as the likely rename;
 * - a field the mock always leaves null that every record here fills;
 * - a field every record here carries that the mock never sends (an open object's own keys aside).
 * A field the mock sends on some records only follows the data (a message event's metadata): it is not judged.
 */
export function referenceDifferences(
  answer: { operation: OperationId; status: number; body: unknown },
  shapes: MockShapes = MOCK_SHAPES,
): Difference[] {
  const differences: Difference[] = [];
  for (const [path, records] of recordsOf(answer.body)) {
    const shape = shapes.shapes[shapeKey(answer.operation, answer.status, path)];
    if (!shape) continue;
    const count = records.length;
    const everywhere = (key: string) => records.every((record) => key in record);
    const unknown = [...new Set(records.flatMap(Object.keys))].filter((key) => !(key in shape.fields) && everywhere(key));
    for (const [key, field] of Object.entries(shape.fields)) {
      if (field === 'sometimes') continue;
      const absent = records.filter((record) => !(key in record)).length;
      const valued = records.filter((record) => record[key] !== undefined && record[key] !== null).length;
      const renamed = absent > 0 && unknown.length > 0 ? { note: `likely renamed: ${unknown.join(', ')}` } : {};
      if (field === 'null') {
        // A field the mock only ever leaves null: a value on every record here is a field the mock does not fill.
        if (valued === count) differences.push({ path: `${path}.${key}`, expected: 'null (the mock sends null on every record)', actual: `a value on all ${count}` });
        else if (absent === count) differences.push({ path: `${path}.${key}`, expected: 'present (the mock sends it on every record)', actual: `missing on all ${count}`, ...renamed });
        continue;
      }
      // Null is a value where the mock sends it too; where it never does, null on every record is no value at all.
      if ((field === 'value' ? valued : count - absent) > 0) continue;
      const actual = absent === count ? `missing on all ${count}` : absent === 0 ? `null on all ${count}` : `missing or null on all ${count}`;
      const expected = field === 'value' ? 'a value (the mock sends one on every record, never null)' : 'present (the mock sends it on every record)';
      differences.push({ path: `${path}.${key}`, expected, actual, ...renamed });
    }
    for (const key of unknown) {
      if (shape.open && records.every((record) => isOpenValue(record[key]))) continue;
      differences.push({ path: `${path}.${key}`, expected: 'absent (the mock never sends it)', actual: `on all ${count}` });
    }
  }
  return differences;
}
