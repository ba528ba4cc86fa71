import { describe, expect, it } from 'vitest';
import { accountsOf, ADMIN, MEMBER, OTHER_ORG, useMock } from '../support/harness';

const mock = useMock();

describe('GET /v1/accounts', () => {
  it('lists the accounts the credential may use: the member does not see the admin account that is not shared', async () => {
    const db = mock().db;
    const acmeAccounts = [...db.accounts()].filter((account) => account.organization_id === db.user(db.apiKey(ADMIN)!.user_id)!.organization_id);
    const privateAccount = acmeAccounts.find((account) => !account.shared_for_api)!;
    const admin = await accountsOf(ADMIN);
    const member = await accountsOf(MEMBER);
    expect(admin.map((account) => account.account_id)).toContain(privateAccount.account_id);
    expect(admin).toHaveLength(acmeAccounts.length);
    expect(member.map((account) => account.account_id)).not.toContain(privateAccount.account_id);
    expect(member.length).toBe(acmeAccounts.length - 1);
  });

  it("never lists another organization's accounts", async () => {
    const acme = new Set((await accountsOf(ADMIN)).map((account) => account.account_id));
    const globex = await accountsOf(OTHER_ORG);
    expect(globex.length).toBeGreaterThan(0);
    expect(globex.some((account) => acme.has(account.account_id))).toBe(false);
  });
});
