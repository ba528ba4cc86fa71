/** A command line the CLI cannot honour: printed with a pointer to `--help`, exit status `EXIT.usage`. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The text of anything thrown. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
