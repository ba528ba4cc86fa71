import { CommanderError } from '@commander-js/extra-typings';
import { EXIT, type ExitCode } from '@network-org/cli-kit';
import { errorStyle, failureOf, failureText, wantsJsonErrors } from './errors';
import { buildProgram, type Outcome } from './program';

// Commander's own exits: help asked for (`--help`, or the `help` command, which commander ends with exit code 0) and
// the version are successes; help shown because a command is missing its verb (exit code 1), and every parse error,
// are usage errors (nothing was sent).
const commanderExit = (error: CommanderError): ExitCode =>
  error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || (error.code === 'commander.help' && error.exitCode === 0)
    ? EXIT.ok
    : EXIT.usage;

/** Parses `argv` with the whole command tree and runs the command; the exit code it ends with. */
export async function main(argv: string[]): Promise<ExitCode> {
  const outcome: Outcome = { exit: EXIT.ok, words: [], secrets: [] };
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
    const { secrets } = outcome;
    const scrub = secrets.length > 0 ? (await import('@network-org/sdk')).secretScrubber(secrets) : (text: string) => text;
    process.stderr.write(`${scrub(line)}\n`);
    return exit;
  }
}
