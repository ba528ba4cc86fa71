import type { OperationId } from '@network-org/sdk';
import { schemas } from '@network-org/spec/zod';
import type { ProxyAnswer, ProxyRequest } from '../drift/proxy';
import { rowOf } from '../rules/map';
import { RULES, type Rule } from '../rules/rules';
import type { Generated } from './generate';
import type { SeenAnswer } from './harness';

type Json = Record<string, any>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const success = (answer: { status: number }) => answer.status >= 200 && answer.status < 300;
const refusal = { code: 'bad_request', message: 'Invalid request parameters.' };

const ofKind = (kind: Rule['kind']) => RULES.filter((rule) => rule.kind === kind && rowOf(rule.id) && 'scenarios' in rowOf(rule.id)!);

/** A form refused: each query array's comma-separated form answered 400, or read as its first value only. */
function formDrifts(): Generated[] {
  return ofKind('form')
    .filter((rule) => rule.id.endsWith(' comma-separated'))
    .flatMap((rule) => {
      const [, operation, name] = rule.id.split(' ') as [string, OperationId, string];
      const joined = (request: ProxyRequest) => request.url.searchParams.getAll(name).some((value) => value.includes(','));
      return [
        {
          id: `form ${operation} ${name} comma-separated refused`,
          class: 'form' as const,
          kind: 'comma-separated refused',
          operation,
          drift: `${name}=a,b is answered 400 bad_request`,
          touches: (answer: SeenAnswer) => joined(answer.request),
          answer(answer: ProxyAnswer, request: ProxyRequest) {
            if (!joined(request)) return;
            answer.status = 400;
            answer.body = { ...refusal };
          },
        },
        {
          id: `form ${operation} ${name} comma-separated read as its first value`,
          class: 'form' as const,
          kind: 'comma-separated read as its first value',
          operation,
          drift: `${name}=a,b is read as ${name}=a`,
          request(request: ProxyRequest) {
            const values = request.url.searchParams.getAll(name);
            if (!values.some((value) => value.includes(','))) return;
            request.url.searchParams.delete(name);
            for (const value of values) request.url.searchParams.append(name, value.split(',')[0] ?? '');
          },
        },
      ];
    });
}

const shiftedParam = (request: ProxyRequest, name: string, ms: number) => {
  const value = request.url.searchParams.get(name);
  // Instants only: a date-only bound is read as a local day, a rule of its own.
  if (!value || !value.includes('T') || Number.isNaN(Date.parse(value))) return;
  request.url.searchParams.set(name, new Date(Date.parse(value) + ms).toISOString());
};

/** A boundary moved: from made exclusive and to inclusive (by a millisecond), the echo left as asked. */
function boundaryDrifts(): Generated[] {
  return ofKind('boundary')
    .filter((rule) => / (from inclusive|to exclusive)$/.test(rule.id))
    .map((rule) => {
      const [, operation, which] = rule.id.split(' ') as [string, OperationId, 'from' | 'to'];
      const kind = which === 'from' ? 'from made exclusive' : 'to made inclusive';
      return {
        id: `boundary ${operation} ${kind}`,
        class: 'boundary' as const,
        kind,
        operation,
        drift: which === 'from' ? 'an event at from is left out' : 'an event at to is counted in',
        request: (request: ProxyRequest) => shiftedParam(request, which, 1),
        answer(answer: ProxyAnswer, request: ProxyRequest) {
          // The echo says the window asked: only which events fall in it moved.
          const filters = isObject(answer.body) && isObject(answer.body.data) && isObject(answer.body.data.filters) ? answer.body.data.filters : undefined;
          const asked = request.url.searchParams.get(which);
          if (filters && asked?.includes('T') && typeof filters[which] === 'string') filters[which] = new Date(Date.parse(asked)).toISOString();
        },
      };
    });
}

/** What `query` searches, by input, and what `search` reads of a contact for its inputs. */
const QUERY_TEXTS: Record<string, (c: Json) => unknown[]> = {
  name: (c) => [c.name, c.first_name, c.last_name, `${c.first_name} ${c.last_name}`],
  headline: (c) => [c.headline],
  company: (c) => [c.primary_company_name, c.company?.name],
  role: (c) => [c.primary_role_title],
  handle: (c) => [c.public_identifier],
  'profile URL': (c) => [c.network_url],
};
const SEARCH_PART: Record<string, string[]> = { 'profile details': ['headline', 'about'], tags: ['tags'], locations: ['locations'], 'work history': ['experiences'], education: ['educations'], 'company data': ['company'] };
const holds = (texts: unknown[], needle: string) => texts.some((text) => (typeof text === 'string' ? text : JSON.stringify(text ?? null)).toLowerCase().includes(needle));

/** Whether a listed contact matches `value` through the input alone, so that a service ignoring the input leaves it out. */
function onlyThrough(param: string, input: string, contact: Json, needle: string): boolean {
  if (param === 'query') {
    const others = Object.entries(QUERY_TEXTS).filter(([name]) => name !== input).flatMap(([, read]) => read(contact));
    return holds(QUERY_TEXTS[input]!(contact), needle) && !holds(others, needle);
  }
  if (param === 'company_name') {
    const past = (contact.experiences ?? []).filter((e: Json) => !e.is_current).map((e: Json) => e.company_name);
    const current = [contact.primary_company_name, contact.company?.name, ...(contact.experiences ?? []).filter((e: Json) => e.is_current).map((e: Json) => e.company_name)];
    return holds(past, needle) && !holds(current, needle);
  }
  const keys = SEARCH_PART[input] ?? [];
  const rest = { ...contact };
  for (const key of keys) delete rest[key];
  return holds(keys.map((key) => contact[key]), needle) && !holds([rest], needle);
}

/** A search input ignored: the contacts that match the value through that input alone are left out of the list. */
function searchDrifts(): Generated[] {
  return ofKind('search').flatMap((rule) => {
    const [, param, ...words] = rule.id.split(' ') as [string, string, ...string[]];
    const input = words.join(' ');
    if (param === 'company_name' && input !== 'past') return [];
    const kind = `${param} ignores ${input}`;
    const filter = (answer: { status: number; body: any }, request: ProxyRequest, apply: boolean): boolean => {
      const needle = request.url.searchParams.get(param)?.toLowerCase();
      const contacts = success(answer) && isObject(answer.body) && isObject(answer.body.data) && Array.isArray(answer.body.data.contacts) ? (answer.body.data.contacts as Json[]) : undefined;
      if (!needle || !contacts) return false;
      const kept = contacts.filter((contact) => !onlyThrough(param, input, contact, needle));
      if (apply) answer.body.data.contacts = kept;
      return kept.length !== contacts.length;
    };
    return [
      {
        id: `search listContacts ${kind}`,
        class: 'search' as const,
        kind,
        operation: 'listContacts' as const,
        drift: `${param} no longer searches by ${input}`,
        touches: (answer: SeenAnswer) => filter(answer, answer.request, false),
        answer: (answer: ProxyAnswer, request: ProxyRequest) => void filter(answer, request, true),
      },
    ];
  });
}

const KNOWN_CONTACT_KEYS = new Set(Object.keys(schemas.Contact.shape));
const retypedTo: Record<string, (value: unknown) => unknown> = { string: (value) => (typeof value === 'string' ? value.length : value), number: (value) => String(value), boolean: (value) => String(value) };

/** A value type changed: custom fields holding one type of value dropped from the contacts answered, or sent as another type; null no longer clearing. */
function valueTypeDrifts(): Generated[] {
  const drifts: Generated[] = [];
  for (const rule of ofKind('value type').filter((r) => r.id.startsWith('value type custom field '))) {
    const type = rule.id.split(' ').at(-1)!;
    if (type === 'null') {
      drifts.push({
        id: 'value-type updateContact custom field null ignored',
        class: 'value-type',
        kind: 'null ignored',
        operation: 'updateContact',
        drift: 'a custom field set to null keeps its value',
        request(request) {
          if (!isObject(request.body)) return;
          for (const [key, value] of Object.entries(request.body)) if (!KNOWN_CONTACT_KEYS.has(key) && value === null) delete request.body[key];
        },
      });
      continue;
    }
    const each = (change: (record: Json, key: string) => void) => (answer: ProxyAnswer) => {
      const contact = success(answer) && isObject(answer.body) && isObject(answer.body.data) && isObject(answer.body.data.contact) ? answer.body.data.contact : undefined;
      if (!contact) return;
      for (const [key, value] of Object.entries(contact)) if (!KNOWN_CONTACT_KEYS.has(key) && typeof value === type) change(contact, key);
    };
    drifts.push(
      { id: `value-type updateContact custom field ${type} dropped`, class: 'value-type', kind: `${type} custom fields dropped`, operation: 'updateContact', drift: `custom fields holding a ${type} vanish from the contact`, answer: each((record, key) => delete record[key]) },
      { id: `value-type updateContact custom field ${type} retyped`, class: 'value-type', kind: `${type} custom fields retyped`, operation: 'updateContact', drift: `custom fields holding a ${type} are answered as another type`, answer: each((record, key) => (record[key] = retypedTo[type]!(record[key]))) },
    );
  }
  return drifts;
}

/** Plausible other names of each documented code: what a service renaming one would send. */
const RENAMED: Record<string, string> = {
  unauthorized: 'unauthenticated',
  forbidden: 'permission_denied',
  not_found: 'resource_not_found',
  bad_request: 'invalid_request',
  rate_limit_exceeded: 'too_many_requests',
  account_shared_access_required: 'account_access_required',
  billing_feature_not_available: 'feature_not_available',
  billing_insufficient_credits: 'insufficient_credits',
  conflict: 'already_exists',
  upstream_error: 'bad_gateway',
};

/** The documented messages, by the words that make them so (the rule map's message rules). */
const WORDED: { rule: string; status: number; words: RegExp }[] = [
  { rule: 'message header missing', status: 401, words: /header is required/i },
  { rule: 'message other scheme', status: 401, words: /bearer scheme/i },
  { rule: 'message invalid key', status: 401, words: /invalid api key/i },
  { rule: 'message api access off', status: 403, words: /access to this organization/i },
  { rule: 'message inactive user', status: 403, words: /regenerate/i },
  { rule: 'message admin only', status: 403, words: /only organization admins/i },
  { rule: 'message rate limit', status: 429, words: /rate limit/i },
];

/** An error code or a documented message renamed, on every operation whose answers the suite saw carry it. */
function errorDetailDrifts(answers: readonly SeenAnswer[]): Generated[] {
  const drifts: Generated[] = [];
  const operations = [...new Set(answers.map((answer) => answer.operation))].sort();
  const codeOf = (answer: { body: unknown }) => (isObject(answer.body) ? answer.body.code : undefined);
  const messageOf = (answer: { body: unknown }) => (isObject(answer.body) && typeof answer.body.message === 'string' ? answer.body.message : '');
  for (const operation of operations) {
    const mine = answers.filter((answer) => answer.operation === operation && answer.status >= 400);
    for (const code of [...new Set(mine.map(codeOf))].filter((c): c is string => typeof c === 'string' && c in RENAMED).sort()) {
      drifts.push({
        id: `error-detail ${operation} code ${code} renamed`,
        class: 'error-detail',
        kind: 'code renamed',
        operation,
        drift: `${code} is sent as ${RENAMED[code]}`,
        touches: (answer) => answer.status >= 400 && codeOf(answer) === code,
        answer(answer) {
          if (answer.status >= 400 && codeOf(answer) === code) answer.body.code = RENAMED[code];
        },
      });
    }
    for (const { rule, status, words } of WORDED) {
      const applies = (answer: { status: number; body: unknown }) => answer.status === status && words.test(messageOf(answer));
      if (!mine.some(applies) || !rowOf(rule)) continue;
      drifts.push({
        id: `error-detail ${operation} ${rule} reworded`,
        class: 'error-detail',
        kind: 'documented message reworded',
        operation,
        drift: `the ${rule.replace(/^message /, '')} message says something else`,
        touches: applies,
        answer(answer) {
          if (applies(answer)) answer.body.message = 'Request refused.';
        },
      });
    }
  }
  return drifts;
}

/** The drifts generated from the rule map: a form refused, a boundary moved, a search input ignored, a value type changed, an error code or message renamed. */
export function ruleDrifts(answers: readonly SeenAnswer[]): Generated[] {
  return [...formDrifts(), ...boundaryDrifts(), ...searchDrifts(), ...valueTypeDrifts(), ...errorDetailDrifts(answers)];
}
