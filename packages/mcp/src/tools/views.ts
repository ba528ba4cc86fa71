import { accountIdOf, defineTools } from './tool';

export const viewTools = defineTools(
  {
    operationId: 'listViews',
    toolset: 'views',
    description: 'Saved contact views, oldest first. A view\'s id or public_id is the view_id of list_contacts and list_companies.',
    projection: {
      fields: { id: true, public_id: true, name: true, description: true, view_kind: true, account_id: accountIdOf, created_at: true },
    },
  },
  {
    operationId: 'createView',
    toolset: 'views',
    description: 'Creates a view of specific contacts of one account. Each call creates another view.',
    describe: {
      account_id: 'The view\'s account_id (list_accounts), its contacts\' account.',
      name: 'The view\'s name.',
      description: 'What the view is for.',
      filters: '{"specific_contacts": {"contact_ids": [...]}}: contacts of the account (list_contacts).',
    },
    fixed: { type: 'contact' },
    label: 'created view',
    write: { idempotent: false, uncertain: 'It may have been created: call list_views and look for it before creating it again.' },
  },
);
