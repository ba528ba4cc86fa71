// What every example's command line shares: its arguments and its main. Apart from lib/connect.ts, so that a script
// that never connects in process (the workers of bulk-update-across-workers) does not load the mock and msw.

/** `--name value` and `--flag` arguments. */
export function parseArgs(argv: string[] = process.argv.slice(2)): Record<string, string | true> {
  const args: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) args[name] = inline;
    else if (next !== undefined && !next.startsWith('--')) args[name] = argv[++i]!;
    else args[name] = true;
  }
  return args;
}

export function stringArg(args: Record<string, string | true>, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' ? value : undefined;
}

/** Runs an example's main, printing a failure as one readable line and exiting non-zero. */
export function main(run: () => Promise<void>): void {
  run().catch((error: unknown) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
