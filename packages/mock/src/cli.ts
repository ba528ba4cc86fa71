#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { EXIT, integerOption, isLoopbackHost, messageOf, mockStateFile, onStopSignal, UsageError, type MockStateFile } from '@network-org/cli-kit';
import { JOURNAL_TOTAL_MIN_BYTES } from './engine/journal';
import { parseRateLimit } from './engine/rate-limit';
import { MAX_TIMER_MS } from './lib/timers';
import { anchorProblem } from './store/anchor';
import { startMockServer, type MockServerOptions } from './node';

const USAGE = `Usage: network-mock serve [options]
       network-mock snapshot --base-url URL --api-key KEY --out FILE [options]   (network-mock snapshot --help)

Options:
  --port <n>                  port to listen on (default 4010; 0 picks a free one)
  --host <host>               address to listen on (default 127.0.0.1)
  --seed <n>                  dataset seed (default 1)
  --now <ISO date-time|now>   instant the dataset (or state file) is anchored at (default 2026-01-15T12:00:00Z);
                              now: the current instant, every recorded time keeping its distance from it
  --no-rate-limit             turn off the 50 requests / 10 s limit
  --rate-limit <n>/<window>   another limit per client and endpoint, e.g. 20/2s, 50/10s, 100/500ms
  --latency <ms>              delay every API response
  --contacts-per-account <n>  dataset size
  --max-sessions <n>          named sessions (X-Mock-Session) alive at once (default 1000)
  --control-token <token>     require Authorization: Bearer <token> on /__mock/ (and allow it off loopback)
  --state-file <path>         start from this state file when it exists; write the state to it on SIGINT/SIGTERM
  --no-journal-bodies         keep no request and answer bodies in the journal (headers and the rest are kept)
  --journal-max-bytes <n>     bytes all sessions' journals keep together, oldest dropped first (default 67108864, 64 MiB)
  -h, --help                  show this help`;

function rateLimitOption(text: string | undefined, off: boolean | undefined): MockServerOptions['rateLimit'] {
  if (text === undefined) return !off;
  if (off) throw new UsageError('--rate-limit and --no-rate-limit exclude each other');
  const budget = parseRateLimit(text);
  if (!budget) {
    throw new UsageError(`--rate-limit must be REQUESTS/WINDOW with a unit of ms, s or m (e.g. 20/2s, 100/500ms), got "${text}"`);
  }
  return budget;
}

interface CliOptions extends MockServerOptions {
  stateFile?: MockStateFile;
}

function serverOptions(args: string[]): CliOptions | 'help' {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      now: { type: 'string' },
      'no-rate-limit': { type: 'boolean' },
      'rate-limit': { type: 'string' },
      latency: { type: 'string' },
      'contacts-per-account': { type: 'string' },
      'control-token': { type: 'string' },
      'max-sessions': { type: 'string' },
      'state-file': { type: 'string' },
      'no-journal-bodies': { type: 'boolean' },
      'journal-max-bytes': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length !== 1 || positionals[0] !== 'serve') {
    throw new UsageError(positionals.length === 0 ? 'missing command "serve"' : `unknown command "${positionals.join(' ')}"`);
  }
  const nowProblem = anchorProblem(values.now);
  if (nowProblem !== undefined) throw new UsageError(`--${nowProblem}`);
  const options: CliOptions = {
    port: integerOption('port', values.port, 0, 65_535) ?? 4010,
    host: values.host ?? '127.0.0.1',
    rateLimit: rateLimitOption(values['rate-limit'], values['no-rate-limit']),
  };
  const seed = integerOption('seed', values.seed, Number.MIN_SAFE_INTEGER);
  if (seed !== undefined) options.seed = seed;
  if (values.now !== undefined) options.now = values.now;
  const latency = integerOption('latency', values.latency, 0, MAX_TIMER_MS);
  if (latency !== undefined) options.latency = latency;
  const contactsPerAccount = integerOption('contacts-per-account', values['contacts-per-account'], 0);
  if (contactsPerAccount !== undefined) options.contactsPerAccount = contactsPerAccount;
  const maxSessions = integerOption('max-sessions', values['max-sessions'], 1);
  if (maxSessions !== undefined) options.maxSessions = maxSessions;
  if (values['control-token'] !== undefined) options.controlToken = values['control-token'];
  if (values['no-journal-bodies']) options.journalBodies = false;
  const journalMaxBytes = integerOption('journal-max-bytes', values['journal-max-bytes'], JOURNAL_TOTAL_MIN_BYTES);
  if (journalMaxBytes !== undefined) options.journalMaxBytes = journalMaxBytes;
  if (values['state-file'] !== undefined) {
    options.stateFile = mockStateFile('network-mock', 'state-file', values['state-file']);
    if (options.stateFile.state !== undefined) options.state = options.stateFile.state;
  }
  return options;
}

async function main(): Promise<void> {
  if (process.argv[2] === 'snapshot') {
    const { runSnapshotCommand } = await import('./snapshot/cli');
    return runSnapshotCommand(process.argv.slice(3));
  }
  let options: CliOptions | 'help';
  try {
    options = serverOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`network-mock: ${messageOf(error)}\n\n${USAGE}\n`);
    process.exitCode = EXIT.usage;
    return;
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const { stateFile, ...mockOptions } = options;
  let server: Awaited<ReturnType<typeof startMockServer>>;
  try {
    server = await startMockServer(mockOptions);
  } catch (error) {
    if (stateFile?.state === undefined) throw error;
    throw stateFile.refused(error);
  }
  onStopSignal(() => {
    stateFile?.save(() => server.mock.exportState());
    server.close().then(
      () => process.exit(process.exitCode ?? EXIT.ok),
      () => process.exit(EXIT.failure),
    );
  });
  // Printed last: whoever waits for this line may signal at once, and the handlers above must be in place.
  const keys = Object.entries(server.mock.keys);
  const width = Math.max(...keys.map(([name]) => name.length));
  process.stdout.write(
    `listening on ${server.url}\n${keys.map(([name, key]) => `  ${name.padEnd(width)}  ${key}`).join('\n')}\n`,
  );
  // After the keys: whoever reads the keys block reads it up to the last key.
  if (isLoopbackHost(mockOptions.host ?? '127.0.0.1') || mockOptions.controlToken !== undefined) {
    process.stdout.write(`inspector: ${server.url}/__mock/ui/${mockOptions.controlToken === undefined ? '' : '?token=<control-token>'}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`network-mock: ${messageOf(error)}\n`);
  process.exit(EXIT.failure);
});
