import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, acmeAccounts, api, get, KEYS, useMock, walk, type Accounts } from '../support/harness';

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

describe('contract §4: the default dataset (seed 1)', () => {
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
