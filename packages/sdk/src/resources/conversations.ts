import type { Conversation, Message } from '@network-org/spec/openapi';
import type { OperationQuery } from '../core/operations';
import { Page, type PagePromise } from '../core/pagination';
import type { RequestContext, RequestOptions } from '../core/request';
import { APIResource, withCursor } from '../core/resource';

export type ConversationListQuery = OperationQuery<'listConversations'>;
export type MessageListQuery = OperationQuery<'listConversationMessages'>;

export class Messages extends APIResource {
  /** Messages of a conversation; `account_id` is required. */
  list(conversationId: string, query: MessageListQuery, options?: RequestOptions): PagePromise<Message> {
    return this.paginated(
      'listConversationMessages',
      (cursor) => (client, init) =>
        client.GET('/v1/conversations/{conversationId}/messages', {
          params: { path: { conversationId }, query: withCursor(query, cursor) },
          ...init,
        }),
      options,
      (data, response, load) => new Page(data.data.messages, data.data.pagination, response, load),
    );
  }
}

export class Conversations extends APIResource {
  readonly messages: Messages;

  constructor(context: RequestContext) {
    super(context);
    this.messages = new Messages(context);
  }

  list(query?: ConversationListQuery, options?: RequestOptions): PagePromise<Conversation> {
    return this.paginated(
      'listConversations',
      (cursor) => (client, init) => client.GET('/v1/conversations', { params: { query: withCursor(query, cursor) }, ...init }),
      options,
      (data, response, load) => new Page(data.data.conversations, data.data.pagination, response, load),
    );
  }
}
