import { describe, expect, it, beforeAll } from 'vitest';
import { ADMIN, api, NO_CREDITS, accountsOf, useMock, acmeAccounts, expectError, freshProfileUrls, get, KEYS, walk, type Accounts } from '../support/harness';

describe('checked against the seeded store', () => {
  const mock = useMock();

  const db = () => mock().db;
  const orgOf = (key: string) => db().user(db().apiKey(key)!.user_id)!.organization_id;
  const sharedAccountId = () => db().accountsOf(orgOf(ADMIN)).find((account) => account.shared_for_api)!.account_id;

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
});

describe('through the API alone', () => {
  useMock();

  let accounts: Accounts;
  let contacts: any[];

  beforeAll(async () => {
    accounts = await acmeAccounts();
    contacts = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=25`, 'contacts');
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
});
