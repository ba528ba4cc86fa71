// `network-mock coverage check FILE` and `network-mock coverage show FILE`: a coverage report read back, held to a
// floor (exit 1 naming what is missing) or shown as a table. Exit 2 for a command line, or a file, it cannot use.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { EXIT, messageOf, UsageError } from '@network-org/cli-kit';
import { coverageTable, floorShortfalls, totalsLine, type CoverageFloor } from './floor';
import { readReport, ReportProblem, type CoverageReport } from './report';

export const COVERAGE_USAGE = `Usage: network-mock coverage check FILE [--min-operations N] [--min-responses PCT]
       network-mock coverage show FILE

FILE is a coverage report: what network-mock serve --coverage-report FILE, GET /__mock/coverage or the vitest
fixture (NETWORK_MOCK_COVERAGE_REPORT) wrote.

  check   exits 1, naming what is missing, when the report is below the floor
    --min-operations <n>     operations called at least once (of every operation of the spec)
    --min-responses <pct>    documented responses seen, in percent (0 to 100) of those documented
  show    prints a table: each operation's calls, responses seen of documented, parameters used, largest gaps first
  -h, --help                 show this help`;

/** `--min-responses 40` or `40%`: a percentage from 0 to 100. */
export function percentOption(name: string, text: string): number {
  const value = Number(text.trim().replace(/%$/, ''));
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) {
    throw new UsageError(`--${name} must be a percentage from 0 to 100 (e.g. 40 or 40%), got ${JSON.stringify(text)}`);
  }
  return value;
}

/** `--min-operations 10`: a whole number from 0 up. */
export function countOption(name: string, text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value)) throw new UsageError(`--${name} must be a whole number from 0 up, got ${JSON.stringify(text)}`);
  return value;
}

function readReportFile(path: string): CoverageReport {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ReportProblem(`cannot read ${path}: ${messageOf(error)}`);
  }
  return readReport(text, path);
}

export async function runCoverageCommand(args: string[]): Promise<void> {
  let command: string | undefined;
  let file: string | undefined;
  const floor: CoverageFloor = {};
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        'min-operations': { type: 'string' },
        'min-responses': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(`${COVERAGE_USAGE}\n`);
      return;
    }
    [command, file] = positionals;
    if (command !== 'check' && command !== 'show') throw new UsageError(command === undefined ? 'missing command "check" or "show"' : `unknown command "coverage ${command}"`);
    if (file === undefined || positionals.length !== 2) throw new UsageError(`coverage ${command} takes one FILE, the report`);
    if (values['min-operations'] !== undefined) floor.minOperations = countOption('min-operations', values['min-operations']);
    if (values['min-responses'] !== undefined) floor.minResponses = percentOption('min-responses', values['min-responses']);
    if (command === 'check' && floor.minOperations === undefined && floor.minResponses === undefined) {
      throw new UsageError('coverage check needs a floor: --min-operations N, --min-responses PCT or both');
    }
    if (command === 'show' && (floor.minOperations !== undefined || floor.minResponses !== undefined)) {
      throw new UsageError('coverage show takes no floor: use coverage check for --min-operations and --min-responses');
    }
  } catch (error) {
    process.stderr.write(`network-mock coverage: ${messageOf(error)}\n\n${COVERAGE_USAGE}\n`);
    process.exitCode = EXIT.usage;
    return;
  }
  let report: CoverageReport;
  try {
    report = readReportFile(file);
  } catch (error) {
    if (!(error instanceof ReportProblem)) throw error;
    process.stderr.write(`network-mock coverage: ${error.message}\n`);
    process.exitCode = EXIT.usage;
    return;
  }
  if (command === 'show') {
    process.stdout.write(`${coverageTable(report)}\n`);
    return;
  }
  const shortfalls = floorShortfalls(report, floor);
  if (shortfalls.length === 0) {
    process.stdout.write(`coverage holds the floor: ${totalsLine(report)}\n`);
    return;
  }
  process.stderr.write(`network-mock coverage: below the floor (${totalsLine(report)})\n${shortfalls.map((problem) => `  ${problem}`).join('\n')}\n`);
  process.exitCode = EXIT.failure;
}
