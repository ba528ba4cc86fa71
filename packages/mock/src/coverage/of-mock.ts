// The reports a mock gives: of the whole mock (its dropped sessions and the live ones) or of one session. The
// in-process surface (`mock.coverage()`) and the control API (`GET /__mock/coverage`) both read them here.
import type { MockRuntime } from '../engine/runtime';
import { CoverageCounts } from './recorder';
import { coverageReport, mergedReport, type CoverageReport } from './report';

/** The whole mock's report: every session's requests, those of sessions dropped since included. */
export function mockCoverage(runtime: MockRuntime): CoverageReport {
  const { sessions } = runtime;
  return mergedReport([runtime.coverage.dropped, sessions.defaultSession.coverage, ...sessions.list().map((session) => session.coverage)], runtime.currentTime());
}

/**
 * One session's report (undefined: the default session). A session that does not live (never used, or dropped)
 * has an empty one: asking creates none.
 */
export function sessionCoverage(runtime: MockRuntime, name: string | undefined): CoverageReport {
  const session = name === undefined ? runtime.sessions.defaultSession : runtime.sessions.peek(name);
  return coverageReport(session?.coverage ?? new CoverageCounts(), runtime.currentTime());
}

/** Forgets what the whole mock recorded, every session's and the dropped sessions'. */
export function resetMockCoverage(runtime: MockRuntime): void {
  runtime.coverage.dropped.clear();
  runtime.sessions.defaultSession.coverage.clear();
  for (const session of runtime.sessions.list()) session.coverage.clear();
}
