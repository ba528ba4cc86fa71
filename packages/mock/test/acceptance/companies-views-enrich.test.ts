import { beforeAll, describe, expect, it } from 'vitest';
import { acmeAccounts, api, expectError, freshProfileUrls, get, KEYS, useMock, walk, type Accounts } from '../support/harness';

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

describe('POST /v1/enrich', () => {
  const blockKeys = ['participant', 'languages', 'experiences', 'educations', 'locations', 'industries'];

  it('enriches a profile URL: a member profile block and its company block', async () => {
    const [url] = await freshProfileUrls(1);
    const reply = await api(KEYS.admin, 'POST', '/v1/enrich', { body: { account_id: accounts.shared, network_url: url } });
    expect(reply.status).toBe(200);
    const { profile, company } = reply.body.data.network_enrichment;
    expect(Object.keys(profile).sort()).toEqual([...blockKeys].sort());
    expect(Object.keys(company).sort()).toEqual([...blockKeys].sort());
    expect(profile.participant.kind).toBe('member');
    expect(company.participant.kind).toBe('company');
    expect(profile.participant.profile_url).toBe(url);
    expect(profile.participant.primary_company.provider_participant_id).toBe(company.participant.provider_participant_id);
    for (const experience of profile.experiences) expect(experience).toHaveProperty('metadata_json');
    for (const location of profile.locations) expect(Number.isInteger(location.sort_order)).toBe(true);
  });

  it('enriches an existing contact by contact_id', async () => {
    const contact = contacts[5];
    const reply = await api(KEYS.admin, 'POST', '/v1/enrich', { body: { account_id: accounts.shared, contact_id: contact.contact_id } });
    expect(reply.status).toBe(200);
    expect(reply.body.data.network_enrichment.profile.participant.public_identifier).toBe(contact.public_identifier);
  });

  it('answers 404 for an unknown profile or contact, 502 for the upstream-error handle, 400 without an identifier', async () => {
    const enrich = (body: unknown, key: string = KEYS.admin) => api(key, 'POST', '/v1/enrich', { body });
    expectError(await enrich({ account_id: accounts.shared, network_url: 'https://www.network.com/in/nobody-by-this-handle-xyz' }), 404, 'not_found');
    expectError(await enrich({ account_id: accounts.shared, contact_id: '999999999' }), 404, 'not_found');
    expectError(await enrich({ account_id: accounts.shared, network_url: 'https://www.network.com/in/upstream-error' }), 502, 'upstream_error');
    expectError(await enrich({ account_id: accounts.shared }), 400, 'bad_request');
    expectError(await enrich({ network_url: 'https://www.network.com/in/someone' }), 400, 'bad_request');
    expectError(await enrich({ account_id: accounts.shared, network_url: 'not a profile' }), 400, 'bad_request');
    expectError(await enrich({ account_id: accounts.shared, contact_id: 'abc' }), 400, 'bad_request');
    const privateContact = (await get(KEYS.admin, `/v1/contacts?account_id=${accounts.private}&limit=1`)).body.data.contacts[0];
    expectError(
      await enrich({ account_id: accounts.private, contact_id: privateContact.contact_id }, KEYS.member),
      403,
      'account_shared_access_required',
    );
  });
});
