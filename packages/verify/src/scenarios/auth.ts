import type { OperationId } from '@network-org/sdk';
import { operationRoutes } from '@network-org/spec/routes';
import type { ScenarioContext } from '../context';
import type { CallInput } from '../call';
import { MESSAGES } from '../check/messages';
import { itemsOf } from './lists';
import type { Need, Scenario } from './scenario';

// A credential in another scheme that carries no key of the user's.
const BASIC = 'Basic dmVyaWZ5OnZlcmlmeQ==';

/** The scenarios written one by one: each way a key is refused, and the member key's limits. */
const written: Scenario[] = [
  {
    id: 'auth.header.missing',
    operation: 'listContacts',
    behaviour: 'auth',
    title: 'no Authorization header is 401 unauthorized with the error body',
    source: 'description: Authentication',
    async run(t) {
      t.expectError(await t.call('listContacts', { headers: { Authorization: null } }), 401, 'unauthorized', MESSAGES.headerMissing);
    },
  },
  {
    id: 'auth.header.missing-on-write',
    operation: 'createDraft',
    behaviour: 'auth',
    title: 'a write without Authorization is 401 unauthorized before its body is read (nothing is written)',
    source: 'description: Authentication',
    async run(t) {
      t.expectError(await t.call('createDraft', { headers: { Authorization: null }, body: {} }), 401, 'unauthorized', MESSAGES.headerMissing);
    },
  },
  {
    id: 'auth.scheme.other',
    operation: 'listAccounts',
    behaviour: 'auth',
    title: 'another scheme than Bearer is 401 unauthorized',
    source: 'description: Authentication',
    async run(t) {
      t.expectError(await t.call('listAccounts', { headers: { Authorization: BASIC } }), 401, 'unauthorized', MESSAGES.otherScheme);
    },
  },
  {
    id: 'auth.key.malformed',
    operation: 'listOrganizations',
    behaviour: 'auth',
    title: 'a malformed key is 401 unauthorized',
    source: 'description: Authentication',
    async run(t) {
      t.expectError(await t.call('listOrganizations', { headers: { Authorization: 'Bearer not-a-valid-key' } }), 401, 'unauthorized', MESSAGES.invalidKey);
    },
  },
  {
    id: 'auth.member.activity',
    operation: 'listActivity',
    behaviour: 'auth',
    title: 'a non-admin key on the activity list is 403 forbidden',
    source: 'description: Authentication',
    needs: ['member'],
    async run(t) {
      t.expectError(await t.call('listActivity', { key: 'member' }), 403, 'forbidden', MESSAGES.adminOnly);
    },
  },
  {
    id: 'auth.member.summary',
    operation: 'getActivitySummary',
    behaviour: 'auth',
    title: 'a non-admin key on the activity summary is 403 forbidden',
    source: 'description: Authentication',
    needs: ['member'],
    async run(t) {
      t.expectError(await t.call('getActivitySummary', { key: 'member' }), 403, 'forbidden', MESSAGES.adminOnly);
    },
  },
  {
    id: 'auth.member.unshared-account',
    operation: 'listContacts',
    behaviour: 'auth',
    title: 'a non-admin key naming an account not shared with it is 403 account_shared_access_required',
    source: 'description: Authentication',
    needs: ['member'],
    async run(t) {
      const account = await t.facts.unsharedAccountId();
      t.expectError(await t.call('listContacts', { key: 'member', query: { account_id: [account] } }), 403, 'account_shared_access_required');
    },
  },
  {
    id: 'auth.member.accounts-listed',
    operation: 'listAccounts',
    behaviour: 'auth',
    title: 'a non-admin key lists only the accounts it may use: each one lists its contacts with that key',
    source: 'decision',
    needs: ['member'],
    async run(t) {
      const answer = await t.call('listAccounts', { key: 'member' });
      if (!t.expectOk(answer)) return;
      const accounts = (answer.body as { data: { accounts: { account_id: string }[] } }).data.accounts;
      for (const [index, { account_id }] of accounts.entries()) {
        const contacts = await t.call('listContacts', { key: 'member', query: { account_id: [account_id], limit: 1 } });
        const code = (contacts.body as { code?: unknown } | undefined)?.code;
        t.check(contacts.status === 200, { path: `$.data.accounts[${index}].account_id`, expected: 'an account the key may use', actual: `${account_id}, whose contacts answer ${contacts.status}${typeof code === 'string' ? ` ${code}` : ''} to that key` });
      }
    },
  },
];

/** What one operation needs for a request the key is checked on first: its path's ids, a body for a write. */
function sample(operation: OperationId): CallInput {
  const names = [...operationRoutes[operation].path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name as string);
  const params = names.length > 0 ? Object.fromEntries(names.map((name) => [name, '1'])) : undefined;
  return { ...(params && { params }), ...(operationRoutes[operation].method !== 'GET' && { body: {} }), headers: { Authorization: null } };
}

/** The operations the hand-written scenarios above send without a key. */
const COVERED = new Set<OperationId>(['listContacts', 'createDraft']);

/** Every other operation without a key: 401 unauthorized, before anything else of the request is read. */
const missingKey: Scenario[] = (Object.keys(operationRoutes) as OperationId[])
  .filter((operation) => !COVERED.has(operation))
  .map((operation) => ({
    id: `auth.header.missing.${operation}`,
    operation,
    behaviour: 'auth',
    title: `${operationRoutes[operation].method} ${operationRoutes[operation].path} without Authorization is 401 unauthorized`,
    source: 'description: Authentication',
    async run(t: ScenarioContext) {
      t.expectError(await t.call(operation, sample(operation)), 401, 'unauthorized', MESSAGES.headerMissing);
    },
  }));

/** Every other operation with a key in another scheme, and with a key that is none: 401 unauthorized each. */
const refusedKey: Scenario[] = (Object.keys(operationRoutes) as OperationId[]).flatMap((operation) => [
  ...(operation === 'listAccounts' ? [] : [{ id: `auth.scheme.other.${operation}`, header: BASIC, what: 'another scheme than Bearer', message: MESSAGES.otherScheme }]),
  ...(operation === 'listOrganizations' ? [] : [{ id: `auth.key.malformed.${operation}`, header: 'Bearer not-a-valid-key', what: 'a key that is none', message: MESSAGES.invalidKey }]),
].map(({ id, header, what, message }) => ({
  id,
  operation,
  behaviour: 'auth' as const,
  title: `${operationRoutes[operation].method} ${operationRoutes[operation].path} with ${what} is 401 unauthorized (authentication: every operation requires the Bearer header)`,
  source: 'description: Authentication',
  async run(t: ScenarioContext) {
    t.expectError(await t.call(operation, { ...sample(operation), headers: { Authorization: header } }), 401, 'unauthorized', message);
  },
})));

/**
 * A request of the member key naming an account not shared with it, for each account-scoped operation: the records
 * it names are the account's own (read with the admin key), so that the account is all that is refused.
 */
interface Unshared {
  operation: OperationId;
  needs: Need[];
  input(t: ScenarioContext, account: string): Promise<CallInput>;
}

/** The first record of a list of the unshared account, read with the admin key. */
async function firstOf(t: ScenarioContext, operation: 'listContacts' | 'listCompanies' | 'listConversations', account: string): Promise<Record<string, unknown>> {
  const answer = await t.call(operation, { query: { account_id: [account], limit: 1 } });
  const [record] = t.expectOk(answer) ? itemsOf(answer, operation) : [];
  return record ?? t.skip(`account ${account} has no ${operation.slice(4).toLowerCase()} to name`);
}

const UNSHARED: Unshared[] = [
  { operation: 'listCompanies', needs: [], input: async (_, account) => ({ query: { account_id: [account] } }) },
  { operation: 'listConversations', needs: [], input: async (_, account) => ({ query: { account_id: [account] } }) },
  { operation: 'listViews', needs: [], input: async (_, account) => ({ query: { account_id: [account] } }) },
  {
    operation: 'listConversationMessages',
    needs: [],
    input: async (t, account) => ({ params: { conversationId: String((await firstOf(t, 'listConversations', account)).conversation_id) }, query: { account_id: account } }),
  },
  { operation: 'updateContact', needs: ['writes'], input: async (t, account) => ({ params: { contact_id: String((await firstOf(t, 'listContacts', account)).contact_id) }, body: { account_id: account } }) },
  { operation: 'updateCompany', needs: ['writes'], input: async (t, account) => ({ params: { company_id: String((await firstOf(t, 'listCompanies', account)).company_id) }, body: { account_id: account } }) },
  { operation: 'importContact', needs: ['writes'], input: async (t, account) => ({ body: { account_id: account, network_url: (await t.facts.contact()).network_url } }) },
  {
    operation: 'createDraft',
    needs: ['writes'],
    input: async (t, account) => ({ body: { account_id: account, contact_id: String((await firstOf(t, 'listContacts', account)).contact_id), draft_message: 'network-verify (refused: never saved)' } }),
  },
  {
    operation: 'createView',
    needs: ['writes'],
    input: async (t, account) => ({
      body: { account_id: account, type: 'contact', name: 'network-verify view (refused: never made)', filters: { specific_contacts: { contact_ids: [String((await firstOf(t, 'listContacts', account)).contact_id)] } } },
    }),
  },
  { operation: 'findContactEmail', needs: ['credits'], input: async (t, account) => ({ params: { contact_id: String((await firstOf(t, 'listContacts', account)).contact_id) }, body: { account_id: account } }) },
  { operation: 'enrich', needs: ['credits'], input: async (t, account) => ({ body: { account_id: account, contact_id: String((await firstOf(t, 'listContacts', account)).contact_id) } }) },
];

const unsharedAccount: Scenario[] = UNSHARED.map(({ operation, needs, input }) => ({
  id: `auth.member.unshared-account.${operation}`,
  operation,
  behaviour: 'auth',
  title: `${operationRoutes[operation].method} ${operationRoutes[operation].path} with a non-admin key naming an account not shared with it is 403 account_shared_access_required`,
  source: 'description: Authentication',
  needs: ['member', ...needs],
  async run(t: ScenarioContext) {
    const account = await t.facts.unsharedAccountId();
    const answer = await t.call(operation, { ...(await input(t, account)), key: 'member' });
    if (operationRoutes[operation].method !== 'GET') t.run.ledger.wrote(answer, `${operation} in account ${account} with the member key`, 'accepted although the account is not shared with the key');
    t.expectError(answer, 403, 'account_shared_access_required');
  },
}));

export const authScenarios: Scenario[] = [...written, ...missingKey, ...refusedKey, ...unsharedAccount];
