/** A command line the CLI cannot honour: printed with a pointer to `--help`, exit status `EXIT.usage`. */
export class UsageError extends Error {
  override name = 'UsageError';
}
