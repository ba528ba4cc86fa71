#!/usr/bin/env node
import { EXIT } from '@network-org/cli-kit';
import { main } from './main';

// A reader that went away (`| head`) ends the output; it is no failure of the command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.ok);
  throw error;
});

main(process.argv.slice(2)).then(
  (exit) => {
    process.exitCode = process.exitCode || exit;
  },
  (error: unknown) => {
    process.stderr.write(`network-org: ${String(error)}\n`);
    process.exitCode = EXIT.failure;
  },
);
