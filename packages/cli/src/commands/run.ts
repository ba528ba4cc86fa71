import { EXIT, enumOption, integerOption, onStopSignal, UsageError, type ExitCode } from '@network-org/cli-kit';
import type { PagePromise } from '@network-org/sdk';
import { registeredFieldTypes, recordKindOf } from '../input/custom-fields';
import { customFieldValues, requestArgs, type FlagValues, type RequestArgs } from '../input/request';
import { validateRequest } from '../input/validate';
import { defaultFormat, OUTPUT_FORMATS } from '../output/formats';
import { checkQuery, printPages, printValue, type PrintOptions } from '../output/print';
import { connect, type Target } from '../target/connect';
import type { CommandSpec } from './specs';

/** The flags every command that calls the API shares. */
export interface CommonValues {
  output?: string;
  query?: string;
  all?: boolean;
  maxItems?: string;
  profile?: string;
  mock?: boolean;
  mockState?: string;
  /** `--mock-state` as network-mock and network-mcp spell it. */
  stateFile?: string;
  redisUrl?: string;
}

/** How to print, read from the flags before anything is sent. */
export async function printOptionsOf(values: CommonValues): Promise<PrintOptions & { all: boolean; maxItems: number | undefined }> {
  const format = enumOption('output', values.output, OUTPUT_FORMATS) ?? defaultFormat(process.stdout.isTTY);
  await checkQuery(values.query);
  return {
    format,
    ...(values.query === undefined ? {} : { query: values.query }),
    all: values.all === true,
    maxItems: integerOption('max-items', values.maxItems, 1),
  };
}

/**
 * Connects, and saves the mock's state when the command ends. Ctrl-C (or SIGTERM) saves it too and exits, unless
 * `onStop` is given (a bulk run finishes the row it is sending first).
 */
export async function withTarget<T>(values: CommonValues, work: (target: Target) => Promise<T>, onStop?: () => void): Promise<T> {
  if (values.mockState !== undefined && values.stateFile !== undefined) throw new UsageError('--mock-state and --state-file are the same flag: give one');
  const mockState = values.mockState ?? values.stateFile;
  const target = await connect({
    ...(values.mock ? { mock: true } : {}),
    ...(mockState === undefined ? {} : { mockState }),
    ...(values.profile === undefined ? {} : { profile: values.profile }),
    ...(values.redisUrl === undefined ? {} : { redisUrl: values.redisUrl }),
  });
  const removeStop = onStopSignal(
    onStop ??
      (() => {
        void target.close().finally(() => process.exit(EXIT.interrupted));
      }),
  );
  try {
    return await work(target);
  } finally {
    removeStop();
    await target.close();
  }
}

/** A list's pages as arrays of items (the first, or every one with `--all`), scrubbed and cut at `--max-items`. */
async function* pagesOf(promise: PagePromise<unknown>, all: boolean, maxItems: number | undefined, scrub: <T>(value: T) => T): AsyncGenerator<unknown[]> {
  let left = maxItems ?? Number.POSITIVE_INFINITY;
  const pages = all ? promise.pages() : (async function* () { yield await promise; })();
  for await (const page of pages) {
    const items = page.items.slice(0, left);
    left -= items.length;
    yield scrub(items);
    if (left <= 0) break;
  }
}

type Request = (operationId: string, args?: RequestArgs) => Promise<unknown> & Partial<PagePromise<unknown>>;

/** Sends a checked request through `client.request` and prints what it answered: a list's items, or its `data`. */
export async function sendAndPrint(target: Target, spec: CommandSpec, args: RequestArgs, print: Awaited<ReturnType<typeof printOptionsOf>>): Promise<void> {
  const request = target.client.request.bind(target.client) as unknown as Request;
  const answer = request(spec.operationId, args);
  if (spec.list?.paged) {
    await printPages(pagesOf(answer as PagePromise<unknown>, print.all, print.maxItems, target.scrub), print);
    return;
  }
  const body = (await answer) as unknown as Record<string, unknown>;
  if (spec.list) {
    const payload = (spec.list.envelope ? body[spec.list.envelope] : body) as Record<string, unknown[]>;
    const items = payload[spec.list.key] ?? [];
    await printPages((async function* () { yield target.scrub(items.slice(0, print.maxItems)); })(), print);
    return;
  }
  await printValue(target.scrub('data' in body ? body.data : body), print);
}

/** A generated command: one operation, its flags read, checked, sent and printed. */
export async function runOperation(spec: CommandSpec, positionals: string[], values: FlagValues & CommonValues): Promise<ExitCode> {
  if (typeof values.fromCsv === 'string') {
    const { runBulk } = await import('../bulk/run');
    return runBulk(spec, positionals, { ...values, fromCsv: values.fromCsv });
  }
  const bulkOnly = ['dryRun', 'failures', 'resume', 'checkpoint', 'redisUrl'].filter((key) => values[key] !== undefined);
  if (bulkOnly.length > 0) {
    throw new UsageError(`${bulkOnly.map((key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(', ')} ${bulkOnly.length === 1 ? 'applies' : 'apply'} to --from-csv only`);
  }
  const missing = spec.arguments.find((_, index) => positionals[index] === undefined);
  if (missing) throw new UsageError(`missing ${missing.label}${spec.customFields ? ' (or --from-csv FILE for many)' : ''}`);
  const print = await printOptionsOf(values);
  const fields = (values.field as string[] | undefined) ?? [];
  // Checked before connecting: a command line that cannot be honoured sends nothing. Custom fields are typed by
  // the target's registry, so with `--field` only their syntax is checked before.
  let args = requestArgs(spec, positionals, values, fields.length > 0 ? customFieldValues(fields, undefined) : {});
  if (fields.length === 0) await validateRequest(spec.operationId, args);
  return withTarget(values, async (target) => {
    if (fields.length > 0) {
      const types = await registeredFieldTypes(target, recordKindOf(spec.path));
      args = requestArgs(spec, positionals, values, customFieldValues(fields, types));
      await validateRequest(spec.operationId, args);
    }
    await sendAndPrint(target, spec, args, print);
    return EXIT.ok;
  });
}
