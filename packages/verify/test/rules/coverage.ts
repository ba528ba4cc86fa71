import type { CoverageReport } from '@network-org/mock';
import { rowOf } from './map';

/** A documented response the run never provoked, and why: the rule map's reason, or the flag its scenario needs. */
export interface Gap {
  operation: string;
  status: string;
  why: string;
  /** The rule map names a scenario that should have provoked it in this run. */
  unexplained: boolean;
}

/** Scenarios that need a flag the run behind the page does not give. */
const NOT_IN_THE_RUN: Record<string, string> = { 'rate-limit.probe': 'provoked by rate-limit.probe, which only --probe-rate-limit runs (it spends an endpoint’s budget)' };

export function gapsOf(report: CoverageReport): Gap[] {
  return report.operations.flatMap((operation) =>
    operation.unseen_responses.map((status) => {
      const row = rowOf(`response ${operation.operation_id} ${status}`);
      if (row && 'unsafe' in row) return { operation: operation.operation_id, status, why: row.unsafe, unexplained: false };
      const flagged = row?.scenarios.map((id) => NOT_IN_THE_RUN[id]).find((why) => why !== undefined);
      if (flagged) return { operation: operation.operation_id, status, why: flagged, unexplained: false };
      return { operation: operation.operation_id, status, why: `never provoked, though the rule map names ${row ? row.scenarios.join(', ') : 'nothing'}`, unexplained: true };
    }),
  );
}

/** Every parameter and body field of the spec that no request of the run carried. */
export function unusedOf(report: CoverageReport): string[] {
  return report.operations.flatMap((operation) => [
    ...operation.parameters_unused.map((name) => `${operation.operation_id} ${name}`),
    ...operation.body_fields_unused.map((name) => `${operation.operation_id} body ${name}`),
  ]);
}

/** The page's section: totals, every unused parameter, every documented response never provoked and why. */
export function renderCoverage(report: CoverageReport): string {
  const { operations, responses, parameters } = report.totals;
  const bodyUsed = report.operations.reduce((sum, operation) => sum + operation.body_fields_used.length, 0);
  const bodyOf = report.operations.reduce((sum, operation) => sum + operation.body_fields_used.length + operation.body_fields_unused.length, 0);
  const unused = unusedOf(report);
  const gaps = gapsOf(report);
  const lines = [
    `Operations: ${operations.exercised} of ${operations.of}. Parameters (path and query): ${parameters.used} of ${parameters.of}. Body fields: ${bodyUsed} of ${bodyOf}. Documented responses seen: ${responses.seen} of ${responses.of}.`,
    '',
    unused.length === 0 ? 'Every parameter and body field the spec documents is sent at least once.' : `Never sent: ${unused.map((name) => `\`${name}\``).join(', ')}.`,
    '',
    'Documented responses the run never provokes, and why:',
    '',
    '| operation | status | why |',
    '|---|---|---|',
    ...gaps.map((gap) => `| \`${gap.operation}\` | ${gap.status} | ${gap.why.replace(/\|/g, '\\|')} |`),
  ];
  return lines.join('\n');
}
