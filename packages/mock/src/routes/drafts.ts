import { notFound } from '../engine/errors';
import { defineRoute } from '../engine/router';
import type { DraftTarget } from '../store/drafts';
import type { DraftKind } from '../store/types';
import { draftWire } from '../wire/drafts';

export const createDraft = defineRoute('createDraft', (ctx) => {
  const { store, body } = ctx;
  const organizationId = ctx.auth.organization.id;
  const account = ctx.accounts.require(body.account_id);
  let target: DraftTarget;
  let kind: DraftKind;
  if (body.conversation_id !== undefined) {
    const conversation = store.conversations.find(organizationId, body.conversation_id);
    if (!conversation || conversation.account_id !== account.account_id) {
      throw notFound(
        `Conversation "${body.conversation_id}" not found for account ${account.account_id}: use a conversation_id from GET /v1/conversations with its account_id.`,
      );
    }
    // A reply names its contact when the conversation has exactly one.
    const [only, ...others] = conversation.participant_contact_ids;
    target = {
      account_id: account.account_id,
      conversation_id: conversation.conversation_id,
      contact_id: only !== undefined && others.length === 0 ? only : null,
    };
    kind = 'message';
  } else {
    // The generated schema admits exactly one of contact_id and conversation_id.
    const contactId = body.contact_id as string;
    const contact = store.contacts.find(account.account_id, contactId);
    if (!contact) {
      throw notFound(
        `Contact "${contactId}" not found for account ${account.account_id}: use a contact_id from GET /v1/contacts (or import the profile first).`,
      );
    }
    target = { account_id: account.account_id, contact_id: contact.contact_id, conversation_id: null };
    kind = contact.relationship_status === 'connected' ? 'message' : 'connection_request';
  }
  const saved = store.drafts.save(account, target, kind, body.draft_message, ctx.now().toISOString());
  return { status: 200, body: { data: { draft: draftWire(saved) } } };
});
