import type { Conversation, Message } from '@network-org/spec/openapi';
import type { OperationQuery } from '../core/operations';
import type { PagePromise } from '../core/pagination';
import type { RequestContext } from '../core/request';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from '../core/resource';

export type ConversationListQuery = OperationQuery<'listConversations'>;
export type MessageListQuery = OperationQuery<'listConversationMessages'>;

export class Messages extends APIResource {
  /** Messages of a conversation; `account_id` is required. */
  list(conversationId: string, query: MessageListQuery, options?: RequestOptions): PagePromise<Message> {
    return this.paginated('listConversationMessages', { path: { conversationId }, query }, options);
  }
}

export class Conversations extends APIResource {
  declare readonly messages: Messages;

  constructor(context: RequestContext) {
    super(context);
    this.messages = new Messages(context);
  }

  list(query?: ConversationListQuery, options?: RequestOptions): PagePromise<Conversation> {
    return this.paginated('listConversations', { query }, options);
  }
}
