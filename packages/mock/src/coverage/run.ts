// One coverage report for a whole vitest run: each worker's mock leaves its report in a folder the run's global
// setup made (`@network-org/mock/vitest/coverage`), and the setup's teardown merges them, prints a summary, writes
// the JSON where NETWORK_MOCK_COVERAGE_REPORT says and holds the floor the fixtures were given.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkWritableFolder, writeFileAtomically } from '@network-org/cli-kit';
import { floorShortfalls, largestGaps, totalsLine, type CoverageFloor } from './floor';
import { mergeReports, readReport, type CoverageReport } from './report';

/** What a worker leaves in the run's folder: its mock's report and the floor its fixture was given. */
export interface CoveragePart {
  floor: CoverageFloor;
  report: CoverageReport;
}

export const COVERAGE_REPORT_VARIABLE = 'NETWORK_MOCK_COVERAGE_REPORT';

/** The folder workers leave their parts in; the report's path is checked now, so that it is not lost at the end. */
export function startCoverageRun(environment: NodeJS.ProcessEnv = process.env): string {
  const target = environment[COVERAGE_REPORT_VARIABLE];
  if (target) checkWritableFolder(COVERAGE_REPORT_VARIABLE, target);
  return mkdtempSync(join(tmpdir(), 'network-mock-coverage-'));
}

/** Writes one mock's part (the whole file again each time: the last one written holds everything). */
export function writeCoveragePart(folder: string, id: string, part: CoveragePart): void {
  writeFileSync(join(folder, `${id}.json`), JSON.stringify(part));
}

/** The strictest of the floors the run's fixtures were given. */
function strictest(floors: readonly CoverageFloor[]): CoverageFloor {
  const floor: CoverageFloor = {};
  for (const each of floors) {
    if (each.minOperations !== undefined) floor.minOperations = Math.max(floor.minOperations ?? 0, each.minOperations);
    if (each.minResponses !== undefined) floor.minResponses = Math.max(floor.minResponses ?? 0, each.minResponses);
  }
  return floor;
}

/** The run's one report; throws naming what is missing when it is below the floor, after printing and writing it. */
export function finishCoverageRun(folder: string, print: (text: string) => void, environment: NodeJS.ProcessEnv = process.env): CoverageReport {
  const parts: CoveragePart[] = [];
  try {
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.json')).sort()) {
      const path = join(folder, name);
      const part = JSON.parse(readFileSync(path, 'utf8')) as CoveragePart;
      parts.push({ floor: part.floor, report: readReport(JSON.stringify(part.report), path) });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const report = mergeReports(
    parts.map((part) => part.report),
    new Date(),
  );
  const target = environment[COVERAGE_REPORT_VARIABLE];
  if (target) writeFileAtomically(target, `${JSON.stringify(report, null, 2)}\n`);
  const gaps = largestGaps(report);
  print(`network-mock coverage: ${totalsLine(report)}${target ? `; report written to ${target}` : ''}\n${gaps === '' ? '' : `  largest gaps: ${gaps}\n`}`);
  const shortfalls = floorShortfalls(report, strictest(parts.map((part) => part.floor)));
  if (shortfalls.length > 0) throw new Error(`network-mock coverage is below the floor:\n${shortfalls.map((problem) => `  ${problem}`).join('\n')}`);
  return report;
}
