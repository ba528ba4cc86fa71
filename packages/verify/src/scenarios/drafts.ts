import type { Contact } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import type { Answer } from '../call';
import { expectSame } from './agree';
import type { Scenario } from './scenario';

const needsWrites: Scenario['needs'] = ['writes'];

/** Saves a draft: a draft cannot be deleted through the API, so each one is listed as left. */
async function saveDraft(t: ScenarioContext, body: Record<string, unknown>, what: string): Promise<Answer> {
  const answer = await t.call('createDraft', { body });
  t.run.ledger.wrote(answer, what, 'saved (never sent)', 'the API has no way to delete a draft; nothing was sent');
  return answer;
}

/**
 * Whether the account holds a draft to the contact (or in the conversation) before a save, read where it can be:
 * the service has no read endpoint for drafts, the mock's control API lists them. Whether the save replaces one
 * (`replaced_previous`) follows from it; undefined where nothing tells.
 */
async function draftHeld(t: ScenarioContext, accountId: string, to: { contact_id?: string; conversation_id?: string }): Promise<boolean | undefined> {
  if (!t.run.isMock) return undefined;
  const saved = (await t.run.target.control(`drafts?account_id=${encodeURIComponent(accountId)}`)) as { drafts?: { contact_id?: unknown; conversation_id?: unknown }[] } | undefined;
  if (!Array.isArray(saved?.drafts)) return undefined;
  return saved.drafts.some((draft) => (to.contact_id !== undefined && draft.contact_id === to.contact_id && !draft.conversation_id) || (to.conversation_id !== undefined && draft.conversation_id === to.conversation_id));
}

/** The draft the account keeps under this id, where it can be read (the mock's control API); undefined elsewhere. */
async function keptDraft(t: ScenarioContext, accountId: string, draftId: unknown): Promise<Record<string, unknown> | undefined> {
  if (!t.run.isMock) return undefined;
  const saved = (await t.run.target.control(`drafts?account_id=${encodeURIComponent(accountId)}`)) as { drafts?: Record<string, unknown>[] } | undefined;
  return saved?.drafts?.find((draft) => draft.draft_id === draftId);
}

/** The draft's `replaced_previous` is what the state read before the save calls for. */
function expectReplaced(t: ScenarioContext, answer: Answer, held: boolean | undefined): void {
  if (held !== undefined) t.equal('$.data.draft.replaced_previous', draftOf(answer)?.replaced_previous, held, held ? 'a draft was saved before (read first)' : 'no draft was saved before (read first)');
}

const draftOf = (answer: Answer) => (answer.body as { data?: { draft?: Record<string, unknown> } } | undefined)?.data?.draft;

async function draftContact(t: ScenarioContext): Promise<Contact> {
  return t.facts.writableContact();
}

export const draftScenarios: Scenario[] = [
  {
    id: 'drafts.create',
    operation: 'createDraft',
    behaviour: 'write',
    title: 'a draft to a contact is saved: 200 with the draft, nothing sent',
    source: 'description: Endpoints',
    needs: needsWrites,
    async run(t) {
      const account_id = await t.facts.accountId();
      const contact = await draftContact(t);
      const held = await draftHeld(t, account_id, { contact_id: contact.contact_id });
      const draft_message = 'network-verify draft (never sent)';
      const answer = await saveDraft(t, { account_id, contact_id: contact.contact_id, draft_message }, `draft to contact ${contact.contact_id} in account ${account_id}`);
      if (!t.expectOk(answer)) return;
      const saved = draftOf(answer);
      t.equal('$.data.draft.account_id', saved?.account_id, account_id);
      t.equal('$.data.draft.contact_id', saved?.contact_id, contact.contact_id);
      t.equal('$.data.draft.draft_message', saved?.draft_message, draft_message);
      t.equal('$.data.draft.status', saved?.status, 'saved');
      expectReplaced(t, answer, held);
      // The draft answered is the draft kept: the mock's control API reads it back (the service has no read of drafts);
      // its status and whether it replaced one are of the save, not of the draft kept.
      const kept = saved && (await keptDraft(t, account_id, saved.draft_id));
      if (saved && kept) expectSame(t, '$.data.draft', kept, saved, { first: ['status', 'replaced_previous'], second: [] }, 'the draft answered against the draft the mock keeps');
    },
  },
  {
    id: 'drafts.connection-request',
    operation: 'createDraft',
    behaviour: 'write',
    title: 'a draft to a contact who is not connected is a connection_request draft',
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const account_id = await t.facts.accountId();
      const stranger = (await t.facts.contacts()).find((contact) => contact.relationship_status === 'not_connected');
      if (!stranger) return t.skip('no contact on the first page of the account is not_connected');
      const what = `draft to contact ${stranger.contact_id} in account ${account_id}`;
      const held = await draftHeld(t, account_id, { contact_id: stranger.contact_id });
      const answer = await saveDraft(t, { account_id, contact_id: stranger.contact_id, draft_message: 'network-verify invitation draft (never sent)' }, what);
      if (!t.expectOk(answer)) return;
      t.equal('$.data.draft.kind', draftOf(answer)?.kind, 'connection_request');
      expectReplaced(t, answer, held);
    },
  },
  {
    id: 'drafts.replace',
    operation: 'createDraft',
    behaviour: 'write',
    title: 'a second draft to the same contact replaces the first',
    source: 'description: States and transitions',
    needs: needsWrites,
    async run(t) {
      const account_id = await t.facts.accountId();
      const contact = await draftContact(t);
      const what = `draft to contact ${contact.contact_id} in account ${account_id}`;
      const held = await draftHeld(t, account_id, { contact_id: contact.contact_id });
      const first = await saveDraft(t, { account_id, contact_id: contact.contact_id, draft_message: 'network-verify draft one (never sent)' }, what);
      const second = await saveDraft(t, { account_id, contact_id: contact.contact_id, draft_message: 'network-verify draft two (never sent)' }, what);
      if (!t.expectOk(first) || !t.expectOk(second)) return;
      expectReplaced(t, first, held);
      t.equal('$.data.draft.replaced_previous', draftOf(second)?.replaced_previous, true, 'the draft saved just before');
      t.equal('$.data.draft.draft_message', draftOf(second)?.draft_message, 'network-verify draft two (never sent)');
    },
  },
  {
    id: 'drafts.conversation',
    operation: 'createDraft',
    behaviour: 'write',
    title: 'a reply draft in an existing conversation is saved: 200 with the draft',
    source: 'description: Endpoints',
    needs: needsWrites,
    async run(t) {
      const account_id = await t.facts.accountId();
      const conversation = await t.facts.conversation();
      const held = await draftHeld(t, account_id, { conversation_id: conversation.conversation_id });
      const answer = await saveDraft(t, { account_id, conversation_id: conversation.conversation_id, draft_message: 'network-verify reply draft (never sent)' }, `draft in conversation ${conversation.conversation_id}`);
      if (!t.expectOk(answer)) return;
      t.equal('$.data.draft.conversation_id', draftOf(answer)?.conversation_id, conversation.conversation_id);
      expectReplaced(t, answer, held);
    },
  },
  {
    id: 'drafts.unknown-contact',
    operation: 'createDraft',
    behaviour: 'status',
    title: 'a draft to an unknown contact is 404 not_found',
    source: 'description: Errors',
    needs: needsWrites,
    async run(t) {
      const answer = await saveDraft(t, { account_id: await t.facts.accountId(), contact_id: '987654321987', draft_message: 'network-verify' }, 'draft to contact 987654321987');
      t.expectError(answer, 404, 'not_found');
    },
  },
  {
    id: 'drafts.both-targets',
    operation: 'createDraft',
    behaviour: 'refusal',
    title: 'a draft naming both contact_id and conversation_id is 400 bad_request',
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const account_id = await t.facts.accountId();
      const conversation = await t.facts.conversation();
      const contact = await draftContact(t);
      const answer = await saveDraft(t, { account_id, contact_id: contact.contact_id, conversation_id: conversation.conversation_id, draft_message: 'network-verify' }, `draft to contact ${contact.contact_id}`);
      t.expectError(answer, 400, 'bad_request');
    },
  },
];
