import type { DraftCreateBody } from '@network-org/sdk';
import { defineTools } from './tool';

export const draftTools = defineTools({
  operationId: 'createDraft',
  guidance:
    'Nothing is ever sent: the draft waits in the app for a person to review and send it. Saving again for the same conversation or contact replaces the draft, so repeating a call is safe. To reply, pass the conversation_id and account_id from list_conversations; for a new message, a contact_id from list_contacts.',
  write: { idempotent: true },
  record: { key: 'draft', label: 'saved draft (not sent)' },
  call: async (client, args, options) => client.drafts.create(args.body as DraftCreateBody, options),
});
