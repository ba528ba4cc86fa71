import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { checkWritableFolder, EXIT, UsageError, type ExitCode } from '@network-org/cli-kit';
import type { CommandSpec } from '../commands/specs';
import { withTarget, type CommonValues } from '../commands/run';
import { failureOf } from '../errors';
import { recordKindOf, registeredFieldTypes } from '../input/custom-fields';
import type { FlagValues } from '../input/request';
import { validateRequest } from '../input/validate';
import type { Target } from '../target/connect';
import { readCheckpoint, writeCheckpoint, type Checkpoint } from './checkpoint';
import { checkHeader, customColumns, rowArgs, type BulkRecord, type BulkRow } from './rows';

interface BulkValues extends CommonValues {
  fromCsv: string;
  dryRun?: boolean;
  failures?: string;
  resume?: boolean;
  checkpoint?: string;
}

// Flags that edit one record: a bulk run takes its edits from the file.
const SINGLE_RECORD_FLAGS = ['data', 'addTag', 'removeTag', 'setTag', 'notes', 'field', 'accountId', 'tags', 'notesJson'];

function readCsvFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--from-csv ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** The file's records by line, and the lines CSV cannot read (reported, and the others go on). */
async function parseCsv(text: string): Promise<{ header: string[]; records: BulkRecord[]; unreadable: { line: number; error: string }[] }> {
  const { parse } = await import('csv-parse');
  let header: string[] = [];
  const unreadable: { line: number; error: string }[] = [];
  const parser = parse(text, {
    bom: true,
    columns: (names: string[]) => (header = names.map((name) => name.trim())),
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
  });
  parser.on('skip', (error: Error & { lines?: number }) => unreadable.push({ line: error.lines ?? 0, error: error.message }));
  const records: BulkRecord[] = [];
  for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    records.push({ line: info.lines, record });
  }
  return { header, records, unreadable };
}

/** Each record's request, checked as the single command checks it; a record that fails says why, by its line. */
async function rowsOf(spec: CommandSpec, idColumn: string, records: BulkRecord[], target: Target, header: string[]): Promise<BulkRow[]> {
  const types = customColumns(header, idColumn).length > 0 ? await registeredFieldTypes(target, recordKindOf(spec.path)) : undefined;
  checkHeader(header, idColumn, types);
  const rows: BulkRow[] = [];
  for (const record of records) {
    try {
      const args = rowArgs(spec, idColumn, record, types);
      await validateRequest(spec.operationId, args, 'columns');
      rows.push({ ...record, args });
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      rows.push({ ...record, error: error.message });
    }
  }
  return rows;
}

/** The failed rows as CSV: `line`, `error`, then the file's own columns. */
class FailureFile {
  #columns: string[];
  count = 0;

  constructor(
    private readonly path: string | undefined,
    header: string[],
    append: boolean,
  ) {
    this.#columns = header;
    if (path !== undefined && !(append && existsSync(path))) writeFileSync(path, '');
  }

  async add(line: number, error: string, record: Record<string, string> | undefined, scrub: <T>(value: T) => T): Promise<void> {
    this.count += 1;
    process.stderr.write(`line ${line}: ${scrub(error)}\n`);
    if (this.path === undefined) return;
    const { stringify } = await import('csv-stringify/sync');
    const header = readFileSync(this.path, 'utf8') === '';
    appendFileSync(this.path, stringify([[String(line), scrub(error), ...this.#columns.map((column) => scrub(record?.[column] ?? ''))]], { header, columns: ['line', 'error', ...this.#columns] }));
  }
}

async function progressBar(total: number, start: number): Promise<{ update(done: number, failed: number): void; stop(): void }> {
  if (!process.stderr.isTTY) return { update: () => {}, stop: () => {} };
  const { SingleBar, Presets } = await import('cli-progress');
  const bar = new SingleBar(
    { format: 'updating {bar} {value}/{total} rows | {failed} failed | ETA {eta_formatted}', stream: process.stderr, hideCursor: true },
    Presets.shades_classic,
  );
  bar.start(total, start, { failed: 0 });
  return { update: (done, failed) => bar.update(done, { failed }), stop: () => bar.stop() };
}

/** `contacts update --from-csv FILE` (and companies): one PATCH per row, paced, resumable, never a row twice. */
export async function runBulk(spec: CommandSpec, positionals: string[], values: FlagValues & BulkValues): Promise<ExitCode> {
  const idColumn = spec.arguments[0]!.name;
  if (positionals.length > 0) throw new UsageError(`--from-csv takes the ids from its ${idColumn} column; drop ${positionals.join(' ')}`);
  const single = SINGLE_RECORD_FLAGS.filter((key) => values[key] !== undefined).map((key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  if (single.length > 0) throw new UsageError(`--from-csv takes every edit from the file; drop ${single.join(', ')}`);
  if (values.resume && values.dryRun) throw new UsageError('--dry-run sends nothing, so there is nothing to --resume');
  const text = readCsvFile(values.fromCsv);
  const sha = createHash('sha256').update(text).digest('hex');
  const checkpointPath = values.checkpoint ?? `${values.fromCsv}.checkpoint.json`;
  const existing = values.dryRun ? undefined : readCheckpoint(checkpointPath);
  if (existing && !values.resume) {
    throw new UsageError(`a checkpoint of an earlier run is at ${checkpointPath}: pass --resume to continue it, or delete it to start over (rows it sent would be sent again)`);
  }
  if (existing && (existing.csv_sha256 !== sha || existing.operation !== spec.operationId)) {
    throw new UsageError(`--resume: ${checkpointPath} is the checkpoint of ${existing.operation === spec.operationId ? 'another version of this file' : existing.operation}; delete it to start over`);
  }
  if (!values.dryRun) checkWritableFolder('checkpoint', checkpointPath);
  if (values.failures !== undefined) checkWritableFolder('failures', values.failures);
  const { header, records, unreadable } = await parseCsv(text);

  let stopping = false;
  return withTarget(
    values,
    async (target) => {
      const rows = await rowsOf(spec, idColumn, records, target, header);
      const start = existing?.last_line ?? 0;
      const failures = new FailureFile(values.failures, header, existing !== undefined);
      const pending = [...rows.filter((row) => row.line > start), ...unreadable.filter((row) => row.line > start).map((row) => ({ ...row, record: undefined }))].sort(
        (a, b) => a.line - b.line,
      );
      if (values.dryRun) {
        for (const row of pending) if (row.error !== undefined) await failures.add(row.line, row.error, row.record, target.scrub);
        const valid = pending.length - failures.count;
        process.stderr.write(`dry run: ${valid} of ${pending.length} rows would be sent${failures.count > 0 ? `; ${failures.count} would fail` : ''}; nothing was sent\n`);
        return failures.count > 0 ? EXIT.partial : EXIT.ok;
      }
      const checkpoint: Checkpoint = existing ?? { version: 1, operation: spec.operationId, csv_sha256: sha, last_line: 0, in_flight_line: null, applied: 0, failed: 0 };
      if (checkpoint.in_flight_line !== null) {
        const line = checkpoint.in_flight_line;
        const row = rows.find((candidate) => candidate.line === line);
        await failures.add(line, 'not sent again: the earlier run stopped while sending it, so it may have been applied; check it by hand', row?.record, target.scrub);
        Object.assign(checkpoint, { last_line: Math.max(checkpoint.last_line, line), in_flight_line: null, failed: checkpoint.failed + 1 });
        writeCheckpoint(checkpointPath, checkpoint);
      }
      const total = checkpoint.applied + checkpoint.failed + pending.filter((row) => row.line > checkpoint.last_line).length;
      const bar = await progressBar(total, checkpoint.applied + checkpoint.failed);
      const request = target.client.request.bind(target.client) as unknown as (operationId: string, args: unknown) => Promise<unknown>;
      try {
        for (const row of pending) {
          if (stopping) break;
          if (row.line <= checkpoint.last_line) continue;
          if (row.error !== undefined) {
            await failures.add(row.line, row.error, row.record, target.scrub);
            checkpoint.failed += 1;
          } else {
            writeCheckpoint(checkpointPath, { ...checkpoint, in_flight_line: row.line });
            try {
              await request(spec.operationId, row.args);
              checkpoint.applied += 1;
            } catch (error) {
              const failure = failureOf(error, spec.words);
              // No answer: the row may have been applied. The checkpoint keeps it in flight, and the run stops.
              if (failure.exit === EXIT.transport) throw error;
              await failures.add(row.line, failure.line.replace(/^network-org: /, ''), row.record, target.scrub);
              checkpoint.failed += 1;
            }
          }
          checkpoint.last_line = row.line;
          checkpoint.in_flight_line = null;
          writeCheckpoint(checkpointPath, checkpoint);
          bar.update(checkpoint.applied + checkpoint.failed, checkpoint.failed);
        }
      } finally {
        bar.stop();
      }
      const where = values.failures !== undefined && checkpoint.failed > 0 ? ` (written to ${values.failures})` : '';
      if (stopping) {
        process.stderr.write(`interrupted after line ${checkpoint.last_line}: ${checkpoint.applied} rows applied; continue with --resume\n`);
        return EXIT.interrupted;
      }
      process.stderr.write(`updated ${checkpoint.applied} of ${checkpoint.applied + checkpoint.failed} rows${checkpoint.failed > 0 ? `; ${checkpoint.failed} failed${where}` : ''}\n`);
      return checkpoint.failed > 0 ? EXIT.partial : EXIT.ok;
    },
    () => {
      // Ctrl-C: the row being sent finishes and is checkpointed, then the run stops.
      stopping = true;
    },
  );
}
