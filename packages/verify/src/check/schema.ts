import type { z } from 'zod';
import type { Difference } from '../report/types';

type Schema = z.ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  element?: Schema;
  options?: Schema[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
  getter?: () => Schema;
  entries?: Record<string, unknown>;
  values?: unknown[];
}

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

// Wrappers whose inner schema says what the value is.
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

function unwrap(schema: Schema): Schema {
  for (let def = defOf(schema); ; def = defOf(schema)) {
    if (WRAPPERS.has(def.type) && def.innerType) schema = def.innerType;
    else if (def.type === 'pipe' && def.in) schema = def.in;
    else if (def.type === 'lazy' && def.getter) schema = def.getter();
    else return schema;
  }
}

/** `$.data.contacts[0].name` from a zod issue path. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(String(key)) ? `${text}.${String(key)}` : `${text}[${JSON.stringify(String(key))}]`,
    '$',
  );
}

/** The same path with every array index as `[*]`: one difference per field, not one per list item. */
const generalized = (path: string) => path.replace(/\[\d+\]/g, '[*]');

/** The JSON type of a value, as the report names it. */
export function typeName(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The differences between a body and the spec's schema: a missing required field or a wrong type, each at its
 * JSON path. Items of a list that break the same rule are one difference (the first item's path, counted).
 */
export function schemaDifferences(schema: Schema, body: unknown): Difference[] {
  const result = schema.safeParse(body);
  if (result.success) return [];
  const byPath = new Map<string, { difference: Difference; count: number }>();
  for (const issue of result.error.issues) {
    const path = jsonPath(issue.path);
    const key = `${generalized(path)} ${issue.code}`;
    const seen = byPath.get(key);
    if (seen) {
      seen.count++;
      continue;
    }
    const actualValue = valueAt(body, issue.path);
    const expected = issue.code === 'invalid_type' ? (issue as { expected: string }).expected : issue.message;
    byPath.set(key, {
      difference: { path, expected, actual: actualValue === undefined ? 'missing' : describeValue(actualValue) },
      count: 1,
    });
  }
  return [...byPath.values()].map(({ difference, count }) =>
    count > 1 ? { ...difference, note: `and ${count - 1} more item${count > 2 ? 's' : ''} alike` } : difference,
  );
}

/** A value for a report: short, its type when it is a structure. */
export function describeValue(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  }
  return typeName(value);
}

/**
 * Paths of keys the schema does not know (`$.data.contacts[*].nickname`). Keys a schema allows as custom fields
 * (its catch-all takes string, number or boolean values) are known.
 */
export function unknownKeys(schema: Schema, value: unknown, path = '$', found = new Set<string>()): Set<string> {
  if (value === null || typeof value !== 'object') return found;
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    const itemPath = `${path}[*]`;
    for (const item of value) unknownKeys(def.element, item, itemPath, found);
  } else if (def.type === 'union' && def.options) {
    // Objects are told apart by their shape: the first object option whose fields the value has (or the first one).
    const objects = def.options.filter((option) => defOf(unwrap(option)).type === 'object');
    const match = objects.find((option) => Object.keys(value).some((key) => defOf(unwrap(option)).shape?.[key])) ?? objects[0];
    if (match) unknownKeys(match, value, path, found);
  } else if (def.type === 'object' && def.shape && !Array.isArray(value)) {
    const customFields = def.catchall !== undefined && defOf(def.catchall).type !== 'unknown';
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      const known = def.shape[key];
      if (known) {
        if (inner !== null && typeof inner === 'object') unknownKeys(known, inner, keyPath(path, key), found);
      } else if (!customFields) found.add(keyPath(path, key));
    }
  }
  return found;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** `path.key`, or `path["a key"]` for a key that is no identifier. */
export const keyPath = (path: string, key: string) => (IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

/** The spec's shape of an object schema: each key with its type (`string|null`, `Tag[]`, `?` when optional). */
export function specShape(schema: Schema): Record<string, string> {
  const def = defOf(unwrap(schema));
  const shape: Record<string, string> = {};
  for (const [key, field] of Object.entries(def.shape ?? {})) shape[key] = describeSchema(field);
  if (def.catchall && defOf(def.catchall).type !== 'unknown') shape['<custom field>'] = `${describeSchema(def.catchall)}?`;
  return shape;
}

function describeSchema(schema: Schema): string {
  let optional = false;
  let nullable = false;
  let current = schema;
  for (let def = defOf(current); ; def = defOf(current)) {
    if (def.type === 'optional' || def.type === 'default') optional = true;
    else if (def.type === 'nullable') nullable = true;
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else break;
  }
  const def = defOf(current);
  let name: string;
  if (def.type === 'array' && def.element) name = `${describeSchema(def.element).replace(/\?$/, '')}[]`;
  else if (def.type === 'enum' && def.entries) name = Object.keys(def.entries).join('|');
  else if (def.type === 'literal' && def.values) name = def.values.map((v) => JSON.stringify(v)).join('|');
  else if (def.type === 'union' && def.options) name = def.options.map(describeSchema).join('|');
  else if (def.type === 'number') name = 'number';
  else name = def.type;
  return `${name}${nullable ? '|null' : ''}${optional ? '?' : ''}`;
}

/** The JSON types seen per key across records (`string|null` when both were seen). */
export function observedShape(records: readonly unknown[]): Record<string, string> {
  const types = new Map<string, Set<string>>();
  for (const record of records) {
    if (record === null || typeof record !== 'object') continue;
    for (const [key, value] of Object.entries(record)) {
      const seen = types.get(key) ?? new Set<string>();
      seen.add(Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value);
      types.set(key, seen);
    }
  }
  return Object.fromEntries([...types].sort(([a], [b]) => a.localeCompare(b)).map(([key, seen]) => [key, [...seen].sort().join('|')]));
}

/** The fields an object schema names, in the spec's order, with whether each is required. */
export function fieldsOf(schema: Schema): { name: string; required: boolean; schema: Schema }[] {
  const def = defOf(unwrap(schema));
  return Object.entries(def.shape ?? {}).map(([name, field]) => {
    const type = defOf(field).type;
    return { name, required: type !== 'optional' && type !== 'default', schema: field };
  });
}

/** The field `name` of an object schema (through its wrappers), or undefined. */
export function fieldSchema(schema: Schema, name: string): Schema | undefined {
  return defOf(unwrap(schema)).shape?.[name];
}

/** The element schema of an array schema (through its wrappers), or undefined. */
export function elementSchema(schema: Schema): Schema | undefined {
  const def = defOf(unwrap(schema));
  return def.type === 'array' ? def.element : undefined;
}

/** The schema of a list's items in a response: `envelope.key[*]`. */
export function itemSchema(response: Schema | undefined, envelope: string | null, key: string): Schema | undefined {
  const payload = response && (envelope ? fieldSchema(response, envelope) : response);
  const list = payload && fieldSchema(payload, key);
  return list && elementSchema(list);
}

/**
 * The schema of the value at `key` of an object (through wrappers and unions of an object with null), and whether
 * the object takes custom fields: undefined for a key the schema does not name.
 */
export function memberSchema(schema: Schema, key: string): Schema | undefined {
  return fieldSchema(objectOption(schema) ?? schema, key);
}

/** Whether an object schema takes custom fields (a catch-all of string, number or boolean values). */
export function takesCustomFields(schema: Schema): boolean {
  const def = defOf(unwrap(objectOption(schema) ?? schema));
  return def.catchall !== undefined && defOf(def.catchall).type !== 'unknown';
}

/** The object among a union's options (`Company | null`), or the schema itself when it is an object. */
function objectOption(schema: Schema): Schema | undefined {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object') return inner;
  if (def.type === 'union') return def.options?.map(unwrap).find((option) => defOf(option).type === 'object');
  return undefined;
}

/** What a string schema constrains its values to: its enumeration, or its format (`datetime`, `url`). */
export function valueRule(schema: Schema): { enum?: string[]; format?: string } {
  const inner = unwrap(objectOption(schema) ?? schema);
  const def = defOf(inner) as Def & { format?: string };
  if (def.type === 'enum' && def.entries) return { enum: Object.keys(def.entries) };
  if (def.type === 'union' && def.options) {
    for (const option of def.options) {
      const rule = valueRule(option);
      if (rule.enum || rule.format) return rule;
    }
  }
  return def.format ? { format: def.format } : {};
}

/** Whether `schema` is `target` under its wrappers (`Company.nullable().optional()` is `Company`). */
export function isSchema(schema: Schema | undefined, target: Schema): boolean {
  return schema !== undefined && (objectOption(schema) ?? unwrap(schema)) === target;
}

/** Every object of a body with the schema the spec gives it there, by its path (list items as `[*]`). */
export function eachObject(schema: Schema | undefined, body: unknown, visit: (record: Record<string, unknown>, schema: Schema | undefined, path: string) => void, path = '$'): void {
  if (Array.isArray(body)) {
    const element = schema && elementSchema(schema);
    for (const item of body) eachObject(element, item, visit, `${path}[*]`);
    return;
  }
  if (body === null || typeof body !== 'object') return;
  const record = body as Record<string, unknown>;
  visit(record, schema, path);
  for (const [key, inner] of Object.entries(record)) eachObject(schema && memberSchema(schema, key), inner, visit, `${path}.${key}`);
}

/** Whether `target` is somewhere inside `schema` (a field, an item, an option, at any depth). */
export function reaches(schema: Schema, target: Schema, seen = new Set<Schema>()): boolean {
  const inner = unwrap(schema);
  if (inner === target) return true;
  if (seen.has(inner)) return false;
  seen.add(inner);
  const def = defOf(inner);
  const children = [...Object.values(def.shape ?? {}), ...(def.element ? [def.element] : []), ...(def.options ?? [])];
  return children.some((child) => reaches(child, target, seen));
}

/** A value as compact JSON, cut short past 160 characters. */
export function compact(value: unknown): string {
  const text = value === undefined ? 'missing' : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
