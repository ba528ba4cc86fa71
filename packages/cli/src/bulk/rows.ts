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
export type BulkRow = BulkRecord &
  ({ args: RequestArgs; error?: undefined; unchanged?: undefined } | { args?: undefined; error: string; unchanged?: undefined } | { args?: undefined; error?: undefined; unchanged: true });

/** `;`-separated values of a cell, blanks dropped. */
const listOf = (cell: string | undefined) => (cell ?? '').split(';').map((part) => part.trim()).filter((part) => part !== '');

/** The export's `tags` column (`NAME:COLOR;...`): read back as `set_tags`, so an exported file re-imports as it is. */
export const EXPORTED_TAGS = 'tags';

/** Which columns of a header a run reads, and which it leaves out. */
export interface Columns {
  idColumn: string;
  /** Custom field columns, by registered name. */
  fields: string[];
  /** Columns the API cannot write (the record's read-only fields, unregistered names): left out. */
  ignored: string[];
}

/**
 * Sorts a header's columns, before anything is sent. The id column is required; `tags` (as exported) stands for
 * `set_tags`. Any other column is a custom field when the target registers it (or, when it does not say, when it
 * is no field of the record); the rest the API cannot write: ignored, or refused with `strict`.
 */
export function columnsOf(header: readonly string[], idColumn: string, types: FieldTypes, recordFields: ReadonlySet<string>, strict: boolean): Columns {
  if (!header.includes(idColumn)) throw new UsageError(`--from-csv: the header has no ${idColumn} column (columns: ${header.join(', ')})`);
  if (header.includes(EXPORTED_TAGS) && header.includes(BULK_COLUMNS.set)) {
    throw new UsageError(`--from-csv: "${EXPORTED_TAGS}" (as exported) means ${BULK_COLUMNS.set}: give one of the two columns`);
  }
  const known = new Set<string>([idColumn, EXPORTED_TAGS, ...Object.values(BULK_COLUMNS)]);
  const fields: string[] = [];
  const ignored: string[] = [];
  for (const column of header) {
    if (known.has(column)) continue;
    const writable = types === undefined ? !recordFields.has(column) : types.has(column);
    (writable ? fields : ignored).push(column);
  }
  if (strict && ignored.length > 0) {
    const registered = types === undefined ? '' : `; registered custom fields: ${[...types.keys()].join(', ') || 'none'}`;
    throw new UsageError(
      `--from-csv --strict-columns: the API cannot write ${ignored.map((column) => `"${column}"`).join(', ')} (writable: ${[idColumn, ...Object.values(BULK_COLUMNS), EXPORTED_TAGS].join(', ')} and custom fields${registered})`,
    );
  }
  return { idColumn, fields, ignored };
}

/** A record that changes nothing (every edit cell empty): skipped, not sent. */
export class NothingToChange extends Error {
  override name = 'NothingToChange';
}

/** The PATCH of one record: the id from its column, the body from the others (an empty cell leaves a value alone). */
export function rowArgs(spec: CommandSpec, columns: Columns, { record }: BulkRecord, types: FieldTypes): RequestArgs {
  const { idColumn } = columns;
  const id = (record[idColumn] ?? '').trim();
  if (id === '') throw new UsageError(`${idColumn} is empty`);
  const body: Record<string, unknown> = {};
  const account = (record[BULK_COLUMNS.account] ?? '').trim();
  if (account !== '') body.account_id = account;
  const setColumn = record[BULK_COLUMNS.set] === undefined && record[EXPORTED_TAGS] !== undefined ? EXPORTED_TAGS : BULK_COLUMNS.set;
  const tags = tagChanges(
    { add: BULK_COLUMNS.add, remove: BULK_COLUMNS.remove, set: setColumn },
    { add: listOf(record[BULK_COLUMNS.add]), remove: listOf(record[BULK_COLUMNS.remove]), set: listOf(record[setColumn]) },
  );
  if (tags) body.tags = tags;
  const notes = record[BULK_COLUMNS.notes] ?? '';
  if (notes.trim() !== '') body.notes_json = notesValue(BULK_COLUMNS.notes, notes);
  for (const column of columns.fields) {
    const cell = record[column] ?? '';
    // An empty cell leaves the field alone (a CSV cannot tell empty from absent); clear one with --field NAME=.
    if (cell !== '') body[column] = fieldValue(`column "${column}"`, column, cell, types);
  }
  if (Object.keys(body).filter((key) => key !== 'account_id').length === 0) throw new NothingToChange();
  return { path: { [spec.arguments[0]!.name]: id }, body };
}
