import { UsageError } from '@network-org/cli-kit';
import type { CommandSpec } from '../commands/specs';
import { fieldValue, notesValue, tagChanges, type FieldTypes } from '../input/edits';
import type { RequestArgs } from '../input/request';

/** The columns of a bulk file other than the id's; any other column is a custom field by registered name. */
export const BULK_COLUMNS = { account: 'account_id', add: 'add_tags', remove: 'remove_tags', set: 'set_tags', notes: 'notes_json' } as const;

/** One record of the file, by its line number (of its last line, as the file shows it). */
export interface BulkRecord {
  line: number;
  record: Record<string, string>;
}

/** A record turned into its request, or why it cannot be sent. */
export type BulkRow = BulkRecord & ({ args: RequestArgs; error?: undefined } | { args?: undefined; error: string });

/** `;`-separated values of a cell, blanks dropped. */
const listOf = (cell: string | undefined) => (cell ?? '').split(';').map((part) => part.trim()).filter((part) => part !== '');

/** The custom field columns of a header: every column that is not the id or one of the bulk columns. */
export function customColumns(header: readonly string[], idColumn: string): string[] {
  const known = new Set<string>([idColumn, ...Object.values(BULK_COLUMNS)]);
  return header.filter((column) => !known.has(column));
}

/** Refuses, before anything is sent, a header without the id column or with a column no custom field is registered as. */
export function checkHeader(header: readonly string[], idColumn: string, types: FieldTypes): void {
  if (!header.includes(idColumn)) throw new UsageError(`--from-csv: the header has no ${idColumn} column (columns: ${header.join(', ')})`);
  if (types === undefined) return;
  const unknown = customColumns(header, idColumn).filter((column) => !types.has(column));
  if (unknown.length > 0) {
    throw new UsageError(
      `--from-csv: ${unknown.map((column) => `"${column}"`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} neither a bulk column (${[idColumn, ...Object.values(BULK_COLUMNS)].join(', ')}) nor a registered custom field (${[...types.keys()].join(', ') || 'none'})`,
    );
  }
}

/** The PATCH of one record: the id from its column, the body from the others (an empty cell leaves a value alone). */
export function rowArgs(spec: CommandSpec, idColumn: string, { record }: BulkRecord, types: FieldTypes): RequestArgs {
  const id = (record[idColumn] ?? '').trim();
  if (id === '') throw new UsageError(`${idColumn} is empty`);
  const body: Record<string, unknown> = {};
  const account = (record[BULK_COLUMNS.account] ?? '').trim();
  if (account !== '') body.account_id = account;
  const tags = tagChanges(
    { add: BULK_COLUMNS.add, remove: BULK_COLUMNS.remove, set: BULK_COLUMNS.set },
    { add: listOf(record[BULK_COLUMNS.add]), remove: listOf(record[BULK_COLUMNS.remove]), set: listOf(record[BULK_COLUMNS.set]) },
  );
  if (tags) body.tags = tags;
  const notes = record[BULK_COLUMNS.notes] ?? '';
  if (notes.trim() !== '') body.notes_json = notesValue(BULK_COLUMNS.notes, notes);
  for (const column of customColumns(Object.keys(record), idColumn)) {
    const cell = record[column] ?? '';
    // An empty cell leaves the field alone (a CSV cannot tell empty from absent); clear one with --field NAME=.
    if (cell !== '') body[column] = fieldValue(`column "${column}"`, column, cell, types);
  }
  if (Object.keys(body).filter((key) => key !== 'account_id').length === 0) throw new UsageError('nothing to change (every edit cell is empty)');
  return { path: { [spec.arguments[0]!.name]: id }, body };
}
