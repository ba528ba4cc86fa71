import type { Contact } from '@network-org/sdk';
import type { Answer, ScenarioContext } from '../context';
import type { CustomField } from '../facts';
import type { Scenario } from './scenario';

type Tag = { name: string; color: string };
type Record_ = Record<string, unknown> & { tags?: Tag[]; notes_json?: string | null };

// Names the run adds, so that nobody mistakes them for the user's own.
const TAG: Tag = { name: 'network-verify', color: 'green' };
const OTHER_TAG: Tag = { name: 'network-verify-2', color: 'red' };
const NOTES = JSON.stringify({ text: 'network-verify round trip' });

/** The contact the run PATCHes, read (a check of `t`) and kept first so that it is put back at the end. */
async function keptContact(t: ScenarioContext, fields: string[] = []): Promise<{ id: string; accountId: string; original: Record_ }> {
  const accountId = await t.facts.accountId();
  const { contact_id: id } = await t.facts.writableContact();
  const original = await t.run.ledger.keep(t, 'contact', id, accountId, fields);
  return { id, accountId, original: original as Record_ };
}

async function patchContact(t: ScenarioContext, id: string, accountId: string, body: Record<string, unknown>, note: string): Promise<Answer> {
  const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId, ...body } });
  if (answer.status === 200) t.run.ledger.wrote('updateContact', `contact ${id} in account ${accountId}`, note);
  return answer;
}

const contactOf = (answer: Answer) => (answer.body as { data?: { contact?: Record_ } } | undefined)?.data?.contact;
const tagNames = (record: Record_ | undefined) => (record?.tags ?? []).map((tag) => tag.name);

function expectTags(t: ScenarioContext, record: Record_ | undefined, path: string, present: string[], absent: string[]) {
  const names = tagNames(record);
  for (const name of present) t.check(names.includes(name), { path, expected: `a tag ${JSON.stringify(name)}`, actual: JSON.stringify(names) });
  for (const name of absent) t.check(!names.includes(name), { path, expected: `no tag ${JSON.stringify(name)}`, actual: JSON.stringify(names) });
}

async function customField(t: ScenarioContext, target: 'contact' | 'company'): Promise<CustomField> {
  const field = (await t.facts.customFields(target))[0];
  if (!field) return t.skip(`no custom field of ${target}s was found (none registered, or none set on the listed records)`);
  return field;
}

/** A value of the field's type that is unlikely to be the current one. */
const VALUE: Record<CustomField['type'], string | number | boolean> = { string: 'network-verify', number: 4242, boolean: true };
/** A value of another type than the field's. */
const WRONG: Record<CustomField['type'], string | number | boolean> = { string: 4242, number: 'not a number', boolean: 'not a boolean' };

const needsWrites: Scenario['needs'] = ['writes'];

/** Imports the run's profile into the account; a 201 is a write the API cannot undo. */
async function importProfile(t: ScenarioContext): Promise<Answer> {
  const network_url = await t.facts.importableProfile();
  const account_id = await t.facts.accountId();
  const answer = await t.call('importContact', { body: { account_id, network_url } });
  if (answer.status === 201) {
    t.run.ledger.wrote('importContact', `${network_url} into account ${account_id}`, 'imported');
    t.run.ledger.cannotUndo({ operation: 'importContact', target: `${network_url} in account ${account_id}`, note: 'the API has no way to remove an imported contact' });
  }
  const contact = contactOf(answer);
  if ((answer.status === 200 || answer.status === 201) && typeof contact?.contact_id === 'string') t.facts.imported(contact as unknown as Contact);
  return answer;
}

export const writeScenarios: Scenario[] = [
  {
    id: 'contacts.import.created',
    operation: 'importContact',
    title: 'importing a profile the account does not hold is 201 with the contact and warnings',
    source: 'description §3',
    needs: needsWrites,
    async run(t) {
      const answer = await importProfile(t);
      if (answer.status === 200 && t.run.profileUrl) return t.skip('the profile given with --profile-url is already attached to the account (200): name one it does not hold to see 201');
      t.expectOk(answer, 201);
    },
  },
  {
    id: 'contacts.import.again',
    operation: 'importContact',
    title: 'importing the same profile again is 200 with the same contact',
    source: 'description §3',
    needs: needsWrites,
    async run(t) {
      const first = await importProfile(t);
      const again = await importProfile(t);
      if (!t.expectOk(again, 200)) return;
      t.equal('$.data.contact.contact_id', contactOf(again)?.contact_id, contactOf(first)?.contact_id, 'the contact_id of the first import');
    },
  },
  {
    id: 'contacts.import.invalid-url',
    operation: 'importContact',
    title: 'a network_url that is not a profile URL is 400 bad_request',
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const answer = await t.call('importContact', { body: { account_id: await t.facts.accountId(), network_url: 'https://example.com/not-a-profile' } });
      t.expectError(answer, 400, 'bad_request');
    },
  },
  {
    id: 'contacts.update.read-back',
    operation: 'updateContact',
    title: 'a PATCH with only account_id changes nothing and answers the contact with notes_json and its custom fields',
    source: 'description §4',
    needs: needsWrites,
    async run(t) {
      const { id, accountId, original } = await keptContact(t);
      const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId } });
      if (!t.expectOk(answer)) return;
      const contact = contactOf(answer);
      t.check(contact !== undefined && 'notes_json' in contact, { path: '$.data.contact.notes_json', expected: 'present (string or null)', actual: 'missing' });
      t.equal('$.data.contact.tags', contact?.tags, original.tags);
    },
  },
  {
    id: 'contacts.update.tags.add',
    operation: 'updateContact',
    title: 'tags.add adds a tag and keeps the others',
    source: 'description §4',
    needs: needsWrites,
    async run(t) {
      const { id, accountId, original } = await keptContact(t);
      const answer = await patchContact(t, id, accountId, { tags: { add: [TAG] } }, 'tags.add');
      if (!t.expectOk(answer)) return;
      expectTags(t, contactOf(answer), '$.data.contact.tags', [TAG.name, ...tagNames(original)], []);
    },
  },
  {
    id: 'contacts.update.tags.remove',
    operation: 'updateContact',
    title: 'tags.remove removes a tag by name',
    source: 'description §4',
    needs: needsWrites,
    async run(t) {
      const { id, accountId } = await keptContact(t);
      await patchContact(t, id, accountId, { tags: { add: [TAG, OTHER_TAG] } }, 'tags.add');
      const answer = await patchContact(t, id, accountId, { tags: { remove: [TAG.name] } }, 'tags.remove');
      if (!t.expectOk(answer)) return;
      expectTags(t, contactOf(answer), '$.data.contact.tags', [OTHER_TAG.name], [TAG.name]);
    },
  },
  {
    id: 'contacts.update.tags.set',
    operation: 'updateContact',
    title: 'tags.set replaces all tags, colors kept',
    source: 'description §4',
    needs: needsWrites,
    async run(t) {
      const { id, accountId } = await keptContact(t);
      const answer = await patchContact(t, id, accountId, { tags: { set: [OTHER_TAG] } }, 'tags.set');
      if (!t.expectOk(answer)) return;
      t.equal('$.data.contact.tags', contactOf(answer)?.tags?.map(({ name, color }) => ({ name, color })), [OTHER_TAG]);
    },
  },
  {
    id: 'contacts.update.tags.set-with-add',
    operation: 'updateContact',
    title: 'tags.set together with tags.add is 400 bad_request and changes nothing',
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const { id, accountId } = await keptContact(t);
      const before = contactOf(await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId } }));
      const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId, tags: { set: [TAG], add: [OTHER_TAG] } } });
      if (answer.status === 200) t.run.ledger.wrote('updateContact', `contact ${id} in account ${accountId}`, 'tags set+add (accepted)');
      if (!t.expectError(answer, 400, 'bad_request')) return;
      const after = contactOf(await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId } }));
      t.equal('$.data.contact.tags', after?.tags, before?.tags, 'the tags before the rejected PATCH');
    },
  },
  {
    id: 'contacts.update.notes',
    operation: 'updateContact',
    title: 'notes_json round trip: set, answered as sent; null clears it',
    source: 'description §4',
    needs: needsWrites,
    async run(t) {
      const { id, accountId } = await keptContact(t);
      const set = await patchContact(t, id, accountId, { notes_json: NOTES }, 'notes_json');
      if (t.expectOk(set)) t.equal('$.data.contact.notes_json', contactOf(set)?.notes_json, NOTES);
      const cleared = await patchContact(t, id, accountId, { notes_json: null }, 'notes_json null');
      if (t.expectOk(cleared)) t.check((contactOf(cleared)?.notes_json ?? null) === null, { path: '$.data.contact.notes_json', expected: 'null or absent', actual: JSON.stringify(contactOf(cleared)?.notes_json) });
    },
  },
  {
    id: 'contacts.update.custom-field',
    operation: 'updateContact',
    title: 'a custom field round trip: set by its registered name, answered as a top-level key; null clears it',
    source: 'description §4',
    needs: needsWrites,
    async run(t) {
      const field = await customField(t, 'contact');
      const { id, accountId } = await keptContact(t, [field.name]);
      const value = VALUE[field.type];
      const set = await patchContact(t, id, accountId, { [field.name]: value }, `custom field ${field.name}`);
      if (t.expectOk(set)) t.equal(`$.data.contact[${JSON.stringify(field.name)}]`, contactOf(set)?.[field.name], value);
      const cleared = await patchContact(t, id, accountId, { [field.name]: null }, `custom field ${field.name} null`);
      if (t.expectOk(cleared)) t.check((contactOf(cleared)?.[field.name] ?? null) === null, { path: `$.data.contact[${JSON.stringify(field.name)}]`, expected: 'null or absent', actual: JSON.stringify(contactOf(cleared)?.[field.name]) });
    },
  },
  {
    id: 'contacts.update.custom-field.unregistered',
    operation: 'updateContact',
    title: 'an unregistered custom field name is 400 bad_request',
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const { id, accountId } = await keptContact(t);
      const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId, 'network-verify unregistered field': 'x' } });
      if (answer.status === 200) t.run.ledger.wrote('updateContact', `contact ${id} in account ${accountId}`, 'unregistered custom field (accepted)');
      t.expectError(answer, 400, 'bad_request');
    },
  },
  {
    id: 'contacts.update.custom-field.wrong-type',
    operation: 'updateContact',
    title: "a custom field value of another type than the field's is 400 bad_request",
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const field = await customField(t, 'contact');
      const { id, accountId } = await keptContact(t, [field.name]);
      const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId, [field.name]: WRONG[field.type] } });
      if (answer.status === 200) t.run.ledger.wrote('updateContact', `contact ${id} in account ${accountId}`, `custom field ${field.name} of the wrong type (accepted)`);
      t.expectError(answer, 400, 'bad_request');
    },
  },
  {
    id: 'companies.update.round-trip',
    operation: 'updateCompany',
    title: 'a company PATCH: tags.add, notes_json and a custom field answered in the updated company',
    source: 'description §4',
    needs: needsWrites,
    async run(t) {
      const accountId = await t.facts.accountId();
      const { company_id: id } = await t.facts.company();
      const field = (await t.facts.customFields('company'))[0];
      await t.run.ledger.keep(t, 'company', id, accountId, field ? [field.name] : []);
      const body: Record<string, unknown> = { account_id: accountId, tags: { add: [TAG] }, notes_json: NOTES };
      if (field) body[field.name] = VALUE[field.type];
      const answer = await t.call('updateCompany', { params: { company_id: id }, body });
      if (answer.status === 200) t.run.ledger.wrote('updateCompany', `company ${id} in account ${accountId}`, 'tags.add, notes_json, custom field');
      if (!t.expectOk(answer)) return;
      const company = (answer.body as { data: { company: Record_ } }).data.company;
      expectTags(t, company, '$.data.company.tags', [TAG.name], []);
      t.equal('$.data.company.notes_json', company.notes_json, NOTES);
      if (field) t.equal(`$.data.company[${JSON.stringify(field.name)}]`, company[field.name], VALUE[field.type]);
    },
  },
  {
    id: 'companies.update.unknown',
    operation: 'updateCompany',
    title: 'a PATCH of an unknown company is 404 not_found',
    source: 'description §7',
    needs: needsWrites,
    async run(t) {
      const answer = await t.call('updateCompany', { params: { company_id: '987654321987' }, body: { account_id: await t.facts.accountId(), notes_json: null } });
      t.expectError(answer, 404, 'not_found');
    },
  },
  {
    id: 'contacts.update.unknown',
    operation: 'updateContact',
    title: 'a PATCH of an unknown contact is 400 bad_request',
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const answer = await t.call('updateContact', { params: { contact_id: '987654321987' }, body: { account_id: await t.facts.accountId(), notes_json: null } });
      t.expectError(answer, 400, 'bad_request');
    },
  },
  {
    id: 'contacts.update.notes.not-json',
    operation: 'updateContact',
    title: 'notes_json that is not JSON text is 400 bad_request',
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const { id, accountId } = await keptContact(t);
      const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId, notes_json: 'network-verify: plain text, not JSON' } });
      if (answer.status === 200) t.run.ledger.wrote('updateContact', `contact ${id} in account ${accountId}`, 'notes_json not JSON (accepted)');
      t.expectError(answer, 400, 'bad_request');
    },
  },
];

/** The draft scenarios: a draft cannot be deleted through the API, so each one is listed as left. */
async function saveDraft(t: ScenarioContext, body: Record<string, unknown>, what: string): Promise<Answer> {
  const answer = await t.call('createDraft', { body });
  if (answer.status === 200) {
    t.run.ledger.wrote('createDraft', what, 'saved (never sent)');
    t.run.ledger.cannotUndo({ operation: 'createDraft', target: what, note: 'the API has no way to delete a draft; nothing was sent' });
  }
  return answer;
}

const draftOf = (answer: Answer) => (answer.body as { data?: { draft?: Record<string, unknown> } } | undefined)?.data?.draft;

async function draftContact(t: ScenarioContext): Promise<Contact> {
  return t.facts.writableContact();
}

export const draftScenarios: Scenario[] = [
  {
    id: 'drafts.create',
    operation: 'createDraft',
    title: 'a draft to a contact is saved: 200 with the draft, nothing sent',
    source: 'description §4',
    needs: needsWrites,
    async run(t) {
      const account_id = await t.facts.accountId();
      const contact = await draftContact(t);
      const answer = await saveDraft(t, { account_id, contact_id: contact.contact_id, draft_message: 'network-verify draft (never sent)' }, `draft to contact ${contact.contact_id} in account ${account_id}`);
      t.expectOk(answer);
    },
  },
  {
    id: 'drafts.connection-request',
    operation: 'createDraft',
    title: 'a draft to a contact who is not connected is a connection_request draft',
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const account_id = await t.facts.accountId();
      const stranger = (await t.facts.contacts()).find((contact) => contact.relationship_status === 'not_connected');
      if (!stranger) return t.skip('no contact on the first page of the account is not_connected');
      const what = `draft to contact ${stranger.contact_id} in account ${account_id}`;
      const answer = await saveDraft(t, { account_id, contact_id: stranger.contact_id, draft_message: 'network-verify invitation draft (never sent)' }, what);
      if (t.expectOk(answer)) t.equal('$.data.draft.kind', draftOf(answer)?.kind, 'connection_request');
    },
  },
  {
    id: 'drafts.replace',
    operation: 'createDraft',
    title: 'a second draft to the same contact replaces the first',
    source: 'description §3',
    needs: needsWrites,
    async run(t) {
      const account_id = await t.facts.accountId();
      const contact = await draftContact(t);
      const what = `draft to contact ${contact.contact_id} in account ${account_id}`;
      const first = await saveDraft(t, { account_id, contact_id: contact.contact_id, draft_message: 'network-verify draft one (never sent)' }, what);
      const second = await saveDraft(t, { account_id, contact_id: contact.contact_id, draft_message: 'network-verify draft two (never sent)' }, what);
      if (!t.expectOk(first) || !t.expectOk(second)) return;
      t.equal('$.data.draft.replaced_previous', draftOf(second)?.replaced_previous, true);
      t.equal('$.data.draft.draft_message', draftOf(second)?.draft_message, 'network-verify draft two (never sent)');
    },
  },
  {
    id: 'drafts.conversation',
    operation: 'createDraft',
    title: 'a reply draft in an existing conversation is saved: 200 with the draft',
    source: 'description §4',
    needs: needsWrites,
    async run(t) {
      const account_id = await t.facts.accountId();
      const conversation = await t.facts.conversation();
      const answer = await saveDraft(t, { account_id, conversation_id: conversation.conversation_id, draft_message: 'network-verify reply draft (never sent)' }, `draft in conversation ${conversation.conversation_id}`);
      if (!t.expectOk(answer)) return;
      t.equal('$.data.draft.conversation_id', draftOf(answer)?.conversation_id, conversation.conversation_id);
    },
  },
  {
    id: 'drafts.unknown-contact',
    operation: 'createDraft',
    title: 'a draft to an unknown contact is 404 not_found',
    source: 'description §7',
    needs: needsWrites,
    async run(t) {
      const answer = await saveDraft(t, { account_id: await t.facts.accountId(), contact_id: '987654321987', draft_message: 'network-verify' }, 'draft to contact 987654321987');
      t.expectError(answer, 404, 'not_found');
    },
  },
  {
    id: 'drafts.both-targets',
    operation: 'createDraft',
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
