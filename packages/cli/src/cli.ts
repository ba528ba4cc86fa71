#!/usr/bin/env node
import { CommanderError } from '@commander-js/extra-typings';
import { EXIT, type ExitCode } from '@network-org/cli-kit';
import { errorStyle, failureOf, failureText, knownSecrets, wantsJsonErrors } from './errors';
import { buildProgram, type Outcome } from './program';

// Commander's own exits: help asked for and the version are successes; help shown because a command is missing
// its verb, and every parse error, are usage errors (nothing was sent).
const commanderExit = (error: CommanderError): ExitCode =>
  error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? EXIT.ok : EXIT.usage;

async function main(argv: string[]): Promise<ExitCode> {
  const outcome: Outcome = { exit: EXIT.ok, words: [] };
  errorStyle.json = wantsJsonErrors(argv);
  const program = buildProgram(outcome);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return outcome.exit;
  } catch (error) {
    if (error instanceof CommanderError) return commanderExit(error);
    const failure = failureOf(error, outcome.words);
    const { exit } = failure;
    const line = failureText(failure);
    // The SDK keeps the key out of its errors; this covers anything else a command may throw.
    const scrub = knownSecrets.length > 0 ? (await import('@network-org/sdk')).secretScrubber(knownSecrets) : (text: string) => text;
    process.stderr.write(`${scrub(line)}\n`);
    return exit;
  }
}

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
