import type { Contact } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import { account, viewOverAccount, itemsOf, keyOf, listScenarios, paginationOf, walk } from './lists';
import type { Scenario } from './scenario';


/** The contacts of one filtered page (25), after checking it is a 200 of the spec's shape. */
async function filtered(t: ScenarioContext, query: Record<string, unknown>): Promise<Contact[] | undefined> {
  const answer = await t.call('listContacts', { query: { ...(await account(t)), limit: 25, ...query } });
  return t.expectOk(answer) ? (itemsOf(answer, 'listContacts')) : undefined;
}

/** Each contact must pass `holds`; a difference per contact that does not (at most a few). */
function everyContact(t: ScenarioContext, contacts: Contact[], field: string, expected: string, holds: (contact: Contact) => boolean, actual: (contact: Contact) => unknown) {
  let reported = 0;
  contacts.forEach((contact, index) => {
    if (!holds(contact) && reported++ < 3) {
      t.differ({ path: `$.data.contacts[${index}].${field}`, expected, actual: JSON.stringify(actual(contact)) ?? 'missing' });
    }
  });
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

const hasTag = (contact: Contact, name: string) => (contact.tags ?? []).some((tag) => tag.name.toLowerCase() === name.toLowerCase());

async function aTag(t: ScenarioContext): Promise<string> {
  const tagged = (await t.facts.contacts()).find((contact) => (contact.tags ?? []).length > 0);
  if (!tagged?.tags?.[0]) return t.skip('no contact on the first page of the account has a tag');
  return tagged.tags[0].name;
}

export const contactScenarios: Scenario[] = [
  ...listScenarios({
    operation: 'listContacts',
    name: 'contacts',
    query: account,
    otherQuery: async (t) => ({ ...(await account(t)), relationship_status: 'connected' }),
    seeded: true,
  }),
  {
    id: 'contacts.account-id.pattern',
    operation: 'listContacts',
    behaviour: 'refusal',
    title: 'an account_id that is not a positive integer is 400 bad_request',
    source: 'description: Endpoints',
    async run(t) {
      t.expectError(await t.call('listContacts', { query: { account_id: ['abc'] } }), 400, 'bad_request');
    },
  },
  {
    id: 'contacts.filter.account',
    operation: 'listContacts',
    behaviour: 'filter',
    title: 'account_id scopes the list to that account',
    source: 'description: Endpoints',
    async run(t) {
      const id = await t.facts.accountId();
      const contacts = await filtered(t, {});
      if (contacts) everyContact(t, contacts, 'account.account_id', id, (c) => c.account?.account_id === id, (c) => c.account?.account_id);
    },
  },
  {
    id: 'contacts.filter.relationship-status',
    operation: 'listContacts',
    behaviour: 'filter',
    title: 'relationship_status connected, not_connected and unknown each give only contacts of that status',
    source: 'description: States and transitions',
    async run(t) {
      for (const status of ['connected', 'not_connected', 'unknown'] as const) {
        const contacts = await filtered(t, { relationship_status: status });
        if (contacts) everyContact(t, contacts, 'relationship_status', status, (c) => c.relationship_status === status, (c) => c.relationship_status);
      }
    },
  },
  {
    id: 'contacts.filter.relationship-status.any',
    operation: 'listContacts',
    behaviour: 'filter',
    title: 'relationship_status any is the default: the same page as without it',
    source: 'description: Endpoints',
    async run(t) {
      const plain = await filtered(t, {});
      const any = await filtered(t, { relationship_status: 'any' });
      if (plain && any) t.equal('$.data.contacts[*].account_relationship_id', any.map((c) => c.account_relationship_id), plain.map((c) => c.account_relationship_id));
    },
  },
  {
    id: 'contacts.filter.relationship-status.invalid',
    operation: 'listContacts',
    behaviour: 'refusal',
    title: 'a relationship_status outside its enumeration is 400 bad_request',
    source: 'description: Endpoints',
    async run(t) {
      t.expectError(await t.call('listContacts', { query: { ...(await account(t)), relationship_status: 'friend' } }), 400, 'bad_request');
    },
  },
  {
    id: 'contacts.filter.tag',
    operation: 'listContacts',
    behaviour: 'filter',
    title: 'tag gives only contacts carrying that tag',
    source: 'description: Endpoints',
    async run(t) {
      const tag = await aTag(t);
      const contacts = await filtered(t, { tag });
      if (!contacts) return;
      t.check(contacts.length > 0, { path: '$.data.contacts', expected: `the contacts tagged ${JSON.stringify(tag)}`, actual: 'none' });
      everyContact(t, contacts, 'tags', `a tag named ${JSON.stringify(tag)}`, (c) => hasTag(c, tag), (c) => c.tags?.map((x) => x.name));
    },
  },
  {
    id: 'contacts.filter.and',
    operation: 'listContacts',
    behaviour: 'filter',
    title: 'two filters together give the contacts that match both',
    source: 'decision',
    async run(t) {
      const tag = await aTag(t);
      const status = 'connected';
      const both = await filtered(t, { tag, relationship_status: status });
      const tagged = await filtered(t, { tag });
      if (!both || !tagged) return;
      everyContact(t, both, 'relationship_status', status, (c) => c.relationship_status === status, (c) => c.relationship_status);
      everyContact(t, both, 'tags', `a tag named ${JSON.stringify(tag)}`, (c) => hasTag(c, tag), (c) => c.tags?.map((x) => x.name));
      // Every tagged contact (all pages): those that are connected must be exactly the answer to both filters.
      const all = tagged.length < 25 ? { items: tagged, complete: true } : await walk(t, 'listContacts', { query: { ...(await account(t)), tag, limit: 25 } }, 8);
      if (!all.complete) return t.skip(`more than 200 contacts are tagged ${JSON.stringify(tag)}: too many to compare`);
      const expected = all.items.filter((c) => c.relationship_status === status).map((c) => c.account_relationship_id);
      if (expected.length <= 25) t.equal('$.data.contacts[*].account_relationship_id', both.map((c) => c.account_relationship_id), expected, `the tagged contacts that are ${status}`);
    },
  },
  {
    id: 'contacts.filter.invitation-status',
    operation: 'listContacts',
    behaviour: 'filter',
    title: 'invitation_status pending gives only contacts with a pending connection invitation',
    source: 'description: Endpoints',
    async run(t) {
      const contacts = await filtered(t, { invitation_status: 'pending' });
      if (contacts) everyContact(t, contacts, 'connection_invitation.status', 'pending', (c) => c.connection_invitation?.status === 'pending', (c) => c.connection_invitation);
    },
  },
  {
    id: 'contacts.filter.view',
    operation: 'listContacts',
    behaviour: 'filter',
    title: "view_id scopes the list to the view's account",
    source: 'description: Endpoints',
    async run(t) {
      const view = await t.facts.view();
      const owner = view.account.account_id;
      const answer = await t.call('listContacts', { query: { view_id: view.id, limit: 25 } });
      if (!t.expectOk(answer)) return;
      const contacts = itemsOf(answer, 'listContacts');
      everyContact(t, contacts, 'account.account_id', owner, (c) => c.account?.account_id === owner, (c) => c.account?.account_id);
    },
  },
  {
    id: 'contacts.filter.view.public-id',
    operation: 'listContacts',
    behaviour: 'filter',
    title: "a view's public_id gives the same contacts as its id",
    source: 'description: Endpoints',
    async run(t) {
      const view = await t.facts.view();
      const byId = await t.call('listContacts', { query: { view_id: view.id, limit: 25 } });
      const byPublicId = await t.call('listContacts', { query: { view_id: view.public_id, limit: 25 } });
      if (!t.expectOk(byId) || !t.expectOk(byPublicId)) return;
      const ids = (answer: typeof byId) => itemsOf(answer, 'listContacts').map((item) => keyOf('listContacts', item));
      t.equal('$.data.contacts[*].account_relationship_id', ids(byPublicId), ids(byId), 'view_id=public_id against view_id=id');
    },
  },
  {
    id: 'contacts.filter.view.unknown',
    operation: 'listContacts',
    behaviour: 'refusal',
    title: 'an unknown view_id is 400 bad_request',
    source: 'decision',
    async run(t) {
      t.expectError(await t.call('listContacts', { query: { view_id: '987654321987' } }), 400, 'bad_request');
    },
  },
  {
    id: 'contacts.filter.conversation',
    operation: 'listContacts',
    behaviour: 'filter',
    title: 'conversation_id gives the contacts who take part in that conversation',
    source: 'description: Endpoints',
    async run(t) {
      const conversation = await t.facts.conversation();
      const people = new Set(conversation.participants.filter((p) => !p.is_account_owner && p.contact_id).map((p) => p.contact_id as string));
      const contacts = await filtered(t, { conversation_id: conversation.conversation_id });
      if (!contacts) return;
      everyContact(t, contacts, 'contact_id', `one of the conversation's participants`, (c) => people.has(c.contact_id), (c) => c.contact_id);
      t.check(contacts.length > 0 || people.size === 0, { path: '$.data.contacts', expected: `the ${people.size} participant(s) of conversation ${conversation.conversation_id}`, actual: 'none' });
    },
  },
  {
    id: 'contacts.list.omitted-fields',
    operation: 'listContacts',
    behaviour: 'envelope',
    title: 'list items leave out notes_json, contact_enrichment and sequence',
    source: 'decision',
    async run(t) {
      const contacts = await filtered(t, {});
      contacts?.forEach((contact, index) => {
        for (const field of ['notes_json', 'contact_enrichment', 'sequence'] as const) {
          if (field in contact) t.differ({ path: `$.data.contacts[${index}].${field}`, expected: 'absent in a list', actual: 'present' });
        }
      });
    },
  },
  {
    id: 'contacts.filter.query',
    operation: 'listContacts',
    behaviour: 'filter',
    title: "query (a contact's handle) gives that contact, and only contacts whose name, headline, company, role, handle or profile URL contain it",
    source: 'description: Endpoints',
    async run(t) {
      const contact = await t.facts.contact();
      const handle = contact.public_identifier;
      const contacts = await filtered(t, { query: handle });
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
    behaviour: 'filter',
    title: 'company_name gives only contacts with that current or past company',
    source: 'description: Endpoints',
    async run(t) {
      const named = (await t.facts.contacts()).find((c) => c.experiences?.some((e) => e.company_name));
      const company = named?.experiences?.find((e) => e.company_name)?.company_name;
      if (!named || !company) return t.skip('no contact on the first page of the account lists an experience with a company name');
      const contacts = await filtered(t, { company_name: company });
      if (!contacts) return;
      t.check(contacts.some((c) => c.contact_id === named.contact_id), { path: '$.data.contacts', expected: `contact ${named.contact_id}, who worked at ${JSON.stringify(company)}`, actual: JSON.stringify(contacts.map((c) => c.contact_id)) });
      everyMentions(t, contacts, company, 'current or past company', (c) => [c.primary_company_name, c.company?.name, ...(c.experiences ?? []).map((e) => e.company_name)]);
    },
  },
  {
    id: 'contacts.scope.view-over-account',
    operation: 'listContacts',
    behaviour: 'filter',
    title: "view_id with another account's account_id still gives the view's contacts: the view's account scopes the list",
    source: 'description: Endpoints',
    async run(t) {
      await viewOverAccount(t, 'listContacts');
    },
  },
];
