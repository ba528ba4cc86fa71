import autocannon from 'autocannon';
import type { BenchRequest } from '../fixtures';

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx plus transport errors: any makes the run invalid. */
  failures: number;
}

function run(url: string, request: BenchRequest, connections: number, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}${request.path}`,
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined && { body: request.body }),
    connections,
    duration,
    pipelining: 1,
  });
}

/** Closed-loop load with `connections` keep-alive connections, one request in flight on each. */
export async function load(url: string, request: BenchRequest, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(url, request, options.connections, options.warmupSeconds);
  const result = await run(url, request, options.connections, options.durationSeconds);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}
