import { account, itemsOf, listScenarios, viewOverAccount, walk } from './lists';
import type { Scenario } from './scenario';

export const companyScenarios: Scenario[] = [
  ...listScenarios({ operation: 'listCompanies', name: 'companies', query: account, otherQuery: async (t) => ({ view_id: (await t.facts.view()).id }), seeded: true }),
  {
    id: 'companies.filter.account',
    operation: 'listCompanies',
    behaviour: 'filter',
    title: 'account_id gives the companies of that account, for each account the key may use: each says so in its account_id',
    source: 'description: Endpoints',
    async run(t) {
      for (const { account_id: id } of await t.facts.accounts()) {
        const answer = await t.call('listCompanies', { query: { account_id: [id], limit: 25 } });
        if (!t.expectOk(answer)) return;
        const others = itemsOf(answer, 'listCompanies').filter((company) => company.account_id !== id);
        t.check(others.length === 0, { path: '$.data.companies[*].account_id', expected: id, actual: JSON.stringify([...new Set(others.map((company) => company.account_id))]), note: `account_id=${id}` });
      }
    },
  },
  {
    id: 'companies.filter.view',
    operation: 'listCompanies',
    behaviour: 'filter',
    title: "view_id gives the companies of the view's contacts",
    source: 'description: Endpoints',
    async run(t) {
      const view = await t.facts.view();
      const answer = await t.call('listCompanies', { query: { view_id: view.id, limit: 25 } });
      if (!t.expectOk(answer)) return;
      const { items: people, complete } = await walk(t, 'listContacts', { query: { view_id: view.id, limit: 25 } }, 8);
      if (!complete) return t.skip('the view holds more than 200 contacts: too many to gather their companies');
      const ofContacts = new Set(people.map((c) => (c.company as { company_id?: string } | null | undefined)?.company_id).filter(Boolean));
      const others = itemsOf(answer, 'listCompanies').map((company) => String(company.company_id)).filter((id) => !ofContacts.has(id));
      t.check(others.length === 0, {
        path: '$.data.companies[*].company_id',
        expected: "companies of the view's contacts only",
        actual: `${others.length} other(s): ${others.slice(0, 5).join(', ')}${others.length > 5 ? ', ...' : ''}`,
      });
    },
  },
  {
    id: 'companies.scope.view-over-account',
    operation: 'listCompanies',
    behaviour: 'filter',
    title: "view_id with another account's account_id gives the same companies: account_id is then ignored",
    source: 'description: Endpoints',
    async run(t) {
      await viewOverAccount(t, 'listCompanies');
    },
  },
  {
    id: 'companies.filter.view.unknown',
    operation: 'listCompanies',
    behaviour: 'status',
    title: 'an unknown view_id is 404 not_found',
    source: 'description: Errors',
    async run(t) {
      t.expectError(await t.call('listCompanies', { query: { view_id: '987654321987' } }), 404, 'not_found');
    },
  },
];
