import { defineRoute } from '../engine/router';
import { accountWire } from '../wire/shapes';

export const listAccounts = defineRoute('listAccounts', (ctx) => ({
  status: 200,
  body: {
    data: {
      accounts: ctx.accounts
        .accessible()
        .sort((a, b) => Number(a.account_id) - Number(b.account_id))
        .map(accountWire),
    },
  },
}));
