import type { MockApi } from '@network-org/mock';

export const ADMIN_KEY = 'sk_test_admin';

/** Acme's admin account shared for API use: the one `primaryAccountContacts` sizes. */
export function primaryAccountId(mock: MockApi): string {
  const admin = mock.db.apiKey(mock.keys.admin);
  const account = mock.db.accounts().find((record) => record.owner_user_id === admin?.user_id && record.shared_for_api);
  if (!account) throw new Error("the mock's dataset has no shared account of the admin key");
  return account.account_id;
}
