import type { ConversationListQuery, MessageListQuery } from '@network-org/sdk';
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
    guidance:
      'Each item carries its `account_id`: pass it with `conversation_id` to list_conversation_messages and create_draft. The account owner is left out of the participants shown; pass fields ["*"] for whole records.',
    list: {
      key: 'conversations',
      projection: {
        fields: {
          conversation_id: true,
          account_id: true,
          participants: (value) =>
            (value as Participant[]).filter((p) => !p.is_account_owner).map(({ contact_id, name, tags }) => ({ contact_id, name, tags })),
          last_message_at: true,
          last_message_text: (value) =>
            typeof value === 'string' && value.length > LAST_MESSAGE_CHARS ? `${value.slice(0, LAST_MESSAGE_CHARS)}…` : value,
          message_count: true,
        },
      },
    },
    call: async (client, args, options) => client.conversations.list(args.query as ConversationListQuery, options),
  },
  {
    operationId: 'listConversationMessages',
    guidance: 'Newest first: limit 1 gives the last message. `account_id` is the conversation\'s, from list_conversations.',
    list: {
      key: 'messages',
      projection: {
        fields: {
          message_id: true,
          direction: true,
          sent_at: true,
          text: true,
          sender_participant_id: true,
          attachments: (value) => (value as Array<Record<string, unknown>>).map(({ kind, title, file_name }) => ({ kind, title, file_name })),
        },
      },
    },
    call: async (client, args, options) =>
      client.conversations.messages.list(args.path.conversationId as string, args.query as MessageListQuery, options),
  },
);
