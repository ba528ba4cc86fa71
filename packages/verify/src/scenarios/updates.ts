import type { ScenarioContext } from '../context';
import type { Answer } from '../call';
import type { CustomField } from '../check/custom-fields';
import { expectLookups } from './enrichment';
import type { Scenario } from './scenario';

type Tag = { name: string; color: string };
type Record_ = Record<string, unknown> & { tags?: Tag[]; notes_json?: string | null; account?: { account_id?: unknown } };

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

/** A PATCH of the contact in the account: the answer is that account's relationship with the person. */
async function patchContact(t: ScenarioContext, id: string, accountId: string, body: Record<string, unknown>, note: string): Promise<Answer> {
  const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId, ...body } });
  t.run.ledger.wrote(answer, `contact ${id} in account ${accountId}`, note);
  if (answer.status === 200) t.equal('$.data.contact.account.account_id', contactOf(answer)?.account?.account_id, accountId, 'the account the PATCH named');
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

/** The first registered field of each value type (string, number, boolean): a PATCH round trip for each type. */
export function oneOfEachType(fields: readonly CustomField[]): CustomField[] {
  return CUSTOM_FIELD_TYPES.flatMap((type) => fields.filter((field) => field.type === type).slice(0, 1));
}

/** The value types of custom fields (the contact fields: string, number or boolean; null clears). */
export const CUSTOM_FIELD_TYPES: CustomField['type'][] = ['string', 'number', 'boolean'];

/** A value of the field's type that is unlikely to be the current one. */
const VALUE: Record<CustomField['type'], string | number | boolean> = { string: 'network-verify', number: 4242, boolean: true };
/** A value of another type than the field's. */
const WRONG: Record<CustomField['type'], string | number | boolean> = { string: 4242, number: 'not a number', boolean: 'not a boolean' };

const needsWrites: Scenario['needs'] = ['writes'];
export const updateScenarios: Scenario[] = [
  {
    id: 'contacts.update.read-back',
    operation: 'updateContact',
    behaviour: 'write',
    title: 'a PATCH with only account_id changes nothing and answers the contact with notes_json and its custom fields',
    source: 'description: Endpoints',
    needs: needsWrites,
    async run(t) {
      const { id, accountId, original } = await keptContact(t);
      const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId } });
      if (!t.expectOk(answer)) return;
      const contact = contactOf(answer);
      t.check(contact !== undefined && 'notes_json' in contact, { path: '$.data.contact.notes_json', expected: 'present (string or null)', actual: 'missing' });
      expectLookups(t, contact, '$.data.contact');
      t.equal('$.data.contact.tags', contact?.tags, original.tags);
    },
  },
  {
    id: 'contacts.update.tags.add',
    operation: 'updateContact',
    behaviour: 'write',
    title: 'tags.add adds a tag and keeps the others',
    source: 'description: Endpoints',
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
    behaviour: 'write',
    title: 'tags.remove removes a tag by name',
    source: 'description: Endpoints',
    needs: needsWrites,
    async run(t) {
      const { id, accountId } = await keptContact(t);
      t.run.ledger.setup(await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId, tags: { add: [TAG, OTHER_TAG] } } }), `contact ${id} in account ${accountId}`, 'tags.add, to have a tag to remove');
      const answer = await patchContact(t, id, accountId, { tags: { remove: [TAG.name] } }, 'tags.remove');
      if (!t.expectOk(answer)) return;
      expectTags(t, contactOf(answer), '$.data.contact.tags', [OTHER_TAG.name], [TAG.name]);
    },
  },
  {
    id: 'contacts.update.tags.set',
    operation: 'updateContact',
    behaviour: 'write',
    title: 'tags.set replaces all tags, colors kept',
    source: 'description: Endpoints',
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
    behaviour: 'refusal',
    title: 'tags.set together with tags.add is 400 bad_request and changes nothing',
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const { id, accountId } = await keptContact(t);
      const before = contactOf(await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId } }));
      const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId, tags: { set: [TAG], add: [OTHER_TAG] } } });
      t.run.ledger.wrote(answer, `contact ${id} in account ${accountId}`, 'tags set+add (accepted)');
      if (!t.expectError(answer, 400, 'bad_request')) return;
      const after = contactOf(await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId } }));
      t.equal('$.data.contact.tags', after?.tags, before?.tags, 'the tags before the rejected PATCH');
    },
  },
  {
    id: 'contacts.update.notes',
    operation: 'updateContact',
    behaviour: 'write',
    title: 'notes_json round trip: set, answered as sent; null clears it',
    source: 'description: Endpoints',
    needs: needsWrites,
    async run(t) {
      const { id, accountId } = await keptContact(t);
      const set = await patchContact(t, id, accountId, { notes_json: NOTES }, 'notes_json');
      if (t.expectOk(set)) t.equal('$.data.contact.notes_json', contactOf(set)?.notes_json, NOTES);
      const cleared = await patchContact(t, id, accountId, { notes_json: null }, 'notes_json null');
      if (t.expectOk(cleared)) t.check((contactOf(cleared)?.notes_json ?? null) === null, { path: '$.data.contact.notes_json', expected: 'null or absent', actual: JSON.stringify(contactOf(cleared)?.notes_json) });
    },
  },
  ...CUSTOM_FIELD_TYPES.map((type): Scenario => ({
    id: `contacts.update.custom-field.${type}`,
    operation: 'updateContact',
    behaviour: 'write',
    title: `a custom field holding a ${type} round trip: set by its registered name, answered as a top-level key of that type; null clears it`,
    source: 'description: Endpoints',
    needs: needsWrites,
    async run(t) {
      const field = (await t.facts.customFields('contact')).find((registered) => registered.type === type);
      if (!field) return t.skip(`no custom field of contacts holds a ${type} (none registered, or none set on the listed records)`);
      const { id, accountId } = await keptContact(t, [field.name]);
      const value = VALUE[field.type];
      const at = `$.data.contact[${JSON.stringify(field.name)}]`;
      const set = await patchContact(t, id, accountId, { [field.name]: value }, `custom field ${field.name}`);
      if (t.expectOk(set)) t.equal(at, contactOf(set)?.[field.name], value, `${field.name}, a ${type} field`);
      const cleared = await patchContact(t, id, accountId, { [field.name]: null }, `custom field ${field.name} null`);
      if (t.expectOk(cleared)) t.check((contactOf(cleared)?.[field.name] ?? null) === null, { path: at, expected: 'null or absent', actual: JSON.stringify(contactOf(cleared)?.[field.name]) });
    },
  })),
  {
    id: 'contacts.update.custom-field.unregistered',
    operation: 'updateContact',
    behaviour: 'refusal',
    title: 'an unregistered custom field name is 400 bad_request',
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const { id, accountId } = await keptContact(t);
      const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId, 'network-verify unregistered field': 'x' } });
      t.run.ledger.wrote(answer, `contact ${id} in account ${accountId}`, 'unregistered custom field (accepted)');
      t.expectError(answer, 400, 'bad_request');
    },
  },
  {
    id: 'contacts.update.custom-field.wrong-type',
    operation: 'updateContact',
    behaviour: 'refusal',
    title: "a custom field value of another type than the field's is 400 bad_request",
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const field = await customField(t, 'contact');
      const { id, accountId } = await keptContact(t, [field.name]);
      const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId, [field.name]: WRONG[field.type] } });
      t.run.ledger.wrote(answer, `contact ${id} in account ${accountId}`, `custom field ${field.name} of the wrong type (accepted)`);
      t.expectError(answer, 400, 'bad_request');
    },
  },
  {
    id: 'companies.update.round-trip',
    operation: 'updateCompany',
    behaviour: 'write',
    title: 'a company PATCH: tags.add, notes_json and a custom field answered in the updated company',
    source: 'description: Endpoints',
    needs: needsWrites,
    async run(t) {
      const accountId = await t.facts.accountId();
      const { company_id: id } = await t.facts.company();
      const field = (await t.facts.customFields('company'))[0];
      await t.run.ledger.keep(t, 'company', id, accountId, field ? [field.name] : []);
      const body: Record<string, unknown> = { account_id: accountId, tags: { add: [TAG] }, notes_json: NOTES };
      if (field) body[field.name] = VALUE[field.type];
      const answer = await t.call('updateCompany', { params: { company_id: id }, body });
      t.run.ledger.wrote(answer, `company ${id} in account ${accountId}`, 'tags.add, notes_json, custom field');
      if (!t.expectOk(answer)) return;
      const company = (answer.body as { data: { company: Record_ } }).data.company;
      t.equal('$.data.company.account_id', company.account_id, accountId, 'the account the PATCH named');
      expectTags(t, company, '$.data.company.tags', [TAG.name], []);
      t.equal('$.data.company.notes_json', company.notes_json, NOTES);
      if (field) t.equal(`$.data.company[${JSON.stringify(field.name)}]`, company[field.name], VALUE[field.type]);
    },
  },
  {
    id: 'companies.update.unknown',
    operation: 'updateCompany',
    behaviour: 'status',
    title: 'a PATCH of an unknown company is 404 not_found',
    source: 'description: Errors',
    needs: needsWrites,
    async run(t) {
      const answer = await t.call('updateCompany', { params: { company_id: '987654321987' }, body: { account_id: await t.facts.accountId(), notes_json: null } });
      t.expectError(answer, 404, 'not_found');
    },
  },
  {
    id: 'contacts.update.unknown',
    operation: 'updateContact',
    behaviour: 'refusal',
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
    behaviour: 'refusal',
    title: 'notes_json that is not JSON text is 400 bad_request',
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const { id, accountId } = await keptContact(t);
      const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id: accountId, notes_json: 'network-verify: plain text, not JSON' } });
      t.run.ledger.wrote(answer, `contact ${id} in account ${accountId}`, 'notes_json not JSON (accepted)');
      t.expectError(answer, 400, 'bad_request');
    },
  },
];
