// CSV through csv-parse and csv-stringify, the libraries `network-org` uses (RFC 4180: quotes, commas, newlines).
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** One CSV line (without its line break) of `values`; null and undefined are empty cells. */
export function toCsvRow(values: readonly unknown[]): string {
  return stringify([values.map((value) => (value === null || value === undefined ? '' : String(value)))]).replace(/\r?\n$/, '');
}

/** Parses CSV text into records keyed by the header row (names and cells trimmed, blank lines skipped). */
export function parseCsv(text: string): Array<Record<string, string>> {
  return parse(text, { columns: (header: string[]) => header.map((name) => name.trim()), skip_empty_lines: true, trim: true, relax_column_count: true, bom: true });
}
