import type { OperationId } from '@network-org/sdk';
import { operationDocs } from '@network-org/spec/docs';
import { schemas } from '@network-org/spec/zod';
import { holdsIds, outlineOf } from '../../src/check/answer';
import { elementOutline, memberOutline, valueRule } from '../../src/check/schema';
import { isPaged, LISTS } from '../../src/lists';
import type { Mutation, ProxyAnswer, ProxyRequest } from '../drift/proxy';
import type { SeenAnswer } from './harness';
import { ruleDrifts } from './rule-drifts';

/** The classes of drifts: the spec's shapes, the headers, provoked errors, later pages, writes with memory, values inside an enum, then those of the rule map. */
export const MUTATION_CLASSES = ['field', 'operation', 'list', 'input', 'auth', 'header', 'provoked', 'page', 'memory', 'enum', 'form', 'boundary', 'search', 'value-type', 'error-detail'] as const;
export type MutationClass = (typeof MUTATION_CLASSES)[number];

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
  rule: { enum?: readonly string[]; format?: string };
}

function fieldsOf(answers: readonly SeenAnswer[]): Map<OperationId, Map<string, Field>> {
  const fields = new Map<OperationId, Map<string, Field>>();
  for (const answer of answers.filter(success)) {
    const byPath = fields.get(answer.operation) ?? new Map<string, Field>();
    fields.set(answer.operation, byPath);
    const visit = (value: unknown, outline: ReturnType<typeof outlineOf>, path: string) => {
      if (Array.isArray(value)) return value.forEach((item) => visit(item, outline && elementOutline(outline), `${path}[*]`));
      if (!isObject(value)) return;
      for (const [key, inner] of Object.entries(value)) {
        const member = outline && memberOutline(outline, key);
        const at = `${path}.${key}`;
        const field = byPath.get(at) ?? { parent: path, key, types: new Set<JsonType>(), rule: member ? valueRule(member) : {} };
        field.types.add(typeOf(inner));
        byPath.set(at, field);
        visit(inner, member, at);
      }
    };
    visit(answer.body, outlineOf(answer), '$');
  }
  return fields;
}

/** Broken values of a format: an instant that is no RFC 3339 date-time, a URL that is no URI, an id off its pattern. */
const BROKEN: Record<string, unknown> = { 'date-time': '15/01/2026 12:00', uri: 'not a url', id: '0123' };

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
      // Inside the enum: each value answered as the next one of its list, a value that reads right and says wrong.
      const values = rule.enum;
      if (values && values.length > 1) {
        const drift = fieldDrift(operation, parent, key, types, 'another value of its enum', (record) => {
          const at = values.indexOf(record[key]);
          if (at >= 0) record[key] = values[(at + 1) % values.length];
        });
        drifts.push({ ...drift, id: `enum ${operation} ${parent}.${key} another value of its enum`, class: 'enum' });
      }
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

/** Retry-After values a 429 may drift to: not integer seconds, or integer seconds the 10 s window rules out. */
const RETRY_AFTER: Record<string, string | undefined> = {
  'Retry-After as an HTTP date': new Date(Date.UTC(2026, 0, 15, 12, 0, 1)).toUTCString(),
  'Retry-After past the window': '3600',
  'Retry-After in milliseconds': '1000',
  'Retry-After negative': '-1',
  'Retry-After zero': '0',
  'Retry-After fractional': '1.5',
  'Retry-After missing': undefined,
};

/**
 * The headers the description names on every answer and request: each answer's Content-Type, errors included
 * (another JSON-looking type, text, none); a 429's Retry-After, on the operations the suite sees answer 429 (not
 * integer seconds, or past the window); Authorization, missing or in another scheme than Bearer, served as the admin.
 */
function headerDrifts(answers: readonly SeenAnswer[], adminKey: string): Generated[] {
  const drifts: Generated[] = [];
  const label = (kind: string, drift: string, applies: (answer: ProxyAnswer) => boolean, type: string | undefined): Generated => ({
    id: `header ${kind}`,
    class: 'header',
    kind,
    operation: 'listOrganizations',
    drift,
    answer(answer) {
      if (!applies(answer)) return;
      if (type === undefined) delete answer.headers['content-type'];
      else answer.headers['content-type'] = type;
    },
  });
  for (const operation of Object.keys(operationDocs) as OperationId[]) {
    const on = (kind: string, drift: string, applies: (answer: ProxyAnswer) => boolean, type: string | undefined): Generated => ({ ...label(kind, drift, applies, type), id: `header ${operation} ${kind}`, operation });
    drifts.push(
      on('errors labelled application/problem+json', 'error answers are application/problem+json', (a) => a.status >= 400, 'application/problem+json'),
      on('errors labelled text/plain', 'error answers are text/plain', (a) => a.status >= 400, 'text/plain; charset=utf-8'),
      on('errors without content-type', 'error answers carry no Content-Type', (a) => a.status >= 400, undefined),
      on('successes labelled text/json', 'successes are text/json', (a) => success(a), 'text/json'),
      on('successes without content-type', 'successes carry no Content-Type', (a) => success(a), undefined),
    );
    const authorization = (kind: string, drift: string, applies: (value: string | undefined) => boolean): Generated => ({
      id: `header ${operation} ${kind}`,
      class: 'header',
      kind,
      operation,
      drift,
      request(request) {
        if (applies(request.headers.authorization)) request.headers.authorization = `Bearer ${adminKey}`;
      },
    });
    drifts.push(
      authorization('Authorization missing served', 'a request without Authorization is served as the admin', (value) => value === undefined),
      authorization('Authorization in another scheme served', 'an Authorization in another scheme than Bearer is served as the admin', (value) => value !== undefined && !value.startsWith('Bearer ')),
    );
    if (!answers.some((answer) => answer.operation === operation && answer.status === 429)) continue;
    for (const [kind, value] of Object.entries(RETRY_AFTER)) {
      drifts.push({
        id: `header ${operation} ${kind}`,
        class: 'header',
        kind,
        operation,
        drift: `a 429 says ${value === undefined ? 'nothing of when to retry' : `Retry-After: ${value}`}`,
        touches: (answer) => answer.status === 429,
        answer(answer) {
          if (answer.status !== 429) return;
          if (value === undefined) delete answer.headers['retry-after'];
          else answer.headers['retry-after'] = value;
        },
      });
    }
  }
  return drifts;
}

/** The documented errors, answered with another status or code than the description gives for them. */
function provokedDrifts(answers: readonly SeenAnswer[]): Generated[] {
  const drifts: Generated[] = [];
  for (const operation of Object.keys(operationDocs) as OperationId[]) {
    const refused = [...new Set(answers.filter((a) => a.operation === operation && (a.status === 400 || a.status === 404)).map((a) => a.status))].sort();
    for (const status of refused) {
      const make = (kind: string, drift: string, change: (answer: ProxyAnswer) => void): Generated => ({ id: `provoked ${operation} ${kind}`, class: 'provoked', kind, operation, drift, answer: (answer) => void (answer.status === status && change(answer)) });
      drifts.push(
        make(`${status} answered 422`, `a ${status} is answered 422 unprocessable`, (answer) => {
          answer.status = 422;
        }),
        make(`${status} code validation_error`, `a ${status} says validation_error`, (answer) => {
          if (isObject(answer.body)) answer.body.code = 'validation_error';
        }),
        make(`${status} answered 200 with an empty data`, `a ${status} is answered 200 {data: {}}`, (answer) => {
          answer.status = 200;
          answer.body = { data: {} };
        }),
      );
    }
  }
  return drifts;
}

/** Drifts on the pages a cursor leads to, the first page left right. */
function pageDrifts(): Generated[] {
  const drifts: Generated[] = [];
  for (const model of Object.values(LISTS)) {
    const { operation, items } = model;
    const later = (request: ProxyRequest) => request.url.searchParams.has('cursor');
    const data = (answer: ProxyAnswer) => (success(answer) && isObject(answer.body) && isObject(answer.body.data) && Array.isArray(answer.body.data[items]) ? answer.body.data : undefined);
    const make = (kind: string, drift: string, change: (page: Json, request: ProxyRequest, upstream: Parameters<NonNullable<Mutation['answer']>>[2]) => Promise<void> | void): Generated => ({
      id: `page ${operation} ${kind}`,
      class: 'page',
      kind,
      operation,
      drift,
      touches: (answer) => success(answer) && answer.request.url.searchParams.has('cursor'),
      async answer(answer, request, upstream) {
        const page = later(request) ? data(answer) : undefined;
        if (page) await change(page, request, upstream);
      },
    });
    // The first page of the query without its filters (and without the cursor): what a filter forgotten on later pages shows.
    const unfiltered = async (request: ProxyRequest, upstream: Parameters<NonNullable<Mutation['answer']>>[2]) => {
      const url = new URL(request.url);
      for (const name of [...url.searchParams.keys()]) if (name !== 'limit' && name !== 'account_id') url.searchParams.delete(name);
      const first = await upstream({ ...request, url });
      return data(first)?.[items] as unknown[] | undefined;
    };
    drifts.push(
      make('later pages ignore the filters', 'pages after the first forget the query’s filters', async (page, request, upstream) => {
        const others = await unfiltered(request, upstream);
        if (others && others.length > 0) page[items] = others.slice(0, Math.max(page[items].length, 1));
      }),
      make('later pages empty', 'pages after the first are empty, has_more as it was', (page) => {
        page[items] = [];
      }),
      make('later pages repeat the first', 'pages after the first repeat the first page', async (page, request, upstream) => {
        const url = new URL(request.url);
        url.searchParams.delete('cursor');
        const first = data(await upstream({ ...request, url }));
        if (first) page[items] = first[items];
      }),
      make('last page keeps a cursor', 'the last page (after the first) still gives a next_cursor', (page) => {
        if (isObject(page.pagination) && page.pagination.has_more === false) page.pagination.next_cursor = 'bmV0d29yay12ZXJpZnk';
      }),
      make('later pages drop an item', 'pages after the first leave out their first item', (page) => {
        if (page[items].length > 0) page[items] = page[items].slice(1);
      }),
    );
  }
  return drifts;
}

type Upstream = Parameters<NonNullable<Mutation['answer']>>[2];

/**
 * Writes with memory: the write answers as the mock does, and the reads after it (the list, a later PATCH read, the
 * views list) show its effect lost, or something it did not do.
 */
function memoryDrifts(): Generated[] {
  const contactOf = (body: unknown): Json | undefined => (isObject(body) && isObject(body.data) && isObject(body.data.contact) ? body.data.contact : undefined);
  const companyOf = (body: unknown): Json | undefined => (isObject(body) && isObject(body.data) && isObject(body.data.company) ? body.data.company : undefined);
  const itemsOf = (body: unknown, key: string): Json[] => (isObject(body) && isObject(body.data) && Array.isArray(body.data[key]) ? body.data[key].filter(isObject) : []);
  /** A PATCH that changes something: more than account_id in its body. */
  const changing = (request: ProxyRequest) => isObject(request.body) && Object.keys(request.body).some((key) => key !== 'account_id');
  const readsOf = (request: ProxyRequest) => isObject(request.body) && Object.keys(request.body).every((key) => key === 'account_id');

  interface Memory {
    kind: string;
    drift: string;
    write: OperationId;
    reads: OperationId[];
    /** What the write leaves to remember (undefined: nothing). */
    remember(request: ProxyRequest, answer: ProxyAnswer): unknown;
    /** The records of a later read's answer the memory applies to, and the change. */
    forget(memory: unknown, request: ProxyRequest, answer: ProxyAnswer): void;
  }
  const records = (request: ProxyRequest, answer: ProxyAnswer): Json[] => {
    if (request.operation === 'listContacts') return itemsOf(answer.body, 'contacts');
    if (request.operation === 'listCompanies') return itemsOf(answer.body, 'companies');
    if (request.operation === 'listViews') return itemsOf(answer.body, 'views');
    if (request.operation === 'updateContact' && readsOf(request)) return [contactOf(answer.body)].filter((r): r is Json => r !== undefined);
    if (request.operation === 'updateCompany' && readsOf(request)) return [companyOf(answer.body)].filter((r): r is Json => r !== undefined);
    return [];
  };
  const patched = (field: (body: Json) => unknown) => (request: ProxyRequest, answer: ProxyAnswer) => {
    if (!success(answer) || !changing(request) || !isObject(request.body)) return undefined;
    const value = field(request.body);
    return value === undefined ? undefined : { id: request.params.contact_id ?? request.params.company_id, value };
  };
  const mine = (memory: unknown, record: Json) => isObject(memory) && (String(record.contact_id ?? record.company_id) === memory.id);
  const tagsAdded = (body: Json) => (isObject(body.tags) && Array.isArray(body.tags.add) ? body.tags.add.map((tag: Json) => tag.name) : undefined);
  const tagsLost = (memory: unknown, request: ProxyRequest, answer: ProxyAnswer) => {
    for (const record of records(request, answer)) if (mine(memory, record) && Array.isArray(record.tags)) record.tags = record.tags.filter((tag: Json) => !(memory as Json).value.includes(tag.name));
  };
  /** The id of the view a createView made. */
  const createdView = (_: ProxyRequest, answer: ProxyAnswer) => {
    const view = isObject(answer.body) && isObject(answer.body.data) && isObject(answer.body.data.view) ? answer.body.data.view : undefined;
    return answer.status === 201 && view ? view.id : undefined;
  };
  const MEMORIES: Memory[] = [
    {
      kind: 'tags added lost',
      drift: 'the tags a contact PATCH adds are gone on the next read',
      write: 'updateContact',
      reads: ['listContacts', 'updateContact'],
      remember: patched(tagsAdded),
      forget: tagsLost,
    },
    {
      kind: 'notes lost',
      drift: 'the notes_json a contact PATCH sets is null on the next read',
      write: 'updateContact',
      reads: ['updateContact'],
      remember: patched((body) => (typeof body.notes_json === 'string' ? body.notes_json : undefined)),
      forget(memory, request, answer) {
        for (const record of records(request, answer)) if (mine(memory, record)) record.notes_json = null;
      },
    },
    {
      kind: 'custom field lost',
      drift: 'the custom field a contact PATCH sets is gone on the next read',
      write: 'updateContact',
      reads: ['listContacts', 'updateContact'],
      remember: patched((body) => Object.keys(body).find((key) => !['account_id', 'tags', 'notes_json'].includes(key) && body[key] !== null)),
      forget(memory, request, answer) {
        for (const record of records(request, answer)) if (mine(memory, record)) delete record[(memory as Json).value];
      },
    },
    {
      kind: 'another field changed',
      drift: 'a contact PATCH changes its headline too, seen on the next read',
      write: 'updateContact',
      reads: ['listContacts', 'updateContact'],
      remember: patched(() => true),
      forget(memory, request, answer) {
        for (const record of records(request, answer)) if (mine(memory, record) && typeof record.headline === 'string') record.headline = `${record.headline} (changed)`;
      },
    },
    {
      kind: 'company tags added lost',
      drift: 'the tags a company PATCH adds are gone from the company list',
      write: 'updateCompany',
      reads: ['listCompanies', 'updateCompany'],
      remember: patched(tagsAdded),
      forget: tagsLost,
    },
    {
      kind: 'lookup result lost',
      drift: "find-email's result is not_requested again on the next read",
      write: 'findContactEmail',
      reads: ['listContacts', 'updateContact'],
      remember: (request, answer) => (success(answer) ? { id: request.params.contact_id, value: contactOf(answer.body)?.work_email ?? null } : undefined),
      forget(memory, request, answer) {
        for (const record of records(request, answer)) {
          if (!mine(memory, record)) continue;
          if (isObject(record.contact_enrichment)) record.contact_enrichment.work_email = { status: 'not_requested', error_code: null };
          if ('work_email' in record) record.work_email = (memory as Json).value === null ? 'someone@example.com' : null;
        }
      },
    },
    {
      kind: 'imported contact not listed',
      drift: 'a contact imported now is missing from the contacts list',
      write: 'importContact',
      reads: ['listContacts'],
      remember: (_, answer) => (answer.status === 201 ? { id: contactOf(answer.body)?.contact_id, value: true } : undefined),
      forget(memory, request, answer) {
        if (isObject(answer.body) && isObject(answer.body.data) && Array.isArray(answer.body.data.contacts)) answer.body.data.contacts = answer.body.data.contacts.filter((c: Json) => !mine(memory, c));
      },
    },
    {
      kind: 'created view not listed',
      drift: 'a view created now is missing from the views list',
      write: 'createView',
      reads: ['listViews'],
      remember: createdView,
      forget(memory, request, answer) {
        if (isObject(answer.body) && isObject(answer.body.data) && Array.isArray(answer.body.data.views)) answer.body.data.views = answer.body.data.views.filter((v: Json) => v.id !== memory);
      },
    },
    {
      kind: 'created view selects other contacts',
      drift: "a view created now filters contacts to others than its selected_contact_ids",
      write: 'createView',
      reads: ['listContacts'],
      remember: createdView,
      forget(memory, request, answer) {
        const contacts = itemsOf(answer.body, 'contacts');
        if (request.url.searchParams.get('view_id') === memory && contacts.length > 0) (answer.body as Json).data.contacts = contacts.slice(1);
      },
    },
  ];
  return MEMORIES.map((memory) => {
    let remembered: unknown[] = [];
    return {
      id: `memory ${memory.write} ${memory.kind}`,
      class: 'memory' as const,
      kind: memory.kind,
      operation: memory.write,
      reads: memory.reads,
      drift: memory.drift,
      touches: (answer: SeenAnswer) => memory.remember(answer.request, { status: answer.status, headers: {}, body: answer.body, text: '' }) !== undefined,
      answer(answer: ProxyAnswer, request: ProxyRequest, _upstream: Upstream) {
        // A read first (an empty PATCH is a read too), then the write: what the write leaves is remembered after.
        if (request.operation !== memory.write || (memory.write.startsWith('update') && !changing(request))) {
          if (memory.reads.includes(request.operation as OperationId)) for (const held of remembered) memory.forget(held, request, answer);
          return;
        }
        const held = memory.remember(request, answer);
        if (held !== undefined) remembered = [...remembered, held];
      },
    };
  });
}

/** Every drift of every class, derived from the spec and from the mock's answers to the suite. */
export function generate(answers: readonly SeenAnswer[], keys: { admin: string; member: string }): Generated[] {
  return [
    ...fieldDrifts(answers),
    ...operationDrifts(answers),
    ...listDrifts(),
    ...inputDrifts(),
    ...authDrifts(keys.admin, keys.member),
    ...headerDrifts(answers, keys.admin),
    ...provokedDrifts(answers),
    ...pageDrifts(),
    ...memoryDrifts(),
    ...ruleDrifts(answers),
  ];
}
