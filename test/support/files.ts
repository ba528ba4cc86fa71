// Walking the repository's own files, for the config and the tests that read them.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files under `directory` (relative to `root`) whose name `keep` accepts, as paths relative to `root`.
 * node_modules, dist and dot folders are not entered; a directory that does not exist holds none.
 */
export function filesUnder(root: string, directory: string, keep: (name: string) => boolean): string[] {
  let entries;
  try {
    entries = readdirSync(join(root, directory), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.') ? [] : filesUnder(root, path, keep);
    return keep(entry.name) ? [path] : [];
  });
}
