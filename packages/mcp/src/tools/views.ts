import type { ViewCreateBody, ViewListQuery } from '@network-org/sdk';
import { accountId, defineTools } from './tool';

export const viewTools = defineTools(
  {
    operationId: 'listViews',
    guidance: 'A view\'s `id` or `public_id` is the `view_id` of list_contacts and list_companies.',
    list: {
      key: 'views',
      projection: { fields: { id: true, public_id: true, name: true, description: true, view_kind: true, account: accountId, created_at: true } },
    },
    call: async (client, args, options) => client.views.list(args.query as ViewListQuery, options),
  },
  {
    operationId: 'createView',
    guidance: 'The contact_ids come from list_contacts, of the same account. Each call creates another view.',
    write: { idempotent: false },
    record: { key: 'view', label: 'created view' },
    call: async (client, args, options) => client.views.create(args.body as ViewCreateBody, options),
  },
);
