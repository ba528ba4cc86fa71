import { outlines } from '@network-org/spec/outlines';
import type { Answer } from '../call';
import type { Difference } from '../report/types';
import { outlineOf } from './answer';
import { eachObject, fieldOutline, isOutline, keyPath, typeName } from './schema';

/** A registered custom field: its name and the JSON type of its values. */
export interface CustomField {
  name: string;
  type: 'string' | 'number' | 'boolean';
}

/** The custom fields an organization registered, per record kind; undefined where nothing tells (not the mock). */
export type Registry = Record<'contact' | 'company', CustomField[]> | undefined;

const isValue = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
const jsonType = (value: unknown) => (typeof value === 'number' ? 'number' : typeof value);

/**
 * The custom fields of the contacts and companies of a successful answer (their keys the spec does not name):
 * with the organization's registry, each must be a registered field of that kind of record holding a value of its
 * registered type; without one, a field holds values of one type across the answer's records.
 */
export function customFieldDifferences(answer: Answer, registry: Registry): Difference[] {
  const differences = new Map<string, Difference>();
  const seen = new Map<string, Set<string>>();
  eachObject(outlineOf(answer), answer.body, (record, outline, path) => {
    const kind = isOutline(outline, outlines.Contact) ? 'contact' : isOutline(outline, outlines.Company) ? 'company' : undefined;
    if (!kind || !outline) return;
    for (const [key, value] of Object.entries(record)) {
      if (fieldOutline(outline, key) || value === null || !isValue(value)) continue;
      const at = keyPath(path, key);
      if (registry) {
        const field = registry[kind].find((registered) => registered.name === key);
        if (!field) differences.set(at, { path: at, expected: `a field of the spec or a custom field registered for ${kind}s`, actual: `${key}, which is neither` });
        else if (field.type !== jsonType(value)) differences.set(at, { path: at, expected: `${field.type} (the registered type of ${JSON.stringify(key)})`, actual: typeName(value) });
      } else {
        const types = seen.get(at) ?? new Set<string>();
        types.add(jsonType(value));
        seen.set(at, types);
        if (types.size > 1) differences.set(at, { path: at, expected: 'values of one type (a custom field has one registered type)', actual: [...types].sort().join(' and ') });
      }
    }
  });
  return [...differences.values()];
}
