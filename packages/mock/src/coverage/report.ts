// The coverage report: built from the counts against the spec's catalog, merged across reports (the vitest
// fixture's workers), and read back from a file (`network-mock coverage check|show`).
import { z } from 'zod';
import { matchOperation } from '../engine/operation-table';
import { unknownPathMessage, wrongMethodMessage } from '../engine/near-miss';
import { catalog, specVersion, type CatalogOperation } from './catalog';
import { CoverageCounts, MAX_UNMATCHED, type OperationCounts } from './recorder';

export interface OperationCoverage {
  operation_id: string;
  method: string;
  path: string;
  calls: number;
  /** Every status answered, documented or not, with how many times. */
  statuses: Record<string, number>;
  /** The `code` of every error answered, with how many times. */
  error_codes: Record<string, number>;
  /** Documented statuses never answered. */
  unseen_responses: string[];
  /** Path and query parameters some call carried. */
  parameters_used: string[];
  parameters_unused: string[];
  /** Request body fields some call carried (of the bodies the mock read). */
  body_fields_used: string[];
  body_fields_unused: string[];
  /** Calls with a `cursor` answered with a page. */
  pages_followed: number;
  /** Answers a fault (`mock.faults`, `POST /__mock/faults`) or an override (`mock.override`) forced. */
  forced: { faults: number; overrides: number };
}

export interface UnmatchedRequest {
  method: string;
  path: string;
  calls: number;
  /** The near-miss hint the mock answered with (`Did you mean GET /v1/contacts?`). */
  hint: string;
}

export interface CoverageReport {
  spec_version: string;
  generated_at: string;
  totals: {
    operations: { exercised: number; of: number };
    responses: { seen: number; of: number };
    parameters: { used: number; of: number };
  };
  operations: OperationCoverage[];
  /** Requests that matched no operation, most frequent first. */
  unmatched: UnmatchedRequest[];
  /** Unmatched requests past the distinct ones kept, counted only. */
  unmatched_other: number;
}

const sortedRecord = <K extends string | number>(map: ReadonlyMap<K, number>): Record<string, number> =>
  Object.fromEntries([...map].sort(([a], [b]) => String(a).localeCompare(String(b), 'en', { numeric: true })).map(([key, count]) => [String(key), count]));

function split(names: readonly string[], counts: readonly number[] | undefined): [string[], string[]] {
  const used: string[] = [];
  const unused: string[] = [];
  names.forEach((name, index) => ((counts?.[index] ?? 0) > 0 ? used : unused).push(name));
  return [used, unused];
}

function operationCoverage(operation: CatalogOperation, counts: OperationCounts | undefined): OperationCoverage {
  const statuses = counts ? sortedRecord(counts.statuses) : {};
  const [parametersUsed, parametersUnused] = split(operation.parameters, counts?.parameters);
  const [bodyUsed, bodyUnused] = split(operation.bodyFields, counts?.bodyFields);
  return {
    operation_id: operation.operationId,
    method: operation.method,
    path: operation.path,
    calls: counts?.calls ?? 0,
    statuses,
    error_codes: counts ? sortedRecord(counts.errorCodes) : {},
    unseen_responses: operation.responses.filter((status) => statuses[status] === undefined),
    parameters_used: parametersUsed,
    parameters_unused: parametersUnused,
    body_fields_used: bodyUsed,
    body_fields_unused: bodyUnused,
    pages_followed: counts?.pagesFollowed ?? 0,
    forced: { faults: counts?.faults ?? 0, overrides: counts?.overrides ?? 0 },
  };
}

/** The hint a request that matched no operation was answered with. */
export function nearMissHint(method: string, path: string): string {
  const match = matchOperation(method, path);
  return match.kind === 'wrong_method' ? wrongMethodMessage(method, path, match.allowed) : unknownPathMessage(method, path);
}

function totalsOf(operations: readonly OperationCoverage[]): CoverageReport['totals'] {
  const documented = new Map(catalog.map((entry) => [entry.operationId, entry]));
  let seen = 0;
  let responses = 0;
  let used = 0;
  let parameters = 0;
  for (const operation of operations) {
    const entry = documented.get(operation.operation_id as CatalogOperation['operationId']);
    responses += entry?.responses.length ?? 0;
    seen += (entry?.responses.length ?? 0) - operation.unseen_responses.length;
    used += operation.parameters_used.length;
    parameters += operation.parameters_used.length + operation.parameters_unused.length;
  }
  return {
    operations: { exercised: operations.filter((operation) => operation.calls > 0).length, of: operations.length },
    responses: { seen, of: responses },
    parameters: { used, of: parameters },
  };
}

function unmatchedList(unmatched: Iterable<{ method: string; path: string; calls: number }>): UnmatchedRequest[] {
  return [...unmatched]
    .sort((a, b) => b.calls - a.calls || `${a.method} ${a.path}`.localeCompare(`${b.method} ${b.path}`))
    .map(({ method, path, calls }) => ({ method, path, calls, hint: nearMissHint(method, path) }));
}

/** The report of `counts` (one session's, or several merged). */
export function coverageReport(counts: CoverageCounts, generatedAt: Date): CoverageReport {
  const operations = catalog.map((operation) => operationCoverage(operation, counts.operations[operation.index]));
  return {
    spec_version: specVersion,
    generated_at: generatedAt.toISOString(),
    totals: totalsOf(operations),
    operations,
    unmatched: unmatchedList(counts.unmatched.values()),
    unmatched_other: counts.unmatchedOther,
  };
}

/** The report of several counts together (the whole mock: its dropped sessions and the live ones). */
export function mergedReport(parts: readonly CoverageCounts[], generatedAt: Date): CoverageReport {
  const merged = new CoverageCounts();
  for (const part of parts) part.mergeInto(merged);
  return coverageReport(merged, generatedAt);
}

const addInto = (target: Record<string, number>, source: Record<string, number>) => {
  for (const [key, count] of Object.entries(source)) target[key] = (target[key] ?? 0) + count;
};

/** Several reports of the same spec version as one (the vitest fixture's files and workers). */
export function mergeReports(reports: readonly CoverageReport[], generatedAt: Date): CoverageReport {
  const byOperation = new Map<string, OperationCoverage[]>();
  for (const report of reports) {
    for (const operation of report.operations) byOperation.set(operation.operation_id, [...(byOperation.get(operation.operation_id) ?? []), operation]);
  }
  const operations = catalog.map((entry) => {
    const parts = byOperation.get(entry.operationId) ?? [];
    const statuses: Record<string, number> = {};
    const errorCodes: Record<string, number> = {};
    for (const part of parts) {
      addInto(statuses, part.statuses);
      addInto(errorCodes, part.error_codes);
    }
    const parametersUsed = new Set(parts.flatMap((part) => part.parameters_used));
    const bodyUsed = new Set(parts.flatMap((part) => part.body_fields_used));
    const sum = (pick: (part: OperationCoverage) => number) => parts.reduce((total, part) => total + pick(part), 0);
    return {
      operation_id: entry.operationId,
      method: entry.method,
      path: entry.path,
      calls: sum((part) => part.calls),
      statuses: Object.fromEntries(Object.entries(statuses).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))),
      error_codes: Object.fromEntries(Object.entries(errorCodes).sort(([a], [b]) => a.localeCompare(b))),
      unseen_responses: entry.responses.filter((status) => statuses[status] === undefined),
      parameters_used: entry.parameters.filter((name) => parametersUsed.has(name)),
      parameters_unused: entry.parameters.filter((name) => !parametersUsed.has(name)),
      body_fields_used: entry.bodyFields.filter((name) => bodyUsed.has(name)),
      body_fields_unused: entry.bodyFields.filter((name) => !bodyUsed.has(name)),
      pages_followed: sum((part) => part.pages_followed),
      forced: { faults: sum((part) => part.forced.faults), overrides: sum((part) => part.forced.overrides) },
    };
  });
  const unmatched = new Map<string, { method: string; path: string; calls: number }>();
  let other = 0;
  for (const report of reports) {
    other += report.unmatched_other;
    for (const { method, path, calls } of report.unmatched) {
      const key = `${method} ${path}`;
      const kept = unmatched.get(key);
      if (kept) kept.calls += calls;
      else if (unmatched.size < MAX_UNMATCHED) unmatched.set(key, { method, path, calls });
      else other += calls;
    }
  }
  return {
    spec_version: specVersion,
    generated_at: generatedAt.toISOString(),
    totals: totalsOf(operations),
    operations,
    unmatched: unmatchedList(unmatched.values()),
    unmatched_other: other,
  };
}

const counts = z.record(z.string(), z.number().int().min(0));
const names = z.array(z.string());

const reportSchema = z.object({
  spec_version: z.string(),
  generated_at: z.string(),
  totals: z.object({
    operations: z.object({ exercised: z.number(), of: z.number() }),
    responses: z.object({ seen: z.number(), of: z.number() }),
    parameters: z.object({ used: z.number(), of: z.number() }),
  }),
  operations: z.array(
    z.object({
      operation_id: z.string(),
      method: z.string(),
      path: z.string(),
      calls: z.number().int().min(0),
      statuses: counts,
      error_codes: counts,
      unseen_responses: names,
      parameters_used: names,
      parameters_unused: names,
      body_fields_used: names.default([]),
      body_fields_unused: names.default([]),
      pages_followed: z.number().int().min(0),
      forced: z.object({ faults: z.number().int().min(0), overrides: z.number().int().min(0) }),
    }),
  ),
  unmatched: z.array(z.object({ method: z.string(), path: z.string(), calls: z.number().int().min(0), hint: z.string() })).default([]),
  unmatched_other: z.number().int().min(0).default(0),
});

/** Why a text is not a coverage report this mock can read: not one at all, or one of another spec version. */
export class ReportProblem extends Error {}

/** The report in `text` (a report file's content), or a ReportProblem saying why it is none this mock reads. */
export function readReport(text: string, source: string): CoverageReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ReportProblem(`${source} is not a coverage report: it is not JSON.`);
  }
  const parsed = reportSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')}: ${issue.message})` : '';
    throw new ReportProblem(`${source} is not a coverage report of network-mock${where}.`);
  }
  if (parsed.data.spec_version !== specVersion) {
    throw new ReportProblem(
      `${source} was written for spec version ${parsed.data.spec_version}; this network-mock measures spec version ${specVersion}. Run the suite again with this version.`,
    );
  }
  return parsed.data;
}
