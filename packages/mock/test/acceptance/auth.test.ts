import { describe, expect, it } from 'vitest';
import { acmeAccounts, api, expectError, get, KEYS, useMock } from '../support/harness';

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

  it('gives each fixture key of contract §4 its documented outcome', async () => {
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

describe('contract §4: sk_test_no_credits', () => {
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

describe('contract §4: sk_test_other_org', () => {
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
