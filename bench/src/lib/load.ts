import autocannon from 'autocannon';
import type { BenchRequest } from '../fixtures';

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /**
   * autocannon's sampling interval (1 s unless given): a run stops on a sample, so a run shorter than a second needs
   * shorter samples (`--quick`). req/s is the mean sample scaled to a second.
   */
  sampleSeconds?: number;
  /**
   * A run of this many requests instead of `durationSeconds` (`--quick`): a load run at full speed costs the cores
   * for its whole length, and a count always completes, where a short run on a loaded machine may complete none.
   */
  requests?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers in the run (its warm-up excluded). */
  requests: number;
  /** Answers other than 2xx plus transport errors: any makes the run invalid. */
  failures: number;
}

function run(url: string, request: BenchRequest, connections: number, duration: number, sampleSeconds: number, requests?: number): Promise<autocannon.Result> {
  return autocannon({
    sampleInt: sampleSeconds * 1000,
    url: `${url}${request.path}`,
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined && { body: request.body }),
    connections,
    ...(requests ? { amount: requests } : { duration }),
    pipelining: 1,
  });
}

/**
 * Requests per second of an autocannon run: the mean of its samples, scaled from the sample's length; when no sample
 * completed (a quick run no longer than its sample, on a loaded machine), the requests over the run's duration.
 */
export function requestsPerSecond(result: autocannon.Result, sampleSeconds: number): number {
  if (Number.isFinite(result.requests.average) && result.requests.average > 0) return result.requests.average / sampleSeconds;
  return result.duration > 0 ? result.requests.total / result.duration : 0;
}

/** How long one load run is, for a section's method: its seconds, or its count of requests. */
export const runLength = (options: Pick<LoadOptions, 'durationSeconds' | 'requests'>): string =>
  options.requests ? `${options.requests} requests` : `${options.durationSeconds} s`;

/** Closed-loop load with `connections` keep-alive connections, one request in flight on each. */
export async function load(url: string, request: BenchRequest, options: LoadOptions): Promise<LoadResult> {
  const sampleSeconds = options.sampleSeconds ?? 1;
  if (options.warmupSeconds > 0) await run(url, request, options.connections, options.warmupSeconds, sampleSeconds);
  const result = await run(url, request, options.connections, options.durationSeconds, sampleSeconds, options.requests);
  return {
    requestsPerSecond: requestsPerSecond(result, sampleSeconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors,
  };
}
