import { account, itemsOf, keyOf, listScenarios } from './lists';
import type { Scenario } from './scenario';


export const companyScenarios: Scenario[] = [
  ...listScenarios({ operation: 'listCompanies', name: 'companies', query: account, defaultLimit: 10, maxLimit: 25, clamps: true }),
  {
    id: 'companies.filter.view',
    operation: 'listCompanies',
    title: "view_id gives the companies of the view's contacts, and account_id is then ignored",
    source: 'description §4',
    async run(t) {
      const view = await t.facts.view();
      const alone = await t.call('listCompanies', { query: { view_id: view.id, limit: 25 } });
      const other = (await t.facts.accounts()).find((a) => a.account_id !== view.account.account_id)?.account_id ?? '1';
      const withAccount = await t.call('listCompanies', { query: { view_id: view.id, account_id: [other], limit: 25 } });
      if (!t.expectOk(alone) || !t.expectOk(withAccount)) return;
      const ids = (answer: typeof alone) => itemsOf(answer, 'listCompanies').map((item) => keyOf('listCompanies', item));
      t.equal('$.data.companies[*].company_id', ids(withAccount), ids(alone), `view_id with account_id=${other} against view_id alone`);
      const contacts = await t.call('listContacts', { query: { view_id: view.id, limit: 25 } });
      if (!t.expectOk(contacts)) return;
      const ofContacts = new Set(itemsOf(contacts, 'listContacts').map((c) => (c.company as { company_id?: string } | null | undefined)?.company_id).filter(Boolean));
      const has = itemsOf(contacts, 'listContacts').length;
      if (has > 0 && has < 25) {
        ids(alone).forEach((id, index) => {
          t.check(ofContacts.has(id), { path: `$.data.companies[${index}].company_id`, expected: "the company of one of the view's contacts", actual: id });
        });
      }
    },
  },
  {
    id: 'companies.filter.view.unknown',
    operation: 'listCompanies',
    title: 'an unknown view_id is 404 not_found',
    source: 'description §7',
    async run(t) {
      t.expectError(await t.call('listCompanies', { query: { view_id: '987654321987' } }), 404, 'not_found');
    },
  },
];
