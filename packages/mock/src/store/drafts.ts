import type { Store } from './store';
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

/** The draft saved for the target, if any. */
export function findDraft(store: Store, target: DraftTarget): DraftRecord | undefined {
  const key = targetKey(target);
  for (const draft of store.drafts()) if (draft.account_id === target.account_id && targetKey(draft) === key) return draft;
  return undefined;
}

/** Saves the target's draft, replacing (and keeping the id of) the earlier one. Nothing is sent. */
export function saveDraft(
  store: Store,
  account: AccountRecord,
  target: DraftTarget,
  kind: DraftKind,
  draftMessage: string,
  savedAt: string,
): SavedDraft {
  const previous = findDraft(store, target);
  const draft: DraftRecord = {
    draft_id: previous?.draft_id ?? store.ids.take('draft'),
    organization_id: account.organization_id,
    account_id: account.account_id,
    kind,
    contact_id: target.contact_id,
    conversation_id: target.conversation_id,
    draft_message: draftMessage,
    created_at: previous?.created_at ?? savedAt,
    updated_at: savedAt,
  };
  store.putDraft(draft);
  return { draft, replaced_previous: previous !== undefined };
}

/** The saved drafts of an account (all when absent), oldest first: what the control API shows. */
export function listDrafts(store: Store, accountId?: string): DraftRecord[] {
  return store.drafts().filter((draft) => accountId === undefined || draft.account_id === accountId);
}
