import { operationDocs } from '@network-org/spec/docs';
import { operations } from '@network-org/spec/operations';
import { responseOutlines, type Outline } from '@network-org/spec/outlines';
import type { z } from 'zod';
import type { Answer } from '../call';
import { expectedLimit, isPaged, LISTS } from '../lists';
import type { Difference } from '../report/types';
import { shapeDifferences } from './reference';
import { describeValue, schemaDifferences, unknownKeys } from './schema';

// Every answer, errors included, is application/json (the description: all request and response bodies are JSON,
// `application/json`); a parameter such as a charset may follow.
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** The spec's schema of an answer's body: its operation's response for its status, if the spec lists the status. */
export function schemaOf(answer: Pick<Answer, 'operation' | 'status'>): z.ZodType | undefined {
  return (operations[answer.operation].responses as Record<string, z.ZodType | undefined>)[String(answer.status)];
}

/** The outline of that schema, for walking the body beside it. */
export function outlineOf(answer: Pick<Answer, 'operation' | 'status'>): Outline | undefined {
  const outlines = responseOutlines[answer.operation];
  const status = String(answer.status);
  return Object.hasOwn(outlines, status) ? outlines[status] : undefined;
}

const conforming = new WeakMap<Answer, boolean>();

/** Whether the answer's body is of the spec's schema for its status: a body a scenario can read. */
export function conforms(answer: Answer): boolean {
  let known = conforming.get(answer);
  if (known === undefined) conforming.set(answer, (known = schemaOf(answer)?.safeParse(answer.body).success ?? false));
  return known;
}

const unknown = new WeakMap<Answer, ReadonlySet<string>>();

/** Paths of the keys a successful answer's schema does not define (its discoveries), walked once per answer. */
export function unknownKeysOf(answer: Answer): ReadonlySet<string> {
  let keys = unknown.get(answer);
  if (!keys) {
    const outline = answer.status >= 200 && answer.status < 300 && answer.body !== undefined ? outlineOf(answer) : undefined;
    unknown.set(answer, (keys = outline ? unknownKeys(outline, answer.body) : new Set()));
  }
  return keys;
}

/**
 * What every answer must be, whichever scenario asked: JSON, of a status the operation lists, of the spec's schema
 * for that status, with ids of the id pattern; a page of a list, its pagination invariants; a success, the shape
 * the mock sends.
 */
export function answerDifferences(answer: Answer): Difference[] {
  const differences: Difference[] = [];
  const type = answer.content_type ?? 'none';
  if (!JSON_TYPE.test(type)) differences.push({ path: 'content-type', expected: 'application/json', actual: type });
  const schema = schemaOf(answer);
  if (!schema) {
    const listed = Object.keys(operations[answer.operation].responses).join(' or ');
    differences.push({ path: 'status', expected: listed, actual: String(answer.status), note: 'a status the spec does not list' });
  } else if (answer.body === undefined) {
    differences.push({ path: '$', expected: 'a JSON body', actual: answer.text === '' ? 'an empty body' : 'a body that is not JSON' });
  } else {
    const found = schemaDifferences(schema, answer.body);
    conforming.set(answer, found.length === 0);
    differences.push(...found);
  }
  differences.push(...idDifferences(answer.body));
  if (answer.status >= 200 && answer.status < 300) {
    if (isPaged(answer.operation)) differences.push(...pageDifferences(answer));
    differences.push(...shapeDifferences(answer, undefined, unknownKeysOf(answer)));
  }
  return differences;
}

const ID_PATTERN = /^[1-9][0-9]*$/;

/** The parameters whose values are ids of the id pattern (the API's id pattern): `account_id`, `contact_id`, ... */
const ID_NAMES = new Set(
  Object.values(operationDocs).flatMap((docs) => (docs.inputs as readonly { name: string; pattern?: string }[]).filter((input) => input.pattern === ID_PATTERN.source).map((input) => input.name)),
);

/** Whether a key of an answer holds such ids: the parameter's name (`account_id`), or its plural (`selected_contact_ids`). */
export function holdsIds(key: string): boolean {
  if (ID_NAMES.has(key)) return true;
  const singular = key.endsWith('_ids') ? key.slice(0, -1) : undefined;
  return singular !== undefined && [...ID_NAMES].some((name) => singular === name || singular.endsWith(`_${name}`));
}

/** Ids off the id pattern, one difference per path (list items as `[*]`). */
function idDifferences(body: unknown): Difference[] {
  const found = new Map<string, Difference>();
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, `${path}[*]`));
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      const at = `${path}.${key}`;
      if (holdsIds(key)) {
        for (const id of [inner].flat()) {
          if (id !== null && !(typeof id === 'string' && ID_PATTERN.test(id)) && !found.has(at)) {
            found.set(at, { path: at, expected: `an id (${ID_PATTERN.source})`, actual: describeValue(id) });
          }
        }
      } else visit(inner, at);
    }
  };
  visit(body, '$');
  return [...found.values()];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The invariants of one page: `has_more` and `next_cursor` agree, `limit` echoes the query, no item twice. */
function pageDifferences(answer: Answer): Difference[] {
  const model = LISTS[answer.operation as keyof typeof LISTS];
  const data = isObject(answer.body) ? answer.body.data : undefined;
  const pagination = isObject(data) ? data.pagination : undefined;
  const items = isObject(data) ? data[model.items] : undefined;
  if (!isObject(pagination) || !Array.isArray(items)) return [];
  const differences: Difference[] = [];
  const next = pagination.next_cursor;
  if (pagination.has_more === true && !(typeof next === 'string' && next !== '')) {
    differences.push({ path: '$.data.pagination.next_cursor', expected: 'a cursor (has_more is true)', actual: next === undefined ? 'missing' : describeValue(next) });
  }
  if (pagination.has_more === false && next !== undefined && next !== null) {
    differences.push({ path: '$.data.pagination.next_cursor', expected: 'absent (has_more is false)', actual: describeValue(next) });
  }
  const limit = expectedLimit(model, answer.request.query);
  if (limit !== undefined && pagination.limit !== limit) {
    const asked = answer.request.query?.limit;
    differences.push({ path: '$.data.pagination.limit', expected: String(limit), actual: describeValue(pagination.limit), note: asked === undefined ? 'no limit asked: the default' : `limit=${String(asked)} asked` });
  }
  if (limit !== undefined && items.length > limit) {
    differences.push({ path: `$.data.${model.items}`, expected: `at most ${limit} items`, actual: `${items.length} items` });
  }
  const seen = new Set<string>();
  for (const item of items) {
    const id = isObject(item) ? item[model.identity] : undefined;
    if (typeof id !== 'string' && typeof id !== 'number') continue;
    if (seen.has(String(id))) {
      differences.push({ path: `$.data.${model.items}[*].${model.identity}`, expected: 'each item once in a page', actual: `${String(id)} more than once` });
      break;
    }
    seen.add(String(id));
  }
  return differences;
}
