import { describe, expect, it, beforeAll } from 'vitest';
import { ADMIN, api, OTHER_ORG, accountsOf, useMock, walk, acmeAccounts, expectError, get, KEYS, type Accounts } from '../support/harness';

describe('checked against the seeded store', () => {
  const mock = useMock();

  const db = () => mock().db;
  const orgOf = (key: string) => db().user(db().apiKey(key)!.user_id)!.organization_id;
  const sharedAccountId = () => db().accountsOf(orgOf(ADMIN)).find((account) => account.shared_for_api)!.account_id;
  const privateAccountId = () => db().accountsOf(orgOf(ADMIN)).find((account) => !account.shared_for_api)!.account_id;

  describe('GET /v1/companies', () => {
    it("walks the companies of an account's contacts once each, by company_id, with contact counts", async () => {
      const account = sharedAccountId();
      const companies = await walk(ADMIN, `/v1/companies?account_id=${account}&limit=25`, 'companies', { operation: 'listCompanies' });
      const expected = new Map<string, number>();
      for (const contact of db().contactsOf(account)) expected.set(contact.company_id, (expected.get(contact.company_id) ?? 0) + 1);
      expect(companies.map((company) => company.company_id)).toEqual([...expected.keys()].sort((a, b) => Number(a) - Number(b)));
      for (const company of companies) {
        expect(company.account_id).toBe(account);
        expect(company.contact_count).toBe(expected.get(company.company_id));
      }
      expect(companies.some((company) => typeof company.Tier === 'string')).toBe(true);
    });

    it("answers the companies of a view's contacts, ignoring account_id; an unknown view is 404", async () => {
      const view = db().viewsOf(sharedAccountId()).find((candidate) => candidate.rules.contact_ids)!;
      const companies = await walk(ADMIN, `/v1/companies?view_id=${view.public_id}&account_id=${privateAccountId()}`, 'companies', { operation: 'listCompanies' });
      const expected = new Set(db().contactsOfView(view).map((contact) => contact.company_id));
      expect(new Set(companies.map((company) => company.company_id))).toEqual(expected);
      const missing = await api(ADMIN, 'GET', '/v1/companies?view_id=424242');
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('not_found');
      expect((await api(OTHER_ORG, 'GET', `/v1/companies?view_id=${view.id}`)).status).toBe(404);
    });
  });

  describe('PATCH /v1/companies/{company_id}', () => {
    const company = () => db().companyOfContact(db().contactsOf(sharedAccountId())[0]!);

    it('changes tags, notes and registered fields and keeps them', async () => {
      const target = company();
      const answer = await api(ADMIN, 'PATCH', `/v1/companies/${target.company_id}`, {
        body: { account_id: target.account_id, tags: { set: [{ name: 'Target', color: 'red' }] }, notes_json: '["api back"]', Tier: 'Enterprise' },
        operation: 'updateCompany',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data.company).toMatchObject({ company_id: target.company_id, tags: [{ name: 'Target', color: 'red' }], notes_json: '["api back"]', Tier: 'Enterprise' });
      const listed = await walk(ADMIN, `/v1/companies?account_id=${target.account_id}&limit=25`, 'companies', { operation: 'listCompanies' });
      expect(listed.find((item) => item.company_id === target.company_id)).toMatchObject({ Tier: 'Enterprise', notes_json: '["api back"]' });
    });

    it('rejects bad bodies with 400 and unknown or foreign companies with 404', async () => {
      const target = company();
      const before = mock().exportState();
      const wrongType = await api(ADMIN, 'PATCH', `/v1/companies/${target.company_id}`, { body: { tags: { add: [{ name: 'Nope', color: 'red' }] }, Tier: 3 } });
      expect(wrongType.status).toBe(400);
      expect((await api(ADMIN, 'PATCH', `/v1/companies/${target.company_id}`, { body: { 'Deal stage': 'Won' } })).status).toBe(400);
      expect(mock().exportState()).toBe(before);
      expect((await api(ADMIN, 'PATCH', '/v1/companies/999999999', { body: { Tier: 'SMB' } })).status).toBe(404);
      expect((await api(OTHER_ORG, 'PATCH', `/v1/companies/${target.company_id}`, { body: { Tier: 'SMB' } })).status).toBe(404);
    });
  });
});

describe('through the API alone', () => {
  useMock();

  let accounts: Accounts;
  let contacts: any[];
  const ids = (items: { company_id: string }[]) => items.map((item) => item.company_id);

  beforeAll(async () => {
    accounts = await acmeAccounts();
    contacts = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=25`, 'contacts');
  });

  describe('GET /v1/companies', () => {
    it('lists the companies of the account contacts once each, paged with the common rules', async () => {
      const companies = await walk(KEYS.admin, `/v1/companies?account_id=${accounts.shared}&limit=25`, 'companies');
      const expected = new Set(contacts.map((contact) => contact.company.company_id));
      expect(new Set(ids(companies))).toEqual(expected);
      expect(new Set(ids(companies)).size).toBe(companies.length);
      for (const company of companies) {
        expect(company.company_id).toMatch(/^[1-9][0-9]*$/);
        expect(typeof company.name).toBe('string');
      }
      const first = await get(KEYS.admin, `/v1/companies?account_id=${accounts.shared}`);
      expect(first.body.data.companies).toHaveLength(10);
      expect(first.body.data.pagination).toMatchObject({ limit: 10, has_more: true });
      const clamped = await get(KEYS.admin, `/v1/companies?account_id=${accounts.shared}&limit=1000`);
      expect(clamped.body.data.companies).toHaveLength(25);
      expect(clamped.body.data.pagination.limit).toBe(25);
      expectError(await get(KEYS.admin, '/v1/companies?limit=0'), 400, 'bad_request');
      expectError(await get(KEYS.admin, '/v1/companies?limit=1.5'), 400, 'bad_request');
    });

    it('takes view_id as id or public_id, scoped to the view account, ignoring account_id', async () => {
      const views = (await get(KEYS.admin, `/v1/views?account_id=${accounts.shared}`)).body.data.views;
      for (const view of views) {
        const members = await walk(KEYS.admin, `/v1/contacts?view_id=${view.id}&limit=25`, 'contacts');
        const expected = new Set(members.map((contact) => contact.company.company_id));
        const byId = await walk(KEYS.admin, `/v1/companies?view_id=${view.id}`, 'companies');
        const byPublicId = await walk(KEYS.admin, `/v1/companies?view_id=${view.public_id}`, 'companies');
        const withOtherAccount = await walk(KEYS.admin, `/v1/companies?view_id=${view.id}&account_id=${accounts.member}`, 'companies');
        const withUnusableAccount = await walk(KEYS.member, `/v1/companies?view_id=${view.id}&account_id=${accounts.private}`, 'companies');
        expect(new Set(ids(byId))).toEqual(expected);
        expect(ids(byPublicId)).toEqual(ids(byId));
        expect(ids(withOtherAccount)).toEqual(ids(byId));
        expect(ids(withUnusableAccount)).toEqual(ids(byId));
      }
    });

    it('answers 404 for an unknown or foreign view, 403 for a view of an unshared account', async () => {
      expectError(await get(KEYS.admin, '/v1/companies?view_id=999999999'), 404, 'not_found');
      expectError(await get(KEYS.admin, '/v1/companies?view_id=vw_nosuchview'), 404, 'not_found');
      const globexView = (await get(KEYS.otherOrg, '/v1/views')).body.data.views[0];
      expectError(await get(KEYS.admin, `/v1/companies?view_id=${globexView.id}`), 404, 'not_found');
      const privateView = (await get(KEYS.admin, `/v1/views?account_id=${accounts.private}`)).body.data.views[0];
      expectError(await get(KEYS.member, `/v1/companies?view_id=${privateView.id}`), 403, 'account_shared_access_required');
    });
  });

  describe('PATCH /v1/companies/{company_id}', () => {
    it('updates tags, notes and the Tier field and answers the updated company', async () => {
      const companyId = contacts[0].company.company_id;
      const reply = await api(KEYS.admin, 'PATCH', `/v1/companies/${companyId}`, {
        body: {
          account_id: accounts.shared,
          tags: { set: [{ name: 'Key account', color: 'green' }] },
          notes_json: '{"text":"renewal in May"}',
          Tier: 'Enterprise',
        },
      });
      expect(reply.status).toBe(200);
      const company = reply.body.data.company;
      expect(company).toMatchObject({ company_id: companyId, notes_json: '{"text":"renewal in May"}', Tier: 'Enterprise' });
      expect(company.tags).toEqual([{ name: 'Key account', color: 'green' }]);
      const added = await api(KEYS.admin, 'PATCH', `/v1/companies/${companyId}`, {
        body: { tags: { add: [{ name: 'Key account', color: 'green' }, { name: 'Risk', color: 'red' }], remove: ['Nope'] } },
      });
      expect(added.body.data.company.tags).toEqual([{ name: 'Key account', color: 'green' }, { name: 'Risk', color: 'red' }]);
      const cleared = await api(KEYS.admin, 'PATCH', `/v1/companies/${companyId}`, { body: { notes_json: null, Tier: null } });
      expect(cleared.body.data.company.notes_json).toBeNull();
      expect(cleared.body.data.company.Tier ?? null).toBeNull();
      const listed = await walk(KEYS.admin, `/v1/companies?account_id=${accounts.shared}&limit=25`, 'companies');
      expect(listed.find((item) => item.company_id === companyId).tags).toHaveLength(2);
    });

    it('answers 404 for an unknown or foreign company, 400 for a malformed id', async () => {
      const globexCompany = (await get(KEYS.otherOrg, '/v1/companies?limit=1')).body.data.companies[0].company_id;
      for (const id of ['999999999', globexCompany]) {
        expectError(await api(KEYS.admin, 'PATCH', `/v1/companies/${id}`, { body: { notes_json: null } }), 404, 'not_found');
      }
      for (const id of ['abc', '0', '007']) {
        expectError(await api(KEYS.admin, 'PATCH', `/v1/companies/${id}`, { body: { notes_json: null } }), 400, 'bad_request');
      }
    });

    it('answers 400 for a contact field, a wrong type, bad notes or mixed set, and changes nothing', async () => {
      const companyId = contacts[1].company.company_id;
      const url = `/v1/companies/${companyId}`;
      const before = (await api(KEYS.admin, 'PATCH', url, { body: {} })).body.data.company;
      for (const body of [
        { 'Deal stage': 'Won' },
        { tier: 'SMB' },
        { Tier: 3 },
        { notes_json: 'not json' },
        { tags: { set: [], add: [{ name: 'X', color: 'red' }] } },
      ]) {
        expectError(await api(KEYS.admin, 'PATCH', url, { body: { ...body, tags: body.tags ?? { add: [{ name: 'Y', color: 'red' }] } } }), 400, 'bad_request');
      }
      expectError(await api(KEYS.admin, 'PATCH', url, { rawBody: '{"Tier":' }), 400, 'bad_request');
      expect((await api(KEYS.admin, 'PATCH', url, { body: {} })).body.data.company).toEqual(before);
    });

    it('answers 403 for a company of an unshared account', async () => {
      const privateCompany = (await get(KEYS.admin, `/v1/companies?account_id=${accounts.private}&limit=1`)).body.data.companies[0].company_id;
      expectError(
        await api(KEYS.member, 'PATCH', `/v1/companies/${privateCompany}`, { body: { notes_json: null } }),
        403,
        'account_shared_access_required',
      );
    });
  });
});
