#!/usr/bin/env node
import { EXIT, flagHelp, isLoopbackHost, messageOf, mockStateFile, onStopSignal, openMock, readFlags, UsageError, type MockStateFile } from '@network-org/cli-kit';
import { coverageReportFile, type CoverageReportFile } from './coverage/report-file';
import { SERVE_FLAGS } from './cli/serve-flags';
import type { MockServerOptions } from './server';
import { VERSION } from './version';

const USAGE = `Usage: network-mock serve [options]
       network-mock snapshot --base-url URL --api-key KEY --out FILE [options]   (network-mock snapshot --help)
       network-mock coverage check|show FILE [options]                            (network-mock coverage --help)

${flagHelp(SERVE_FLAGS)}`;

interface CliOptions extends MockServerOptions {
  stateFile?: MockStateFile;
  coverageReport?: CoverageReportFile;
}

function serverOptions(args: string[]): CliOptions | 'help' | 'version' {
  const { values, sources, positionals } = readFlags(SERVE_FLAGS, args);
  if (values.help) return 'help';
  if (values.version) return 'version';
  if (positionals.length !== 1 || positionals[0] !== 'serve') {
    throw new UsageError(positionals.length === 0 ? 'missing command "serve"' : `unknown command "${positionals.join(' ')}"`);
  }
  const options: CliOptions = {
    port: values.port ?? 4010,
    host: values.host ?? '127.0.0.1',
    rateLimit: values.rateLimit ?? true,
  };
  if (values.seed !== undefined) options.seed = values.seed;
  if (values.now !== undefined) options.now = values.now;
  if (values.latency !== undefined) options.latency = values.latency;
  if (values.contactsPerAccount !== undefined) options.contactsPerAccount = values.contactsPerAccount;
  if (values.maxSessions !== undefined) options.maxSessions = values.maxSessions;
  if (values.controlToken !== undefined) options.controlToken = values.controlToken;
  if (values.log === 'requests') options.logRequests = (line) => process.stdout.write(`${line}\n`);
  if (values.journalBodies === false) options.journalBodies = false;
  if (values.journalMaxBytes !== undefined) options.journalMaxBytes = values.journalMaxBytes;
  if (values.stateFile !== undefined) {
    // Named as it was given (--state-file or NETWORK_MOCK_STATE_FILE), without its dashes.
    options.stateFile = mockStateFile('network-mock', (sources.stateFile ?? '--state-file').replace(/^--/, ''), values.stateFile);
  }
  if (values.coverageReport !== undefined) {
    options.coverageReport = coverageReportFile('network-mock', (sources.coverageReport ?? '--coverage-report').replace(/^--/, ''), values.coverageReport);
  }
  return options;
}

async function main(): Promise<void> {
  if (process.argv[2] === 'snapshot') {
    const { runSnapshotCommand } = await import('./snapshot/cli');
    return runSnapshotCommand(process.argv.slice(3));
  }
  if (process.argv[2] === 'coverage') {
    const { runCoverageCommand } = await import('./coverage/cli');
    return runCoverageCommand(process.argv.slice(3));
  }
  let options: CliOptions | 'help' | 'version';
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
  if (options === 'version') {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  const { stateFile, coverageReport, ...mockOptions } = options;
  // Loaded once the flags are read: a usage error, --help and --version answer without loading the engine.
  // msw stays unloaded: a served mock answers over node:http, so it has no handlers (a third of the start-up).
  const [{ serveMock }, { assembleMockApi }] = await Promise.all([import('./server'), import('./mock-api')]);
  const startMockServer = (serveOptions: MockServerOptions) => serveMock(serveOptions, (given) => assembleMockApi(given, () => []));
  const { opened: server, save } = await openMock(
    stateFile,
    (state) => startMockServer(state === undefined ? mockOptions : { ...mockOptions, state }),
    (opened) => opened.mock.exportState({ sessions: true }),
  );
  onStopSignal(() => {
    save();
    coverageReport?.save(() => server.mock.coverage());
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
