import { defineTools } from './tool';

export const draftTools = defineTools({
  operationId: 'createDraft',
  toolset: 'conversations',
  description:
    'Saves a reply to a conversation, or a message to a contact, as a draft. Nothing is ever sent: a person reviews it. Saving again replaces the draft.',
  describe: {
    account_id: 'The account_id of the conversation (list_conversations) or contact (list_contacts).',
    draft_message: 'The text of the draft.',
    contact_id: 'For a new message: the contact_id (list_contacts). Give this or conversation_id.',
    conversation_id: 'For a reply: the conversation_id (list_conversations). Give this or contact_id.',
  },
  idSteps: { account_id: 'take account_id from the same list_conversations item as the conversation_id (or the list_contacts item of the contact_id)' },
  keepOf: { name: 'conversation_id', because: 'a reply goes to the conversation, which already has its contacts' },
  label: 'saved draft (not sent)',
  write: { idempotent: true },
});
