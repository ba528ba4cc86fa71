import type { ScenarioContext } from '../context';
import { compact } from '../check/schema';

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a contact list item leaves out (lists may omit notes_json; lookups and sequences too). */
export const LIST_OMITS = ['notes_json', 'contact_enrichment', 'sequence'];

/** Which fields each of two answers may leave out that the other shows: named ones, or any. */
export interface Omits {
  first: string[] | 'any';
  second: string[] | 'any';
}

const mayOmit = (omits: string[] | 'any', key: string) => omits === 'any' || omits.includes(key);

/**
 * One record as two operations show it must agree: every field both show has the same value, and each shows every
 * field of the other but those it may leave out (`omits`: what the description says one of them leaves out, or
 * what one of them changes, such as find-email's lookup results, whose values are then not compared either).
 */
export function expectSame(t: ScenarioContext, path: string, shown: Fields, again: Fields, omits: Omits, note: string): void {
  // A record that is not an object (null, a string) on either side: compared whole, as data.
  if (!isFields(shown) || !isFields(again)) return void t.equal(path, again, shown, note);
  for (const key of new Set([...Object.keys(shown), ...Object.keys(again)])) {
    const at = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
    const changes = (omits.first !== 'any' && omits.first.includes(key)) || (omits.second !== 'any' && omits.second.includes(key));
    if (!(key in again)) {
      if (!mayOmit(omits.second, key)) t.differ({ path: at, expected: `present, as the other answer has it: ${compact(shown[key])}`, actual: 'missing', note });
    } else if (!(key in shown)) {
      if (!mayOmit(omits.first, key)) t.differ({ path: at, expected: 'absent, as the other answer has it', actual: compact(again[key]), note });
    } else if (!changes) {
      t.equal(at, again[key], shown[key], note);
    }
  }
}
