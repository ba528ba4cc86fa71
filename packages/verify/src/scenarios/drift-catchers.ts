import type { Contact } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import { dataOf, events, everyEvent, expectWindow, localMidnight, nextDay } from './activity';
import { itemsOf, keyOf } from './lists';
import type { Scenario } from './scenario';

// Behaviours the drift tests found unchecked: a service that ignored them agreed with every other scenario.

const account = async (t: ScenarioContext) => ({ account_id: [await t.facts.accountId()] });

/** One page (25) of contacts, after checking it is a 200 of the spec's shape. */
async function contactsWith(t: ScenarioContext, query: Record<string, unknown>): Promise<Contact[] | undefined> {
  const answer = await t.call('listContacts', { query: { limit: 25, ...query } });
  return t.expectOk(answer) ? (itemsOf(answer, 'listContacts') as unknown as Contact[]) : undefined;
}

/** A difference for each listed contact (at most three) none of whose `texts` contains `wanted`, ignoring case. */
function everyMentions(t: ScenarioContext, contacts: Contact[], wanted: string, where: string, texts: (contact: Contact) => unknown[]) {
  const needle = wanted.toLowerCase();
  let reported = 0;
  contacts.forEach((contact, index) => {
    const found = texts(contact).some((text) => typeof text === 'string' && text.toLowerCase().includes(needle));
    if (!found && reported++ < 3) t.differ({ path: `$.data.contacts[${index}]`, expected: `a contact whose ${where} contains ${JSON.stringify(wanted)}`, actual: JSON.stringify(contact.name) });
  });
}

export const driftCatcherScenarios: Scenario[] = [
  {
    id: 'contacts.filter.query',
    operation: 'listContacts',
    title: "query (a contact's handle) gives that contact, and only contacts whose name, headline, company, role, handle or profile URL contain it",
    source: 'description §4',
    async run(t) {
      const contact = await t.facts.contact();
      const handle = contact.public_identifier;
      const contacts = await contactsWith(t, { ...(await account(t)), query: handle });
      if (!contacts) return;
      t.check(contacts.some((c) => c.contact_id === contact.contact_id), { path: '$.data.contacts', expected: `contact ${contact.contact_id}, whose handle is the query`, actual: JSON.stringify(contacts.map((c) => c.contact_id)) });
      everyMentions(t, contacts, handle, 'name, headline, company, role, handle or profile URL', (c) => [
        c.name, c.first_name, c.last_name, c.headline, c.primary_role_title, c.primary_company_name, c.company?.name, c.public_identifier, c.network_url,
      ]);
    },
  },
  {
    id: 'contacts.filter.company-name',
    operation: 'listContacts',
    title: 'company_name gives only contacts with that current or past company',
    source: 'description §4',
    async run(t) {
      const named = (await t.facts.contacts()).find((c) => c.experiences?.some((e) => e.company_name));
      const company = named?.experiences?.find((e) => e.company_name)?.company_name;
      if (!named || !company) return t.skip('no contact on the first page of the account lists an experience with a company name');
      const contacts = await contactsWith(t, { ...(await account(t)), company_name: company });
      if (!contacts) return;
      t.check(contacts.some((c) => c.contact_id === named.contact_id), { path: '$.data.contacts', expected: `contact ${named.contact_id}, who worked at ${JSON.stringify(company)}`, actual: JSON.stringify(contacts.map((c) => c.contact_id)) });
      everyMentions(t, contacts, company, 'current or past company', (c) => [c.primary_company_name, c.company?.name, ...(c.experiences ?? []).map((e) => e.company_name)]);
    },
  },
  {
    id: 'contacts.scope.view-over-account',
    operation: 'listContacts',
    title: "view_id with another account's account_id still gives the view's contacts: the view's account scopes the list",
    source: 'description §4',
    async run(t) {
      const view = await t.facts.view();
      const other = (await t.facts.accounts()).find((a) => a.account_id !== view.account.account_id)?.account_id;
      if (!other) return t.skip('the key can use a single account');
      const alone = await t.call('listContacts', { query: { view_id: view.id, limit: 25 } });
      const withAccount = await t.call('listContacts', { query: { view_id: view.id, account_id: [other], limit: 25 } });
      if (!t.expectOk(alone) || !t.expectOk(withAccount)) return;
      const ids = (answer: typeof alone) => itemsOf(answer, 'listContacts').map((item) => keyOf('listContacts', item));
      t.equal('$.data.contacts[*].account_relationship_id', ids(withAccount), ids(alone), `view_id with account_id=${other} against view_id alone`);
    },
  },
  {
    id: 'activity.filter.channel',
    operation: 'listActivity',
    title: 'channel gives only events of that channel',
    source: 'description §4',
    async run(t) {
      const channel = (await events(t, {}))?.at(-1)?.channel;
      if (!channel) return t.skip('the organization has no activity in the default window');
      const list = await events(t, { channel: [channel] });
      if (list) everyEvent(t, list, 'channel', channel);
    },
  },
  {
    id: 'activity.timezone.default',
    operation: 'listActivity',
    title: 'without timezone, date-only bounds are read in UTC and the answer says timezone UTC',
    source: 'description §4',
    async run(t) {
      const window = { from: '2026-01-05', to: '2026-01-11' };
      const answer = await t.call('listActivity', { query: window });
      if (!t.expectOk(answer)) return;
      const data = dataOf(answer);
      t.equal('$.data.timezone', data?.timezone, 'UTC');
      expectWindow(t, data?.filters, localMidnight(window.from, 'UTC'), localMidnight(nextDay(window.to), 'UTC'));
    },
  },
  {
    id: 'auth.member.accounts-listed',
    operation: 'listAccounts',
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
  {
    id: 'contacts.update.notes.not-json',
    operation: 'updateContact',
    title: 'notes_json that is not JSON text is 400 bad_request',
    source: 'decision',
    needs: ['writes'],
    async run(t) {
      const accountId = await t.facts.accountId();
      const { contact_id: id } = await t.facts.contact();
      if (!(await t.run.ledger.keep('contact', id, accountId))) return t.skip(`contact ${id} could not be read (an empty PATCH did not answer 200), so it is left alone`);
      const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId, notes_json: 'network-verify: plain text, not JSON' } });
      if (answer.status === 200) t.run.ledger.wrote('updateContact', `contact ${id} in account ${accountId}`, 'notes_json not JSON (accepted)');
      t.expectError(answer, 400, 'bad_request');
    },
  },
];
