import { writeFile } from 'node:fs/promises';
import { EXIT, exitOnSignal, flagHelp, messageOf, onStopSignal, readFlags, UsageError } from '@network-org/cli-kit';
import { TargetUnreachableError, VerifyUsageError, type VerifyOptions } from '../options';
import { exitCode, type Format, nothingChecked, render } from '../report/render';
import { VERIFY_FLAGS } from './flags';
import { runVerify } from '../run';
import { secretScrubber } from '@network-org/sdk';

const HELP = `network-verify: runs one behavioural suite of the Professional-Network Organization Data API against a
target (the real service with a sandbox key, or the mock) and says where it differs.

Usage: network-verify --base-url URL --api-key KEY [options]

${flagHelp(VERIFY_FLAGS)}

Exit status: 0 every scenario agreed or was skipped with a reason; 1 any differed or errored;
2 bad usage, a key the target refuses, a base URL without the API, an unreachable target, or a run in which
every selected scenario was skipped (nothing was checked); 130 stopped with Ctrl-C (143 with SIGTERM).
`;

function parse(argv: string[]): { options: VerifyOptions; format: Format; report: string | undefined } | 'help' {
  let read: ReturnType<typeof readFlags<typeof VERIFY_FLAGS>>;
  try {
    read = readFlags(VERIFY_FLAGS, argv);
  } catch (error) {
    throw error instanceof UsageError ? error : new UsageError(messageOf(error));
  }
  const { values, positionals } = read;
  if (values.help) return 'help';
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}: network-verify takes flags only`);
  const options: VerifyOptions = {
    baseUrl: values.baseUrl ?? '',
    apiKey: values.apiKey ?? '',
    allowWrites: values.allowWrites === true,
    allowCredits: values.allowCredits === true,
    probeRateLimit: values.probeRateLimit === true,
  };
  if (values.accountId !== undefined) options.accountId = values.accountId;
  if (values.memberKey !== undefined) options.memberKey = values.memberKey;
  if (values.profileUrl !== undefined) options.profileUrl = values.profileUrl;
  if (values.only !== undefined) options.only = values.only;
  if (values.record !== undefined) options.record = values.record;
  if (values.compare !== undefined) options.compare = values.compare;
  if (values.timeout !== undefined) options.timeoutMs = values.timeout;
  if (values.rateLimit === false) options.rateLimit = false;
  return { options, format: values.format ?? 'table', report: values.report };
}

/** The CLI without the process: gives the exit status and writes to the given streams. */
export async function main(argv: string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  // Keys come from the arguments or the environment: whatever is printed, they are not.
  const safe = secretScrubber([process.env.NETWORK_API_KEY, ...keysOf(argv)]);
  try {
    parsed = parse(argv);
  } catch (error) {
    err(`network-verify: ${safe(messageOf(error))}\nRun network-verify --help for the options.\n`);
    return EXIT.usage;
  }
  if (parsed === 'help') {
    out(HELP);
    return EXIT.ok;
  }
  // Ctrl-C (or SIGTERM) stops the scenarios but still puts the PATCHed records back; a second one ends the process at once.
  const interrupt = new AbortController();
  let stoppedBy: 'SIGINT' | 'SIGTERM' | undefined;
  let removeQuit = () => {};
  const removeStop = onStopSignal((signal) => {
    stoppedBy = signal;
    err('network-verify: stopping; putting PATCHed records back (Ctrl-C again to quit now)\n');
    interrupt.abort();
    removeQuit = onStopSignal((again) => process.exit(exitOnSignal(again)));
  });
  try {
    const report = await runVerify({ ...parsed.options, signal: interrupt.signal });
    out(safe(render(report, parsed.format)));
    if (parsed.report) {
      try {
        await writeFile(parsed.report, safe(render(report, 'json')));
      } catch (error) {
        err(`network-verify: could not write the report to ${parsed.report}: ${safe(messageOf(error))}\n`);
        return EXIT.usage;
      }
    }
    if (stoppedBy !== undefined) return exitOnSignal(stoppedBy);
    const nothing = nothingChecked(report);
    if (nothing) err(`network-verify: ${safe(nothing)}\n`);
    return exitCode(report);
  } catch (error) {
    // Usage errors and TargetUnreachableError: what to fix is in the message. Anything else is a bug of ours.
    const known = error instanceof UsageError || error instanceof VerifyUsageError || error instanceof TargetUnreachableError;
    const message = messageOf(error);
    err(`network-verify: ${safe(known ? message : `internal error: ${message}`)}\n`);
    return EXIT.usage;
  } finally {
    removeStop();
    removeQuit();
  }
}

/** The values of the key flags among the arguments (`--api-key K`, `--api-key=K`, `--member-key ...`). */
function keysOf(argv: string[]): string[] {
  const keys: string[] = [];
  argv.forEach((arg, index) => {
    for (const flag of ['--api-key', '--member-key']) {
      if (arg === flag && argv[index + 1] !== undefined) keys.push(argv[index + 1] as string);
      else if (arg.startsWith(`${flag}=`)) keys.push(arg.slice(flag.length + 1));
    }
  });
  return keys;
}
