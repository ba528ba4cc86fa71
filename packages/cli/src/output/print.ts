import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { UsageError } from '@network-org/cli-kit';
import type { OutputFormat } from './formats';

export interface PrintOptions {
  format: OutputFormat;
  /** A JMESPath expression over what `json` would print. */
  query?: string;
  out?: Writable & { columns?: number };
}

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** Writes and waits for the stream to drain, so a large walk is never buffered whole. */
async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** A nested value as one cell: JSON text; a missing one empty. */
const cellText = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The columns of rows: every key in the order first seen. */
function columnsOf(rows: readonly unknown[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) if (isRow(row)) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}

const isTag = (value: unknown): value is { name: string; color: string } => isRow(value) && typeof value.name === 'string' && typeof value.color === 'string';

/**
 * A record as a CSV row that `--from-csv` takes back: `tags` as `NAME:COLOR;...`, and the account of a contact
 * (`account.account_id`) as its own `account_id` column.
 */
function csvRow(value: unknown): unknown {
  if (!isRow(value)) return value;
  const row: Row = { ...value };
  if (Array.isArray(row.tags) && row.tags.every(isTag)) row.tags = row.tags.map((tag) => `${tag.name}:${tag.color}`).join(';');
  if (row.account_id === undefined && isRow(row.account) && typeof row.account.account_id === 'string') row.account_id = row.account.account_id;
  return row;
}

/** The columns of a CSV export: the record's id first, then `account_id`, then the others in the order first seen. */
function csvColumns(columns: Iterable<string>): string[] {
  const all = [...columns];
  const id = all.find((column) => column === 'contact_id' || column === 'company_id');
  const lead = [id, 'account_id'].filter((column): column is string => column !== undefined && all.includes(column));
  return [...lead, ...all.filter((column) => !lead.includes(column))];
}

async function csvOf(rows: readonly unknown[], columns: string[], header: boolean): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  const records = rows.map((row) => (isRow(row) ? columns.map((column) => cellText(row[column])) : [cellText(row)]));
  return stringify(records, { header, columns: columns.length > 0 ? columns : ['value'] });
}

/**
 * A list as CSV: the union of every row's columns, so the header waits for the last page. The rows wait in a
 * temporary file meanwhile, never all in memory.
 */
async function writeCsvPages(pages: AsyncIterable<readonly unknown[]>, out: Writable): Promise<void> {
  const { mkdtempSync, appendFileSync, rmSync, createReadStream } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { createInterface } = await import('node:readline');
  const folder = mkdtempSync(join(tmpdir(), 'network-org-csv-'));
  const spool = join(folder, 'rows.jsonl');
  try {
    const seen = new Set<string>();
    let count = 0;
    for await (const page of pages) {
      const rows = page.map(csvRow);
      for (const row of rows) if (isRow(row)) for (const key of Object.keys(row)) seen.add(key);
      if (rows.length > 0) appendFileSync(spool, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
      count += rows.length;
    }
    const columns = csvColumns(seen);
    await write(out, await csvOf([], columns, true));
    if (count === 0) return;
    let batch: unknown[] = [];
    for await (const line of createInterface({ input: createReadStream(spool), crlfDelay: Infinity })) {
      batch.push(JSON.parse(line));
      if (batch.length === 500) {
        await write(out, await csvOf(batch, columns, false));
        batch = [];
      }
    }
    if (batch.length > 0) await write(out, await csvOf(batch, columns, false));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const CELL_WIDTH = 32;
const clip = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/**
 * The columns a terminal table shows: ids first, then `name`, then the other fields with a scalar value, as many
 * as fit the terminal's width (nested values and URLs are left to json, yaml and `--query`).
 */
function tableColumns(rows: readonly Row[], width: number): string[] {
  const scalar = columnsOf(rows).filter((column) => rows.every((row) => isScalar(row[column]) || row[column] === undefined));
  const isId = (column: string) => (column === 'id' || column.endsWith('_id')) && !column.startsWith('provider_');
  const isUrl = (column: string) => rows.some((row) => typeof row[column] === 'string' && /^https?:\/\//.test(row[column] as string));
  const ordered = [...scalar.filter(isId), ...scalar.filter((c) => c === 'name'), ...scalar.filter((c) => !isId(c) && c !== 'name' && !isUrl(c))];
  const chosen: string[] = [];
  let used = 1;
  for (const column of ordered) {
    const columnWidth = Math.min(CELL_WIDTH, Math.max(column.length, ...rows.map((row) => cellText(row[column]).length))) + 3;
    if (used + columnWidth > width && chosen.length > 0) break;
    chosen.push(column);
    used += columnWidth;
  }
  return chosen;
}

async function tableOf(value: unknown, width: number, color: boolean): Promise<string> {
  const { default: Table } = await import('cli-table3');
  // Colors only on a terminal: a table written to a file or a pipe stays plain text.
  const style = (head: string[]) => ({ head: color ? head : [], border: color ? ['grey'] : [], compact: true });
  if (Array.isArray(value)) {
    if (value.length === 0) return '(no items)\n';
    if (!value.every(isRow)) return `${value.map(cellText).join('\n')}\n`;
    const columns = tableColumns(value, width);
    const table = new Table({ head: columns, style: style(['bold']) });
    for (const row of value) table.push(columns.map((column) => clip(cellText(row[column]), CELL_WIDTH)));
    return `${table.toString()}\n`;
  }
  if (isRow(value)) {
    const keyWidth = Math.max(...Object.keys(value).map((key) => key.length), 1);
    const table = new Table({ style: style([]) });
    for (const [key, inner] of Object.entries(value)) table.push({ [key]: clip(cellText(inner), Math.max(20, width - keyWidth - 8)) });
    return `${table.toString()}\n`;
  }
  return `${cellText(value)}\n`;
}

/** One value (an object, or a whole list) in a format. */
export async function formatValue(value: unknown, format: OutputFormat, width = 120, color = false): Promise<string> {
  switch (format) {
    case 'json':
      return `${JSON.stringify(value, null, 2)}\n`;
    case 'jsonl':
      return Array.isArray(value) ? value.map((item) => `${JSON.stringify(item)}\n`).join('') : `${JSON.stringify(value)}\n`;
    case 'csv': {
      const rows = (Array.isArray(value) ? value : [value]).map(csvRow);
      return csvOf(rows, csvColumns(columnsOf(rows)), true);
    }
    case 'yaml': {
      const { stringify } = await import('yaml');
      return stringify(value);
    }
    case 'table':
      return tableOf(value, width, color);
  }
}

async function applyQuery(value: unknown, expression: string): Promise<unknown> {
  const { search } = await import('@jmespath-community/jmespath');
  try {
    return search(value as Parameters<typeof search>[0], expression);
  } catch (error) {
    throw new UsageError(`--query "${expression}": ${(error as Error).message}`);
  }
}

/** Checks a JMESPath expression before anything is sent. */
export async function checkQuery(expression: string | undefined): Promise<void> {
  if (expression === undefined) return;
  const { compile } = await import('@jmespath-community/jmespath');
  try {
    compile(expression);
  } catch (error) {
    throw new UsageError(`--query "${expression}" is not a JMESPath expression: ${(error as Error).message}`);
  }
}

const stdout = () => process.stdout as Writable & { columns?: number };

/** An operation's object (any operation but a list): printed whole. */
export async function printValue(value: unknown, options: PrintOptions): Promise<void> {
  const out = options.out ?? stdout();
  const shown = options.query === undefined ? value : await applyQuery(value, options.query);
  await write(out, await formatValue(shown, options.format, out.columns ?? 120, (out as { isTTY?: boolean }).isTTY === true));
}

/**
 * A list's items, page by page. `json` and `jsonl` are written as pages arrive, so a walk of every page is never
 * held whole; `csv` keeps the rows in a temporary file until the last page has given every column; `table`,
 * `yaml` and `--query` need the whole list first.
 */
export async function printPages(pages: AsyncIterable<readonly unknown[]>, options: PrintOptions): Promise<void> {
  const out = options.out ?? stdout();
  if (options.query !== undefined || options.format === 'table' || options.format === 'yaml') {
    const items: unknown[] = [];
    for await (const page of pages) items.push(...page);
    await printValue(items, { ...options, out });
    return;
  }
  if (options.format === 'csv') return writeCsvPages(pages, out);
  let count = 0;
  for await (const page of pages) {
    for (const item of page) {
      if (options.format === 'json') await write(out, `${count === 0 ? '[\n' : ',\n'}  ${JSON.stringify(item, null, 2).replace(/\n/g, '\n  ')}`);
      else if (options.format === 'jsonl') await write(out, `${JSON.stringify(item)}\n`);
      count += 1;
    }
  }
  if (options.format === 'json') await write(out, count === 0 ? '[]\n' : '\n]\n');
}
