import { EXIT, UsageError, type ExitCode } from '@network-org/cli-kit';
import type { FlagSpec } from './specs';
import { commandSpecs, type CommandSpec } from './specs';
import { readData, collect, flagValue } from '../input/values';
import { validateRequest } from '../input/validate';
import type { RequestArgs } from '../input/request';
import { withTarget, type CommonValues } from './common';
import { printDryRun, printOptionsOf, sendAndPrint } from './run';

interface Match {
  spec: CommandSpec;
  path: Record<string, string>;
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

function matchPath(template: string, path: string): Record<string, string> | undefined {
  const expected = segmentsOf(template);
  const given = segmentsOf(path);
  if (expected.length !== given.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const actual = given[index]!;
    if (segment.startsWith('{')) params[segment.slice(1, -1)] = decodeURIComponent(actual);
    else if (segment !== actual) return undefined;
  }
  return params;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The operation of `METHOD PATH` in the route table; otherwise a usage error naming the closest routes. */
export function resolveRoute(method: string, path: string): Match {
  const verb = method.toUpperCase();
  const matches = commandSpecs.flatMap((spec) => {
    const params = matchPath(spec.path, path);
    return params ? [{ spec, path: params }] : [];
  });
  const exact = matches.find((match) => match.spec.method === verb);
  if (exact) return exact;
  if (matches.length > 0) {
    throw new UsageError(`${path} takes ${[...new Set(matches.map((match) => match.spec.method))].join(', ')}, not ${verb}`);
  }
  // Ids in the path count as their template's parameter, so `/v1/contact/12` is near `/v1/contacts/{contact_id}`.
  const shape = segmentsOf(path).map((segment) => (/^\d+$/.test(segment) ? '{}' : segment)).join('/');
  const ranked = commandSpecs
    .map((spec) => ({ spec, score: distance(shape, segmentsOf(spec.path).map((s) => (s.startsWith('{') ? '{}' : s)).join('/')) + (spec.method === verb ? 0 : 1) }))
    .sort((a, b) => a.score - b.score);
  const closest = ranked.filter((entry) => entry.score <= ranked[0]!.score + 1).slice(0, 3);
  throw new UsageError(`no operation at ${verb} ${path}; closest: ${closest.map(({ spec }) => `${spec.method} ${spec.path} (\`network-org ${spec.words.join(' ')}\`)`).join(', ')}`);
}

/** The query string of `api`'s PATH, typed by the operation's query inputs (unknown names pass as text). */
function queryOf(spec: CommandSpec, search: URLSearchParams): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const name of new Set(search.keys())) {
    const flag: FlagSpec | undefined = spec.flags.find((candidate) => candidate.input.in === 'query' && candidate.input.name === name);
    const values = search.getAll(name);
    if (!flag) query[name] = values.at(-1);
    else query[name] = flagValue(flag, flag.repeatable ? values.reduce<string[]>((all, value) => collect(value, all), []) : values.at(-1)!);
  }
  return query;
}

/** `network-org api METHOD PATH [--data ...]`: any route, through the same operation path as the commands. */
export async function runApi(method: string, rawPath: string, values: CommonValues & { data?: string }, secrets: string[]): Promise<ExitCode> {
  const url = new URL(rawPath, 'http://path.invalid');
  const { spec, path } = resolveRoute(method, url.pathname.replace(/\/+$/, '') || '/');
  const args: RequestArgs = {};
  if (Object.keys(path).length > 0) args.path = path;
  const query = queryOf(spec, url.searchParams);
  if (Object.keys(query).length > 0) args.query = query;
  const takesBody = spec.flags.some((flag) => flag.input.in === 'body');
  if (values.data !== undefined) {
    if (!takesBody) throw new UsageError(`--data: ${spec.method} ${spec.path} takes no body; put parameters in the path's query string`);
    args.body = readData(values.data);
  } else if (takesBody) args.body = {};
  const print = await printOptionsOf(values);
  await validateRequest(spec.operationId, args);
  if (values.dryRun) return printDryRun(spec, args, print);
  return withTarget(values, secrets, async (target) => {
    await sendAndPrint(target, spec, args, print);
    return EXIT.ok;
  });
}
