import { EXIT, enumOption, integerOption, UsageError, type ExitCode } from '@network-org/cli-kit';
import { isListOperation, isPagedOperation, itemsOf, type Page, type PagePromise } from '@network-org/sdk';
import { registeredFieldTypes, recordKindOf } from '../input/custom-fields';
import { customFieldValues, requestArgs, type FlagValues, type RequestArgs } from '../input/request';
import { validateRequest } from '../input/validate';
import { defaultFormat, OUTPUT_FORMATS } from '../output/formats';
import { checkQuery, printPages, printValue, type PrintOptions } from '../output/print';
import type { Target } from '../target/connect';
import { withTarget, type CommonValues } from './common';
import type { CommandSpec } from './specs';

/** How to print, read from the flags before anything is sent. */
export interface ListOptions {
  all: boolean;
  maxItems: number | undefined;
  /** `--page-info`: `{items, pagination}` instead of the items alone. */
  pageInfo: boolean;
}

/** `--output`, or `--format` (the same flag under its other name). */
export function outputOf(values: Pick<CommonValues, 'output' | 'format'>): string | undefined {
  if (values.output !== undefined && values.format !== undefined && values.output !== values.format) {
    throw new UsageError(`--format is --output under another name: give one (got --output ${values.output} and --format ${values.format})`);
  }
  return values.output ?? values.format;
}

/** How to print, read from the flags before anything is sent. */
export async function printOptionsOf(values: CommonValues): Promise<PrintOptions & ListOptions> {
  const format = enumOption(values.output === undefined && values.format !== undefined ? 'format' : 'output', outputOf(values), OUTPUT_FORMATS) ?? defaultFormat(process.stdout.isTTY);
  await checkQuery(values.query);
  const pageInfo = values.pageInfo === true;
  if (pageInfo && format !== 'json' && format !== 'yaml') throw new UsageError(`--page-info prints {items, pagination}: use it with --output json (or yaml), not ${format}`);
  return {
    format,
    ...(values.query === undefined ? {} : { query: values.query }),
    all: values.all === true,
    maxItems: integerOption('max-items', values.maxItems, 1),
    pageInfo,
  };
}

/** Where a walk of pages stopped: the last page read, and whether `--max-items` cut it. */
interface WalkEnd {
  page?: Page<unknown>;
  cut: boolean;
}

/**
 * A list's pages as arrays of items, scrubbed: the first page; every page with `--all`; with `--max-items N`,
 * pages until N items (cut at N). `end` says where the walk stopped.
 */
async function* pagesOf(promise: PagePromise<unknown>, list: ListOptions, scrub: <T>(value: T) => T, end: WalkEnd): AsyncGenerator<unknown[]> {
  let left = list.maxItems ?? Number.POSITIVE_INFINITY;
  const walk = list.all || list.maxItems !== undefined;
  const pages = walk ? promise.pages() : (async function* () { yield await promise; })();
  for await (const page of pages) {
    end.page = page;
    const items = page.items.slice(0, left);
    end.cut = items.length < page.items.length;
    left -= items.length;
    yield scrub(items);
    if (left <= 0) break;
  }
}

/** On stderr, when a list has more than was printed: that it has, and how to get the rest. */
function moreHint(spec: CommandSpec, end: WalkEnd, list: ListOptions): string | undefined {
  const { page } = end;
  if (!page?.hasNextPage() && !end.cut) return undefined;
  const what = spec.list?.key ?? 'items';
  if (end.cut || !page?.hasNextPage()) return `network-org: more ${what} exist beyond --max-items ${list.maxItems}; --all prints every one\n`;
  const cursor = page.pagination.next_cursor as string;
  const first = list.maxItems !== undefined ? `stopped at --max-items ${list.maxItems}` : 'one page shown';
  return `network-org: more ${what} exist (${first}): add --all for every page, or --cursor ${cursor} for the next page\n`;
}

/** Sends a checked request through `client.requestAny` and prints what it answered: a list's items, or its `data`. */
export async function sendAndPrint(target: Target, spec: CommandSpec, args: RequestArgs, print: Awaited<ReturnType<typeof printOptionsOf>>): Promise<void> {
  const { operationId } = spec;
  if (isPagedOperation(operationId)) {
    const end: WalkEnd = { cut: false };
    const pages = pagesOf(target.client.requestAny(operationId, args), print, target.scrub, end);
    if (print.pageInfo) {
      const items: unknown[] = [];
      for await (const page of pages) items.push(...page);
      await printValue({ items, pagination: target.scrub(end.page?.pagination ?? null) }, print);
      return;
    }
    await printPages(pages, print);
    const hint = moreHint(spec, end, print);
    if (hint) process.stderr.write(hint);
    return;
  }
  const body = await target.client.requestAny(operationId, args);
  if (isListOperation(operationId)) {
    const items = itemsOf(operationId, body);
    await printPages((async function* () { yield target.scrub(items.slice(0, print.maxItems)); })(), print);
    return;
  }
  const record = body as Record<string, unknown>;
  await printValue(target.scrub('data' in record ? record.data : record), print);
}

/** The request as `--dry-run` prints it: method, path (with its query string) and body. */
export function requestShape(spec: CommandSpec, args: RequestArgs): { method: string; path: string; body?: unknown } {
  let path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(args.path?.[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(args.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  if (search.size > 0) path += `?${search.toString()}`;
  return { method: spec.method, path, ...(args.body === undefined ? {} : { body: args.body }) };
}

/** `--dry-run` of a write: the request it would send, on standard output; nothing is sent. */
export async function printDryRun(spec: CommandSpec, args: RequestArgs, print: PrintOptions): Promise<ExitCode> {
  const shape = requestShape(spec, args);
  if (print.format === 'table' || print.format === 'csv') {
    process.stdout.write(`${shape.method} ${shape.path}\n${shape.body === undefined ? '' : `${JSON.stringify(shape.body, null, 2)}\n`}`);
  } else await printValue(shape, print);
  process.stderr.write('dry run: nothing was sent\n');
  return EXIT.ok;
}

const flagName = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** `--page-size N`: the request's `limit` (the same value under the name other CLIs give it). */
function withPageSize(spec: CommandSpec, values: FlagValues & CommonValues): FlagValues & CommonValues {
  if (values.pageSize === undefined) return values;
  if (!spec.flags.some((flag) => flag.input.name === 'limit')) throw new UsageError(`--page-size: ${spec.words.join(' ')} is not paged`);
  if (values.limit !== undefined && values.limit !== values.pageSize) throw new UsageError(`--page-size is the request's --limit: give one (got --limit ${String(values.limit)} and --page-size ${values.pageSize})`);
  return { ...values, limit: values.pageSize };
}

/** A PATCH whose body holds nothing but the account it is read in changes nothing: refused before sending. */
function checkSomethingToChange(spec: CommandSpec, args: RequestArgs): void {
  if (spec.method !== 'PATCH') return;
  const edits = Object.keys(args.body ?? {}).filter((key) => key !== 'account_id');
  if (edits.length > 0) return;
  const helpers = spec.tagEdits ? '--add-tag, --remove-tag, --set-tag, --notes, ' : '';
  throw new UsageError(`nothing to change: give ${helpers}${spec.customFields ? '--field NAME=VALUE, ' : ''}or --data`);
}

/** A generated command: one operation, its flags read, checked, sent and printed. */
/** `secrets`: the run's list of keys kept out of stderr, which the target's key joins when it connects. */
export async function runOperation(spec: CommandSpec, positionals: string[], given: FlagValues & CommonValues, secrets: string[]): Promise<ExitCode> {
  if (typeof given.fromCsv === 'string') {
    const { runBulk } = await import('../bulk/run');
    return runBulk(spec, positionals, { ...given, fromCsv: given.fromCsv }, secrets);
  }
  const bulkOnly = ['failures', 'resume', 'checkpoint', 'redisUrl', 'strictColumns'].filter((key) => given[key] !== undefined);
  if (bulkOnly.length > 0) {
    throw new UsageError(`${bulkOnly.map(flagName).join(', ')} ${bulkOnly.length === 1 ? 'applies' : 'apply'} to --from-csv only`);
  }
  const values = withPageSize(spec, given);
  const missing = spec.arguments.find((_, index) => positionals[index] === undefined);
  if (missing) throw new UsageError(`missing ${missing.label}${spec.customFields ? ' (or --from-csv FILE for many)' : ''}`);
  const print = await printOptionsOf(values);
  const fields = (values.field as string[] | undefined) ?? [];
  // Checked before connecting: a command line that cannot be honoured sends nothing. Custom fields are typed by
  // the target's registry, so with `--field` only their syntax is checked before.
  let args = requestArgs(spec, positionals, values, fields.length > 0 ? customFieldValues(fields, undefined) : {});
  checkSomethingToChange(spec, args);
  if (fields.length === 0) {
    await validateRequest(spec.operationId, args);
    if (values.dryRun) return printDryRun(spec, args, print);
  }
  return withTarget(values, secrets, async (target) => {
    if (fields.length > 0) {
      const types = await registeredFieldTypes(target, recordKindOf(spec.path));
      args = requestArgs(spec, positionals, values, customFieldValues(fields, types));
      await validateRequest(spec.operationId, args);
      if (values.dryRun) return printDryRun(spec, args, print);
    }
    await sendAndPrint(target, spec, args, print);
    return EXIT.ok;
  });
}
