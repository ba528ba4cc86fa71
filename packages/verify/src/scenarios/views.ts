import type { View } from '@network-org/sdk';
import { expectSame } from './agree';
import { account, itemsOf, listScenarios, walk } from './lists';
import type { Scenario } from './scenario';


export const viewScenarios: Scenario[] = [
  ...listScenarios({
    operation: 'listViews',
    name: 'views',
    query: account,
    otherQuery: async (t) => {
      const own = await t.facts.accountId();
      const other = (await t.facts.accounts()).find((a) => a.account_id !== own);
      return other ? { account_id: [other.account_id] } : t.skip('the key can use a single account');
    },
    seeded: true,
  }),
  {
    id: 'views.filter.account',
    operation: 'listViews',
    behaviour: 'filter',
    title: 'account_id gives the views of that account, of type contact',
    source: 'description: Endpoints',
    async run(t) {
      const id = await t.facts.accountId();
      const answer = await t.call('listViews', { query: { account_id: [id], limit: 25 } });
      if (!t.expectOk(answer)) return;
      (itemsOf(answer, 'listViews')).forEach((view, index) => {
        t.equal(`$.data.views[${index}].account.account_id`, view.account?.account_id, id);
        t.equal(`$.data.views[${index}].type`, view.type, 'contact');
      });
    },
  },
  {
    id: 'views.create',
    operation: 'createView',
    behaviour: 'write',
    title: 'creating a view of specific contacts is 201 with the view, its selected_contact_ids and simple_filters_json',
    source: 'description: Endpoints',
    needs: ['writes'],
    async run(t) {
      const accountId = await t.facts.accountId();
      const contactIds = (await t.facts.contacts()).slice(0, 2).map((c) => c.contact_id);
      if (contactIds.length === 0) return t.skip('the account has no contacts');
      const body = { account_id: accountId, type: 'contact', name: 'network-verify view', description: 'Made by network-verify', filters: { specific_contacts: { contact_ids: contactIds } } };
      const answer = await t.call('createView', { body });
      const view = (answer.body as { data?: { view?: View } } | undefined)?.data?.view;
      t.run.ledger.wrote(answer, `view ${view?.id ?? '?'} in account ${accountId}`, 'created', 'the API has no way to delete a view');
      if (!t.expectOk(answer, 201) || !view) return;
      t.equal('$.data.view.name', view.name, body.name);
      t.equal('$.data.view.description', view.description, body.description);
      t.equal('$.data.view.type', view.type, body.type);
      t.equal('$.data.view.selected_contact_ids', [...(view.selected_contact_ids ?? [])].sort(), [...contactIds].sort());
      let filters: unknown;
      try {
        filters = JSON.parse(view.simple_filters_json ?? '');
      } catch {
        filters = undefined;
      }
      t.check(filters !== undefined && typeof filters === 'object', { path: '$.data.view.simple_filters_json', expected: 'JSON text', actual: JSON.stringify(view.simple_filters_json) });
      t.equal('$.data.view.account.account_id', view.account?.account_id, accountId);
      const { items: views } = await walk(t, 'listViews', { query: { account_id: [accountId], limit: 25 } }, 8);
      const listed = views.find((item) => item.id === view.id);
      t.check(listed !== undefined, { path: '$.data.views[*].id', expected: `view ${view.id}, just created`, actual: 'not listed' });
      // The list shows the view as it was made (list items leave out selected_contact_ids and simple_filters_json).
      if (listed) expectSame(t, '$.data.view', listed, view, { first: ['selected_contact_ids', 'simple_filters_json'], second: [] }, 'the created view (createView) against the views listed (listViews)');
      const contacts = await t.call('listContacts', { query: { view_id: view.id, limit: 25 } });
      if (!t.expectOk(contacts)) return;
      const members = itemsOf(contacts, 'listContacts').map((c) => String(c.contact_id)).sort();
      t.equal('$.data.contacts[*].contact_id', members, [...contactIds].sort(), 'contacts of the new view (view_id works for API-created views)');
    },
  },
];
