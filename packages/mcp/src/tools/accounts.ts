import { defineTools } from './tool';

export const accountTools = defineTools({
  operationId: 'listAccounts',
  toolset: 'context',
  description:
    'The connected accounts the key may use. Call it first: most tools take an account_id from here.',
});
