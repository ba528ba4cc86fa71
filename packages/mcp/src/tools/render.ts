/** How a list tool shows an item by default: the fields an agent needs, some of them reduced. */
export interface Projection {
  /** Top-level fields kept, each as is (`true`) or reduced by a function. */
  fields: Readonly<Record<string, true | ((value: unknown) => unknown)>>;
  /** The record schema's declared keys: any other key (a custom field, by its registered name) is kept too. */
  declared?: ReadonlySet<string>;
}

/** `fields` argument value that asks for the whole record. */
export const ALL_FIELDS = '*';

/** The item as the projection shows it, plus the `extra` fields asked for (`['*']`: the record as is). */
export function project(record: Record<string, unknown>, projection: Projection, extra: readonly string[] = []): Record<string, unknown> {
  if (extra.includes(ALL_FIELDS)) return record;
  // The default fields first, in the projection's order; then the extra ones asked for; then custom fields.
  const out: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(projection.fields)) {
    if (!(key in record)) continue;
    out[key] = rule === true || extra.includes(key) ? record[key] : rule(record[key]);
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
