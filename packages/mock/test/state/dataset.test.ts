import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, acmeAccounts, api, get, KEYS, useMock, walk, type Accounts } from '../support/harness';
import { createStore, FIXTURE_KEYS, readerOf, type StoreReader } from '../../src/store/index';
import { dumpStore } from '../support/dump-store';

describe('read through the API', () => {
  useMock();

  const RELATIONSHIP_STATUSES = ['connected', 'not_connected', 'unknown'];
  const NOW = Date.parse('2026-01-15T12:00:00Z');
  const DAY = 86_400_000;

  let accounts: Accounts;
  const contactsByAccount = new Map<string, any[]>();

  beforeAll(async () => {
    accounts = await acmeAccounts();
    for (const accountId of Object.values(accounts)) {
      contactsByAccount.set(accountId, await walk(KEYS.admin, `/v1/contacts?account_id=${accountId}&limit=25`, 'contacts'));
    }
  });

  describe('the default dataset (seed 1)', () => {
    it('has the organization Acme, with created_at and an integer id', async () => {
      const reply = await get(KEYS.admin, '/v1/organization');
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body)).toEqual(['organization']);
      const [organization] = reply.body.organization;
      expect(Number.isInteger(organization.id)).toBe(true);
      expect(organization.name).toBe('Acme');
      expect(Number.isNaN(Date.parse(organization.created_at))).toBe(false);
    });

    it('has at least 3 connected Acme accounts with the sharing rules', async () => {
      const admin = (await get(KEYS.admin, '/v1/accounts')).body.data.accounts;
      expect(admin.length).toBeGreaterThanOrEqual(3);
      for (const account of admin) {
        expect(Object.keys(account).sort()).toEqual(['account_id', 'display_name', 'owner_user_id', 'provider_account_id']);
        expect(account.account_id).toMatch(/^[1-9][0-9]*$/);
      }
      expect(new Set(Object.values(accounts)).size).toBe(3);
    });

    it('gives every account at least 150 contacts covering every relationship status', () => {
      for (const [accountId, contacts] of contactsByAccount) {
        expect(contacts.length, accountId).toBeGreaterThanOrEqual(150);
        expect(new Set(contacts.map((contact) => contact.relationship_status))).toEqual(new Set(RELATIONSHIP_STATUSES));
        for (const contact of contacts) {
          expect(contact.account.account_id).toBe(accountId);
          expect(contact.contact_id).toMatch(/^[1-9][0-9]*$/);
        }
        expect(new Set(contacts.map((contact) => contact.contact_id)).size).toBe(contacts.length);
      }
    });

    it('has pending incoming invitations, tags, custom field values, experiences, educations, locations and a company', () => {
      for (const contacts of contactsByAccount.values()) {
        const invited = contacts.filter((contact) => contact.connection_invitation?.status === 'pending');
        expect(invited.length).toBeGreaterThan(0);
        for (const contact of invited) expect(contact.connection_invitation.direction).toBe('incoming');
        expect(contacts.some((contact) => contact.tags.length > 0)).toBe(true);
        expect(contacts.some((contact) => typeof contact['Deal stage'] === 'string')).toBe(true);
        expect(contacts.some((contact) => typeof contact['Lead score'] === 'number')).toBe(true);
        expect(contacts.some((contact) => typeof contact['Is customer'] === 'boolean')).toBe(true);
        for (const contact of contacts) {
          expect(contact.experiences.length).toBeGreaterThan(0);
          expect(contact.educations.length).toBeGreaterThan(0);
          expect(contact.locations.length).toBeGreaterThan(0);
          expect(contact.company.company_id).toMatch(/^[1-9][0-9]*$/);
        }
        const colors = new Set(contacts.flatMap((contact) => contact.tags.map((tag: { color: string }) => tag.color)));
        expect(colors).toEqual(new Set(['green', 'red']));
      }
    });

    it('finds pending invitations through invitation_status=pending', async () => {
      for (const accountId of Object.values(accounts)) {
        const invited = await walk(KEYS.admin, `/v1/contacts?account_id=${accountId}&invitation_status=pending&limit=25`, 'contacts');
        const expected = contactsByAccount.get(accountId)!.filter((contact) => contact.connection_invitation?.status === 'pending');
        expect(invited.map((contact) => contact.contact_id)).toEqual(expected.map((contact) => contact.contact_id));
      }
    });

    it('has notes on contacts (seen in the full contact of an update)', async () => {
      let withNotes = 0;
      for (const contact of contactsByAccount.get(accounts.shared)!.slice(0, 20)) {
        const reply = await api(KEYS.admin, 'PATCH', `/v1/contacts/${contact.contact_id}`, { body: { account_id: accounts.shared } });
        expect(reply.status).toBe(200);
        if (typeof reply.body.data.contact.notes_json === 'string') {
          JSON.parse(reply.body.data.contact.notes_json);
          withNotes++;
        }
      }
      expect(withNotes).toBeGreaterThan(0);
    });

    it('has sequences on some contacts (seen in find-email)', async () => {
      let withSequence = 0;
      for (const contact of contactsByAccount.get(accounts.member)!.slice(0, 30)) {
        const reply = await api(KEYS.member, 'POST', `/v1/contacts/${contact.contact_id}/find-email`, {
          body: { account_id: accounts.member },
        });
        expect(reply.status).toBe(200);
        const found = reply.body.data.contact;
        expect(found).toHaveProperty('sequence');
        expect(found).toHaveProperty('last_interaction_at');
        if (found.sequence) {
          withSequence++;
          expect(found.sequence.steps.length).toBeGreaterThan(0);
          for (const step of found.sequence.steps) expect(Number.isInteger(step.position)).toBe(true);
        }
      }
      expect(withSequence).toBeGreaterThan(0);
    });

    it('has at least 2 app-created views per account', async () => {
      for (const accountId of Object.values(accounts)) {
        const views = await walk(KEYS.admin, `/v1/views?account_id=${accountId}`, 'views');
        expect(views.length).toBeGreaterThanOrEqual(2);
        for (const view of views) {
          expect(view.account.account_id).toBe(accountId);
          expect(view.type).toBe('contact');
        }
      }
    });

    it('has at least 40 conversations per account, with messages, some with attachments', async () => {
      for (const accountId of Object.values(accounts)) {
        const conversations = await walk(KEYS.admin, `/v1/conversations?account_id=${accountId}&limit=25`, 'conversations');
        expect(conversations.length, accountId).toBeGreaterThanOrEqual(40);
        let attachments = 0;
        for (const conversation of conversations.slice(0, 15)) {
          const messages = await walk(
            KEYS.admin,
            `/v1/conversations/${conversation.conversation_id}/messages?account_id=${accountId}&limit=25`,
            'messages',
          );
          expect(messages.length).toBeGreaterThan(0);
          attachments += messages.filter((message) => message.attachments.length > 0).length;
        }
        expect(attachments).toBeGreaterThan(0);
      }
    });

    it('has activity events over the 90 days before now, of several types and channels', async () => {
      const from = new Date(NOW - 90 * DAY).toISOString();
      const to = new Date(NOW).toISOString();
      const events = await walk(KEYS.admin, `/v1/activity?from=${from}&to=${to}&limit=200`, 'activity');
      expect(events.length).toBeGreaterThan(50);
      expect(new Set(events.map((event) => event.event_type)).size).toBeGreaterThanOrEqual(2);
      expect(new Set(events.map((event) => event.channel)).size).toBeGreaterThanOrEqual(2);
      expect(new Set(events.map((event) => event.event_type))).toContain('message_sent');
      const times = events.map((event) => Date.parse(event.occurred_at));
      expect(Math.min(...times)).toBeLessThan(NOW - 60 * DAY);
      expect(Math.max(...times)).toBeGreaterThan(NOW - 10 * DAY);
    });

    it('has a network of at least 500 people who are not yet contacts', async () => {
      const response = await fetch(`${BASE_URL}/__mock/network-profiles?imported=false&limit=1000`);
      const { profiles } = (await response.json()) as { profiles: { network_url: string; kind: string; full_name: string }[] };
      const people = profiles.filter((profile) => profile.kind === 'member');
      expect(people.length).toBeGreaterThanOrEqual(500);
      const known = new Set([...contactsByAccount.values()].flat().map((contact) => contact.network_url));
      for (const person of people) expect(known.has(person.network_url)).toBe(false);
    });

    it('registers Deal stage, Lead score and Is customer on Acme contacts and Tier on Acme companies', async () => {
      const contact = contactsByAccount.get(accounts.shared)![0];
      const ok = await api(KEYS.admin, 'PATCH', `/v1/contacts/${contact.contact_id}`, {
        body: { 'Deal stage': 'Won', 'Lead score': 42.5, 'Is customer': true },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.data.contact).toMatchObject({ 'Deal stage': 'Won', 'Lead score': 42.5, 'Is customer': true });
      const company = await api(KEYS.admin, 'PATCH', `/v1/companies/${contact.company.company_id}`, { body: { Tier: 'Enterprise' } });
      expect(company.status).toBe(200);
      expect(company.body.data.company.Tier).toBe('Enterprise');
      const fields = await (await fetch(`${BASE_URL}/__mock/custom-fields`)).json();
      const text = JSON.stringify(fields);
      for (const name of ['Deal stage', 'Lead score', 'Is customer', 'Tier']) expect(text).toContain(name);
    });
  });
});

describe('read from the store', () => {
  const ID = /^[1-9][0-9]*$/;
  const store: StoreReader = readerOf(createStore());

  function organizationOfKey(key: string) {
    const apiKey = store.apiKey(key);
    const user = apiKey && store.user(apiKey.user_id);
    return { apiKey, user, organization: user && store.organization(user.organization_id) };
  }

  describe('createStore determinism', () => {
    it('gives the same dataset for the same seed and now, and another for another seed', () => {
      const first = JSON.stringify(dumpStore(createStore({ seed: 7 })));
      expect(JSON.stringify(dumpStore(createStore({ seed: 7 })))).toBe(first);
      expect(JSON.stringify(dumpStore(createStore({ seed: 8 })))).not.toBe(first);
    });

    it('anchors dates at now', () => {
      const later = readerOf(createStore({ now: '2027-06-01T00:00:00Z' }));
      const newest = [...later.activity()].sort((a, b) => (a.occurred_at < b.occurred_at ? -1 : 1)).at(-1)?.occurred_at ?? '';
      expect(newest < '2027-06-01T00:00:00Z').toBe(true);
      expect(newest > '2027-02-01T00:00:00Z').toBe(true);
    });

    it('refuses options that cannot make a dataset', () => {
      expect(() => createStore({ now: 'yesterday' })).toThrow(/now/);
      expect(() => createStore({ contactsPerAccount: -1 })).toThrow(/contactsPerAccount/);
    });
  });

  describe('default dataset', () => {
    it('has the fixture keys with their situations', () => {
      expect(organizationOfKey(FIXTURE_KEYS.admin).user?.is_admin).toBe(true);
      expect(organizationOfKey(FIXTURE_KEYS.admin).organization?.name).toBe('Acme');
      expect(organizationOfKey(FIXTURE_KEYS.member).user?.is_admin).toBe(false);
      expect(organizationOfKey(FIXTURE_KEYS.member).organization?.name).toBe('Acme');
      expect(organizationOfKey(FIXTURE_KEYS.retired).apiKey?.retired).toBe(true);
      expect(organizationOfKey(FIXTURE_KEYS.apiDisabled).organization?.api_access_enabled).toBe(false);
      expect(organizationOfKey(FIXTURE_KEYS.inactiveUser).user?.active).toBe(false);
      expect(organizationOfKey(FIXTURE_KEYS.noApiFeature).organization?.plan_includes_api).toBe(false);
      expect(organizationOfKey(FIXTURE_KEYS.noCredits).organization?.credits).toBe(0);
      expect(organizationOfKey(FIXTURE_KEYS.otherOrg).organization?.name).toBe('Globex');
      expect(organizationOfKey(FIXTURE_KEYS.admin).organization?.credits).toBeGreaterThan(100);
    });

    it("gives Acme the admin's shared account, the member's shared account and the admin's private one", () => {
      const admin = organizationOfKey(FIXTURE_KEYS.admin).user!;
      const member = organizationOfKey(FIXTURE_KEYS.member).user!;
      const acme = store.accountsOf(admin.organization_id);
      expect(acme.some((account) => account.owner_user_id === admin.id && account.shared_for_api)).toBe(true);
      expect(acme.some((account) => account.owner_user_id === member.id && account.shared_for_api)).toBe(true);
      expect(acme.some((account) => account.owner_user_id === admin.id && !account.shared_for_api)).toBe(true);
      const globex = organizationOfKey(FIXTURE_KEYS.otherOrg).organization!;
      expect(store.accountsOf(globex.id).length).toBeGreaterThanOrEqual(1);
    });

    it('registers the custom fields of Acme contacts and companies', () => {
      const acme = organizationOfKey(FIXTURE_KEYS.admin).organization!;
      expect(store.customFieldsOf(acme.id, 'contact').map((field) => [field.name, field.type])).toEqual([
        ['Deal stage', 'string'],
        ['Lead score', 'number'],
        ['Is customer', 'boolean'],
      ]);
      expect(store.customFieldsOf(acme.id, 'company').map((field) => [field.name, field.type])).toEqual([['Tier', 'string']]);
    });

    const mainAccounts = () =>
      [FIXTURE_KEYS.admin, FIXTURE_KEYS.otherOrg, FIXTURE_KEYS.noCredits].flatMap((key) =>
        store.accountsOf(organizationOfKey(key).organization!.id),
      );

    it('gives every account of Acme, Globex and Initech contacts covering what the filters look at', () => {
      for (const account of mainAccounts()) {
        const contacts = store.contactsOf(account.account_id);
        expect(contacts.length).toBeGreaterThanOrEqual(150);
        expect(new Set(contacts.map((contact) => contact.relationship_status))).toEqual(new Set(['connected', 'not_connected', 'unknown']));
        expect(contacts.some((c) => c.connection_invitation?.status === 'pending' && c.connection_invitation.direction === 'incoming')).toBe(true);
        const colors = new Set(contacts.flatMap((contact) => contact.tags.map((tag) => tag.color)));
        expect(colors).toEqual(new Set(['green', 'red']));
        expect(contacts.some((contact) => contact.notes_json !== null && JSON.parse(contact.notes_json) !== null)).toBe(true);
        expect(contacts.some((contact) => contact.custom_fields.size > 0)).toBe(true);
        expect(contacts.some((contact) => contact.sequence !== null)).toBe(true);
        const details = store.personDetails(contacts[0]!.person);
        expect(details.experiences.length).toBeGreaterThan(0);
        expect(details.educations.length).toBeGreaterThan(0);
        expect(details.languages.length).toBeGreaterThan(0);
        for (const contact of contacts) {
          expect(contact.contact_id).toMatch(ID);
          expect(store.companyOfContact(contact).account_id).toBe(account.account_id);
        }
      }
    });

    it('gives Acme contacts values of every registered field, of the registered types', () => {
      const acme = organizationOfKey(FIXTURE_KEYS.admin).organization!;
      const fields = store.customFieldsOf(acme.id, 'contact');
      const contacts = store.accountsOf(acme.id).flatMap((account) => store.contactsOf(account.account_id));
      for (const field of fields) {
        const values = contacts.flatMap((contact) => (contact.custom_fields.has(field.name) ? [contact.custom_fields.get(field.name)] : []));
        expect(values.length).toBeGreaterThan(0);
        expect(values.every((value) => typeof value === field.type)).toBe(true);
      }
    });

    it('gives every account app-created views and conversations with messages between its contacts', () => {
      for (const account of mainAccounts()) {
        const views = store.viewsOf(account.account_id);
        expect(views.filter((view) => view.origin === 'app').length).toBeGreaterThanOrEqual(2);
        for (const view of views) expect(store.contactsOfView(view).length).toBeGreaterThan(0);
        const conversations = store.conversationsOf(account.account_id);
        expect(conversations.length).toBeGreaterThanOrEqual(40);
        const contactIds = new Set(store.contactsOf(account.account_id).map((contact) => contact.contact_id));
        for (const conversation of conversations) {
          expect(conversation.messages.length).toBeGreaterThan(0);
          expect(conversation.participant_contact_ids.every((id) => contactIds.has(id))).toBe(true);
        }
        expect(conversations.some((conversation) => conversation.messages.some((message) => message.attachments.length > 0))).toBe(true);
      }
    });

    it('has activity over the 90 days before now, of several types, channels and sources, per user and account', () => {
      const from = new Date(store.now.getTime() - 90 * 86_400_000).toISOString();
      const now = store.now.toISOString();
      expect(store.activity().length).toBeGreaterThan(100);
      for (const event of store.activity()) {
        expect(event.occurred_at >= from && event.occurred_at < now).toBe(true);
        expect(event.id).toMatch(ID);
        expect(store.account(event.account_id)?.owner_user_id).toBe(event.user_id);
      }
      const types = new Set(store.activity().map((event) => event.event_type));
      expect(types).toContain('message_sent');
      expect(types).toContain('outbound_reply_received');
      expect(types.size).toBeGreaterThanOrEqual(4);
      expect(new Set(store.activity().map((event) => event.channel))).toEqual(new Set(['network_message', 'network_inmail', 'network_connection']));
      expect(new Set(store.activity().map((event) => event.source)).size).toBeGreaterThanOrEqual(3);
    });

    it('has a network of at least 500 people nobody has imported, and companies nobody tracks', () => {
      const notImported = [...store.people()].filter((person) => !store.isImported(person));
      expect(notImported.length).toBeGreaterThanOrEqual(500);
      const tracked = new Set([...store.allCompanies()].map((company) => company.network));
      expect(store.networkCompanies().some((company) => !tracked.has(company))).toBe(true);
      expect(store.person('upstream-error')).toBeUndefined();
      expect(store.person('conflict')).toBeUndefined();
    });

    it('keeps the search text of a contact in lowercase and covering tags, notes and work history', () => {
      const contact = [...store.allContacts()].find((candidate) => candidate.tags.length > 0 && candidate.notes_json)!;
      const { search_text } = store.searchTextsOf(contact);
      expect(search_text).toBe(search_text.toLowerCase());
      expect(search_text).toContain(contact.tags[0]!.name.toLowerCase());
      const past = store.personDetails(contact.person).experiences.at(-1)!;
      expect(search_text).toContain(past.company_name.toLowerCase());
    });
  });
});
