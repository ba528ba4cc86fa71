import { describe, expect, it } from 'vitest';
import { ADMIN, api, MEMBER, NO_CREDITS, OTHER_ORG, accountsOf, useMock, walk } from '../support/harness';

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

describe('POST /v1/enrich', () => {
  it('enriches a network profile URL with its profile and company blocks, using a credit', async () => {
    const url = mock().networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles[0]!.network_url;
    const organization = db().organization(orgOf(ADMIN))!;
    const credits = organization.credits;
    const answer = await api(ADMIN, 'POST', '/v1/enrich', { body: { account_id: sharedAccountId(), network_url: url }, operation: 'enrich' });
    expect(answer.status).toBe(200);
    const { profile, company } = answer.body.data.network_enrichment;
    expect(profile.participant).toMatchObject({ kind: 'member', profile_url: url, headcount: null, about: null });
    expect(company.participant.kind).toBe('company');
    expect(profile.participant.primary_company.provider_participant_id).toBe(company.participant.provider_participant_id);
    expect(profile.experiences.length).toBeGreaterThan(0);
    expect(db().organization(orgOf(ADMIN))!.credits).toBe(credits - 1);
  });

  it('enriches an existing contact by contact_id and a company URL', async () => {
    const contact = db().contactsOf(sharedAccountId())[0]!;
    const byContact = await api(ADMIN, 'POST', '/v1/enrich', { body: { account_id: contact.account_id, contact_id: contact.contact_id }, operation: 'enrich' });
    expect(byContact.body.data.network_enrichment.profile.participant.public_identifier).toBe(contact.person.public_identifier);
    const companyUrl = mock().networkProfiles({ kind: 'company', limit: 1 }).profiles[0]!.network_url;
    const byCompany = await api(ADMIN, 'POST', '/v1/enrich', { body: { account_id: contact.account_id, network_url: companyUrl }, operation: 'enrich' });
    expect(byCompany.body.data.network_enrichment.profile.participant).toMatchObject({ kind: 'company', first_name: null });
  });

  it('answers 400, 404, 502 and 403 where the description says', async () => {
    const account = sharedAccountId();
    const cases: [unknown, number, string][] = [
      [{ account_id: account }, 400, 'bad_request'],
      [{ account_id: account, network_url: 'x', contact_id: '1' }, 400, 'bad_request'],
      [{ account_id: account, network_url: 'ftp:nothing' }, 400, 'bad_request'],
      [{ account_id: account, network_url: 'https://www.network.com/in/no-such-person' }, 404, 'not_found'],
      [{ account_id: account, contact_id: '999999999' }, 404, 'not_found'],
      [{ account_id: account, network_url: 'https://www.network.com/in/upstream-error' }, 502, 'upstream_error'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await api(ADMIN, 'POST', '/v1/enrich', { body });
      expect([answer.status, answer.body.code]).toEqual([status, code]);
    }
    const initech = (await accountsOf(NO_CREDITS))[0]!.account_id;
    const url = mock().networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles[0]!.network_url;
    const broke = await api(NO_CREDITS, 'POST', '/v1/enrich', { body: { account_id: initech, network_url: url } });
    expect([broke.status, broke.body.code]).toEqual([403, 'billing_insufficient_credits']);
  });
});
