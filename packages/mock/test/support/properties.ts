// Shared pieces of the property suites: a small checked mock, ids of its dataset, request generators for
// every operation (valid and invalid query strings, path ids and bodies) and the error-shape rule.
import fc from 'fast-check';
import { expect } from 'vitest';
import { operations } from '@network-org/sdk/zod';
import { FIXTURE_KEYS } from '../../src/index';
import { dumpStore } from './dump-store';
import { createCheckedMockApi, type CheckedMockApi } from '../../../../test/support/contract';
import { BASE_URL } from './harness';

export { BASE_URL };
export type OperationId = keyof typeof operations;
export const operationIds = Object.keys(operations) as OperationId[];

/** Kept small so that hundreds of generated requests, with a store snapshot around each write, stay quick. */
export function createPropertyMock(): CheckedMockApi {
  return createCheckedMockApi({
    baseUrl: BASE_URL,
    rateLimit: false,
    contactsPerAccount: 40,
    conversationsPerAccount: 8,
    networkSize: 40,
  });
}

export interface DatasetIds {
  acmeAccounts: string[];
  adminAccount: string;
  contactIds: string[];
  companyIds: string[];
  conversationIds: string[];
  viewIds: string[];
  profileUrls: string[];
  /** Ids that belong to Globex, another organization. */
  foreign: { accounts: string[]; contactIds: string[]; companyIds: string[]; conversationIds: string[]; viewIds: string[] };
}

/** Ids read from the mock's public `db`, split by organization. */
export function datasetIds(mock: CheckedMockApi): DatasetIds {
  const store = mock.db;
  const keyOrg = (key: string) => {
    const user = store.user(store.apiKey(key)?.user_id ?? '');
    return user?.organization_id;
  };
  const acme = keyOrg(FIXTURE_KEYS.admin);
  const globex = keyOrg(FIXTURE_KEYS.otherOrg);
  const adminUser = store.apiKey(FIXTURE_KEYS.admin)?.user_id;
  const of = <T extends { organization_id: number }>(items: Iterable<T>, org: number | undefined, id: (item: T) => string) =>
    [...items].filter((item) => item.organization_id === org).map(id);
  const accounts = [...store.accounts()];
  const adminAccount = accounts.find((account) => account.owner_user_id === adminUser && account.shared_for_api);
  if (!adminAccount) throw new Error('dataset: no shared admin account');
  const pick = (ids: string[]) => ids.filter((_, index) => index % 7 === 0).slice(0, 12);
  return {
    acmeAccounts: of(accounts, acme, (a) => a.account_id),
    adminAccount: adminAccount.account_id,
    contactIds: pick(of(store.allContacts(), acme, (c) => c.contact_id)),
    companyIds: pick(of(store.allCompanies(), acme, (c) => c.company_id)),
    conversationIds: pick(of(store.allConversations(), acme, (c) => c.conversation_id)),
    viewIds: of(store.views(), acme, (v) => v.id).concat(of(store.views(), acme, (v) => v.public_id)),
    profileUrls: mock.networkProfiles({ limit: 6 }).profiles.map((profile) => profile.network_url),
    foreign: {
      accounts: of(accounts, globex, (a) => a.account_id),
      contactIds: pick(of(store.allContacts(), globex, (c) => c.contact_id)),
      companyIds: pick(of(store.allCompanies(), globex, (c) => c.company_id)),
      conversationIds: pick(of(store.allConversations(), globex, (c) => c.conversation_id)),
      viewIds: of(store.views(), globex, (v) => v.id).concat(of(store.views(), globex, (v) => v.public_id)),
    },
  };
}

/** The store as JSON text: equal text means nothing a client could see has changed. */
export function storeState(mock: CheckedMockApi): string {
  return JSON.stringify(dumpStore(mock.db));
}

/**
 * The store's state around refused writes, dumped once per write instead of twice: a refused write changed nothing,
 * so the state read after it is also the state the next write starts from. `forget()` before any request that may
 * change the store; `before()` then dumps it afresh.
 */
export function storeWatch(mock: CheckedMockApi) {
  let known: string | undefined;
  return {
    before: (): string => known ?? storeState(mock),
    forget: (): void => {
      known = undefined;
    },
    /** Expects the store as it was `before` the refused write, and keeps that state for the next write. */
    expectUnchanged(before: string, message?: string): void {
      const after = storeState(mock);
      expect(after, message).toBe(before);
      known = after;
    },
  };
}

// ---- error shape -------------------------------------------------------------------------------------

const CODES_BY_STATUS: Record<number, readonly string[]> = {
  400: ['bad_request'],
  401: ['unauthorized'],
  403: ['forbidden', 'billing_feature_not_available', 'billing_insufficient_credits', 'account_shared_access_required'],
  404: ['not_found'],
  409: ['conflict'],
  429: ['rate_limit_exceeded'],
  500: ['internal_error'],
  502: ['upstream_error'],
};

/** Why an error response breaks the description's error rules, or undefined when it follows them. */
export function errorShapeProblem(status: number, body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return `error body is not an object: ${JSON.stringify(body)}`;
  const { code, message } = body as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string' || message.trim() === '') return `error body lacks code/message: ${JSON.stringify(body)}`;
  const allowed = CODES_BY_STATUS[status];
  if (!allowed) return `status ${status} is not one of the description's error statuses`;
  if (!allowed.includes(code)) return `code ${code} does not go with status ${status}`;
  return undefined;
}

// ---- request generators ------------------------------------------------------------------------------

export interface GeneratedRequest {
  operationId: OperationId;
  key: string | undefined;
  method: string;
  path: string;
  /** Raw body text (possibly not JSON) or undefined. */
  body: string | undefined;
}

export function toRequest(generated: GeneratedRequest): Request {
  const headers: Record<string, string> = {};
  if (generated.key !== undefined) headers.authorization = `Bearer ${generated.key}`;
  if (generated.body !== undefined) headers['content-type'] = 'application/json';
  return new Request(`${BASE_URL}${generated.path}`, {
    method: generated.method,
    headers,
    ...(generated.body !== undefined && { body: generated.body }),
  });
}

const junkText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', '-1', '0', '1.5', '1e3', '26', '201', 'NaN', 'null', '9'.repeat(30), '__proto__', 'é€😀', '%00', '../', 'a,b'),
);

/** Values for a field, both plausible ones from the dataset and junk. */
function fieldValue(name: string, ids: DatasetIds): fc.Arbitrary<unknown> {
  const accounts = fc.constantFrom(...ids.acmeAccounts, ...ids.foreign.accounts);
  const contacts = fc.constantFrom(...ids.contactIds, ...ids.foreign.contactIds);
  const plausible: Record<string, fc.Arbitrary<unknown>> = {
    account_id: accounts,
    contact_id: contacts,
    conversation_id: fc.constantFrom(...ids.conversationIds, ...ids.foreign.conversationIds),
    network_url: fc.oneof(
      fc.constantFrom(...ids.profileUrls),
      fc.constantFrom('https://www.network.com/in/conflict', 'https://www.network.com/in/nobody-zz', 'https://example.com/x', 'not a url'),
    ),
    draft_message: fc.string({ maxLength: 40 }),
    name: fc.string({ maxLength: 20 }),
    description: fc.string({ maxLength: 20 }),
    type: fc.constantFrom('contact', 'company'),
    notes_json: fc.oneof(fc.constant(null), fc.constant('{"text":"hi"}'), fc.string({ maxLength: 10 })),
    tags: fc.oneof(
      fc.record({ add: fc.array(fc.record({ name: fc.string({ maxLength: 8 }), color: fc.constantFrom('green', 'red', '') }), { maxLength: 3 }) }),
      fc.record({ remove: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }) }),
      fc.record({ set: fc.array(fc.record({ name: fc.string({ maxLength: 8 }), color: fc.constantFrom('green', 'red') }), { maxLength: 3 }) }),
      fc.record({ set: fc.constant([]), add: fc.constant([{ name: 'x', color: 'red' }]) }),
    ),
    filters: fc.record({ specific_contacts: fc.record({ contact_ids: fc.array(contacts, { maxLength: 4 }) }) }),
    'Deal stage': fc.oneof(fc.string({ maxLength: 10 }), fc.integer()),
    'Lead score': fc.oneof(fc.integer({ min: -5, max: 100 }), fc.string({ maxLength: 4 })),
    'Is customer': fc.oneof(fc.boolean(), fc.constant('yes')),
    Tier: fc.oneof(fc.string({ maxLength: 10 }), fc.boolean()),
  };
  return fc.oneof({ weight: 4, arbitrary: plausible[name] ?? junkText }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
}

const BODY_FIELDS: Partial<Record<OperationId, string[]>> = {
  enrich: ['account_id', 'network_url', 'contact_id'],
  importContact: ['account_id', 'network_url'],
  updateContact: ['account_id', 'tags', 'notes_json', 'Deal stage', 'Lead score', 'Is customer', 'Unregistered field'],
  findContactEmail: ['account_id'],
  updateCompany: ['account_id', 'tags', 'notes_json', 'Tier', 'Deal stage'],
  createDraft: ['account_id', 'contact_id', 'conversation_id', 'draft_message'],
  createView: ['account_id', 'type', 'name', 'description', 'filters'],
};

/** A body: mostly an object of the operation's fields, sometimes any JSON, sometimes not JSON at all. */
export function bodyArbitrary(operationId: OperationId, ids: DatasetIds): fc.Arbitrary<string | undefined> {
  const fields = BODY_FIELDS[operationId] ?? [];
  const record = fc
    .subarray(fields)
    .chain((chosen) => fc.tuple(...chosen.map((field) => fieldValue(field, ids).map((value) => [field, value] as const))))
    .map((entries) => JSON.stringify(Object.fromEntries(entries)));
  return fc.oneof(
    { weight: 8, arbitrary: record },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, '', '{', 'not json', '{"a":1}{"b":2}', '[]', 'null', '"text"') },
  );
}

function queryValue(name: string, ids: DatasetIds): fc.Arbitrary<string> {
  const plausible: Record<string, fc.Arbitrary<string>> = {
    account_id: fc.constantFrom(...ids.acmeAccounts, ...ids.foreign.accounts, `${ids.acmeAccounts[0]},${ids.acmeAccounts[1]}`),
    limit: fc.oneof(fc.integer({ min: -2, max: 250 }).map(String), junkText),
    cursor: fc.oneof(junkText, fc.base64String({ maxLength: 24 })),
    relationship_status: fc.constantFrom('any', 'connected', 'not_connected', 'unknown', 'CONNECTED', 'pending'),
    invitation_status: fc.constantFrom('pending', 'accepted'),
    contact_id: fc.constantFrom(...ids.contactIds, ...ids.foreign.contactIds),
    conversation_id: fc.constantFrom(...ids.conversationIds, ...ids.foreign.conversationIds),
    view_id: fc.constantFrom(...ids.viewIds, ...ids.foreign.viewIds),
    company_size: fc.constantFrom('51-200', '10001+', '120', 'huge', '0'),
    from: fc.constantFrom('2026-01-01', '2025-12-01T00:00:00Z', '2026-02-30', 'yesterday', '2026-01-10T00:00:00+05:00'),
    to: fc.constantFrom('2026-01-15', '2026-01-12T00:00:00Z', '2025-01-01', 'tomorrow'),
    timezone: fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Mars/Olympus', 'utc'),
    event_type: fc.constantFrom('message_sent', 'outbound_reply_received', 'nope'),
    user_id: fc.constantFrom('1', '201', '202', 'x', '999999'),
    tag: fc.constantFrom('VIP', 'vip', '', 'Cold'),
  };
  return fc.oneof({ weight: 3, arbitrary: plausible[name] ?? junkText }, { weight: 1, arbitrary: junkText });
}

function queryKeys(operationId: OperationId): string[] {
  const schema = operations[operationId].query as { shape?: Record<string, unknown> } | null;
  return schema?.shape ? Object.keys(schema.shape) : [];
}

/** A query string: some of the operation's parameters (repeated or not), valid or junk, and unknown ones. */
export function queryArbitrary(operationId: OperationId, ids: DatasetIds): fc.Arbitrary<string> {
  const names = [...queryKeys(operationId), 'unknown_param'];
  return fc
    .subarray(names)
    .chain((chosen) =>
      fc.tuple(...chosen.map((name) => fc.array(queryValue(name, ids), { minLength: 1, maxLength: 2 }).map((values) => values.map((v) => [name, v] as const)))),
    )
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [name, value] of pairs.flat()) params.append(name, value);
      const text = params.toString();
      return text ? `?${text}` : '';
    });
}

/** A value for a path parameter: an id of the dataset, another organization's, or junk (URL-encoded). */
export function pathIdArbitrary(ids: DatasetIds): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom(...ids.contactIds, ...ids.companyIds, ...ids.conversationIds),
      fc.constantFrom(...ids.foreign.contactIds, ...ids.foreign.companyIds, ...ids.foreign.conversationIds),
      fc.integer({ min: 0, max: 2_000_000_000 }).map(String),
      fc.string({ minLength: 1, maxLength: 10 }),
    )
    .map((value) => encodeURIComponent(value));
}

const keys = fc.oneof(
  { weight: 8, arbitrary: fc.constant<string | undefined>(FIXTURE_KEYS.admin) },
  { weight: 3, arbitrary: fc.constant<string | undefined>(FIXTURE_KEYS.member) },
  { weight: 2, arbitrary: fc.constant<string | undefined>(FIXTURE_KEYS.otherOrg) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<string | undefined>(
      FIXTURE_KEYS.retired,
      FIXTURE_KEYS.noCredits,
      FIXTURE_KEYS.noApiFeature,
      FIXTURE_KEYS.apiDisabled,
      FIXTURE_KEYS.inactiveUser,
      undefined,
      'sk_live_nonsense',
    ),
  },
);

/** A request of `operationId` with generated key, path ids, query and body. */
export function requestArbitrary(operationId: OperationId, ids: DatasetIds, key = keys): fc.Arbitrary<GeneratedRequest> {
  const { method, path } = operations[operationId];
  const hasBody = operations[operationId].body !== null;
  const params = path.match(/\{[^}]+\}/g) ?? [];
  return fc
    .record({
      key,
      ids: fc.tuple(...params.map(() => pathIdArbitrary(ids))),
      query: operations[operationId].query ? queryArbitrary(operationId, ids) : fc.constant(''),
      body: hasBody ? bodyArbitrary(operationId, ids) : fc.constant(undefined),
    })
    .map(({ key: apiKey, ids: values, query, body }) => {
      let index = 0;
      const filled = path.replace(/\{[^}]+\}/g, () => values[index++] ?? '1');
      return { operationId, key: apiKey, method: method.toUpperCase(), path: `${filled}${query}`, body };
    });
}

export const WRITE_OPERATIONS: OperationId[] = ['importContact', 'updateContact', 'updateCompany', 'findContactEmail', 'createDraft', 'createView', 'enrich'];

/** Runs per property: modest, the CI machine has 2 cores and the whole suite must stay within minutes. */
export const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);
