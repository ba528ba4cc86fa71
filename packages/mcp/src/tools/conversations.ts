import { defineTools } from './tool';

const LAST_MESSAGE_CHARS = 280;

interface Participant {
  contact_id: string | null;
  name: string;
  is_account_owner: boolean;
  tags: unknown;
}

export const conversationTools = defineTools(
  {
    operationId: 'listConversations',
    toolset: 'conversations',
    description:
      'Conversations, latest first (participants without the account owner). Pass an item\'s conversation_id and account_id to list_conversation_messages and create_draft.',
    describe: {
      tag: 'Conversations with a participant of this tag.',
      contact_id: 'Conversations with this contact: its contact_id (list_contacts).',
    },
    projection: {
      fields: {
        conversation_id: true,
        account_id: true,
        participants: ({ participants }) =>
          (participants as Participant[]).filter((p) => !p.is_account_owner).map(({ contact_id, name, tags }) => ({ contact_id, name, tags })),
        last_message_at: true,
        last_message_text: ({ last_message_text: text }) =>
          typeof text === 'string' && text.length > LAST_MESSAGE_CHARS ? `${text.slice(0, LAST_MESSAGE_CHARS)}…` : text,
        message_count: true,
      },
    },
  },
  {
    operationId: 'listConversationMessages',
    toolset: 'conversations',
    description: 'A conversation\'s messages, newest first: limit 1 gives the last one.',
    describe: {
      conversation_id: 'The conversation_id (list_conversations).',
      account_id: 'The conversation\'s own account_id, from the same list_conversations item.',
    },
    idSteps: { account_id: 'take account_id from the same list_conversations item as the conversation_id (the conversation\'s own account, not any from list_accounts)' },
    projection: {
      fields: {
        message_id: true,
        direction: true,
        sent_at: true,
        text: true,
        sender_participant_id: true,
        attachments: ({ attachments }) => (attachments as Array<Record<string, unknown>>).map(({ kind, title, file_name }) => ({ kind, title, file_name })),
      },
    },
  },
);
