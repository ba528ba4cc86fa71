// One request per documented status of every operation, built from ids the mock itself lists, so the same
// matrix drives the in-process contract check and the Prism proxy. 400s use requests the spec accepts
// (a tampered cursor, an unknown id) so that an outside validator forwards them to the mock.
import type { FaultRule } from '../../src/index';
import { FIXTURE_KEYS } from '../../src/index';

export interface Exchange {
  key: string;
  method: 'GET' | 'POST' | 'PATCH';
  /** Path and query, relative to the base URL. */
  path: string;
  body?: unknown;
}

export interface MatrixCase {
  operationId: string;
  status: number;
  name: string;
  exchange: Exchange;
  /** Injected through the control API before the request (429, 500 and the like). */
  fault?: FaultRule;
}

/** Where the matrix runs: the in-process mock or the standalone server behind Prism. */
export interface Target {
  send(exchange: Exchange): Promise<Response>;
  injectFault(rule: FaultRule): Promise<void>;
  /** Profile URLs of the network that are nobody's contact yet. */
  unimportedProfiles(limit: number): Promise<string[]>;
}

export interface Fixtures {
  adminAccount: string;
  /** The admin's account that is not shared for API use: the member gets 403 on it. */
  unsharedAccount: string;
  contactId: string;
  contactUrl: string;
  companyId: string;
  conversationId: string;
  viewId: string;
  newProfiles: string[];
}

const UNKNOWN_ID = '987654321';
const UNKNOWN_PROFILE = 'https://www.network.com/in/nobody-here-at-all';
const NOT_A_PROFILE = 'https://example.com/not-a-network-profile';
const TAMPERED_CURSOR = 'tampered-cursor';

export function withKey(key: string, method: Exchange['method'], path: string, body?: unknown): Exchange {
  return body === undefined ? { key, method, path } : { key, method, path, body };
}

async function json<T>(target: Target, exchange: Exchange): Promise<T> {
  const response = await target.send(exchange);
  if (!response.ok) throw new Error(`fixture discovery: ${exchange.method} ${exchange.path} answered ${response.status}`);
  return (await response.json()) as T;
}

type Data<T> = { data: T };

/** Ids of the default dataset, read through the API. */
export async function discoverFixtures(target: Target): Promise<Fixtures> {
  const { admin, member } = FIXTURE_KEYS;
  type Accounts = Data<{ accounts: { account_id: string; owner_user_id: string }[] }>;
  const adminAccounts = (await json<Accounts>(target, withKey(admin, 'GET', '/v1/accounts'))).data.accounts;
  const memberAccounts = new Set(
    (await json<Accounts>(target, withKey(member, 'GET', '/v1/accounts'))).data.accounts.map((account) => account.account_id),
  );
  const unshared = adminAccounts.find((account) => !memberAccounts.has(account.account_id));
  // The admin's own account that is shared for API use.
  const adminAccount = adminAccounts.find((account) => account !== unshared && account.owner_user_id === unshared?.owner_user_id);
  if (!unshared || !adminAccount) throw new Error('fixture discovery: the dataset lacks an unshared admin account');
  const accountQuery = `account_id=${adminAccount.account_id}`;
  const contacts = await json<Data<{ contacts: { contact_id: string; network_url: string }[] }>>(
    target,
    withKey(admin, 'GET', `/v1/contacts?${accountQuery}&limit=1`),
  );
  const companies = await json<Data<{ companies: { company_id: string }[] }>>(
    target,
    withKey(admin, 'GET', `/v1/companies?${accountQuery}&limit=1`),
  );
  const conversations = await json<Data<{ conversations: { conversation_id: string }[] }>>(
    target,
    withKey(admin, 'GET', `/v1/conversations?${accountQuery}&limit=1`),
  );
  const views = await json<Data<{ views: { id: string }[] }>>(target, withKey(admin, 'GET', `/v1/views?${accountQuery}&limit=1`));
  const [contact] = contacts.data.contacts;
  const [company] = companies.data.companies;
  const [conversation] = conversations.data.conversations;
  const [view] = views.data.views;
  if (!contact || !company || !conversation || !view) throw new Error('fixture discovery: an empty list in the default dataset');
  return {
    adminAccount: adminAccount.account_id,
    unsharedAccount: unshared.account_id,
    contactId: contact.contact_id,
    contactUrl: contact.network_url,
    companyId: company.company_id,
    conversationId: conversation.conversation_id,
    viewId: view.id,
    newProfiles: await target.unimportedProfiles(4),
  };
}

type Builder = (f: Fixtures, key: string) => Exchange;

/** A request of each operation that succeeds for the admin; with another key, the same request. */
const success: Record<string, { status: number; build: Builder; template: string }> = {
  listOrganizations: { status: 200, template: '/v1/organization', build: (_f, key) => withKey(key, 'GET', '/v1/organization') },
  listAccounts: { status: 200, template: '/v1/accounts', build: (_f, key) => withKey(key, 'GET', '/v1/accounts') },
  listActivity: { status: 200, template: '/v1/activity', build: (_f, key) => withKey(key, 'GET', '/v1/activity?limit=5') },
  getActivitySummary: {
    status: 200,
    template: '/v1/activity/summary',
    build: (_f, key) => withKey(key, 'GET', '/v1/activity/summary?timezone=Europe%2FBerlin'),
  },
  enrich: {
    status: 200,
    template: '/v1/enrich',
    build: (f, key) => withKey(key, 'POST', '/v1/enrich', { account_id: f.adminAccount, network_url: f.newProfiles[0] }),
  },
  importContact: {
    status: 200,
    template: '/v1/contacts',
    build: (f, key) => withKey(key, 'POST', '/v1/contacts', { account_id: f.adminAccount, network_url: f.contactUrl }),
  },
  listContacts: {
    status: 200,
    template: '/v1/contacts',
    build: (f, key) => withKey(key, 'GET', `/v1/contacts?account_id=${f.adminAccount}&limit=3`),
  },
  updateContact: {
    status: 200,
    template: '/v1/contacts/{contact_id}',
    build: (f, key) =>
      withKey(key, 'PATCH', `/v1/contacts/${f.contactId}`, {
        account_id: f.adminAccount,
        notes_json: '{"text":"contract check"}',
        'Lead score': 42,
      }),
  },
  findContactEmail: {
    status: 200,
    template: '/v1/contacts/{contact_id}/find-email',
    build: (f, key) => withKey(key, 'POST', `/v1/contacts/${f.contactId}/find-email`, { account_id: f.adminAccount }),
  },
  listCompanies: {
    status: 200,
    template: '/v1/companies',
    build: (f, key) => withKey(key, 'GET', `/v1/companies?account_id=${f.adminAccount}&limit=3`),
  },
  updateCompany: {
    status: 200,
    template: '/v1/companies/{company_id}',
    build: (f, key) =>
      withKey(key, 'PATCH', `/v1/companies/${f.companyId}`, { account_id: f.adminAccount, tags: { add: [{ name: 'Checked', color: 'green' }] } }),
  },
  listConversations: {
    status: 200,
    template: '/v1/conversations',
    build: (f, key) => withKey(key, 'GET', `/v1/conversations?account_id=${f.adminAccount}&limit=3`),
  },
  listConversationMessages: {
    status: 200,
    template: '/v1/conversations/{conversationId}/messages',
    build: (f, key) => withKey(key, 'GET', `/v1/conversations/${f.conversationId}/messages?account_id=${f.adminAccount}&limit=5`),
  },
  createDraft: {
    status: 200,
    template: '/v1/drafts',
    build: (f, key) =>
      withKey(key, 'POST', '/v1/drafts', { account_id: f.adminAccount, contact_id: f.contactId, draft_message: 'Hello from the contract check' }),
  },
  listViews: {
    status: 200,
    template: '/v1/views',
    build: (f, key) => withKey(key, 'GET', `/v1/views?account_id=${f.adminAccount}`),
  },
  createView: {
    status: 201,
    template: '/v1/views',
    build: (f, key) =>
      withKey(key, 'POST', '/v1/views', {
        account_id: f.adminAccount,
        type: 'contact',
        name: 'Contract check',
        filters: { specific_contacts: { contact_ids: [f.contactId] } },
      }),
  },
};

/** The member asking for the admin's unshared account: 403 account_shared_access_required. */
const unsharedFor = (f: Fixtures): Fixtures => ({ ...f, adminAccount: f.unsharedAccount });

/** Cases that need more than the success request with another key or an injected fault. */
const special: Record<string, Record<number, Builder>> = {
  listActivity: {
    400: (_f, key) => withKey(key, 'GET', '/v1/activity?tag=VIP'),
    403: () => withKey(FIXTURE_KEYS.member, 'GET', '/v1/activity'),
  },
  getActivitySummary: {
    400: (_f, key) => withKey(key, 'GET', '/v1/activity/summary?tag=VIP'),
    403: () => withKey(FIXTURE_KEYS.member, 'GET', '/v1/activity/summary'),
  },
  enrich: {
    400: (f, key) => withKey(key, 'POST', '/v1/enrich', { account_id: f.adminAccount, network_url: NOT_A_PROFILE }),
    404: (f, key) => withKey(key, 'POST', '/v1/enrich', { account_id: f.adminAccount, network_url: UNKNOWN_PROFILE }),
    502: (f, key) =>
      withKey(key, 'POST', '/v1/enrich', { account_id: f.adminAccount, network_url: 'https://www.network.com/in/upstream-error' }),
  },
  importContact: {
    201: (f, key) => withKey(key, 'POST', '/v1/contacts', { account_id: f.adminAccount, network_url: f.newProfiles[1] }),
    400: (f, key) => withKey(key, 'POST', '/v1/contacts', { account_id: f.adminAccount, network_url: NOT_A_PROFILE }),
    404: (f, key) => withKey(key, 'POST', '/v1/contacts', { account_id: f.adminAccount, network_url: UNKNOWN_PROFILE }),
    409: (f, key) => withKey(key, 'POST', '/v1/contacts', { account_id: f.adminAccount, network_url: 'https://www.network.com/in/conflict' }),
    502: (f, key) =>
      withKey(key, 'POST', '/v1/contacts', { account_id: f.adminAccount, network_url: 'https://www.network.com/in/upstream-error' }),
  },
  listContacts: { 400: (f, key) => withKey(key, 'GET', `/v1/contacts?account_id=${f.adminAccount}&cursor=${TAMPERED_CURSOR}`) },
  updateContact: {
    400: (f, key) => withKey(key, 'PATCH', `/v1/contacts/${UNKNOWN_ID}`, { account_id: f.adminAccount, notes_json: null }),
  },
  findContactEmail: {
    400: (f, key) => withKey(key, 'POST', `/v1/contacts/${UNKNOWN_ID}/find-email`, { account_id: f.adminAccount }),
  },
  listCompanies: {
    400: (f, key) => withKey(key, 'GET', `/v1/companies?account_id=${f.adminAccount}&cursor=${TAMPERED_CURSOR}`),
    404: (_f, key) => withKey(key, 'GET', `/v1/companies?view_id=${UNKNOWN_ID}`),
  },
  updateCompany: {
    400: (f, key) => withKey(key, 'PATCH', `/v1/companies/${f.companyId}`, { account_id: f.adminAccount, 'Not a registered field': 'x' }),
    404: (f, key) => withKey(key, 'PATCH', `/v1/companies/${UNKNOWN_ID}`, { account_id: f.adminAccount, notes_json: null }),
  },
  listConversations: {
    400: (f, key) => withKey(key, 'GET', `/v1/conversations?account_id=${f.adminAccount}&cursor=${TAMPERED_CURSOR}`),
  },
  listConversationMessages: {
    400: (f, key) => withKey(key, 'GET', `/v1/conversations/${UNKNOWN_ID}/messages?account_id=${f.adminAccount}`),
  },
  createDraft: {
    400: (_f, key) => withKey(key, 'POST', '/v1/drafts', { account_id: UNKNOWN_ID, contact_id: UNKNOWN_ID, draft_message: 'Hi' }),
    404: (f, key) => withKey(key, 'POST', '/v1/drafts', { account_id: f.adminAccount, contact_id: UNKNOWN_ID, draft_message: 'Hi' }),
  },
  listViews: { 400: (f, key) => withKey(key, 'GET', `/v1/views?account_id=${f.adminAccount}&cursor=${TAMPERED_CURSOR}`) },
  createView: {
    400: (f, key) =>
      withKey(key, 'POST', '/v1/views', {
        account_id: f.adminAccount,
        type: 'contact',
        name: 'Unknown contacts',
        filters: { specific_contacts: { contact_ids: [UNKNOWN_ID] } },
      }),
  },
};

/** Every (operation, status) pair `documented` lists, with the request that produces it. */
export function statusMatrix(fixtures: Fixtures, documented: { operationId: string; statuses: string[] }[]): MatrixCase[] {
  const { admin, member, retired, apiDisabled } = FIXTURE_KEYS;
  return documented.flatMap(({ operationId, statuses }) => {
    const base = success[operationId];
    if (!base) throw new Error(`matrix: no request for ${operationId}`);
    return statuses.map((statusText): MatrixCase => {
      const status = Number(statusText);
      const custom = special[operationId]?.[status];
      const name = `${operationId} ${status}`;
      if (custom) return { operationId, status, name, exchange: custom(fixtures, admin) };
      if (status === base.status) return { operationId, status, name, exchange: base.build(fixtures, admin) };
      if (status === 401) return { operationId, status, name, exchange: base.build(fixtures, retired) };
      if (status === 403) {
        // Account-scoped operations answer the member's request for the unshared account; the rest a disabled organization.
        const scoped = JSON.stringify(base.build(fixtures, member)).includes(fixtures.adminAccount);
        const exchange = scoped ? base.build(unsharedFor(fixtures), member) : base.build(fixtures, apiDisabled);
        return { operationId, status, name, exchange };
      }
      return {
        operationId,
        status,
        name,
        exchange: base.build(fixtures, admin),
        fault: { method: base.build(fixtures, admin).method, path: base.template, status, count: 1 },
      };
    });
  });
}
