import { existsSync, readFileSync } from 'node:fs';
import { UsageError, writeFileAtomically } from '@network-org/cli-kit';

/**
 * Where a bulk run is, written atomically after each row. Rows are sent one at a time in file order, so one line
 * number says which are done. `in_flight_line` is set when a row's request leaves (not while it waits for its turn)
 * and cleared once an answer says whether it was applied: a run that dies in between leaves it, and `--resume` does
 * not send that row again (it may have been applied), so no row is ever applied twice (at most once); it is
 * reported as failed, to be checked by hand.
 */
export interface Checkpoint {
  version: 1;
  operation: string;
  /** The file the run read: a resume of another file (or of this one changed) is refused. */
  csv_sha256: string;
  /** The line of the last row done (applied, or failed and reported); 0 before the first. */
  last_line: number;
  in_flight_line: number | null;
  applied: number;
  failed: number;
}

export function readCheckpoint(path: string): Checkpoint | undefined {
  if (!existsSync(path)) return undefined;
  let value: Partial<Checkpoint>;
  try {
    value = JSON.parse(readFileSync(path, 'utf8')) as Partial<Checkpoint>;
  } catch (error) {
    throw new UsageError(`--checkpoint ${path} is not valid JSON (${(error as Error).message}): delete it to start over`);
  }
  if (value.version !== 1 || typeof value.last_line !== 'number' || typeof value.csv_sha256 !== 'string') {
    throw new UsageError(`--checkpoint ${path} is not a network-org checkpoint: delete it to start over`);
  }
  return value as Checkpoint;
}

export const writeCheckpoint = (path: string, checkpoint: Checkpoint): void => writeFileAtomically(path, `${JSON.stringify(checkpoint)}\n`);
