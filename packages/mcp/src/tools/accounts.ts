import { defineTools } from './tool';

export const accountTools = defineTools({
  operationId: 'listAccounts',
  guidance:
    'Call it first: every other tool takes an `account_id` from here. Only the accounts listed may be used; another gives account_shared_access_required.',
  list: { key: 'accounts', projection: { fields: { account_id: true, display_name: true, provider_account_id: true, owner_user_id: true } } },
  call: async (client, _args, options) => ({ items: await client.accounts.list(options) }),
});
