import { EMPTY } from './containers';
import type { VersionedStorage } from './storage';
import type { ConversationRecord, MessageRecord } from './types';

/** Conversations of the accounts, with their messages. */
export class Conversations {
  constructor(private readonly storage: VersionedStorage) {}

  add(conversation: Omit<ConversationRecord, 'position'>): ConversationRecord {
    const list = this.storage.ownList('conversations', conversation.account_id);
    const record: ConversationRecord = { ...conversation, position: list.length };
    list.push(record);
    this.indexNew(record);
    this.storage.commit();
    return record;
  }

  /** Adds a message to its conversation, keeping the messages oldest first. */
  addMessage(conversation: ConversationRecord, message: MessageRecord): ConversationRecord {
    const messages = [...conversation.messages, message].sort((a, b) => (a.sent_at < b.sent_at ? -1 : a.sent_at > b.sent_at ? 1 : 0));
    const last = messages[messages.length - 1] as MessageRecord;
    const copy: ConversationRecord = { ...conversation, messages, last_message_at: last.sent_at };
    this.storage.ownList('conversations', conversation.account_id)[conversation.position] = copy;
    this.storage.commit();
    return copy;
  }

  ofAccount(accountId: string): readonly ConversationRecord[] {
    return this.storage.data.conversations.get(accountId) ?? EMPTY;
  }

  *all(): Generator<ConversationRecord> {
    for (const list of this.storage.data.conversations.values()) yield* list;
  }

  /** The conversation of `conversationId` when it belongs to the organization; another organization's are unknown. */
  find(organizationId: number, conversationId: string): ConversationRecord | undefined {
    const slot = this.storage.lookup('conversationSlots', conversationId);
    const conversation = slot && this.storage.data.conversations.get(slot.account_id)?.[slot.position];
    return conversation?.organization_id === organizationId ? conversation : undefined;
  }

  /** Puts a conversation where a state file says it is; throws a RangeError on what the store cannot hold. */
  put(conversation: ConversationRecord): void {
    if (!this.storage.data.accounts.has(conversation.account_id)) {
      throw new RangeError(`conversation ${conversation.conversation_id} of unknown account ${conversation.account_id}`);
    }
    if (this.storage.place('conversations', conversation)) this.indexNew(conversation);
    this.storage.commit();
  }

  private indexNew(conversation: ConversationRecord): void {
    this.storage.index('conversationSlots', conversation.conversation_id, { account_id: conversation.account_id, position: conversation.position });
  }
}
