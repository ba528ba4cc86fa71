/** How a list tool shows an item by default: the fields an agent needs, some of them reduced or derived. */
export interface Projection {
  /** Top-level fields shown: a field as is (`true`), or a value derived from the record (a reduced field, an id it holds). */
  fields: Readonly<Record<string, true | ((record: Record<string, unknown>) => unknown)>>;
  /** The record schema's declared keys: any other key (a custom field, by its registered name) is shown too. */
  declared?: ReadonlySet<string>;
  /** The records hold much more than the default set: the tool takes a `fields` argument to show more. */
  more?: true;
}

/** `fields` argument value that asks for the whole record. */
export const ALL_FIELDS = '*';

/** The item as the projection shows it, plus the `extra` fields asked for (`['*']`: the record as is). */
export function project(record: Record<string, unknown>, projection: Projection | undefined, extra: readonly string[] = []): Record<string, unknown> {
  if (!projection || extra.includes(ALL_FIELDS)) return record;
  // The default fields first, in the projection's order; then the extra ones asked for; then custom fields.
  const out: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(projection.fields)) {
    const value = rule === true || (extra.includes(key) && key in record) ? record[key] : rule(record);
    if (value !== undefined) out[key] = value;
  }
  for (const key of extra) if (key in record && !(key in out)) out[key] = record[key];
  if (projection.declared) {
    for (const [key, value] of Object.entries(record)) if (!projection.declared.has(key) && !(key in out)) out[key] = value;
  }
  return out;
}

const size = (value: unknown) => JSON.stringify(value)?.length ?? 0;

/**
 * The record within `budget` characters of JSON: its largest fields (top level, or one level down) are left out
 * one by one, and their paths returned, until it fits.
 */
export function fitRecord(record: Record<string, unknown>, budget: number): { record: Record<string, unknown>; cut: string[] } {
  if (size(record) <= budget) return { record, cut: [] };
  const copy: Record<string, unknown> = structuredClone(record);
  const cut: string[] = [];
  while (size(copy) > budget) {
    let largest: { parent: Record<string, unknown>; key: string; path: string; size: number } | undefined;
    for (const [key, value] of Object.entries(copy)) {
      const candidates: Array<[Record<string, unknown>, string, string, unknown]> = [[copy, key, key, value]];
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [inner, innerValue] of Object.entries(value)) candidates.push([value as Record<string, unknown>, inner, `${key}.${inner}`, innerValue]);
      }
      for (const [parent, name, path, candidate] of candidates) {
        const candidateSize = size(candidate);
        // A nested field is preferred over its parent of nearly the same size: less is lost.
        if (!largest || candidateSize > largest.size || (candidateSize === largest.size && path.length > largest.path.length)) {
          largest = { parent, key: name, path, size: candidateSize };
        }
      }
    }
    if (!largest) break;
    delete largest.parent[largest.key];
    cut.push(largest.path);
  }
  return { record: copy, cut };
}

/** Items rendered one JSON line each, as many as fit in `budget` characters (at least one, fitted alone). */
export function fitItems(items: readonly Record<string, unknown>[], budget: number): { lines: string[]; shown: Record<string, unknown>[]; cutFields: string[] } {
  const lines: string[] = [];
  const shown: Record<string, unknown>[] = [];
  let used = 0;
  let cutFields: string[] = [];
  for (const item of items) {
    let line = JSON.stringify(item);
    let value = item;
    if (shown.length === 0 && line.length > budget) {
      const fitted = fitRecord(item, budget);
      value = fitted.record;
      cutFields = fitted.cut;
      line = JSON.stringify(value);
    }
    if (shown.length > 0 && used + line.length + 1 > budget) break;
    lines.push(line);
    shown.push(value);
    used += line.length + 1;
  }
  return { lines, shown, cutFields };
}
