// The mock is the reference for shapes: a field it sends on every record of a response is `required` in that
// response's schema in spec/openapi.yaml, unless the service description allows the service to leave it out there
// (listed below with the reason). Then the SDK's types, `validateResponses` and network-verify all expect it.
import { beforeAll, describe, expect, it } from 'vitest';
import { deref, spec, specOperations } from '../../../../test/support/spec';
import { BASE_URL, createTestMock, KEYS } from '../support/harness';

/** `operationId status $.json.path` -> field -> why the description lets the service leave it out there. */
const MAY_OMIT: Record<string, Record<string, string>> = {
  'listContacts 200 $.data.contacts[*]': {
    last_interaction_at: 'the Contact record: "the find-email response adds contact_enrichment, sequence and last_interaction_at"',
  },
  'updateContact 200 $.data.contact': {
    contact_enrichment: 'the Contact record: the find-email response is the one that "adds" it',
    sequence: 'the Contact record: the find-email response is the one that "adds" it',
    last_interaction_at: 'the Contact record: the find-email response is the one that "adds" it',
  },
  ...Object.fromEntries(
    ['$.data.network_enrichment.profile.participant', '$.data.network_enrichment.company.participant'].map((path) => [
      `enrich 200 ${path}`,
      Object.fromEntries(
        ['headcount', 'employee_count', 'website_url', 'follower_count', 'about'].map((field) => [
          field,
          'enrich: "Company participants additionally carry" it; the participant schema is shared with people',
        ]),
      ),
    ]),
  ),
  ...Object.fromEntries(
    ['listActivity 200', 'getActivitySummary 200'].map((response) => [
      `${response} $.data.filters`,
      { user_ids: 'the activity filters echo does not list it (this project echoes the user_id filter)' },
    ]),
  ),
};

type Json = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any;

/** What an object schema declares, `allOf` parts merged: its properties, and the spec's list naming each required one. */
interface ObjectFacts {
  properties: Record<string, Schema>;
  required: Map<string, string[]>;
}

/** The schema a value is checked against: `$ref` followed, a nullable `oneOf` reduced to its non-null member. */
function resolve(schema: Schema): Schema {
  const target = deref(schema);
  const members = (target.oneOf as Schema[] | undefined)?.map(deref).filter((member) => member.type !== 'null');
  return members?.length === 1 ? resolve(members[0]) : target;
}

function objectFacts(schema: Schema): ObjectFacts {
  const facts: ObjectFacts = { properties: {}, required: new Map() };
  for (const part of (schema.allOf as Schema[] | undefined) ?? []) {
    const inner = objectFacts(resolve(part));
    Object.assign(facts.properties, inner.properties);
    for (const [key, list] of inner.required) facts.required.set(key, list);
  }
  Object.assign(facts.properties, schema.properties ?? {});
  for (const key of (schema.required as string[] | undefined) ?? []) facts.required.set(key, schema.required);
  return facts;
}

/** Per response and JSON path, the object schema and the records the mock sent there. */
type Observed = Map<string, { schema: Schema; records: Json[] }>;

function observe(observed: Observed, where: string, schema: Schema, value: unknown): void {
  const resolved = resolve(schema);
  if (Array.isArray(value)) {
    for (const item of value) observe(observed, `${where}[*]`, resolved.items ?? {}, item);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const facts = objectFacts(resolved);
  if (Object.keys(facts.properties).length === 0) return;
  const entry = observed.get(where) ?? { schema: resolved, records: [] };
  entry.records.push(value as Json);
  observed.set(where, entry);
  for (const [key, field] of Object.entries(value as Json)) {
    if (key in facts.properties) observe(observed, `${where}.${key}`, facts.properties[key], field);
  }
}

/** `path field` of each field present on every record at a path that its schema leaves optional, unless allowed. */
function optionalButAlwaysSent(observed: Observed, allowed: Record<string, Record<string, string>>): string[] {
  const found: string[] = [];
  for (const [where, { schema, records }] of observed) {
    const facts = objectFacts(schema);
    for (const field of Object.keys(facts.properties)) {
      if (facts.required.has(field) || allowed[where]?.[field]) continue;
      if (records.every((record) => Object.hasOwn(record, field))) found.push(`${where} ${field}`);
    }
  }
  return found.sort();
}

/** The body schema of an operation's response, from the spec as an OpenAPI tool reads it. */
function responseSchema(operationId: string, status: number): Schema {
  const operation = specOperations.find((op) => op.operationId === operationId);
  const response = operation?.responses.get(String(status));
  if (!response) throw new Error(`${operationId} documents no ${status}`);
  const pointer = `${response.pointer}/content/application~1json/schema`;
  return deref({ $ref: pointer });
}

const mock = createTestMock();
const observed: Observed = new Map();

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await mock.fetch(`${BASE_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEYS.admin}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** Sends the request and records its 2xx answer under the operation and status. */
async function sample(operationId: string, method: string, path: string, body?: unknown): Promise<Json> {
  const answer = await call(method, path, body);
  expect(answer.status, `${operationId} ${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  observe(observed, `${operationId} ${answer.status} $`, responseSchema(operationId, answer.status), answer.body);
  return answer.body;
}

const dataOf = (body: Json) => body.data as Json;

/** Every page of a list, at the largest page size. */
async function walk(operationId: string, path: string, key: string, limit = 25): Promise<Json[]> {
  const items: Json[] = [];
  let cursor: string | undefined;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const data = dataOf(await sample(operationId, 'GET', `${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`));
    items.push(...(data[key] as Json[]));
    cursor = (data.pagination as { next_cursor?: string }).next_cursor;
  } while (cursor);
  return items;
}

beforeAll(async () => {
  await sample('listOrganizations', 'GET', '/v1/organization');
  const accounts = dataOf(await sample('listAccounts', 'GET', '/v1/accounts')).accounts as Json[];
  const accountIds = accounts.map((account) => account.account_id as string);
  const [accountId] = accountIds as [string];
  for (const id of accountIds) {
    await walk('listContacts', `/v1/contacts?account_id=${id}`, 'contacts');
    await walk('listCompanies', `/v1/companies?account_id=${id}`, 'companies');
    await walk('listViews', `/v1/views?account_id=${id}`, 'views');
  }
  const contacts = (dataOf(await sample('listContacts', 'GET', `/v1/contacts?account_id=${accountId}&limit=25`)).contacts as Json[]).slice(0, 12);
  for (const [index, contact] of contacts.entries()) {
    const path = `/v1/contacts/${contact.contact_id}`;
    await sample('updateContact', 'PATCH', path, { account_id: accountId, notes_json: index % 2 ? null : '{"text":"sampled"}' });
    await sample('findContactEmail', 'POST', `${path}/find-email`, { account_id: accountId });
    await sample('createDraft', 'POST', '/v1/drafts', { account_id: accountId, contact_id: contact.contact_id, draft_message: 'Hello' });
  }
  const companies = dataOf(await sample('listCompanies', 'GET', `/v1/companies?account_id=${accountId}&limit=5`)).companies as Json[];
  for (const company of companies) await sample('updateCompany', 'PATCH', `/v1/companies/${company.company_id}`, { account_id: accountId, notes_json: null });
  const conversations = await walk('listConversations', `/v1/conversations?account_id=${accountId}`, 'conversations');
  for (const conversation of conversations) {
    await walk('listConversationMessages', `/v1/conversations/${conversation.conversation_id}/messages?account_id=${accountId}`, 'messages');
  }
  await sample('createDraft', 'POST', '/v1/drafts', { account_id: accountId, conversation_id: conversations[0]?.conversation_id, draft_message: 'Hi' });
  await sample('createView', 'POST', '/v1/views', {
    account_id: accountId,
    type: 'contact',
    name: 'Sampled',
    description: 'Contacts the test sampled',
    filters: { specific_contacts: { contact_ids: contacts.slice(0, 3).map((contact) => contact.contact_id) } },
  });
  const people = mock.networkProfiles({ imported: false, kind: 'member', limit: 4 }).profiles;
  for (const profile of people) {
    await sample('importContact', 'POST', '/v1/contacts', { account_id: accountId, network_url: profile.network_url });
    await sample('importContact', 'POST', '/v1/contacts', { account_id: accountId, network_url: profile.network_url });
    await sample('enrich', 'POST', '/v1/enrich', { account_id: accountId, network_url: profile.network_url });
  }
  for (const profile of mock.networkProfiles({ kind: 'company', limit: 2 }).profiles) {
    await sample('enrich', 'POST', '/v1/enrich', { account_id: accountId, network_url: profile.network_url });
  }
  await sample('enrich', 'POST', '/v1/enrich', { account_id: accountId, contact_id: contacts[0]?.contact_id });
  await sample('listActivity', 'GET', '/v1/activity?limit=200');
  await sample('listActivity', 'GET', '/v1/activity?from=2026-01-14&to=2026-01-15');
  await sample('getActivitySummary', 'GET', '/v1/activity/summary');
}, 120_000);

describe('the spec requires what the mock always sends, per response', () => {
  it('samples every operation', () => {
    const sampled = new Set([...observed.keys()].map((where) => where.split(' ')[0]));
    expect([...sampled].sort()).toEqual(specOperations.map((op) => op.operationId).sort());
  });

  it('marks every field the mock sends on every record required, unless the description lets the service omit it', () => {
    expect(optionalButAlwaysSent(observed, MAY_OMIT)).toEqual([]);
  });

  it('lists as omittable only fields the mock always sends and the schema leaves optional', () => {
    const stale = Object.entries(MAY_OMIT).flatMap(([where, fields]) =>
      Object.keys(fields).filter((field) => {
        const entry = observed.get(where);
        return !entry || objectFacts(entry.schema).required.has(field) || !entry.records.every((record) => Object.hasOwn(record, field));
      }).map((field) => `${where} ${field}`),
    );
    expect(stale).toEqual([]);
  });

  it('catches each required field the mock always sends, taken out of the spec one at a time', () => {
    const demanded = [...observed].flatMap(([where, { schema, records }]) =>
      [...objectFacts(schema).required]
        .filter(([field]) => records.every((record) => Object.hasOwn(record, field)))
        .map(([field, list]) => ({ where, field, list })),
    );
    expect(demanded.length).toBeGreaterThan(300);
    const missed = demanded.filter(({ where, field, list }) => {
      const index = list.indexOf(field);
      list.splice(index, 1);
      try {
        return !optionalButAlwaysSent(observed, MAY_OMIT).includes(`${where} ${field}`);
      } finally {
        list.splice(index, 0, field);
      }
    });
    expect(missed).toEqual([]);
  });
});
