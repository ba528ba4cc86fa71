import { readEnv } from './env';
import { NetworkError } from './errors';

/** Where the SDK writes its log lines; `console` fits. */
export interface Logger {
  error: (message: string) => void;
  warn: (message: string) => void;
  info: (message: string) => void;
  debug: (message: string) => void;
}

/** How much to log: `'off'` (default) nothing; each level includes the ones before it. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** What one attempt of a call came to. */
export interface AttemptRecord {
  method: string;
  /** The request's path, without the query string. */
  path: string;
  /** The HTTP status, or what ended the attempt without one. */
  status: number | 'connection error' | 'timeout' | 'aborted' | 'failed';
  /** 1 for the first attempt of the call. */
  attempt: number;
  ms: number;
  /** The wait before the next attempt, when the call retries. */
  retryInMs?: number | undefined;
}

/** Writes one line per attempt: a success at `info`, a failure that is retried at `warn`, a final one at `error`. */
export type AttemptLog = (record: AttemptRecord) => void;

/**
 * The log of a client with `logLevel` `level`; without one, the level NETWORK_LOG names (where `process` exists).
 * An unknown `logLevel` option is an error; an unknown NETWORK_LOG is ignored with a warning, so that a typo in the
 * environment cannot stop a program.
 */
export function attemptLog(logger: Logger | undefined, level: LogLevel | undefined, redact: (text: string) => string): AttemptLog | undefined {
  const sink = logger ?? console;
  const env = level === undefined ? readEnv('NETWORK_LOG').value : undefined;
  const name = level ?? ((env?.toLowerCase() as LogLevel | undefined) || 'off');
  // Own keys only: `toString` is no level.
  let rank = Object.hasOwn(RANK, name) ? RANK[name] : undefined;
  if (rank === undefined && env !== undefined) {
    sink.warn(`[network-org/sdk] NETWORK_LOG=${JSON.stringify(env)} is ignored: use one of ${Object.keys(RANK)}`);
    rank = 0;
  }
  if (rank === undefined) throw new NetworkError(redact(`Unknown logLevel ${JSON.stringify(String(level))}: use one of ${Object.keys(RANK).join(', ')}`));
  if (rank === 0) return undefined;
  return (record) => {
    const ok = typeof record.status === 'number' && record.status < 400;
    const at: Exclude<LogLevel, 'off'> = ok ? 'info' : record.retryInMs === undefined ? 'error' : 'warn';
    if (RANK[at] > rank) return;
    const retry = record.retryInMs === undefined ? '' : `, retrying in ${Math.round(record.retryInMs)} ms`;
    sink[at](
      redact(`[network-org/sdk] ${record.method} ${record.path} ${record.status} (attempt ${record.attempt}, ${Math.round(record.ms)} ms${retry})`),
    );
  };
}
