import type { ObjectOutline, Outline } from '@network-org/spec/outlines';
import type { z } from 'zod';
import type { Difference } from '../report/types';

/** What the value is, under its wrappers (optional, nullable, a default). */
function unwrap(outline: Outline): Outline {
  while (outline.type === 'optional' || outline.type === 'nullable' || outline.type === 'default') outline = outline.inner;
  return outline;
}

/** Whether an object's other keys hold values of a schema of their own: custom fields, counts by key. */
const takesOtherKeys = (outline: ObjectOutline) => typeof outline.additional === 'object' && outline.additional.type !== 'unknown';

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
export function schemaDifferences(schema: z.ZodType, body: unknown): Difference[] {
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
 * (its other keys take string, number or boolean values) are known.
 */
export function unknownKeys(outline: Outline, value: unknown, path = '$', found = new Set<string>()): Set<string> {
  if (value === null || typeof value !== 'object') return found;
  const inner = unwrap(outline);
  if (inner.type === 'array' && Array.isArray(value)) {
    const itemPath = `${path}[*]`;
    for (const item of value) unknownKeys(inner.items, item, itemPath, found);
  } else if (inner.type === 'union') {
    // Objects are told apart by their shape: the first object option whose fields the value has (or the first one).
    const objects = inner.options.map(unwrap).filter((option) => option.type === 'object');
    const match = objects.find((option) => Object.keys(value).some((key) => Object.hasOwn(option.fields, key))) ?? objects[0];
    if (match) unknownKeys(match, value, path, found);
  } else if (inner.type === 'object' && !Array.isArray(value)) {
    const customFields = takesOtherKeys(inner);
    for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
      const known = fieldOf(inner, key);
      if (known) {
        if (member !== null && typeof member === 'object') unknownKeys(known, member, keyPath(path, key), found);
      } else if (!customFields) found.add(keyPath(path, key));
    }
  }
  return found;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** `path.key`, or `path["a key"]` for a key that is no identifier. */
export const keyPath = (path: string, key: string) => (IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

/** The spec's shape of an object schema: each key with its type (`string|null`, `Tag[]`, `?` when optional). */
export function specShape(outline: Outline): Record<string, string> {
  const inner = unwrap(outline);
  const shape: Record<string, string> = {};
  if (inner.type !== 'object') return shape;
  for (const [key, field] of Object.entries(inner.fields)) shape[key] = describeOutline(field);
  if (typeof inner.additional === 'object' && takesOtherKeys(inner)) shape['<custom field>'] = `${describeOutline(inner.additional)}?`;
  return shape;
}

function describeOutline(outline: Outline): string {
  let optional = false;
  let nullable = false;
  let current = outline;
  while (current.type === 'optional' || current.type === 'nullable' || current.type === 'default') {
    if (current.type === 'nullable') nullable = true;
    else optional = true;
    current = current.inner;
  }
  let name: string;
  if (current.type === 'array') name = `${describeOutline(current.items).replace(/\?$/, '')}[]`;
  else if (current.type === 'enum') name = current.values.join('|');
  else if (current.type === 'literal') name = JSON.stringify(current.value);
  else if (current.type === 'union') name = current.options.map(describeOutline).join('|');
  else if (current.type === 'integer') name = 'number';
  else name = current.type;
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
export function fieldsOf(outline: Outline): { name: string; required: boolean; outline: Outline }[] {
  const inner = unwrap(outline);
  if (inner.type !== 'object') return [];
  return Object.entries(inner.fields).map(([name, field]) => ({ name, required: field.type !== 'optional' && field.type !== 'default', outline: field }));
}

/** The field `name` of an object (the outline itself, not what its wrappers hold), or undefined. */
function fieldOf(outline: ObjectOutline, name: string): Outline | undefined {
  return Object.hasOwn(outline.fields, name) ? outline.fields[name] : undefined;
}

/** The field `name` of an object schema (through its wrappers), or undefined. */
export function fieldOutline(outline: Outline, name: string): Outline | undefined {
  const inner = unwrap(outline);
  return inner.type === 'object' ? fieldOf(inner, name) : undefined;
}

/** The item schema of an array schema (through its wrappers), or undefined. */
export function elementOutline(outline: Outline): Outline | undefined {
  const inner = unwrap(outline);
  return inner.type === 'array' ? inner.items : undefined;
}

/** The schema of a list's items in a response: `envelope.key[*]`. */
export function itemOutline(response: Outline | undefined, envelope: string | null, key: string): Outline | undefined {
  const payload = response && (envelope ? fieldOutline(response, envelope) : response);
  const list = payload && fieldOutline(payload, key);
  return list && elementOutline(list);
}

/**
 * The schema of the value at `key` of an object (through wrappers and unions of an object with null): undefined for
 * a key the schema does not name.
 */
export function memberOutline(outline: Outline, key: string): Outline | undefined {
  return fieldOutline(objectOption(outline) ?? outline, key);
}

/** Whether an object schema takes custom fields (other keys of string, number or boolean values). */
export function takesCustomFields(outline: Outline): boolean {
  const inner = objectOption(outline);
  return inner !== undefined && takesOtherKeys(inner);
}

/** The object among a union's options (`Company | null`), or the schema itself when it is an object. */
function objectOption(outline: Outline): ObjectOutline | undefined {
  const inner = unwrap(outline);
  if (inner.type === 'object') return inner;
  if (inner.type === 'union') return inner.options.map(unwrap).find((option) => option.type === 'object');
  return undefined;
}

/** What a string schema constrains its values to: its enumeration, or its format (`date-time`, `uri`). */
export function valueRule(outline: Outline): { enum?: readonly string[]; format?: string } {
  const inner = unwrap(objectOption(outline) ?? outline);
  if (inner.type === 'enum') return { enum: inner.values };
  if (inner.type === 'union') {
    for (const option of inner.options) {
      const rule = valueRule(option);
      if (rule.enum || rule.format) return rule;
    }
  }
  return inner.type === 'string' && inner.format ? { format: inner.format } : {};
}

/** Whether `outline` is `target` under its wrappers (`Company.nullable().optional()` is `Company`). */
export function isOutline(outline: Outline | undefined, target: Outline): boolean {
  return outline !== undefined && (objectOption(outline) ?? unwrap(outline)) === target;
}

/** Every object of a body with the schema the spec gives it there, by its path (list items as `[*]`). */
export function eachObject(outline: Outline | undefined, body: unknown, visit: (record: Record<string, unknown>, outline: Outline | undefined, path: string) => void, path = '$'): void {
  if (Array.isArray(body)) {
    const element = outline && elementOutline(outline);
    for (const item of body) eachObject(element, item, visit, `${path}[*]`);
    return;
  }
  if (body === null || typeof body !== 'object') return;
  const record = body as Record<string, unknown>;
  visit(record, outline, path);
  for (const [key, inner] of Object.entries(record)) eachObject(outline && memberOutline(outline, key), inner, visit, `${path}.${key}`);
}

/** Whether `target` is somewhere inside `outline` (a field, an item, an option, at any depth). */
export function reaches(outline: Outline, target: Outline, seen = new Set<Outline>()): boolean {
  const inner = unwrap(outline);
  if (inner === target) return true;
  if (seen.has(inner)) return false;
  seen.add(inner);
  const children = inner.type === 'object' ? Object.values(inner.fields) : inner.type === 'array' ? [inner.items] : inner.type === 'union' ? inner.options : [];
  return children.some((child) => reaches(child, target, seen));
}

/** A value as compact JSON, cut short past 160 characters. */
export function compact(value: unknown): string {
  const text = value === undefined ? 'missing' : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
