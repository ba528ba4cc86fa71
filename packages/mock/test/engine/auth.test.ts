import { describe, expect, it } from 'vitest';
import { send, useMock, acmeAccounts, api, expectError, get, KEYS } from '../support/harness';
import { ENGINE_TEST_MOCK } from '../support/engine-routes';

describe("on the engine's test routes", () => {
  const mock = useMock({ ...ENGINE_TEST_MOCK, resetAfterEach: true });

  describe('authentication, in the order of section 5', () => {
    it('asks for the header when Authorization is missing', async () => {
      const { status, body } = await send('/v1/accounts', { key: null });
      expect(status).toBe(401);
      expect(body).toEqual({ code: 'unauthorized', message: 'Authorization header is required.' });
    });

    it('asks for the Bearer scheme when another scheme is used', async () => {
      const { status, body } = await send('/v1/accounts', { key: null, headers: { Authorization: 'Basic sk_test_admin' } });
      expect(status).toBe(401);
      expect(body).toEqual({ code: 'unauthorized', message: 'Authorization header must use the Bearer scheme.' });
    });

    it.each([
      ['an unknown key', 'sk_test_nobody'],
      ['the retired key', 'sk_test_retired'],
    ])('rejects %s as an invalid API key', async (_label, key) => {
      const { status, body } = await send('/v1/accounts', { key });
      expect(status).toBe(401);
      expect(body).toEqual({ code: 'unauthorized', message: 'Invalid API key.' });
    });

    it('rejects a Bearer header without a key as an invalid API key', async () => {
      const { status, body } = await send('/v1/accounts', { key: null, headers: { Authorization: 'Bearer' } });
      expect(status).toBe(401);
      expect(body.message).toBe('Invalid API key.');
    });

    it('refuses an organization whose API access is off', async () => {
      const { status, body } = await send('/v1/accounts', { key: mock().keys.apiDisabled });
      expect(status).toBe(403);
      expect(body).toEqual({ code: 'forbidden', message: "You don't have access to this organization." });
    });

    it('refuses the key of a deactivated user and says to ask an admin', async () => {
      const { status, body } = await send('/v1/accounts', { key: mock().keys.inactiveUser });
      expect(status).toBe(403);
      expect(body.code).toBe('forbidden');
      expect(body.message).toBe(
        'The API key is no longer linked to an active organization user. Ask an organization admin to regenerate the key.',
      );
    });

    it('refuses an organization whose plan lacks the API', async () => {
      const { status, body } = await send('/v1/accounts', { key: mock().keys.noApiFeature });
      expect(status).toBe(403);
      expect(body.code).toBe('billing_feature_not_available');
    });

    it('checks the key before anything about the request itself', async () => {
      const { status } = await send('/v1/contacts?limit=0', { key: 'sk_test_nobody' });
      expect(status).toBe(401);
    });

    it('lets an admin list activity and forbids it to a member', async () => {
      expect((await send('/v1/activity', { key: mock().keys.admin })).status).toBe(200);
      const { status, body } = await send('/v1/activity', { key: mock().keys.member });
      expect(status).toBe(403);
      expect(body).toEqual({ code: 'forbidden', message: 'Only organization admins can perform this action.' });
    });

    it('lets the no-credits organization read but not spend', async () => {
      const key = mock().keys.noCredits;
      const accounts = (await send('/v1/accounts', { key })).body.data as { accounts: { account_id: string }[] };
      const accountId = accounts.accounts[0]?.account_id as string;
      const contacts = await send(`/v1/contacts?account_id=${accountId}`, { key });
      expect(contacts.status).toBe(200);
      const contactId = (contacts.body.data as { contacts: { contact_id: string }[] }).contacts[0]?.contact_id;
      const { status, body } = await send(`/v1/contacts/${contactId}/find-email`, {
        key,
        method: 'POST',
        body: { account_id: accountId },
      });
      expect(status).toBe(403);
      expect(body.code).toBe('billing_insufficient_credits');
    });
  });

  describe('account access', () => {
    const accountIds = async (key: string) =>
      ((await send('/v1/accounts', { key })).body.data as { accounts: { account_id: string }[] }).accounts.map(
        (account) => account.account_id,
      );

    it('lists to a member only the accounts it may use', async () => {
      const admin = await accountIds(mock().keys.admin);
      const member = await accountIds(mock().keys.member);
      const acme = mock().db.accountsOf(mock().db.user(mock().db.apiKey(mock().keys.member)!.user_id)!.organization_id);
      expect(acme.length).toBeGreaterThanOrEqual(3);
      expect(member.length).toBeLessThan(acme.length);
      expect(admin.length).toBeGreaterThan(0);
    });

    it("answers 403 account_shared_access_required for a colleague's unshared account", async () => {
      const member = mock().db.user(mock().db.apiKey(mock().keys.member)!.user_id)!;
      const unshared = mock().db
        .accountsOf(member.organization_id)
        .find((account) => account.owner_user_id !== member.id && !account.shared_for_api);
      expect(unshared).toBeDefined();
      const { status, body } = await send(`/v1/contacts?account_id=${unshared!.account_id}`, { key: mock().keys.member });
      expect(status).toBe(403);
      expect(body.code).toBe('account_shared_access_required');
    });

    it("treats another organization's account as an unknown id", async () => {
      const [globexAccount] = await accountIds(mock().keys.otherOrg);
      const { status, body } = await send(`/v1/contacts?account_id=${globexAccount}`, { key: mock().keys.admin });
      expect(status).toBe(400);
      expect(body.code).toBe('bad_request');
      expect(body.message).toContain('account_id');
    });

    it('gives each organization only its own data', async () => {
      const acme = await send('/v1/organization', { key: mock().keys.admin });
      const globex = await send('/v1/organization', { key: mock().keys.otherOrg });
      expect(acme.body).not.toEqual(globex.body);
      const acmeAccounts = await accountIds(mock().keys.admin);
      const globexAccounts = await accountIds(mock().keys.otherOrg);
      expect(acmeAccounts.filter((id) => globexAccounts.includes(id))).toEqual([]);
    });
  });
});

describe('on the resource routes', () => {
  useMock();

  /** One request per operation of the description; bodies are valid enough to pass validation. */
  const EVERY_OPERATION: [string, string, unknown?][] = [
    ['GET', '/v1/organization'],
    ['GET', '/v1/accounts'],
    ['GET', '/v1/activity'],
    ['GET', '/v1/activity/summary'],
    ['POST', '/v1/enrich', { account_id: '101', network_url: 'https://www.network.com/in/someone' }],
    ['POST', '/v1/contacts', { account_id: '101', network_url: 'https://www.network.com/in/someone' }],
    ['GET', '/v1/contacts'],
    ['PATCH', '/v1/contacts/1', { notes_json: null }],
    ['POST', '/v1/contacts/1/find-email', { account_id: '101' }],
    ['GET', '/v1/companies'],
    ['PATCH', '/v1/companies/1', { notes_json: null }],
    ['GET', '/v1/conversations'],
    ['GET', '/v1/conversations/1/messages?account_id=101'],
    ['POST', '/v1/drafts', { account_id: '101', contact_id: '1', draft_message: 'Hi' }],
    ['GET', '/v1/views'],
    ['POST', '/v1/views', { account_id: '101', type: 'contact', name: 'V', filters: { specific_contacts: { contact_ids: ['1'] } } }],
  ];

  describe('section 5: authentication', () => {
    it('answers 401 "header is required" on every operation when the Authorization header is missing', async () => {
      for (const [method, path, body] of EVERY_OPERATION) {
        const reply = await api(KEYS.admin, method, path, { body, authorization: null });
        expectError(reply, 401, 'unauthorized', /header is required/i);
      }
    });

    it('answers 401 "must use the Bearer scheme" for another scheme', async () => {
      for (const authorization of [`Basic ${btoa('sk_test_admin:')}`, 'Token sk_test_admin', 'sk_test_admin']) {
        const reply = await api(KEYS.admin, 'GET', '/v1/accounts', { authorization });
        expectError(reply, 401, 'unauthorized', /Bearer scheme/);
      }
    });

    it('reads the scheme case-insensitively and tolerates extra spaces around the key', async () => {
      for (const authorization of ['bearer sk_test_admin', 'BEARER sk_test_admin', 'Bearer  sk_test_admin', ' Bearer sk_test_admin ']) {
        expect((await api(KEYS.admin, 'GET', '/v1/accounts', { authorization })).status, authorization).toBe(200);
      }
    });

    it('answers 401 "Invalid API key" for unknown, malformed, empty and retired keys', async () => {
      for (const authorization of ['Bearer sk_test_nope', 'Bearer ', 'Bearer', 'Bearer sk_test_admin extra', `Bearer ${KEYS.retired}`]) {
        const reply = await api(KEYS.admin, 'GET', '/v1/organization', { authorization });
        expectError(reply, 401, 'unauthorized', /Invalid API key/);
      }
    });

    it('gives each fixture key its documented outcome', async () => {
      expectError(await get(KEYS.retired, '/v1/contacts'), 401, 'unauthorized', /Invalid API key/);
      expectError(await get(KEYS.apiDisabled, '/v1/contacts'), 403, 'forbidden', /don't have access to this organization/i);
      expectError(await get(KEYS.inactiveUser, '/v1/contacts'), 403, 'forbidden', /admin.*regenerate/i);
      expectError(await get(KEYS.noApiFeature, '/v1/contacts'), 403, 'billing_feature_not_available');
      for (const key of [KEYS.admin, KEYS.member, KEYS.noCredits, KEYS.otherOrg]) {
        expect((await get(key, '/v1/organization')).status, key).toBe(200);
      }
    });

    it('keeps the same outcome for the failing keys on every operation', async () => {
      for (const [method, path, body] of EVERY_OPERATION) {
        expectError(await api(KEYS.retired, method, path, { body }), 401, 'unauthorized');
        expectError(await api(KEYS.apiDisabled, method, path, { body }), 403, 'forbidden');
        expectError(await api(KEYS.inactiveUser, method, path, { body }), 403, 'forbidden');
        expectError(await api(KEYS.noApiFeature, method, path, { body }), 403, 'billing_feature_not_available');
      }
    });

    it('checks the key before the parameters', async () => {
      expectError(await get(KEYS.retired, '/v1/contacts?limit=0'), 401, 'unauthorized');
      expectError(await api(KEYS.admin, 'PATCH', '/v1/contacts/abc', { rawBody: '{', authorization: null }), 401, 'unauthorized');
    });

    it('keeps activity to organization admins', async () => {
      for (const path of ['/v1/activity', '/v1/activity/summary']) {
        expectError(await get(KEYS.member, path), 403, 'forbidden', 'Only organization admins can perform this action.');
        expect((await get(KEYS.admin, path)).status).toBe(200);
        expect((await get(KEYS.otherOrg, path)).status).toBe(200);
      }
    });

    it('answers 403 account_shared_access_required for an account not shared with the caller', async () => {
      const accounts = await acmeAccounts();
      expectError(await get(KEYS.member, `/v1/contacts?account_id=${accounts.private}`), 403, 'account_shared_access_required');
      expectError(await get(KEYS.member, `/v1/views?account_id=${accounts.private}`), 403, 'account_shared_access_required');
      expectError(await get(KEYS.member, `/v1/companies?account_id=${accounts.private}`), 403, 'account_shared_access_required');
      const memberAccounts = (await get(KEYS.member, '/v1/accounts')).body.data.accounts.map((a: { account_id: string }) => a.account_id);
      expect(memberAccounts).not.toContain(accounts.private);
      expect(memberAccounts).toEqual(expect.arrayContaining([accounts.shared, accounts.member]));
    });
  });

  describe('sk_test_no_credits', () => {
    it('reads work', async () => {
      expect((await get(KEYS.noCredits, '/v1/accounts')).status).toBe(200);
      expect((await get(KEYS.noCredits, '/v1/contacts')).status).toBe(200);
      expect((await get(KEYS.noCredits, '/v1/views')).status).toBe(200);
      expect((await get(KEYS.noCredits, '/v1/companies')).status).toBe(200);
      expect((await get(KEYS.noCredits, '/v1/conversations')).status).toBe(200);
    });

    it('enrich and find-email give 403 billing_insufficient_credits', async () => {
      const account = (await get(KEYS.noCredits, '/v1/accounts')).body.data.accounts[0].account_id as string;
      const contact = (await get(KEYS.noCredits, `/v1/contacts?account_id=${account}&limit=1`)).body.data.contacts[0];
      expectError(
        await api(KEYS.noCredits, 'POST', `/v1/contacts/${contact.contact_id}/find-email`, { body: { account_id: account } }),
        403,
        'billing_insufficient_credits',
      );
      expectError(
        await api(KEYS.noCredits, 'POST', '/v1/enrich', { body: { account_id: account, contact_id: contact.contact_id } }),
        403,
        'billing_insufficient_credits',
      );
      expectError(
        await api(KEYS.noCredits, 'POST', '/v1/enrich', { body: { account_id: account, network_url: contact.network_url } }),
        403,
        'billing_insufficient_credits',
      );
    });

    it('gives 403 billing_insufficient_credits for enrich and find-email whatever profile or contact they name', async () => {
      const account = (await get(KEYS.noCredits, '/v1/accounts')).body.data.accounts[0].account_id as string;
      for (const network_url of ['https://www.network.com/in/someone-made-up', 'https://www.network.com/in/upstream-error']) {
        expectError(await api(KEYS.noCredits, 'POST', '/v1/enrich', { body: { account_id: account, network_url } }), 403, 'billing_insufficient_credits');
      }
      expectError(
        await api(KEYS.noCredits, 'POST', '/v1/contacts/1/find-email', { body: { account_id: account } }),
        403,
        'billing_insufficient_credits',
      );
      const imported = await api(KEYS.noCredits, 'POST', '/v1/contacts', {
        body: { account_id: account, network_url: 'https://www.network.com/in/someone-made-up' },
      });
      expectError(imported, 404, 'not_found');
    });
  });

  describe('sk_test_other_org', () => {
    it("sees Globex's data only, and Acme's ids are unknown ids", async () => {
      const organization = (await get(KEYS.otherOrg, '/v1/organization')).body.organization;
      expect(organization).toHaveLength(1);
      expect(organization[0].name).toBe('Globex');
      expect((await get(KEYS.admin, '/v1/organization')).body.organization[0].name).toBe('Acme');

      const accounts = await acmeAccounts();
      const globexAccounts = (await get(KEYS.otherOrg, '/v1/accounts')).body.data.accounts.map((a: { account_id: string }) => a.account_id);
      expect(globexAccounts.length).toBeGreaterThan(0);
      for (const acme of Object.values(accounts)) expect(globexAccounts).not.toContain(acme);
      const globexContacts = (await get(KEYS.otherOrg, '/v1/contacts?limit=25')).body.data.contacts;
      for (const contact of globexContacts) expect(globexAccounts).toContain(contact.account.account_id);

      expectError(await get(KEYS.otherOrg, `/v1/contacts?account_id=${accounts.shared}`), 400, 'bad_request');
      const acmeContact = (await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=1`)).body.data.contacts[0];
      expectError(
        await api(KEYS.otherOrg, 'PATCH', `/v1/contacts/${acmeContact.contact_id}`, { body: { notes_json: null } }),
        400,
        'bad_request',
      );
      expectError(
        await api(KEYS.otherOrg, 'PATCH', `/v1/companies/${acmeContact.company.company_id}`, { body: { notes_json: null } }),
        404,
        'not_found',
      );
      const acmeView = (await get(KEYS.admin, `/v1/views?account_id=${accounts.shared}`)).body.data.views[0];
      expectError(await get(KEYS.otherOrg, `/v1/contacts?view_id=${acmeView.id}`), 400, 'bad_request');
      expectError(await get(KEYS.otherOrg, `/v1/companies?view_id=${acmeView.public_id}`), 404, 'not_found');
      expect(JSON.stringify((await api(KEYS.otherOrg, 'PATCH', `/v1/contacts/${acmeContact.contact_id}`, { body: {} })).body)).not.toContain(
        acmeContact.name,
      );
    });
  });
});
