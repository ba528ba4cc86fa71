// The flags every command that calls the API shares, and the target they pick: a leaf, so that the generated
// commands (run.ts) and bulk runs (bulk/run.ts) both build on it without importing each other.
import { exitOnSignal, onStopSignal, UsageError } from '@network-org/cli-kit';
import { connect, type Target } from '../target/connect';

/** The flags every command that calls the API shares. */
export interface CommonValues {
  output?: string;
  /** `--output` as Stainless-made CLIs spell it. */
  format?: string;
  query?: string;
  all?: boolean;
  maxItems?: string;
  pageInfo?: boolean;
  pageSize?: string;
  baseUrl?: string;
  debug?: boolean;
  dryRun?: boolean;
  profile?: string;
  mock?: boolean;
  /** `--state-file`, as every network-org CLI spells it. */
  stateFile?: string;
  /** `--state-file` under its earlier name (hidden from help). */
  mockState?: string;
  redisUrl?: string;
}

/**
 * Connects (the target's key joins `secrets`, the run's list of keys kept out of stderr), and saves the mock's state
 * when the command ends. Ctrl-C (or SIGTERM) saves it too and exits, unless
 * `onStop` is given (a bulk run finishes the row it is sending first).
 */
export async function withTarget<T>(values: CommonValues, secrets: string[], work: (target: Target) => Promise<T>, onStop?: (signal: 'SIGINT' | 'SIGTERM') => void): Promise<T> {
  if (values.mockState !== undefined && values.stateFile !== undefined) throw new UsageError('--mock-state is --state-file under its earlier name: give one');
  const stateFile = values.stateFile ?? values.mockState;
  const target = await connect({
    secrets,
    ...(values.mock ? { mock: true } : {}),
    ...(stateFile === undefined ? {} : { stateFile }),
    ...(values.profile === undefined ? {} : { profile: values.profile }),
    ...(values.redisUrl === undefined ? {} : { redisUrl: values.redisUrl }),
    ...(values.baseUrl === undefined ? {} : { baseUrl: values.baseUrl }),
    ...(values.debug ? { debug: true } : {}),
  });
  const removeStop = onStopSignal(
    onStop ??
      ((signal) => {
        void target.close().finally(() => process.exit(exitOnSignal(signal)));
      }),
  );
  try {
    return await work(target);
  } finally {
    removeStop();
    await target.close();
  }
}
