import { describe, expect, it, beforeAll } from 'vitest';
import { ADMIN, api, MEMBER, accountsOf, useMock, walk, acmeAccounts, expectError, get, KEYS, type Accounts } from '../support/harness';

describe('checked against the seeded store', () => {
  const mock = useMock();

  const db = () => mock().db;
  const orgOf = (key: string) => db().user(db().apiKey(key)!.user_id)!.organization_id;
  const sharedAccountId = () => db().accountsOf(orgOf(ADMIN)).find((account) => account.shared_for_api)!.account_id;
  const privateAccountId = () => db().accountsOf(orgOf(ADMIN)).find((account) => !account.shared_for_api)!.account_id;

  describe('views', () => {
    it('lists app-created views oldest first, without their rules', async () => {
      const account = sharedAccountId();
      const views = await walk(ADMIN, `/v1/views?account_id=${account}`, 'views', { operation: 'listViews' });
      expect(views.length).toBeGreaterThanOrEqual(2);
      const created = views.map((view) => view.created_at);
      expect(created).toEqual([...created].sort());
      expect(views[0]).not.toHaveProperty('simple_filters_json');
    });

    it('creates a view from specific contacts, lists it and filters contacts by it', async () => {
      const account = sharedAccountId();
      const chosen = db().contactsOf(account).slice(20, 23).map((contact) => contact.contact_id);
      const created = await api(ADMIN, 'POST', '/v1/views', {
        body: { account_id: account, type: 'contact', name: 'Follow-ups', description: 'Met at the fair', filters: { specific_contacts: { contact_ids: chosen } } },
        operation: 'createView',
      });
      expect(created.status).toBe(201);
      const view = created.body.data.view;
      expect(view.selected_contact_ids).toEqual(chosen);
      expect(JSON.parse(view.simple_filters_json)).toEqual({ specific_contacts: { contact_ids: chosen } });
      const listed = await walk(ADMIN, `/v1/views?account_id=${account}`, 'views', { operation: 'listViews' });
      expect(listed.at(-1).id).toBe(view.id);
      const members = await walk(ADMIN, `/v1/contacts?view_id=${view.public_id}`, 'contacts', { operation: 'listContacts' });
      expect(members.map((contact) => contact.contact_id)).toEqual(chosen);
    });

    it("refuses unknown or another account's contact ids with 400", async () => {
      const foreign = db().contactsOf(privateAccountId())[0]!.contact_id;
      for (const contactIds of [['999999999'], [foreign]]) {
        const answer = await api(ADMIN, 'POST', '/v1/views', {
          body: { account_id: sharedAccountId(), type: 'contact', name: 'Bad', filters: { specific_contacts: { contact_ids: contactIds } } },
        });
        expect(answer.status).toBe(400);
      }
      const denied = await api(MEMBER, 'GET', `/v1/views?account_id=${privateAccountId()}`);
      expect(denied.body.code).toBe('account_shared_access_required');
    });
  });
});

describe('through the API alone', () => {
  useMock();

  let accounts: Accounts;
  let contacts: any[];

  beforeAll(async () => {
    accounts = await acmeAccounts();
    contacts = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=25`, 'contacts');
  });

  describe('views', () => {
    let firstMemberContact: any;
    const memberContact = async () =>
      (firstMemberContact ??= (await get(KEYS.admin, `/v1/contacts?account_id=${accounts.member}&limit=1`)).body.data.contacts[0]);

    it('lists views with the list fields, paged', async () => {
      const views = await walk(KEYS.admin, '/v1/views', 'views');
      expect(views.length).toBeGreaterThanOrEqual(6);
      for (const view of views) {
        for (const key of ['id', 'public_id', 'type', 'view_kind', 'name', 'description', 'account', 'app_url', 'created_at', 'updated_at']) {
          expect(view, key).toHaveProperty(key);
        }
      }
      const page = await get(KEYS.admin, '/v1/views?limit=2');
      expect(page.body.data.views).toHaveLength(2);
      expect(page.body.data.pagination).toMatchObject({ limit: 2, has_more: true });
      expectError(await get(KEYS.admin, '/v1/views?limit=0'), 400, 'bad_request');
      expectError(await get(KEYS.member, `/v1/views?account_id=${accounts.private}`), 403, 'account_shared_access_required');
    });

    it('creates a contact view from specific contacts: 201 with selected_contact_ids and simple_filters_json', async () => {
      const picked = contacts.slice(40, 43).map((contact) => contact.contact_id);
      const reply = await api(KEYS.admin, 'POST', '/v1/views', {
        body: {
          account_id: accounts.shared,
          type: 'contact',
          name: 'Follow-ups',
          description: 'Three to call',
          filters: { specific_contacts: { contact_ids: picked } },
        },
      });
      expect(reply.status).toBe(201);
      const view = reply.body.data.view;
      expect(view).toMatchObject({ type: 'contact', name: 'Follow-ups', description: 'Three to call' });
      expect(view.account.account_id).toBe(accounts.shared);
      expect(view.selected_contact_ids).toEqual(picked);
      expect(typeof JSON.parse(view.simple_filters_json)).toBe('object');
      expect(view.id).not.toBe(view.public_id);
      const listed = await walk(KEYS.admin, `/v1/views?account_id=${accounts.shared}`, 'views');
      expect(listed.map((item) => item.id)).toContain(view.id);
    });

    it('clamps the views page to 25', async () => {
      for (let index = 0; index < 26; index++) {
        const created = await api(KEYS.admin, 'POST', '/v1/views', {
          body: {
            account_id: accounts.member,
            type: 'contact',
            name: `Bulk ${index}`,
            description: 'bulk',
            filters: { specific_contacts: { contact_ids: [(await memberContact()).contact_id] } },
          },
        });
        expect(created.status).toBe(201);
      }
      const page = await get(KEYS.admin, `/v1/views?account_id=${accounts.member}&limit=1000`);
      expect(page.body.data.views).toHaveLength(25);
      expect(page.body.data.pagination).toMatchObject({ limit: 25, has_more: true });
      const views = await walk(KEYS.admin, `/v1/views?account_id=${accounts.member}&limit=25`, 'views');
      expect(views.length).toBeGreaterThanOrEqual(28);
      expect(new Set(views.map((view) => view.id)).size).toBe(views.length);
    });

    it('answers 400 for a view of unknown or foreign contacts or a bad body, 403 for an unshared account', async () => {
      const base = { account_id: accounts.shared, type: 'contact', name: 'Bad', description: 'x' };
      const before = await walk(KEYS.admin, `/v1/views?account_id=${accounts.shared}`, 'views');
      const otherAccountContact = (await get(KEYS.admin, `/v1/contacts?account_id=${accounts.member}&limit=1`)).body.data.contacts[0];
      for (const body of [
        { ...base, filters: { specific_contacts: { contact_ids: ['999999999'] } } },
        { ...base, filters: { specific_contacts: { contact_ids: [otherAccountContact.contact_id] } } },
        { ...base, filters: { specific_contacts: { contact_ids: ['abc'] } } },
        { ...base, type: 'company', filters: { specific_contacts: { contact_ids: [contacts[0].contact_id] } } },
        { ...base, filters: {} },
        { ...base, name: undefined, filters: { specific_contacts: { contact_ids: [contacts[0].contact_id] } } },
      ]) {
        expectError(await api(KEYS.admin, 'POST', '/v1/views', { body }), 400, 'bad_request');
      }
      expect(await walk(KEYS.admin, `/v1/views?account_id=${accounts.shared}`, 'views')).toEqual(before);
      const privateContact = (await get(KEYS.admin, `/v1/contacts?account_id=${accounts.private}&limit=1`)).body.data.contacts[0];
      expectError(
        await api(KEYS.member, 'POST', '/v1/views', {
          body: { ...base, account_id: accounts.private, filters: { specific_contacts: { contact_ids: [privateContact.contact_id] } } },
        }),
        403,
        'account_shared_access_required',
      );
    });
  });
});
