import type { Draft } from '@network-org/spec/openapi';
import type { SavedDraft } from '../store/drafts';

export function draftWire({ draft, replaced_previous }: SavedDraft): Draft {
  return {
    draft_id: draft.draft_id,
    account_id: draft.account_id,
    kind: draft.kind,
    contact_id: draft.contact_id,
    conversation_id: draft.conversation_id,
    draft_message: draft.draft_message,
    status: 'saved',
    replaced_previous,
    created_at: draft.created_at,
    updated_at: draft.updated_at,
  };
}
