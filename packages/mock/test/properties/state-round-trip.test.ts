// A state file keeps everything: whatever API writes and seeds of every kind built a state, exporting it, loading
// the text and exporting again gives the same bytes, and every read of every page answers the same bytes for every
// fixture key on the mock that exported it and on the one that loaded it.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockApi, FIXTURE_KEYS, type MockApi } from '../../src/index';
import { RESERVED_KEYS } from '../../src/control/insert/checks';
import { FORBIDDEN_KEYS } from '../../src/lib/forbidden-keys';
import { RECORD_KINDS } from '../../src/store/kinds';
import { RUNS, WRITE_OPERATIONS, datasetIds, requestArbitrary, toRequest, type GeneratedRequest } from '../support/properties';
import { call } from '../support/state';

const SIZE = { rateLimit: false, contactsPerAccount: 30, conversationsPerAccount: 6, networkSize: 30 } as const;

const mock = createMockApi(SIZE);
const ids = datasetIds(mock as Parameters<typeof datasetIds>[0]);
const kindsSeen = new Set<string>();
let requests = 0;

afterAll(() => console.info(`[properties:state] reads compared: ${requests}, kinds in the states: ${[...kindsSeen].sort().join(', ')}`));

// ---- actions: API writes and seeds of every kind; ids are picked when the action runs, from what exists then ----

type Action =
  | { type: 'request'; request: GeneratedRequest }
  | { type: 'write'; operation: 'createDraft' | 'findContactEmail' | 'updateContact'; pick: number; text: string }
  | { type: 'seed'; kind: keyof MockApi['seed']; pick: number; input: Record<string, unknown> };

const text = fc.string({ minLength: 1, maxLength: 12 });
// A name the mock accepts: not blank, and (for a custom field) neither a key a request body may not hold, such as the
// `prototype` fast-check's strings favour, nor a field name of the API. The property is about what the mock accepts.
const name = text.filter((value) => value.trim() !== '');
const fieldName = name.filter((value) => !FORBIDDEN_KEYS.has(value) && !RESERVED_KEYS.contact.has(value) && !RESERVED_KEYS.company.has(value));
const tags = fc.array(fc.record({ name, color: fc.constantFrom('green', 'red', 'blue') }), { maxLength: 3 });
const notes = fc.oneof(fc.constant(null), fc.jsonValue({ maxDepth: 1 }).map((value) => JSON.stringify(value)));
const instant = fc.integer({ min: Date.parse('2025-11-01T00:00:00Z'), max: Date.parse('2026-01-15T12:00:00Z') }).map((ms) => new Date(ms).toISOString());
const handle = fc.stringMatching(/^[a-z0-9][a-z0-9_.-]{2,14}$/);
const account = fc.constantFrom(...ids.acmeAccounts);
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

const SEED_INPUTS: { [K in keyof MockApi['seed']]: fc.Arbitrary<Record<string, unknown>> } = {
  customField: fc.record({
    target: fc.constantFrom('contact', 'company'),
    name: fc.oneof(fc.constantFrom('Region', 'Score', 'Churn risk'), fieldName),
    type: fc.constantFrom('string', 'number', 'boolean'),
  }),
  contact: fc.record(
    {
      account_id: account,
      first_name: name,
      public_identifier: handle,
      relationship_status: fc.constantFrom('connected', 'not_connected', 'unknown'),
      tags,
      notes_json: notes,
      work_email: fc.constantFrom('ada@example.com', null),
      phone: fc.oneof(text, fc.constant(null)),
      last_interaction_at: fc.oneof(instant, fc.constant(null)),
      connection_invitation: fc.oneof(fc.constant(null), fc.record({ direction: fc.constantFrom('incoming', 'outgoing') })),
      custom_fields: fc.record({ 'Deal stage': fc.constantFrom('Won', 'Lost'), 'Lead score': fc.integer({ min: 0, max: 99 }) }, { requiredKeys: [] }),
    },
    { requiredKeys: ['account_id'] },
  ),
  company: fc.record(
    { account_id: account, name, tags, notes_json: notes, custom_fields: fc.record({ Tier: fc.constantFrom('SMB', 'Enterprise') }) },
    { requiredKeys: ['account_id'] },
  ),
  view: fc.record({ account_id: account, name, by: fc.constantFrom('contacts', 'tag') }),
  conversation: fc.record({
    account_id: account,
    channel: optional(fc.constantFrom('network_message', 'network_inmail')),
    messages: optional(fc.array(fc.record({ text: optional(text), direction: optional(fc.constantFrom('sent', 'received')), sent_at: optional(instant) }), { maxLength: 3 })),
  }),
  message: fc.record({ text: optional(text), direction: optional(fc.constantFrom('sent', 'received')), sent_at: optional(instant) }),
  activityEvent: fc.record(
    {
      account_id: account,
      event_type: fc.constantFrom('message_sent', 'connection_request_sent', 'inmail_sent'),
      occurred_at: instant,
      metadata: fc.dictionary(fc.constantFrom('provider_chat_id', 'note'), text, { maxKeys: 2 }),
    },
    { requiredKeys: ['account_id'] },
  ),
  networkProfile: fc.record({ handle, kind: fc.constantFrom('member', 'company'), first_name: optional(name), name: optional(name) }),
};

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...WRITE_OPERATIONS)
      .chain((operationId) => requestArbitrary(operationId, ids, fc.constant<string | undefined>(FIXTURE_KEYS.admin)))
      .map((request) => ({ type: 'request' as const, request })),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('write' as const),
      operation: fc.constantFrom('createDraft' as const, 'findContactEmail' as const, 'updateContact' as const),
      pick: fc.nat(),
      text: name,
    }),
  },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(...(Object.keys(SEED_INPUTS) as (keyof MockApi['seed'])[]))
      .chain((kind) => fc.record({ kind: fc.constant(kind), pick: fc.nat(), input: SEED_INPUTS[kind] }))
      .map((seed) => ({ type: 'seed' as const, ...seed })),
  },
);

/** One seed of every kind and the API writes no seed makes (a draft, credits spent), then any actions. */
const steps: fc.Arbitrary<Action[]> = fc
  .tuple(
    fc.tuple(
      ...(Object.keys(SEED_INPUTS) as (keyof MockApi['seed'])[]).map((kind) =>
        fc.record({ type: fc.constant('seed' as const), kind: fc.constant(kind), pick: fc.nat(), input: SEED_INPUTS[kind] }),
      ),
    ),
    fc.tuple(
      ...(['createDraft', 'findContactEmail'] as const).map((operation) =>
        fc.record({ type: fc.constant('write' as const), operation: fc.constant(operation), pick: fc.nat(), text: name }),
      ),
    ),
    fc.array(action, { maxLength: 10 }),
  )
  .map(([seeds, writes, more]): Action[] => [...seeds, ...writes, ...more]);

/** Fills in the ids a seed names from what the store holds now (contacts and conversations of its account). */
function completed(target: MockApi, seed: Extract<Action, { type: 'seed' }>): Record<string, unknown> {
  const input = { ...seed.input };
  const accountId = (input.account_id as string | undefined) ?? ids.adminAccount;
  const contacts = target.db.contactsOf(accountId);
  const contact = contacts[seed.pick % contacts.length];
  if (seed.kind === 'view') {
    const { by, ...view } = input;
    return by === 'tag' ? { ...view, tag: 'Customer' } : { ...view, contact_ids: contact ? [contact.contact_id] : [] };
  }
  if (seed.kind === 'conversation') return { ...input, contact_ids: contact ? [contact.contact_id] : ['1'] };
  if (seed.kind === 'customField') {
    // A name is registered once per target: a sequence that draws the same name twice registers the second apart.
    const field = input.target as 'contact' | 'company';
    const taken = new Set(target.customFields().organizations.flatMap((organization) => organization[field].map(({ name }) => name)));
    let name = String(input.name);
    for (let n = 2; taken.has(name); n++) name = `${String(input.name)} ${n}`;
    return { ...input, name };
  }
  if (seed.kind === 'message') {
    const conversations = [...target.db.allConversations()].filter((conversation) => ids.acmeAccounts.includes(conversation.account_id));
    return { ...input, conversation_id: conversations[seed.pick % conversations.length]?.conversation_id ?? '1' };
  }
  return input;
}

/** A write the API accepts, on a contact of the admin's shared account that exists when it runs. */
async function write(target: MockApi, step: Extract<Action, { type: 'write' }>): Promise<void> {
  const contacts = target.db.contactsOf(ids.adminAccount);
  const contactId = contacts[step.pick % contacts.length]!.contact_id;
  const account_id = ids.adminAccount;
  const [method, path, body] =
    step.operation === 'createDraft'
      ? ['POST', '/v1/drafts', { account_id, contact_id: contactId, draft_message: step.text }]
      : step.operation === 'findContactEmail'
        ? ['POST', `/v1/contacts/${contactId}/find-email`, { account_id }]
        : ['PATCH', `/v1/contacts/${contactId}`, { account_id, notes_json: JSON.stringify(step.text), tags: { add: [{ name: step.text, color: 'green' }] } }];
  expect((await call(target, FIXTURE_KEYS.admin, method, path, body)).status).toBe(200);
}

async function run(target: MockApi, step: Action): Promise<void> {
  if (step.type === 'request') {
    await (await target.fetch(toRequest(step.request))).arrayBuffer();
    return;
  }
  if (step.type === 'write') return write(target, step);
  // Every seed the arbitraries make is one the API can hold: a refusal is a defect of the mock (or of the
  // arbitraries), and fails the property with the seed's message.
  (target.seed[step.kind] as (input: unknown) => unknown)(completed(target, step));
}

// ---- reads: every page of every read, for every fixture key ----

const LISTS: [path: string, listKey: string][] = [
  ['/v1/contacts?limit=25', 'contacts'],
  // What the store derives from a record (search texts, company names) answers these.
  ['/v1/contacts?limit=25&search=a', 'contacts'],
  ['/v1/contacts?limit=25&query=e&company_name=a', 'contacts'],
  ['/v1/companies?limit=25', 'companies'],
  ['/v1/conversations?limit=25', 'conversations'],
  ['/v1/views?limit=25', 'views'],
  ['/v1/activity?from=2025-10-01&limit=200', 'activity'],
];

/** Every page of a list as the client receives it (status and bytes), following next_cursor. */
async function pages(target: MockApi, key: string, path: string, listKey: string): Promise<string[]> {
  const answers: string[] = [];
  let cursor: string | undefined;
  do {
    requests++;
    const answer = await call(target, key, 'GET', `${path}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
    answers.push(`${answer.status} ${answer.text}`);
    const data = answer.status === 200 ? (answer.body.data as { pagination: { has_more: boolean; next_cursor?: string } }) : undefined;
    cursor = data?.pagination.has_more ? data.pagination.next_cursor : undefined;
    if (data && !Array.isArray((data as Record<string, unknown>)[listKey])) throw new Error(`${path} has no ${listKey}`);
  } while (cursor !== undefined);
  return answers;
}

/** Everything a client can read, key by key: the lists page by page, each conversation's messages, and the rest. */
async function everyRead(target: MockApi): Promise<Record<string, string[]>> {
  const reads: Record<string, string[]> = {};
  for (const [name, key] of Object.entries(FIXTURE_KEYS)) {
    const answers: string[] = [];
    let usable: string[] = [];
    for (const path of ['/v1/organization', '/v1/accounts', '/v1/activity/summary?from=2025-10-01']) {
      requests++;
      const answer = await call(target, key, 'GET', path);
      answers.push(`${answer.status} ${answer.text}`);
      if (path === '/v1/accounts' && answer.status === 200) usable = (answer.body.data.accounts as { account_id: string }[]).map((account) => account.account_id);
    }
    for (const [path, listKey] of LISTS) answers.push(...(await pages(target, key, path, listKey)));
    // Every conversation's messages, of every account the key may use.
    for (const accountId of usable) {
      for (const conversation of target.db.conversationsOf(accountId)) {
        answers.push(...(await pages(target, key, `/v1/conversations/${conversation.conversation_id}/messages?account_id=${accountId}&limit=25`, 'messages')));
      }
    }
    reads[name] = answers;
  }
  reads.control = [JSON.stringify(target.drafts()), JSON.stringify(target.networkProfiles()), JSON.stringify(target.customFields())];
  return reads;
}

describe('properties: a state file keeps everything', () => {
  it('export -> load -> export gives the same bytes, and every read of every page answers the same for every fixture key', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (actions) => {
        mock.reset();
        for (const step of actions) await run(mock, step);
        const exported = mock.exportState();
        const loaded = createMockApi({ ...SIZE, state: exported });
        expect(loaded.exportState()).toBe(exported);
        for (const [kind, records] of Object.entries(JSON.parse(exported).changes as Record<string, unknown[]>)) {
          if (records.length > 0) kindsSeen.add(kind);
        }
        expect(await everyRead(loaded)).toEqual(await everyRead(mock));
      }),
      { numRuns: Math.max(8, Math.ceil(RUNS / 4)) },
    );
    // Over the runs, the states held records of every kind a state file has, but accounts: no request or seed adds
    // one, a snapshot does (test/snapshot/ loads those).
    expect([...kindsSeen].sort()).toEqual(['ids', ...Object.keys(RECORD_KINDS).filter((kind) => kind !== 'accounts')].sort());
    // Each run builds a dataset for the loaded mock and reads everything twice: minutes on a loaded 2-core machine.
  }, 300_000);
});
