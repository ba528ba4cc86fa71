import { describe, expect, it } from 'vitest';
import { send, useMock } from '../support/harness';
import { ENGINE_TEST_MOCK } from '../support/engine-routes';

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
