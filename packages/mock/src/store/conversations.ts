import type { ActivityEventRecord, ConversationRecord, DraftRecord, MessageRecord } from './types';
import { EMPTY } from './versioned';
import { ViewStore } from './views';

/** Conversations and their messages, saved drafts, and the activity the organization's accounts recorded. */
export class ConversationStore extends ViewStore {
  addConversation(conversation: Omit<ConversationRecord, 'position'>): ConversationRecord {
    const list = this.ownList<ConversationRecord>('conversations', conversation.account_id);
    const record: ConversationRecord = { ...conversation, position: list.length };
    list.push(record);
    this.index('conversationSlots', record.conversation_id, { account_id: record.account_id, position: record.position });
    this.changed();
    return record;
  }

  /** Adds a message to its conversation, keeping the messages oldest first. */
  addMessage(conversation: ConversationRecord, message: MessageRecord): ConversationRecord {
    const messages = [...conversation.messages, message].sort((a, b) => (a.sent_at < b.sent_at ? -1 : a.sent_at > b.sent_at ? 1 : 0));
    const last = messages[messages.length - 1] as MessageRecord;
    const copy: ConversationRecord = { ...conversation, messages, last_message_at: last.sent_at };
    this.ownList<ConversationRecord>('conversations', conversation.account_id)[conversation.position] = copy;
    this.changed();
    return copy;
  }

  conversationsOf(accountId: string): readonly ConversationRecord[] {
    return this.data.conversations.get(accountId) ?? EMPTY;
  }

  *allConversations(): Generator<ConversationRecord> {
    for (const list of this.data.conversations.values()) yield* list;
  }

  findConversation(organizationId: number, conversationId: string): ConversationRecord | undefined {
    const slot = this.lookup('conversationSlots', conversationId);
    const conversation = slot && this.data.conversations.get(slot.account_id)?.[slot.position];
    return conversation?.organization_id === organizationId ? conversation : undefined;
  }

  // Drafts

  drafts(): readonly DraftRecord[] {
    return [...this.data.drafts.values()];
  }

  putDraft(draft: DraftRecord): void {
    this.own('drafts').set(draft.draft_id, draft);
    this.changed();
  }

  // Activity

  /** Every recorded activity event. */
  activity(): readonly ActivityEventRecord[] {
    return this.data.activity;
  }

  addActivity(event: ActivityEventRecord): void {
    this.own('activity').push(event);
    this.changed();
  }

  /** Replaces every event at once (the dataset builder numbers its events in time order). */
  replaceActivity(events: ActivityEventRecord[]): void {
    this.data.activity = events;
    this.owned.add(events);
    this.changed();
  }
}
