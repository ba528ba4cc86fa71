// The one checkpoint format of every network-org command line that can stop and go on (network-org's bulk runs,
// network-mock snapshot): a JSON object naming what it is the checkpoint of and its format version, beside the run's
// own fields, written atomically and flushed (see writeFileAtomically) after each step.
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomically } from './files';
import { messageOf, UsageError } from './usage-error';

const VERSION = 1;

export interface CheckpointFile<T extends object> {
  readonly path: string;
  /**
   * What a stopped run left, or undefined where there is no file. A file that cannot be read, is not JSON, is another
   * run's checkpoint, has another format version or lacks the run's fields is refused with a `UsageError` naming it.
   */
  read(): T | undefined;
  write(state: T): void;
}

/**
 * The checkpoint of a `run` (e.g. `network-org bulk run`) kept at `path`, named `label` in messages (e.g.
 * `--checkpoint FILE`). `isState` says whether a parsed file holds the run's fields. `mode` 0o600 keeps a
 * checkpoint that holds a secret (a snapshot's salt) to its owner.
 */
export function checkpointFile<T extends object>(
  path: string,
  options: { run: string; label: string; isState: (value: Record<string, unknown>) => boolean; mode?: number },
): CheckpointFile<T> {
  const { run, label, isState, mode } = options;
  const refuse = (why: string, fix = 'delete it to start over') => new UsageError(`${label} ${why}: ${fix}`);
  return {
    path,
    read() {
      if (!existsSync(path)) return undefined;
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        throw refuse(`cannot be read (${messageOf(error)})`, 'make it readable by this user, or delete it to start over');
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw refuse(`is not valid JSON (${messageOf(error)})`);
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw refuse(`is not a checkpoint of ${run}`);
      const { checkpoint, version, ...state } = value as Record<string, unknown>;
      // A checkpoint written before checkpoints named their run carries only the version.
      if (checkpoint !== undefined && checkpoint !== run) throw refuse(`is a checkpoint of ${JSON.stringify(checkpoint)}, not of ${run}`);
      if (version !== VERSION) {
        const found = JSON.stringify(version ?? null);
        throw refuse(`was written by another version of ${run} (checkpoint version ${found}, this one reads ${VERSION})`, 'finish that run with that version, or delete it to start over');
      }
      if (!isState(state)) throw refuse(`is not a checkpoint of ${run} (fields are missing or of the wrong type)`);
      return state as T;
    },
    write(state) {
      writeFileAtomically(path, `${JSON.stringify({ checkpoint: run, version: VERSION, ...state })}\n`, mode);
    },
  };
}
