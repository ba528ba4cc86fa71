// A coverage floor and how a report reads to a person: what `network-mock coverage check|show` and the vitest
// fixture print, written once.
import { catalogByOperation } from './catalog';
import type { CoverageReport, OperationCoverage } from './report';

/** The least a report must reach; an option left out is not checked. */
export interface CoverageFloor {
  /** Operations called at least once. */
  minOperations?: number;
  /** Documented responses seen, as a percentage (0 to 100) of those documented. */
  minResponses?: number;
}

const percent = (part: number, whole: number): number => (whole === 0 ? 100 : (part / whole) * 100);
const shown = (value: number): string => `${Math.floor(value * 10) / 10}%`;

/** The responses seen as a percentage of those documented. */
export const responsesPercent = (report: CoverageReport): number => percent(report.totals.responses.seen, report.totals.responses.of);

/** What falls short of the floor, one paragraph per failed option naming what is missing; empty when it holds. */
export function floorShortfalls(report: CoverageReport, floor: CoverageFloor): string[] {
  const problems: string[] = [];
  const { operations, responses } = report.totals;
  if (floor.minOperations !== undefined && operations.exercised < floor.minOperations) {
    const never = report.operations.filter((operation) => operation.calls === 0).map((operation) => `${operation.operation_id} (${operation.method} ${operation.path})`);
    problems.push(`operations exercised: ${operations.exercised} of ${operations.of}, below the floor of ${floor.minOperations}. Never called: ${never.join(', ')}.`);
  }
  const seen = responsesPercent(report);
  if (floor.minResponses !== undefined && seen < floor.minResponses) {
    const unseen = report.operations
      .filter((operation) => operation.unseen_responses.length > 0)
      .map((operation) => `${operation.operation_id} ${operation.unseen_responses.join(', ')}`);
    problems.push(
      `responses seen: ${responses.seen} of ${responses.of} documented (${shown(seen)}), below the floor of ${floor.minResponses}%. Never seen: ${unseen.join('; ')}.`,
    );
  }
  return problems;
}

/** One line of totals: operations, responses and parameters. */
export function totalsLine(report: CoverageReport): string {
  const { operations, responses, parameters } = report.totals;
  return `operations ${operations.exercised}/${operations.of}, responses ${responses.seen}/${responses.of} (${shown(responsesPercent(report))}), parameters ${parameters.used}/${parameters.of}`;
}

const gapOf = (operation: OperationCoverage) => operation.unseen_responses.length + operation.parameters_unused.length;

/** The operations, largest gaps (unseen responses and unused parameters) first, then in the spec's order. */
function byGap(report: CoverageReport): OperationCoverage[] {
  return report.operations
    .map((operation, order) => ({ operation, order }))
    .sort((a, b) => gapOf(b.operation) - gapOf(a.operation) || b.operation.unseen_responses.length - a.operation.unseen_responses.length || a.order - b.order)
    .map(({ operation }) => operation);
}

/** The `count` largest gaps in a line: `listActivity (never called; 6 responses unseen, 11 parameters unused)`. */
export function largestGaps(report: CoverageReport, count = 3): string {
  return byGap(report)
    .filter((operation) => gapOf(operation) > 0)
    .slice(0, count)
    .map((operation) => {
      const parts = [`${operation.unseen_responses.length} responses unseen`, `${operation.parameters_unused.length} parameters unused`];
      return `${operation.operation_id} (${operation.calls === 0 ? 'never called; ' : ''}${parts.join(', ')})`;
    })
    .join(', ');
}

/** The report as a table, the operations with the largest gaps (unseen responses, then unused parameters) first. */
export function coverageTable(report: CoverageReport): string {
  const rows = byGap(report).map((operation) => {
      const documented = catalogByOperation.get(operation.operation_id)?.responses.length ?? operation.unseen_responses.length;
      const parameters = operation.parameters_used.length + operation.parameters_unused.length;
      return [
        operation.operation_id,
        `${operation.method} ${operation.path}`,
        String(operation.calls),
        `${documented - operation.unseen_responses.length}/${documented}`,
        operation.unseen_responses.join(' ') || '-',
        `${operation.parameters_used.length}/${parameters}`,
        operation.parameters_unused.join(' ') || '-',
      ];
    });
  const header = ['operation', 'route', 'calls', 'responses', 'unseen', 'params', 'unused params'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 2 ? cell.padStart(widths[column] as number) : cell.padEnd(widths[column] as number)))
      .join('  ')
      .trimEnd();
  const lines = [line(header), ...rows.map(line), '', `total: ${totalsLine(report)}`];
  if (report.unmatched.length > 0 || report.unmatched_other > 0) {
    lines.push('', 'requests that matched no operation:');
    for (const request of report.unmatched) lines.push(`  ${request.calls} x ${request.method} ${request.path}: ${request.hint}`);
    if (report.unmatched_other > 0) lines.push(`  and ${report.unmatched_other} more`);
  }
  return lines.join('\n');
}
