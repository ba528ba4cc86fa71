import { expectSeeded } from './lists';
import type { Scenario } from './scenario';

export const organizationScenarios: Scenario[] = [
  {
    id: 'organization.envelope',
    operation: 'listOrganizations',
    behaviour: 'envelope',
    title: 'the organization comes as {organization: [Organization]}, one element, not in a data envelope',
    source: 'description: Resources and their fields',
    async run(t) {
      const answer = await t.call('listOrganizations');
      if (!t.expectOk(answer)) return;
      const list = (answer.body as { organization?: unknown[] }).organization;
      t.equal('$.organization.length', list?.length, 1);
    },
  },
  {
    id: 'accounts.envelope',
    operation: 'listAccounts',
    behaviour: 'envelope',
    title: 'the accounts come as {data: {accounts: [Account summary]}}',
    source: 'description: Endpoints',
    async run(t) {
      const answer = await t.call('listAccounts');
      // The control API lists the accounts of the mock's admin fixture key: the same list only for that key.
      if (t.expectOk(answer) && t.run.keyIsMockAdmin) await expectSeeded(t, answer, 'accounts');
    },
  },
  {
    id: 'accounts.ids',
    operation: 'listAccounts',
    behaviour: 'envelope',
    title: 'every account_id is a positive integer as a string (the id pattern)',
    source: 'description: Resources and their fields',
    async run(t) {
      const answer = await t.call('listAccounts');
      if (!t.expectOk(answer)) return;
      const accounts = (answer.body as { data: { accounts: { account_id: unknown }[] } }).data.accounts;
      accounts.forEach((account, index) => {
        t.check(typeof account.account_id === 'string' && /^[1-9][0-9]*$/.test(account.account_id), {
          path: `$.data.accounts[${index}].account_id`,
          expected: 'matches ^[1-9][0-9]*$',
          actual: JSON.stringify(account.account_id),
        });
      });
    },
  },
];
