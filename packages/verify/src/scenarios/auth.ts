import type { Scenario } from './scenario';

// A credential in another scheme that carries no key of the user's.
const BASIC = 'Basic dmVyaWZ5OnZlcmlmeQ==';

export const authScenarios: Scenario[] = [
  {
    id: 'auth.header.missing',
    operation: 'listContacts',
    behaviour: 'auth',
    title: 'no Authorization header is 401 unauthorized with the error body',
    source: 'description §5',
    async run(t) {
      t.expectError(await t.call('listContacts', { headers: { Authorization: null } }), 401, 'unauthorized');
    },
  },
  {
    id: 'auth.header.missing-on-write',
    operation: 'createDraft',
    behaviour: 'auth',
    title: 'a write without Authorization is 401 unauthorized before its body is read (nothing is written)',
    source: 'description §5',
    async run(t) {
      t.expectError(await t.call('createDraft', { headers: { Authorization: null }, body: {} }), 401, 'unauthorized');
    },
  },
  {
    id: 'auth.scheme.other',
    operation: 'listAccounts',
    behaviour: 'auth',
    title: 'another scheme than Bearer is 401 unauthorized',
    source: 'description §5',
    async run(t) {
      t.expectError(await t.call('listAccounts', { headers: { Authorization: BASIC } }), 401, 'unauthorized');
    },
  },
  {
    id: 'auth.key.malformed',
    operation: 'listOrganizations',
    behaviour: 'auth',
    title: 'a malformed key is 401 unauthorized',
    source: 'description §5',
    async run(t) {
      t.expectError(await t.call('listOrganizations', { headers: { Authorization: 'Bearer not-a-valid-key' } }), 401, 'unauthorized');
    },
  },
  {
    id: 'auth.member.activity',
    operation: 'listActivity',
    behaviour: 'auth',
    title: 'a non-admin key on the activity list is 403 forbidden',
    source: 'description §5',
    needs: ['member'],
    async run(t) {
      t.expectError(await t.call('listActivity', { key: 'member' }), 403, 'forbidden');
    },
  },
  {
    id: 'auth.member.summary',
    operation: 'getActivitySummary',
    behaviour: 'auth',
    title: 'a non-admin key on the activity summary is 403 forbidden',
    source: 'description §5',
    needs: ['member'],
    async run(t) {
      t.expectError(await t.call('getActivitySummary', { key: 'member' }), 403, 'forbidden');
    },
  },
  {
    id: 'auth.member.unshared-account',
    operation: 'listContacts',
    behaviour: 'auth',
    title: 'a non-admin key naming an account not shared with it is 403 account_shared_access_required',
    source: 'description §5',
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
