import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { enumOption, EXIT, integerOption, messageOf, UsageError } from '@network-org/cli-kit';
import { TargetUnreachableError, VerifyUsageError, type VerifyOptions } from '../options';
import { exitCode, FORMATS, type Format, nothingChecked, render } from '../report/render';
import { runVerify } from '../run';
import { secretScrubber } from '@network-org/sdk';

const HELP = `network-verify: runs one behavioural suite of the Professional-Network Organization Data API against a
target (the real service with a sandbox key, or the mock) and says where it differs.

Usage: network-verify --base-url URL --api-key KEY [options]

  --base-url URL        the target (or NETWORK_BASE_URL)
  --api-key KEY         an admin key of the target organization (or NETWORK_API_KEY); never printed or written
  --account-id ID       the account it may use (default: the first GET /v1/accounts lists)
  --member-key KEY      a non-admin key, for the admin-only and shared-access scenarios
  --allow-writes        import, PATCH, drafts and views on that account; every PATCH is undone afterwards
  --allow-credits       enrich and find-email (they use credits)
  --profile-url URL     a profile to import (without it, import scenarios are skipped unless the target is the mock)
  --probe-rate-limit    spend one endpoint's budget to see the 429
  --only PATTERN        only scenarios whose id, operation or title contains PATTERN (or whose id matches a * glob)
  --format FORMAT       table (default), markdown or json, on stdout
  --report FILE         also write the JSON report to FILE
  --record DIR          write each scenario's answers, normalized and scrubbed, into DIR
  --compare DIR         report what changed since the recording in DIR (as differences)
  --timeout MS          milliseconds one request may take (default 15000)
  --no-rate-limit       do not pace requests (only for the mock: the service allows 50 requests / 10 s)
  --help                this text

Exit status: 0 every scenario agreed or was skipped with a reason; 1 any differed or errored;
2 bad usage, a key the target refuses, a base URL without the API, an unreachable target, or a run in which
every selected scenario was skipped (nothing was checked); 130 stopped with Ctrl-C.
`;

function parse(argv: string[]): { options: VerifyOptions; format: Format; report: string | undefined } | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      'account-id': { type: 'string' },
      'member-key': { type: 'string' },
      'allow-writes': { type: 'boolean' },
      'allow-credits': { type: 'boolean' },
      'profile-url': { type: 'string' },
      'probe-rate-limit': { type: 'boolean' },
      only: { type: 'string' },
      format: { type: 'string' },
      report: { type: 'string' },
      record: { type: 'string' },
      compare: { type: 'string' },
      timeout: { type: 'string' },
      'no-rate-limit': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const format: Format = enumOption('format', values.format, FORMATS) ?? 'table';
  const timeout = integerOption('timeout', values.timeout, 1);
  const options: VerifyOptions = {
    baseUrl: values['base-url'] ?? process.env.NETWORK_BASE_URL ?? '',
    apiKey: values['api-key'] ?? process.env.NETWORK_API_KEY ?? '',
    allowWrites: values['allow-writes'] === true,
    allowCredits: values['allow-credits'] === true,
    probeRateLimit: values['probe-rate-limit'] === true,
  };
  if (values['account-id'] !== undefined) options.accountId = values['account-id'];
  if (values['member-key'] !== undefined) options.memberKey = values['member-key'];
  if (values['profile-url'] !== undefined) options.profileUrl = values['profile-url'];
  if (values.only !== undefined) options.only = values.only;
  if (values.record !== undefined) options.record = values.record;
  if (values.compare !== undefined) options.compare = values.compare;
  if (timeout !== undefined) options.timeoutMs = timeout;
  if (values['no-rate-limit']) options.rateLimit = false;
  return { options, format, report: values.report };
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
  // Ctrl-C stops the scenarios but still puts the PATCHed records back; a second one ends the process at once.
  const interrupt = new AbortController();
  const onInterrupt = () => {
    err('network-verify: stopping; putting PATCHed records back (Ctrl-C again to quit now)\n');
    interrupt.abort();
    process.once('SIGINT', () => process.exit(EXIT.interrupted));
  };
  process.once('SIGINT', onInterrupt);
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
    if (interrupt.signal.aborted) return EXIT.interrupted;
    const nothing = nothingChecked(report);
    if (nothing) err(`network-verify: ${safe(nothing)}\n`);
    return exitCode(report);
  } catch (error) {
    // VerifyUsageError and TargetUnreachableError: what to fix is in the message. Anything else is a bug of ours.
    const known = error instanceof VerifyUsageError || error instanceof TargetUnreachableError;
    const message = messageOf(error);
    err(`network-verify: ${safe(known ? message : `internal error: ${message}`)}\n`);
    return EXIT.usage;
  } finally {
    process.off('SIGINT', onInterrupt);
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
