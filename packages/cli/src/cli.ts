#!/usr/bin/env node
import { EXIT } from '@network-org/cli-kit/exit';
import { quickHelp } from './help';

// A reader that went away (`| head`) ends the output; it is no failure of the command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.ok);
  throw error;
});

const argv = process.argv.slice(2);
// The program's and a group's help print without commander or the command tree: a person waits for them.
const help = quickHelp(argv, (process.stdout.isTTY ? process.stdout.columns : undefined) ?? 80);
if (help !== undefined) process.stdout.write(help);
else {
  import('./main')
    .then(({ main }) => main(argv))
    .then(
      (exit) => {
        process.exitCode = process.exitCode || exit;
      },
      (error: unknown) => {
        process.stderr.write(`network-org: ${String(error)}\n`);
        process.exitCode = EXIT.failure;
      },
    );
}
