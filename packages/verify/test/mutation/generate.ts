import type { OperationId } from '@network-org/sdk';
import { operationDocs } from '@network-org/spec/docs';
import { schemas } from '@network-org/spec/zod';
import { holdsIds, schemaOf } from '../../src/check/answer';
import { elementSchema, memberSchema, valueRule } from '../../src/check/schema';
import { isPaged, LISTS } from '../../src/lists';
import type { Mutation, ProxyAnswer, ProxyRequest } from '../drift/proxy';
import type { SeenAnswer } from './harness';

/** The classes of drifts, as issue 25 lists them. */
export type MutationClass = 'field' | 'operation' | 'list' | 'input' | 'auth';

/** A drift derived from the spec and the mock's answers: what it changes, where, and an id that stays the same. */
export interface Generated extends Mutation {
  id: string;
  class: MutationClass;
  /** What kind of change: `renamed`, `retyped to null`, `status 201 answered 200`, ... */
  kind: string;
  /** The field it changes, for field drifts (`$.data.contacts[*].headline`). */
  path?: string;
  /** The JSON types the mock's values of that field had. */
  seen?: JsonType[];
  /** Whether it would change this answer of the mock, where changing a copy cannot tell (or costs more). */
  touches?(answer: SeenAnswer): boolean;
}

type Json = Record<string, any>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const success = (answer: { status: number }) => answer.status >= 200 && answer.status < 300;

export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';
const JSON_TYPES: JsonType[] = ['string', 'number', 'boolean', 'null', 'object', 'array'];
const typeOf = (value: unknown): JsonType => (value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonType));

/** A value of `type` made from `value`, as a drifting service would send it (`"1200"` for 1200, ...). */
function retyped(value: unknown, type: JsonType): unknown {
  switch (type) {
    case 'string':
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'number':
      return typeof value === 'string' && value !== '' && !Number.isNaN(Number(value)) ? Number(value) : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'object':
      return {};
    case 'array':
      return [];
  }
}

/** Every record at an object path of a body (`$.data.contacts[*].company`). */
function recordsAt(body: unknown, path: string): Json[] {
  let level: unknown[] = [body];
  for (const segment of path.split('.').slice(1)) {
    const [key = '', ...stars] = segment.split('[*]');
    level = level.flatMap((value) => (isObject(value) && key in value ? [value[key]] : []));
    for (let n = 1; n < stars.length + 1; n++) level = level.flatMap((value) => (Array.isArray(value) ? value : []));
  }
  return level.filter(isObject);
}

/** A drift of one field of an operation's successful answers, at every record that carries it. */
function fieldDrift(operation: OperationId, parent: string, key: string, seen: Set<JsonType>, kind: string, change: (record: Json) => void): Generated {
  const path = `${parent}.${key}`;
  return {
    id: `field ${operation} ${path} ${kind}`,
    class: 'field',
    kind,
    path,
    seen: [...seen].sort(),
    operation,
    drift: `${path} ${kind}`,
    touches: (answer) => success(answer) && recordsAt(answer.body, parent).some((record) => key in record),
    answer(answer) {
      if (!success(answer)) return;
      for (const record of recordsAt(answer.body, parent)) if (key in record) change(record);
    },
  };
}

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The fields of an operation's successful answers: each key under each object path, the JSON types its values had. */
interface Field {
  parent: string;
  key: string;
  types: Set<JsonType>;
  rule: { enum?: string[]; format?: string };
}

function fieldsOf(answers: readonly SeenAnswer[]): Map<OperationId, Map<string, Field>> {
  const fields = new Map<OperationId, Map<string, Field>>();
  for (const answer of answers.filter(success)) {
    const byPath = fields.get(answer.operation) ?? new Map<string, Field>();
    fields.set(answer.operation, byPath);
    const visit = (value: unknown, schema: ReturnType<typeof schemaOf>, path: string) => {
      if (Array.isArray(value)) return value.forEach((item) => visit(item, schema && elementSchema(schema), `${path}[*]`));
      if (!isObject(value)) return;
      for (const [key, inner] of Object.entries(value)) {
        const member = schema && memberSchema(schema, key);
        const at = `${path}.${key}`;
        const field = byPath.get(at) ?? { parent: path, key, types: new Set<JsonType>(), rule: member ? valueRule(member) : {} };
        field.types.add(typeOf(inner));
        byPath.set(at, field);
        visit(inner, member, at);
      }
    };
    visit(answer.body, schemaOf(answer), '$');
  }
  return fields;
}

/** Broken values of a format: an instant that is no RFC 3339 date-time, a URL that is no URI, an id off its pattern. */
const BROKEN: Record<string, unknown> = { datetime: '15/01/2026 12:00', url: 'not a url', id: '0123' };

function fieldDrifts(answers: readonly SeenAnswer[]): Generated[] {
  const drifts: Generated[] = [];
  for (const [operation, fields] of fieldsOf(answers)) {
    for (const { parent, key, types, rule } of fields.values()) {
      const renamed = camel(key) === key ? `${key}_v2` : camel(key);
      drifts.push(fieldDrift(operation, parent, key, types, `renamed ${renamed}`, (record) => {
        record[renamed] = record[key];
        delete record[key];
      }));
      drifts.push(fieldDrift(operation, parent, key, types, 'dropped', (record) => delete record[key]));
      for (const type of JSON_TYPES.filter((t) => !types.has(t))) {
        drifts.push(fieldDrift(operation, parent, key, types, `retyped to ${type}`, (record) => (record[key] = retyped(record[key], type))));
      }
      if (rule.enum) drifts.push(fieldDrift(operation, parent, key, types, 'out of its enum', (record) => (record[key] = 'not_in_the_enum')));
      const format = holdsIds(key) ? 'id' : rule.format;
      if (format && format in BROKEN) {
        drifts.push(fieldDrift(operation, parent, key, types, `broken format (${format})`, (record) => {
          record[key] = Array.isArray(record[key]) ? [BROKEN[format]] : record[key] === null ? null : BROKEN[format];
        }));
      }
    }
  }
  return drifts;
}

const ERROR_CODES = schemas.ErrorCode.options as readonly string[];
const documented = (operation: OperationId) => Object.keys(operationDocs[operation].responses).map(Number);
/** A status the SDK retries or waits out: the drift says to retry at once, so that the run stays fast. */
const retried = (status: number) => status === 429 || status >= 500;

function answering(operation: OperationId, kind: string, drift: string, change: (answer: ProxyAnswer, request: ProxyRequest) => void, klass: MutationClass = 'operation'): Generated {
  return { id: `${klass} ${operation} ${kind}`, class: klass, kind, operation, drift, answer: change };
}

function operationDrifts(answers: readonly SeenAnswer[]): Generated[] {
  const drifts: Generated[] = [];
  for (const operation of Object.keys(operationDocs) as OperationId[]) {
    const mine = answers.filter((answer) => answer.operation === operation);
    for (const from of [...new Set(mine.map((answer) => answer.status))].sort()) {
      for (const to of documented(operation).filter((status) => status !== from)) {
        drifts.push(answering(operation, `status ${from} answered ${to}`, `answers ${to} where it answered ${from}`, (answer) => {
          if (answer.status !== from) return;
          answer.status = to;
          if (retried(to)) answer.headers['retry-after'] = '0';
        }));
      }
    }
    const codes = new Set(mine.filter((answer) => answer.status >= 400).map((answer) => `${answer.status} ${(answer.body as Json | undefined)?.code}`));
    for (const seen of [...codes].sort()) {
      const [status, code] = seen.split(' ') as [string, string];
      const other = ERROR_CODES[(ERROR_CODES.indexOf(code) + 1) % ERROR_CODES.length]!;
      drifts.push(answering(operation, `code ${code} of ${status} swapped for ${other}`, `a ${status} says ${other} instead of ${code}`, (answer) => {
        if (String(answer.status) === status && isObject(answer.body) && answer.body.code === code) answer.body.code = other;
      }));
    }
    drifts.push(answering(operation, 'message dropped', 'error bodies lose their message', (answer) => {
      if (answer.status >= 400 && isObject(answer.body)) delete answer.body.message;
    }));
    drifts.push(answering(operation, 'content type text/plain', 'answers are labelled text/plain', (answer) => {
      answer.headers['content-type'] = 'text/plain; charset=utf-8';
    }));
    if (operation !== 'listOrganizations') {
      drifts.push(answering(operation, 'data envelope removed', 'successes come without their data envelope', (answer) => {
        if (success(answer) && isObject(answer.body) && isObject(answer.body.data)) answer.body = answer.body.data;
      }));
    }
    drifts.push(answering(operation, 'data envelope added', 'successes come inside one more data envelope', (answer) => {
      if (success(answer) && answer.body !== undefined) answer.body = { data: answer.body };
    }));
  }
  return drifts;
}

function listDrifts(): Generated[] {
  const drifts: Generated[] = [];
  for (const model of Object.values(LISTS)) {
    const { operation, items, maxLimit, clamps, defaultLimit } = model;
    const page = (answer: ProxyAnswer) => (success(answer) && isObject(answer.body) && isObject(answer.body.data) && isObject(answer.body.data.pagination) ? answer.body.data : undefined);
    const list = (kind: string, drift: string, change: Pick<Generated, 'request' | 'answer' | 'touches'>): Generated => ({ id: `list ${operation} ${kind}`, class: 'list', kind, operation, drift, ...change });
    drifts.push(
      list('next_cursor dropped while has_more', 'a page says has_more without a next_cursor', {
        answer(answer) {
          const data = page(answer);
          if (data?.pagination.has_more === true) delete data.pagination.next_cursor;
        },
      }),
      list('has_more false on a full page', 'a full page claims to be the last', {
        answer(answer) {
          const data = page(answer);
          if (!data || data.pagination.has_more !== true || data[items]?.length !== data.pagination.limit) return;
          data.pagination.has_more = false;
          delete data.pagination.next_cursor;
        },
      }),
      list('wrong limit echo', 'pagination.limit is one more than the page size used', {
        answer(answer) {
          const data = page(answer);
          if (data && typeof data.pagination.limit === 'number') data.pagination.limit += 1;
        },
      }),
      list(clamps ? 'clamp broken' : 'bounds broken', clamps ? `a limit above ${maxLimit} is honoured` : `a limit above ${maxLimit} is clamped instead of refused`, {
        async answer(answer, request, upstream) {
          const asked = Number(request.url.searchParams.get('limit'));
          if (!(asked > maxLimit)) return;
          if (!clamps) {
            const clamped = new URL(request.url);
            clamped.searchParams.set('limit', String(maxLimit));
            return void Object.assign(answer, await upstream({ ...request, url: clamped }));
          }
          const data = page(answer);
          if (!data) return;
          let { pagination } = data;
          const all = [...data[items]];
          while (all.length < asked && pagination.next_cursor) {
            const next = new URL(request.url);
            next.searchParams.set('cursor', pagination.next_cursor);
            const more = page(await upstream({ ...request, url: next }));
            if (!more) break;
            all.push(...more[items]);
            pagination = more.pagination;
          }
          data[items] = all.slice(0, asked);
          data.pagination = { ...pagination, limit: asked };
        },
      }),
      list('wrong default', `without limit a page holds ${defaultLimit * 2}`, {
        request(request) {
          if (!request.url.searchParams.has('limit')) request.url.searchParams.set('limit', String(Math.min(defaultLimit * 2, maxLimit)));
        },
      }),
      list('cursor ignored', 'a cursor is ignored: every page is the first', {
        request(request) {
          request.url.searchParams.delete('cursor');
        },
      }),
    );
    // The last item of each page served, by the cursor that page gave: the next page starts with it again.
    const lastOf = new Map<string, unknown>();
    drifts.push(
      list('item repeated across pages', "each next page starts with the page before's last item", {
        touches: (answer: SeenAnswer) => success(answer) && answer.request.url.searchParams.has('cursor'),
        answer(answer, request) {
          const data = page(answer);
          if (!data || !Array.isArray(data[items])) return;
          const previous = lastOf.get(request.url.searchParams.get('cursor') ?? '');
          if (previous !== undefined && data[items].length > 0) data[items] = [previous, ...data[items].slice(0, -1)];
          if (data.pagination.next_cursor && data[items].length > 0) lastOf.set(data.pagination.next_cursor, data[items].at(-1));
        },
      }),
    );
  }
  return drifts;
}

function inputDrifts(): Generated[] {
  const drifts: Generated[] = [];
  for (const [operation, docs] of Object.entries(operationDocs) as [OperationId, (typeof operationDocs)[OperationId]][]) {
    for (const input of docs.inputs as readonly { name: string; in: string }[]) {
      if (input.in === 'path' || (isPaged(operation) && (input.name === 'limit' || input.name === 'cursor'))) continue;
      const kind = `${input.in} ${input.name} ignored`;
      drifts.push({
        id: `input ${operation} ${kind}`,
        class: 'input',
        kind,
        operation,
        drift: `the ${input.in === 'query' ? 'query parameter' : 'body field'} ${input.name} is ignored`,
        request(request) {
          if (input.in === 'query') request.url.searchParams.delete(input.name);
          else if (isObject(request.body)) delete request.body[input.name];
        },
      });
    }
  }
  return drifts;
}

function authDrifts(adminKey: string, memberKey: string): Generated[] {
  const drifts: Generated[] = [];
  for (const operation of Object.keys(operationDocs) as OperationId[]) {
    const statuses = documented(operation);
    if (statuses.includes(401) && statuses.includes(403)) {
      drifts.push(
        answering(operation, '401 answered 403', 'a refused key is 403 forbidden', (answer) => {
          if (answer.status !== 401) return;
          answer.status = 403;
          answer.body = { code: 'forbidden', message: "You don't have access to this organization." };
        }, 'auth'),
        answering(operation, '403 answered 401', 'a forbidden request is 401 unauthorized', (answer) => {
          if (answer.status !== 403) return;
          answer.status = 401;
          answer.body = { code: 'unauthorized', message: 'Invalid API key' };
        }, 'auth'),
      );
    }
    drifts.push({
      id: `auth ${operation} member key served as the admin`,
      class: 'auth',
      kind: 'member key served as the admin',
      operation,
      drift: "the member key is given the admin's rights",
      request(request) {
        if (request.key === memberKey) request.headers.authorization = `Bearer ${adminKey}`;
      },
    });
  }
  return drifts;
}

/** Every drift of the five classes, derived from the spec and from the mock's answers to the suite. */
export function generate(answers: readonly SeenAnswer[], keys: { admin: string; member: string }): Generated[] {
  return [...fieldDrifts(answers), ...operationDrifts(answers), ...listDrifts(), ...inputDrifts(), ...authDrifts(keys.admin, keys.member)];
}
