// A CLI's flags declared once, in a table: each entry gives the flag's spelling, its line of help, the
// environment variables that set it when the flag is absent, and the parser its text goes through. The command
// line parser, the help text and the environment reading are all made from that one table, so they cannot drift.
import { parseArgs } from 'node:util';
import { UsageError } from './usage-error';

/**
 * What a flag's parser throws for text it refuses: the message says what the text must be, as
 * `must be ..., got "x"`; `readFlags` turns it into a UsageError naming the flag or the variable.
 */
export class FlagValueError extends Error {
  override name = 'FlagValueError';
}

/** One setting of a CLI, as `--name <value>`, a switch, and/or an `--no-name` that turns it off. */
export interface FlagSpec<T = unknown> {
  /** `--port <n>` (a flag taking a value) or `--help` (a switch, true when given). */
  readonly flag?: string;
  /** A one-letter alias of `flag`, e.g. `h`. */
  readonly short?: string;
  /** The help of `flag`: one line, or several separated by `\n` (each continues under the first). */
  readonly help?: string;
  /** The flag that turns the setting off (value `false`), e.g. `{ flag: '--no-rate-limit', help: '...' }`. */
  readonly off?: { readonly flag: string; readonly help: string };
  /**
   * Variables read, in this order, when no flag of the setting is given; an empty variable counts as unset. A
   * setting with a value takes the flag's text (or `off` where `off` exists); a switch takes on/off.
   */
  readonly env?: readonly string[];
  /** The flag's text -> its value; throws FlagValueError (its message saying what it must be). */
  readonly parse?: (text: string) => T;
}

export type FlagTable = Record<string, FlagSpec>;

type ValueOf<S> = S extends { parse: (text: string) => infer T } ? T | (S extends { off: object } ? false : never) : boolean;

/** The value of each setting the command line or the environment gave; absent when neither did. */
export type FlagValues<Table extends FlagTable> = { -readonly [K in keyof Table]?: ValueOf<Table[K]> };

export interface ReadFlags<Table extends FlagTable> {
  values: FlagValues<Table>;
  /** Where each value came from: `--port`, or `NETWORK_MOCK_PORT`; for messages that name it. */
  sources: { -readonly [K in keyof Table]?: string };
  positionals: string[];
}

/** Declares a flag table with its types kept (each setting's value type comes from its parser). */
export const defineFlags = <const Table extends FlagTable>(table: Table): Table => table;

const SWITCH_ON = new Set(['on', 'true', '1', 'yes']);
const SWITCH_OFF = new Set(['off', 'false', '0', 'no']);

function spelling(flag: string): { name: string; placeholder: string | undefined } {
  const match = /^--([a-z0-9][a-z0-9-]*)(?: (.+))?$/.exec(flag);
  if (!match) throw new Error(`a flag is spelt --name or --name <value>, got ${JSON.stringify(flag)}`);
  return { name: match[1] as string, placeholder: match[2] };
}

/** The flag's name without its dashes, and the placeholder of its value (undefined for a switch). */
function nameOf(flag: string): string {
  return spelling(flag).name;
}

const takesValue = (spec: FlagSpec): boolean => spec.flag !== undefined && spelling(spec.flag).placeholder !== undefined;

function parsed(spec: FlagSpec, source: string, text: string, variable: boolean): unknown {
  if (!takesValue(spec)) {
    // Only a variable reaches here with text: a switch given as a flag is simply true.
    if (SWITCH_ON.has(text.toLowerCase())) return true;
    if (SWITCH_OFF.has(text.toLowerCase())) return false;
    throw new UsageError(`${source} must be on or off, got ${JSON.stringify(text)}${setsWhat(spec)}`);
  }
  if (variable && spec.off !== undefined && text === 'off') return false;
  try {
    return (spec.parse as (text: string) => unknown)(text);
  } catch (error) {
    if (!(error instanceof FlagValueError)) throw error;
    const problem = variable && spec.off !== undefined ? error.message.replace(/^must be /, 'must be off or ') : error.message;
    throw new UsageError(`${source} ${problem}${variable ? setsWhat(spec) : ''}`);
  }
}

/** ` (it sets --port)`: a variable's message says which flag it stands for. */
function setsWhat(spec: FlagSpec): string {
  const flags = [spec.flag?.split(' ')[0], spec.off?.flag].filter((flag) => flag !== undefined);
  return ` (it sets ${flags.join(' or ')})`;
}

/**
 * Reads `args` against the table, then the environment for every setting no flag gave: a flag beats its variable.
 * Throws a UsageError naming the flag or the variable for a value its parser refuses, and a TypeError (from
 * `parseArgs`) for an unknown flag or a missing value.
 */
export function readFlags<const Table extends FlagTable>(
  table: Table,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): ReadFlags<Table> {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const spec of Object.values(table)) {
    if (spec.flag !== undefined) {
      const { name, placeholder } = spelling(spec.flag);
      options[name] = { type: placeholder === undefined ? 'boolean' : 'string', ...(spec.short !== undefined && { short: spec.short }) };
    }
    if (spec.off !== undefined) options[spelling(spec.off.flag).name] = { type: 'boolean' };
  }
  const { values: given, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  const values: Record<string, unknown> = {};
  const sources: Record<string, string> = {};
  for (const [key, spec] of Object.entries(table)) {
    const flagName = spec.flag === undefined ? undefined : nameOf(spec.flag);
    const offName = spec.off === undefined ? undefined : nameOf(spec.off.flag);
    const onText = flagName === undefined ? undefined : given[flagName];
    const offGiven = offName !== undefined && given[offName] === true;
    if (onText !== undefined && offGiven) {
      throw new UsageError(`--${flagName} and --${offName} exclude each other`);
    }
    if (offGiven) {
      values[key] = false;
      sources[key] = `--${offName}`;
    } else if (typeof onText === 'string') {
      values[key] = parsed(spec, `--${flagName}`, onText, false);
      sources[key] = `--${flagName}`;
    } else if (onText === true) {
      values[key] = true;
      sources[key] = `--${flagName}`;
    } else {
      const variable = (spec.env ?? []).find((name) => env[name] !== undefined && env[name] !== '');
      if (variable === undefined) continue;
      values[key] = parsed(spec, variable, env[variable] as string, true);
      sources[key] = variable;
    }
  }
  return { values: values as FlagValues<Table>, sources: sources as ReadFlags<Table>['sources'], positionals };
}

/** The `Options:` lines of a usage text, and an `Environment:` block naming each setting's variables. */
export function flagHelp(table: FlagTable): string {
  const rows: [string, string][] = [];
  const envRows: [string, string][] = [];
  for (const spec of Object.values(table)) {
    if (spec.flag !== undefined) rows.push([`${spec.short === undefined ? '' : `-${spec.short}, `}${spec.flag}`, spec.help ?? '']);
    if (spec.off !== undefined) rows.push([spec.off.flag, spec.off.help]);
    if (spec.env !== undefined && spec.env.length > 0) {
      const meaning = takesValue(spec)
        ? `${spec.flag}${spec.off === undefined ? '' : `, or off for ${spec.off.flag}`}`
        : spec.flag !== undefined
          ? `on for ${spec.flag}`
          : `off for ${spec.off?.flag}`;
      envRows.push([spec.env.join(', '), meaning]);
    }
  }
  const column = (list: [string, string][]) => Math.max(...list.map(([left]) => left.length)) + 2;
  const width = column(rows);
  // A help of several lines continues under its first line's text.
  const options = rows
    .map(([left, right]) => right.split('\n').map((line, index) => `  ${(index === 0 ? left : '').padEnd(width)}${line}`.trimEnd()).join('\n'))
    .join('\n');
  if (envRows.length === 0) return `Options:\n${options}`;
  const envWidth = column(envRows);
  const environment = envRows.map(([left, right]) => `  ${left.padEnd(envWidth)}${right}`).join('\n');
  return `Options:\n${options}\n\nEnvironment (a flag beats its variable; an empty variable counts as unset):\n${environment}`;
}

/** An integer parser within `[min, max]`: only decimal integers pass (`0x10`, `1e3`, `2.0`, `' 5'` are refused). */
export function integerFlag(min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): (text: string) => number {
  return (text) => {
    const problem = integerProblem(text, min, max);
    if (problem !== undefined) throw new FlagValueError(problem);
    return Number(text);
  };
}

/** A parser for any text but the empty one. */
export function textFlag(what: string): (text: string) => string {
  return (text) => {
    if (text === '') throw new FlagValueError(`must be ${what}, got ""`);
    return text;
  };
}

/** What is wrong with `text` as an integer within `[min, max]`, as `must be ..., got "text"`; undefined when nothing. */
export function integerProblem(text: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): string | undefined {
  const parsed = Number(text);
  if (/^-?\d+$/.test(text) && Number.isSafeInteger(parsed) && parsed >= min && parsed <= max) return undefined;
  const range =
    max !== Number.MAX_SAFE_INTEGER
      ? min !== Number.MIN_SAFE_INTEGER
        ? ` from ${min} to ${max}`
        : ` of at most ${max}`
      : min !== Number.MIN_SAFE_INTEGER
        ? ` of at least ${min}`
        : '';
  return `must be an integer${range}, got ${JSON.stringify(text)}`;
}
