import { describe, expect, it } from 'vitest';
import { createStore, FIXTURE_KEYS, type Store } from '../../src/store/index';
import { dumpStore } from '../support/dump-store';

const ID = /^[1-9][0-9]*$/;
const store: Store = createStore();

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
    const later = createStore({ now: '2027-06-01T00:00:00Z' });
    const newest = [...later.activity()].sort((a, b) => (a.occurred_at < b.occurred_at ? -1 : 1)).at(-1)?.occurred_at ?? '';
    expect(newest < '2027-06-01T00:00:00Z').toBe(true);
    expect(newest > '2027-02-01T00:00:00Z').toBe(true);
  });

  it('refuses options that cannot make a dataset', () => {
    expect(() => createStore({ now: 'yesterday' })).toThrow(/now/);
    expect(() => createStore({ contactsPerAccount: -1 })).toThrow(/contactsPerAccount/);
  });
});

describe('default dataset (contract §4)', () => {
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
    expect(contact.search_text).toBe(contact.search_text.toLowerCase());
    expect(contact.search_text).toContain(contact.tags[0]!.name.toLowerCase());
    const past = store.personDetails(contact.person).experiences.at(-1)!;
    expect(contact.search_text).toContain(past.company_name.toLowerCase());
  });
});
