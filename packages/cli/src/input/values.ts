import { readFileSync } from 'node:fs';
import { integerOption, UsageError } from '@network-org/cli-kit';
import type { FlagSpec, Input } from '../commands/specs';

/** Each value of a repeatable flag, comma-separated values split (the API accepts both forms). */
export const collect = (value: string, previous: string[] | undefined): string[] => [
  ...(previous ?? []),
  ...value.split(',').map((part) => part.trim()).filter((part) => part !== ''),
];

/** Each value of a repeatable flag, kept whole (a tag or a custom field may hold a comma). */
export const repeat = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

function checkChoice(flag: string, value: string, choices: readonly string[] | undefined): string {
  if (choices && !choices.includes(value)) throw new UsageError(`--${flag} must be one of ${choices.join(', ')}, got "${value}"`);
  return value;
}

// The activity window's bounds (`from`, `to`): a date or an RFC 3339 instant, which the API refuses otherwise.
const WINDOW_BOUNDS = new Set(['from', 'to']);
const DATE_OR_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2})))?$/;

/** A real calendar date, and a time of day and an offset within their ranges. */
function isDateOrInstant(text: string): boolean {
  const match = DATE_OR_INSTANT.exec(text);
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, offsetHour = 0, offsetMinute = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
  return realDay && hour < 24 && minute < 60 && second <= 60 && offsetHour < 24 && offsetMinute < 60;
}

function scalarOf(flag: string, input: Input, text: string): unknown {
  if (input.in === 'query' && input.type === 'string' && WINDOW_BOUNDS.has(input.name) && !isDateOrInstant(text)) {
    throw new UsageError(`--${flag} must be a date (2026-01-08) or an RFC 3339 instant (2026-01-08T09:00:00Z), got "${text}"`);
  }
  switch (input.type) {
    case 'integer':
      return integerOption(flag, text, input.minimum, input.maximum);
    case 'number': {
      const value = Number(text);
      if (text.trim() === '' || !Number.isFinite(value)) throw new UsageError(`--${flag} must be a number, got "${text}"`);
      return value;
    }
    case 'boolean':
      if (text === 'true' || text === 'false') return text === 'true';
      throw new UsageError(`--${flag} must be true or false, got "${text}"`);
    case 'object':
    case 'array':
      return jsonFlag(flag, text);
    default:
      if (input.nullable && text === 'null') return null;
      return checkChoice(flag, text, input.enum);
  }
}

/** A flag's text as the typed value its input takes: integers within their bounds, enums checked, arrays repeated. */
export function flagValue(spec: FlagSpec, raw: string | string[]): unknown {
  if (spec.repeatable) {
    const values = Array.isArray(raw) ? raw : [raw];
    const items = spec.input.items;
    return values.map((value) => (items?.type === 'string' || !items ? checkChoice(spec.flag, value, items?.enum) : scalarOf(spec.flag, items as Input, value)));
  }
  return scalarOf(spec.flag, spec.input, Array.isArray(raw) ? raw.at(-1)! : raw);
}

/** `--flag JSON` parsed, naming the flag when it is not JSON. */
export function jsonFlag(flag: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--${flag} is not valid JSON (${(error as Error).message}): ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`);
  }
}

/** `--data JSON`, `--data @FILE` or `--data -` (standard input): a JSON object. */
export function readData(text: string, stdin: () => string = () => readFileSync(0, 'utf8')): Record<string, unknown> {
  let source = text;
  if (text === '-') source = stdin();
  else if (text.startsWith('@')) {
    try {
      source = readFileSync(text.slice(1), 'utf8');
    } catch (error) {
      throw new UsageError(`--data ${text}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  const value = jsonFlag('data', source);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError('--data must be a JSON object');
  return value as Record<string, unknown>;
}
