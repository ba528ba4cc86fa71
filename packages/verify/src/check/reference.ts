import type { OperationId } from '@network-org/sdk';
import type { Difference } from '../report/types';
import { keyPath } from './schema';
import reference from './mock-shapes.json';

/**
 * The mock's own shapes, the reference for a target's for each object an operation's successful
 * answers hold (`listContacts 200 $.data.contacts[*]`), how the mock sends each field there, read from its answers
 * to verify's whole suite and more (`pnpm --filter @network-org/verify run mock-shapes`; a test keeps it up to
 * date). Only objects the mock sent enough of (a dozen or more) are in it: fewer say too little.
 */
export interface MockShapes {
  version: 1;
  shapes: Record<string, RecordShape>;
}

/** A value a record's field can have that says which records carry another field. */
export type Scalar = string | number | boolean;

/**
 * Where the mock sends a field: on every record (`always`, null or not), on exactly the records whose enclosing
 * record's field `when` is one of `in` (an activity event's metadata keys, for the events of messages), or on some
 * records only, by no rule its answers show (`sometimes`). Which values are null is data (the spec lets them be):
 * only whether a field is there is judged here; a record read through two operations is compared value by value.
 */
export type FieldShape = 'always' | 'sometimes' | { when: string; in: Scalar[] };

export interface RecordShape {
  /** Each field the spec names that the mock sent here. */
  fields: Record<string, FieldShape>;
  /** The schema takes keys of the data's own here (custom fields, counts by day): a key the mock did not send may be one. */
  open?: true;
}

type Json = Record<string, unknown>;

const FIELD_SHAPES = new Set<unknown>(['always', 'sometimes']);

function fieldShape(shape: unknown): FieldShape {
  if (FIELD_SHAPES.has(shape)) return shape as FieldShape;
  const rule = shape as { when?: unknown; in?: unknown };
  if (typeof rule?.when === 'string' && Array.isArray(rule.in)) return { when: rule.when, in: rule.in as Scalar[] };
  throw new Error(`mock-shapes.json: ${JSON.stringify(shape)} is no field shape`);
}

/** The generated file, its field shapes checked (a JSON import types them loosely). */
function loaded(file: { version: number; shapes: Record<string, { fields: Record<string, unknown>; open?: boolean }> }): MockShapes {
  const shapes: Record<string, RecordShape> = {};
  for (const [key, { fields, open }] of Object.entries(file.shapes)) {
    shapes[key] = { fields: Object.fromEntries(Object.entries(fields).map(([name, shape]) => [name, fieldShape(shape)])), ...(open && { open: true as const }) };
  }
  return { version: 1, shapes };
}

const MOCK_SHAPES = loaded(reference);
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A record of an answer and the record that holds it (none for the body itself). */
export interface Held {
  record: Json;
  parent: Json | undefined;
}

/** Every object of a body by its path, list items as `[*]` (`$.data.contacts[*].company`), with its enclosing object. */
export function recordsOf(body: unknown): Map<string, Held[]> {
  const found = new Map<string, Held[]>();
  const visit = (value: unknown, path: string, parent: Json | undefined) => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, `${path}[*]`, parent));
    if (!isObject(value)) return;
    const list = found.get(path);
    if (list) list.push({ record: value, parent });
    else found.set(path, [{ record: value, parent }]);
    for (const [key, inner] of Object.entries(value)) visit(inner, `${path}.${key}`, value);
  };
  visit(body, '$', undefined);
  return found;
}

export const shapeKey = (operation: OperationId, status: number, path: string) => `${operation} ${status} ${path}`;

/** A value an open object takes as a key of its own (a custom field's, a count's). */
const isOpenValue = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

type Successful = { operation: OperationId; status: number; body: unknown };

/**
 * Where one successful answer's records are not of the mock's shape:
 * - a field the mock sends on every record that every record here lacks, naming a key these records all carry and
 *   the mock never sends as the likely rename;
 * - a field the mock sends on exactly the records of a kind (a message event's metadata) that all such records
 *   here lack;
 * - a field of the spec every record here carries that the mock never sends (an open object's own keys aside).
 * A field the mock sends on some records by no rule its answers show follows the data: it is not judged. A key the
 * spec does not define is a discovery, not a difference, unless it stands where a field went missing.
 */
export function shapeDifferences(answer: Successful, shapes: MockShapes = MOCK_SHAPES, notInSpec: ReadonlySet<string> = new Set()): Difference[] {
  const differences: Difference[] = [];
  for (const [path, held] of recordsOf(answer.body)) {
    const shape = shapes.shapes[shapeKey(answer.operation, answer.status, path)];
    if (!shape) continue;
    const records = held.map(({ record }) => record);
    const count = records.length;
    const unknown = [...new Set(records.flatMap(Object.keys))].filter((key) => !(key in shape.fields) && records.every((record) => key in record));
    // Whether a field the mock always sends is missing here, so that the unknown keys read as its rename.
    let renamed = false;
    for (const [key, field] of Object.entries(shape.fields)) {
      if (field === 'sometimes') continue;
      if (typeof field === 'object') {
        const due = held.filter(({ parent }) => field.in.includes(parent?.[field.when] as Scalar));
        if (due.length > 0 && due.every(({ record }) => !(key in record))) {
          differences.push({ path: `${path}.${key}`, expected: `present where the enclosing ${field.when} is ${field.in.join(' or ')} (the mock sends it there)`, actual: `missing on all ${due.length} such` });
        }
      } else if (records.every((record) => !(key in record))) {
        renamed ||= unknown.length > 0;
        differences.push({ path: `${path}.${key}`, expected: 'present (the mock sends it on every record)', actual: `missing on all ${count}`, ...(unknown.length > 0 && { note: `likely renamed: ${unknown.join(', ')}` }) });
      }
    }
    for (const key of unknown) {
      if (shape.open && records.every((record) => isOpenValue(record[key]))) continue;
      if (!renamed && notInSpec.has(keyPath(path, key))) continue;
      differences.push({ path: `${path}.${key}`, expected: 'absent (the mock never sends it)', actual: `on all ${count}` });
    }
  }
  return differences;
}

