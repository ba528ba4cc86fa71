// Files a CLI writes whole: its state, its config, a report, a checkpoint.
import { closeSync, fsyncSync, ftruncateSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { messageOf } from './usage-error';

/**
 * Why a rename over a file fails while the file itself can still be written: a file mounted on its own (a container's
 * `-v ./state.json:/data/state.json`) is busy, and a folder across devices cannot take the rename.
 */
const REWRITE_IN_PLACE = new Set(['EBUSY', 'EXDEV']);

/**
 * Writes `text` beside `path`, flushed to the disk, and renames it over, so that neither a crash mid-write nor a power
 * cut after it leaves half a file (a checkpoint must be on disk before the step it records is taken). `mode`
 * (e.g. 0o600 for a file that holds a key) applies from the first byte written. Where the file cannot be renamed
 * over (mounted on its own), it is rewritten in place from the whole text already on disk beside it: should that
 * fail, the error names the temporary file that holds the whole text, and it is kept.
 */
export function writeFileAtomically(path: string, text: string, mode?: number): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { flush: true, ...(mode === undefined ? {} : { mode }) });
  try {
    renameSync(temporary, path);
  } catch (error) {
    if (!REWRITE_IN_PLACE.has((error as NodeJS.ErrnoException).code ?? '')) {
      rmSync(temporary, { force: true });
      throw error;
    }
    rewriteInPlace(path, temporary, text);
  }
}

function rewriteInPlace(path: string, temporary: string, text: string): void {
  try {
    const fd = openSync(path, 'r+');
    try {
      const bytes = Buffer.from(text);
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset, offset);
      ftruncateSync(fd, bytes.length);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new Error(`${path} cannot be renamed over (mounted on its own?) nor rewritten in place (${messageOf(error)}); the whole text is kept in ${temporary}`);
  }
  rmSync(temporary, { force: true });
}
