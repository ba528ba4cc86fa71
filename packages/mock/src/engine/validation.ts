import type { z } from 'zod';
import { badRequest } from './errors';

export type InputLocation = 'query' | 'path' | 'body' | 'fault';

const LOCATION_LABEL: Record<InputLocation, string> = {
  query: 'query parameter',
  path: 'path parameter',
  body: 'body field',
  fault: 'fault rule field',
};

/** What a rule about the whole input (not one field) is about. */
const WHOLE_LABEL: Record<InputLocation, string> = {
  query: 'query',
  path: 'path',
  body: 'request body',
  fault: 'fault rule',
};

type Issue = z.core.$ZodIssue;

function formatPath(path: readonly PropertyKey[], location: InputLocation): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') {
      // Query arrays are written as repeated parameters, so an index means nothing to the caller there.
      if (location !== 'query') text += `[${segment}]`;
    } else {
      text += text === '' ? String(segment) : `.${String(segment)}`;
    }
  }
  return text;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

const EXPECTED_PHRASE: Record<string, string> = {
  int: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'a boolean (true or false)',
  array: 'an array',
  object: 'an object',
  null: 'null',
  record: 'an object',
};

function sizeUnit(origin: string, count: number | bigint): string {
  if (origin === 'string') return count === 1 ? ' character' : ' characters';
  if (origin === 'array' || origin === 'set') return count === 1 ? ' item' : ' items';
  return '';
}

function describeIssue(issue: Issue, received: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (received === undefined) return 'is required';
      return `must be ${EXPECTED_PHRASE[issue.expected] ?? issue.expected}`;
    case 'too_small': {
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty';
      const bound = issue.inclusive === false ? 'greater than' : 'at least';
      return `must be ${bound} ${issue.minimum}${sizeUnit(issue.origin, issue.minimum)}`;
    }
    case 'too_big': {
      const bound = issue.inclusive === false ? 'less than' : 'at most';
      return `must be ${bound} ${issue.maximum}${sizeUnit(issue.origin, issue.maximum)}`;
    }
    case 'invalid_format':
      if (issue.format === 'regex' && issue.pattern) {
        // zod reports the pattern as a RegExp literal; the spec writes it bare.
        return `must match the pattern ${issue.pattern.replace(/^\/(.*)\/[a-z]*$/, '$1')}`;
      }
      if (issue.format === 'datetime') return 'must be an RFC 3339 date-time';
      return `must be a valid ${issue.format}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown key${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
    case 'invalid_union':
      return 'does not match any of the accepted forms';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    default:
      return issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
  }
}

function issueMessage(issue: Issue, input: unknown, location: InputLocation): string {
  const name = formatPath(issue.path, location);
  const received = valueAt(input, issue.path);
  const what = describeIssue(issue, received);
  if (name === '') {
    // A rule across fields ("one of network_url or contact_id is required") reads as a sentence of its own.
    if (issue.code === 'custom') return `Invalid ${WHOLE_LABEL[location]}: ${what}.`;
    return `${WHOLE_LABEL[location].charAt(0).toUpperCase()}${WHOLE_LABEL[location].slice(1)} ${what}.`;
  }
  // JSON.stringify writes Infinity (a body's 1e400) as null, which would misreport what was sent.
  const text = typeof received === 'number' && !Number.isFinite(received) ? String(received) : JSON.stringify(received);
  const shown = received !== undefined && typeof received !== 'object' ? ` (got ${text})` : '';
  return `Invalid ${LOCATION_LABEL[location]} "${name}": ${what}${shown}.${tagsHint(issue, received, location)}`;
}

/**
 * A tag change (`{add}`, `{remove}`, `{set}`) under another top-level key of a body, where only a custom field's
 * value fits (`tag: {add: [...]}`), is most likely a misspelt `tags`: the message says so.
 */
function tagsHint(issue: Issue, received: unknown, location: InputLocation): string {
  if (location !== 'body' || issue.path.length !== 1 || issue.path[0] === 'tags' || issue.code !== 'invalid_union') return '';
  if (typeof received !== 'object' || received === null || Array.isArray(received)) return '';
  if (!['add', 'remove', 'set'].some((key) => Object.hasOwn(received, key))) return '';
  return ' A tag change goes under "tags": {"tags": {"add": [...]}} (or "remove", "set").';
}

/** What is wrong with `input`, one sentence per problem (at most three); undefined when the schema accepts it. */
export function inputProblems<S extends z.ZodType>(
  schema: S,
  input: unknown,
  location: InputLocation,
): { data: z.output<S>; problems?: undefined } | { problems: string } {
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data };
  return { problems: result.error.issues.slice(0, 3).map((issue) => issueMessage(issue, input, location)).join(' ') };
}

/** Parses `input` with a generated schema; 400 bad_request naming each wrong parameter otherwise. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, location: InputLocation): z.output<S> {
  const parsed = inputProblems(schema, input, location);
  if (parsed.problems !== undefined) throw badRequest(parsed.problems);
  return parsed.data;
}

// A client writes an integer in a URL in decimal digits. Zod's coercion (Number) would also read `0x10`, `0b11`,
// `1e1`, ` 5` and `25.0`, none of which the API takes as an integer (not an integer is 400).
const DECIMAL_INTEGER = /^[+-]?[0-9]+$/;

/**
 * 400 when a numeric query parameter (`numberNames`: the operation's `numberQueryParams`, from the spec) reads as
 * an integer only through another notation; text that is no number at all, or no integer, is left to the schema's
 * own messages.
 */
export function checkQueryNumbers(numberNames: readonly string[], input: Record<string, string | string[]>): void {
  for (const name of numberNames) {
    const value = input[name];
    if (typeof value !== 'string' || DECIMAL_INTEGER.test(value) || value.trim() === '' || !Number.isInteger(Number(value))) continue;
    throw badRequest(`Invalid query parameter "${name}": must be an integer written in decimal digits (got ${JSON.stringify(value.slice(0, 40))}).`);
  }
}

/** The query as the generated schema expects it: strings, string[] for array parameters; other names are ignored. */
export function queryInput(
  searchParams: URLSearchParams,
  knownNames: readonly string[],
  arrayNames: readonly string[],
): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const name of knownNames) {
    const values = searchParams.getAll(name);
    if (values.length === 0) continue;
    if (arrayNames.includes(name)) {
      // Repeated and comma-separated forms may be mixed (section 4).
      input[name] = values.flatMap((value) => value.split(',')).map((value) => value.trim()).filter((value) => value !== '');
    } else {
      input[name] = values[0] as string;
    }
  }
  return input;
}
