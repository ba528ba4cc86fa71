import type { VersionedStorage } from './storage';
import type { AccountRecord, DraftKind, DraftRecord } from './types';

/** What a draft is written to: one draft per contact (a new message) or per conversation (a reply). */
export type DraftTarget = { account_id: string } & (
  | { contact_id: string; conversation_id: null }
  | { contact_id: string | null; conversation_id: string }
);

export interface SavedDraft {
  draft: DraftRecord;
  replaced_previous: boolean;
}

function targetKey(target: { contact_id: string | null; conversation_id: string | null }): string {
  return target.conversation_id !== null ? `conversation:${target.conversation_id}` : `contact:${target.contact_id}`;
}

/** Saved drafts of messages and connection requests: nothing is ever sent. */
export class Drafts {
  constructor(private readonly storage: VersionedStorage) {}

  /** The saved drafts of an account (all when absent), oldest first: what the control API shows. */
  all(accountId?: string): DraftRecord[] {
    const drafts = [...this.storage.data.drafts.values()];
    return accountId === undefined ? drafts : drafts.filter((draft) => draft.account_id === accountId);
  }

  /** The draft saved for the target, if any. */
  find(target: DraftTarget): DraftRecord | undefined {
    const key = targetKey(target);
    for (const draft of this.storage.data.drafts.values()) if (draft.account_id === target.account_id && targetKey(draft) === key) return draft;
    return undefined;
  }

  /** Saves the target's draft, replacing (and keeping the id of) the earlier one. Nothing is sent. */
  save(account: AccountRecord, target: DraftTarget, kind: DraftKind, draftMessage: string, savedAt: string): SavedDraft {
    const previous = this.find(target);
    const draft: DraftRecord = {
      draft_id: previous?.draft_id ?? this.storage.ids.take('draft'),
      organization_id: account.organization_id,
      account_id: account.account_id,
      kind,
      contact_id: target.contact_id,
      conversation_id: target.conversation_id,
      draft_message: draftMessage,
      created_at: previous?.created_at ?? savedAt,
      updated_at: savedAt,
    };
    this.put(draft);
    return { draft, replaced_previous: previous !== undefined };
  }

  /** Puts a draft, new or over the one of its id. */
  put(draft: DraftRecord): void {
    if (!this.storage.data.accounts.has(draft.account_id)) throw new RangeError(`draft ${draft.draft_id} of unknown account ${draft.account_id}`);
    this.storage.own('drafts').set(draft.draft_id, draft);
    this.storage.commit();
  }
}
