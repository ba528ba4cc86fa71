import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { checkWritableFolder, EXIT, exitOnSignal, UsageError, type ExitCode } from '@network-org/cli-kit';
import type { CommandSpec } from '../commands/specs';
import { withTarget, type CommonValues } from '../commands/common';
import { failureOf, isApiError } from '../errors';
import { recordKindOf, registeredFieldTypes } from '../input/custom-fields';
import type { FlagValues } from '../input/request';
import { validateRequest } from '../input/validate';
import type { Target } from '../target/connect';
import { bulkCheckpoint, type BulkCheckpoint } from './checkpoint';
import { progressOf } from './progress';
import { columnsOf, NothingToChange, rowArgs, type BulkRecord, type BulkRow } from './rows';

interface BulkValues extends CommonValues {
  fromCsv: string;
  dryRun?: boolean;
  failures?: string;
  resume?: boolean;
  checkpoint?: string;
  strictColumns?: boolean;
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

/** The fields of the records an operation updates (contacts, companies), as its list answers them. */
async function recordFieldsOf(spec: CommandSpec): Promise<Set<string>> {
  const { schemas } = await import('@network-org/spec/zod');
  const item = recordKindOf(spec.path) === 'company' ? schemas.CompanyListItem : schemas.ContactListItem;
  return new Set(Object.keys(item.shape));
}

/** Each record's request, checked as the single command checks it; a record that fails says why, by its line. */
async function rowsOf(spec: CommandSpec, idColumn: string, records: BulkRecord[], target: Target, header: string[], strict: boolean): Promise<BulkRow[]> {
  const types = header.some((column) => column !== idColumn) ? await registeredFieldTypes(target, recordKindOf(spec.path)) : undefined;
  const columns = columnsOf(header, idColumn, types, await recordFieldsOf(spec), strict);
  if (columns.ignored.length > 0) {
    process.stderr.write(`network-org: ignoring ${columns.ignored.length === 1 ? 'a column' : `${columns.ignored.length} columns`} the API cannot write: ${columns.ignored.join(', ')} (--strict-columns refuses them instead)\n`);
  }
  const rows: BulkRow[] = [];
  for (const record of records) {
    try {
      const args = rowArgs(spec, columns, record, types);
      await validateRequest(spec.operationId, args, 'columns');
      rows.push({ ...record, args });
    } catch (error) {
      if (error instanceof NothingToChange) rows.push({ ...record, unchanged: true });
      else if (error instanceof UsageError) rows.push({ ...record, error: error.message });
      else throw error;
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
    private readonly print: (line: string) => void,
  ) {
    this.#columns = header;
    if (path !== undefined && !(append && existsSync(path))) writeFileSync(path, '');
  }

  async add(line: number, error: string, record: Record<string, string> | undefined, scrub: <T>(value: T) => T): Promise<void> {
    this.count += 1;
    this.print(`line ${line}: ${scrub(error)}`);
    if (this.path === undefined) return;
    const { stringify } = await import('csv-stringify/sync');
    const header = readFileSync(this.path, 'utf8') === '';
    appendFileSync(this.path, stringify([[String(line), scrub(error), ...this.#columns.map((column) => scrub(record?.[column] ?? ''))]], { header, columns: ['line', 'error', ...this.#columns] }));
  }
}

/** Errors no row can pass: the key, or the organization's access. The run stops at once, the rest left for --resume. */
const STOPS_THE_RUN = new Set(['unauthorized', 'forbidden']);

/** Why a run ended before its last row. */
type Stop = { kind: 'signal'; signal: 'SIGINT' | 'SIGTERM' } | { kind: 'refused'; error: unknown; line: number } | { kind: 'transport'; error: unknown; inFlight: boolean };

/** `contacts update --from-csv FILE` (and companies): one PATCH per row, paced, resumable, never a row twice. */
export async function runBulk(spec: CommandSpec, positionals: string[], values: FlagValues & BulkValues, secrets: string[]): Promise<ExitCode> {
  const idColumn = spec.arguments[0]!.name;
  if (positionals.length > 0) throw new UsageError(`--from-csv takes the ids from its ${idColumn} column; drop ${positionals.join(' ')}`);
  const single = SINGLE_RECORD_FLAGS.filter((key) => values[key] !== undefined).map((key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  if (single.length > 0) throw new UsageError(`--from-csv takes every edit from the file; drop ${single.join(', ')}`);
  if (values.resume && values.dryRun) throw new UsageError('--dry-run sends nothing, so there is nothing to --resume');
  const text = readCsvFile(values.fromCsv);
  const sha = createHash('sha256').update(text).digest('hex');
  const checkpointPath = values.checkpoint ?? `${values.fromCsv}.checkpoint.json`;
  const kept = bulkCheckpoint(checkpointPath);
  const existing = values.dryRun ? undefined : kept.read();
  if (existing && (existing.csv_sha256 !== sha || existing.operation !== spec.operationId)) {
    const whose = existing.operation === spec.operationId ? 'another version of this file' : existing.operation;
    throw new UsageError(`${checkpointPath} is the checkpoint of a run of ${whose}: delete it to start over, or give this run another --checkpoint PATH`);
  }
  if (!values.dryRun) checkWritableFolder('checkpoint', checkpointPath);
  if (values.failures !== undefined) checkWritableFolder('failures', values.failures);
  const { header, records, unreadable } = await parseCsv(text);
  const lastLine = Math.max(0, ...records.map((record) => record.line), ...unreadable.map((row) => row.line));
  if (existing && existing.in_flight_line === null && existing.last_line >= lastLine) {
    const tally = `${existing.applied} applied, ${existing.failed} failed`;
    if (values.resume) {
      process.stderr.write(`network-org: nothing to resume: the run of ${values.fromCsv} in ${checkpointPath} finished (${tally})\n`);
      return EXIT.ok;
    }
    throw new UsageError(
      `an earlier run of ${values.fromCsv} finished (${tally}; its checkpoint is ${checkpointPath}): to send every row again, delete the checkpoint, or give this run another --checkpoint PATH`,
    );
  }
  if (existing && !values.resume) {
    throw new UsageError(`an earlier run of ${values.fromCsv} stopped after line ${existing.last_line} (checkpoint ${checkpointPath}): pass --resume to continue it, or delete the checkpoint to start over (rows it sent would be sent again)`);
  }

  let stop: Stop | undefined;
  /** The request of the row being sent: aborted by Ctrl-C while it waits for its turn, or a second after it left. */
  let current: { controller: AbortController; sent: boolean } | undefined;
  return withTarget(
    values,
    secrets,
    async (target) => {
      const rows = await rowsOf(spec, idColumn, records, target, header, values.strictColumns === true);
      const start = existing?.last_line ?? 0;
      const pending = [...rows.filter((row) => row.line > start), ...unreadable.filter((row) => row.line > start).map((row) => ({ ...row, record: undefined, unchanged: undefined }))].sort(
        (a, b) => a.line - b.line,
      );
      const unchanged = pending.filter((row) => row.unchanged).length;
      const skipped = unchanged > 0 ? `; ${unchanged} had nothing to change` : '';
      if (values.dryRun) {
        const failures = new FailureFile(values.failures, header, false, (line) => process.stderr.write(`${line}\n`));
        for (const row of pending) if (row.error !== undefined) await failures.add(row.line, row.error, row.record, target.scrub);
        const valid = pending.length - failures.count - unchanged;
        process.stderr.write(`dry run: ${valid} of ${pending.length} rows would be sent${failures.count > 0 ? `; ${failures.count} would fail` : ''}${skipped}; nothing was sent\n`);
        return failures.count > 0 ? EXIT.partial : EXIT.ok;
      }
      const checkpoint: BulkCheckpoint = existing ?? { operation: spec.operationId, csv_sha256: sha, last_line: 0, in_flight_line: null, applied: 0, failed: 0 };
      const total = checkpoint.applied + checkpoint.failed + pending.filter((row) => row.line > checkpoint.last_line && !row.unchanged).length + (checkpoint.in_flight_line === null ? 0 : 1);
      const progress = progressOf(total, checkpoint.applied + checkpoint.failed);
      const failures = new FailureFile(values.failures, header, existing !== undefined, (line) => progress.log(line));
      const save = (inFlight: number | null) => kept.write({ ...checkpoint, in_flight_line: inFlight });
      if (checkpoint.in_flight_line !== null) {
        const line = checkpoint.in_flight_line;
        const row = rows.find((candidate) => candidate.line === line);
        await failures.add(line, 'not sent again: the earlier run stopped while sending it, so it may have been applied; check it by hand', row?.record, target.scrub);
        Object.assign(checkpoint, { last_line: Math.max(checkpoint.last_line, line), in_flight_line: null, failed: checkpoint.failed + 1 });
      }
      save(null);
      try {
        for (const row of pending) {
          if (stop) break;
          if (row.line <= checkpoint.last_line) continue;
          if (row.unchanged) {
            checkpoint.last_line = row.line;
            save(null);
            continue;
          }
          if (row.error !== undefined) {
            await failures.add(row.line, row.error, row.record, target.scrub);
            checkpoint.failed += 1;
          } else {
            // In flight from the moment an attempt leaves until its answer says it was not applied; an attempt with
            // no answer (after the connection was made) keeps it so: it may have been applied.
            let unanswered = false;
            const attempt = { controller: new AbortController(), sent: false };
            current = attempt;
            target.watch({
              sending: () => {
                attempt.sent = true;
                progress.sent();
                save(row.line);
              },
              answered: (status) => {
                if (status >= 400 && !unanswered) save(null);
              },
              unanswered: (reached) => {
                if (reached) unanswered = true;
                else if (!unanswered) save(null);
              },
            });
            try {
              await target.client.requestAny(spec.operationId, row.args, { signal: attempt.controller.signal });
              checkpoint.applied += 1;
              // The mock's state first: a run killed between the two writes reports the row for a hand check
              // instead of losing it.
              target.saveState();
            } catch (error) {
              if (attempt.controller.signal.aborted) break;
              const failure = failureOf(error, spec.words, 'row');
              if (failure.exit === EXIT.transport) {
                stop = { kind: 'transport', error, inFlight: unanswered };
                break;
              }
              if (isApiError(error) && STOPS_THE_RUN.has(error.code)) {
                stop = { kind: 'refused', error, line: row.line };
                break;
              }
              await failures.add(row.line, failure.line.replace(/^network-org: /, ''), row.record, target.scrub);
              checkpoint.failed += 1;
            } finally {
              target.watch(undefined);
              current = undefined;
            }
          }
          checkpoint.last_line = row.line;
          save(null);
          progress.update(checkpoint.applied + checkpoint.failed, checkpoint.failed);
        }
      } finally {
        progress.stop();
      }
      const notTried = pending.filter((row) => row.line > checkpoint.last_line && !row.unchanged).length;
      if (stop?.kind === 'transport') {
        // A row whose request may have reached the API stays in flight: --resume reports it instead of sending it again.
        if (!stop.inFlight) save(null);
        const line = failureOf(stop.error, spec.words).line;
        process.stderr.write(`${line}\nstopped after line ${checkpoint.last_line}: ${checkpoint.applied} rows applied, ${notTried} not tried; continue with --resume\n`);
        return EXIT.transport;
      }
      if (stop?.kind === 'refused') {
        save(null);
        const line = failureOf(stop.error, spec.words).line;
        process.stderr.write(`${line}\nstopped at line ${stop.line}: no row can pass this; ${notTried} rows not tried, fix it and continue with --resume\n`);
        return EXIT.failure;
      }
      const where = values.failures !== undefined && checkpoint.failed > 0 ? ` (written to ${values.failures})` : '';
      if (stop?.kind === 'signal') {
        process.stderr.write(`${stop.signal === 'SIGINT' ? 'interrupted' : 'stopped (SIGTERM)'} after line ${checkpoint.last_line}: ${checkpoint.applied} rows applied; continue with --resume\n`);
        return exitOnSignal(stop.signal);
      }
      process.stderr.write(`updated ${checkpoint.applied} of ${checkpoint.applied + checkpoint.failed} rows${checkpoint.failed > 0 ? `; ${checkpoint.failed} failed${where}` : ''}${skipped}\n`);
      return checkpoint.failed > 0 ? EXIT.partial : EXIT.ok;
    },
    (signal) => {
      // Ctrl-C or SIGTERM: a row still waiting for its turn is dropped at once (left for --resume); a row whose
      // request left gets a second for its answer, then is left in flight.
      stop = { kind: 'signal', signal };
      const row = current;
      if (row && !row.sent) row.controller.abort();
      else if (row) setTimeout(() => row.controller.abort(), 1_000).unref();
    },
  );
}
