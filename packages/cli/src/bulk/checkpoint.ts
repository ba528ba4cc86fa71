import { checkpointFile, type CheckpointFile } from '@network-org/cli-kit';

/**
 * Where a bulk run is, written after each row (cli-kit's checkpoint format). Rows are sent one at a time in file order,
 * so one line number says which are done. `in_flight_line` is set when a row's request leaves (not while it waits for
 * its turn) and cleared once an answer says whether it was applied: a run that dies in between leaves it, and
 * `--resume` does not send that row again (it may have been applied), so no row is ever applied twice (at most once);
 * it is reported as failed, to be checked by hand.
 */
export interface BulkCheckpoint {
  operation: string;
  /** The file the run read: a resume of another file (or of this one changed) is refused. */
  csv_sha256: string;
  /** The line of the last row done (applied, or failed and reported); 0 before the first. */
  last_line: number;
  in_flight_line: number | null;
  applied: number;
  failed: number;
}

const isLine = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

export const bulkCheckpoint = (path: string): CheckpointFile<BulkCheckpoint> =>
  checkpointFile<BulkCheckpoint>(path, {
    run: 'network-org bulk run',
    label: `--checkpoint ${path}`,
    isState: (value) =>
      typeof value['operation'] === 'string' &&
      typeof value['csv_sha256'] === 'string' &&
      isLine(value['last_line']) &&
      (value['in_flight_line'] === null || isLine(value['in_flight_line'])) &&
      isLine(value['applied']) &&
      isLine(value['failed']),
  });
