// `--coverage-report FILE`: checked at start, so that a report the server cannot write is refused then (exit 2)
// instead of lost at stop; written atomically (a temporary file renamed over), never half.
import { checkWritableFolder, EXIT, messageOf, UsageError, writeFileAtomically } from '@network-org/cli-kit';
import { statSync } from 'node:fs';
import type { CoverageReport } from './report';

export interface CoverageReportFile {
  readonly path: string;
  /** Writes the report; a failure is said on stderr and sets exit status 1. Whether it was written. */
  save(report: () => CoverageReport): boolean;
}

/** A report file for `flag` (`coverage-report`, or the variable that gave it): its folder must exist and be writable. */
export function coverageReportFile(program: string, flag: string, path: string): CoverageReportFile {
  checkWritableFolder(flag, path);
  let isDirectory = false;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    // No file yet: it is created at stop.
  }
  if (isDirectory) {
    const name = /^[A-Z][A-Z0-9_]*$/.test(flag) ? flag : `--${flag}`;
    throw new UsageError(`${name} ${path} is a folder: name a file in it, such as ${path.replace(/\/+$/, '')}/coverage.json.`);
  }
  return {
    path,
    save(report) {
      try {
        writeFileAtomically(path, `${JSON.stringify(report(), null, 2)}\n`);
        return true;
      } catch (error) {
        process.stderr.write(`${program}: could not write the coverage report to ${path}: ${messageOf(error)}\n`);
        process.exitCode = EXIT.failure;
        return false;
      }
    },
  };
}
