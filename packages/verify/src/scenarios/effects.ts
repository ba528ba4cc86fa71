import { inTheAnswerTo, type ScenarioContext } from '../context';
import type { Answer } from '../call';
import { expectSame, LIST_OMITS } from './agree';
import { itemsOf, walk } from './lists';
import { oneOfEachType } from './updates';
import type { Scenario } from './scenario';

type Fields = Record<string, unknown>;
type Tag = { name: string; color: string };

// The names the run writes, so that nobody mistakes them for the user's own (put back at the end of the run).
const TAG: Tag = { name: 'network-verify', color: 'green' };
const NOTES = JSON.stringify({ text: 'network-verify effect read back' });
const VALUE = { string: 'network-verify effect', number: 4243, boolean: true } as const;
/** A contact read again after a PATCH: its lookups, sequence and last interaction are the app's, not the PATCH's. */
const READ_AGAIN_ASIDE = { first: ['contact_enrichment', 'sequence', 'last_interaction_at'], second: ['contact_enrichment', 'sequence', 'last_interaction_at'] };

const recordOf = (answer: Answer, key: 'contact' | 'company') => {
  const record = (answer.body as { data?: Record<string, unknown> } | undefined)?.data?.[key];
  return typeof record === 'object' && record !== null && !Array.isArray(record) ? (record as Fields) : undefined;
};

/** Tags as a sorted list of `{name, color}`: their order is not part of a write's effect. */
const tagsOf = (record: Fields | undefined): Tag[] =>
  (Array.isArray(record?.tags) ? (record.tags as unknown[]) : [])
    .filter((tag): tag is Tag => typeof tag === 'object' && tag !== null)
    .map(({ name, color }) => ({ name, color }))
    .sort((a, b) => `${a.name}\u0000${a.color}`.localeCompare(`${b.name}\u0000${b.color}`));

const normalized = (record: Fields): Fields => ({ ...record, tags: tagsOf(record) });

/** A read of a record that changes nothing: a PATCH with only account_id answers it with its notes and custom fields. */
async function readRecord(t: ScenarioContext, kind: 'contact' | 'company', id: string, account_id: string): Promise<Fields | undefined> {
  const answer = await t.call(kind === 'contact' ? 'updateContact' : 'updateCompany', { params: { [`${kind}_id`]: id }, body: { account_id } });
  return t.expectOk(answer) ? recordOf(answer, kind) : undefined;
}

/** The contact as the account's list shows it now, found by its handle (the list's `query`). */
async function listedContact(t: ScenarioContext, account_id: string, contact: Fields): Promise<Fields | undefined> {
  const { items } = await walk(t, 'listContacts', { query: { account_id: [account_id], query: String(contact.public_identifier ?? ''), limit: 25 } }, 2);
  const found = items.find((item) => item.contact_id === contact.contact_id);
  t.check(found !== undefined, { path: '$.data.contacts', expected: `contact ${String(contact.contact_id)}, listed with query set to its handle`, actual: 'not listed' });
  return found;
}

/** The company as the account's list shows it now. */
async function listedCompany(t: ScenarioContext, account_id: string, id: string): Promise<Fields | undefined> {
  const { items } = await walk(t, 'listCompanies', { query: { account_id: [account_id], limit: 25 } }, 8);
  const found = items.find((item) => String(item.company_id) === id);
  t.check(found !== undefined, { path: '$.data.companies', expected: `company ${id}, listed in its account`, actual: 'not listed' });
  return found;
}

/**
 * Keeps the record for the ledger, reads it as it is now (earlier scenarios may have changed it; the ledger puts
 * it back at the end), then PATCHes tags.add, notes_json and a custom field of each value type its kind has. Gives the record
 * as it was and as it must now read; undefined when the read or the PATCH failed (their differences are recorded).
 */
async function patchTagsNotesAndField(t: ScenarioContext, kind: 'contact' | 'company', id: string, account_id: string): Promise<{ original: Fields; expected: Fields } | undefined> {
  const fields = oneOfEachType(await t.facts.customFields(kind));
  await t.run.ledger.keep(t, kind, id, account_id, fields.map((field) => field.name));
  const original = await readRecord(t, kind, id, account_id);
  if (!original) return undefined;
  const values = Object.fromEntries(fields.map((field) => [field.name, VALUE[field.type]]));
  const body: Fields = { account_id, tags: { add: [TAG] }, notes_json: NOTES, ...values };
  const answer = await t.call(kind === 'contact' ? 'updateContact' : 'updateCompany', { params: { [`${kind}_id`]: id }, body });
  t.run.ledger.wrote(answer, `${kind} ${id} in account ${account_id}`, 'tags.add, notes_json, custom field');
  if (!t.expectOk(answer)) return undefined;
  const expected: Fields = normalized({ ...original, tags: [...tagsOf(original).filter((tag) => tag.name !== TAG.name), TAG], notes_json: NOTES, ...values });
  return { original, expected };
}

export const effectScenarios: Scenario[] = [
  {
    id: 'contacts.update.effect.read-back',
    operation: 'updateContact',
    behaviour: 'write',
    title:
      'after a PATCH of tags.add, notes_json and a custom field, the list and a later read show exactly those changes and nothing else changed; an unrelated PATCH (tags.remove) then leaves notes_json and the field alone (the contact update: add keeps the other tags, notes_json and fields by their names)',
    source: 'description: Endpoints',
    needs: ['writes'],
    async run(t) {
      const account_id = await t.facts.accountId();
      const { contact_id: id } = await t.facts.writableContact();
      const patched = await patchTagsNotesAndField(t, 'contact', id, account_id);
      if (!patched) return;
      const { original, expected } = patched;
      const listed = await listedContact(t, account_id, original);
      if (listed) expectSame(t, '$.data.contacts[*]', expected, normalized(listed), { first: [], second: LIST_OMITS }, `contact ${id} listed after the PATCH, ${inTheAnswerTo('listContacts')}`);
      const read = await readRecord(t, 'contact', id, account_id);
      if (read) expectSame(t, '$.data.contact', expected, normalized(read), READ_AGAIN_ASIDE, `contact ${id} read again after the PATCH`);
      // An unrelated PATCH: only the tag goes; the notes and the field stay as the first PATCH left them.
      const removed = await t.call('updateContact', { params: { contact_id: id }, body: { account_id, tags: { remove: [TAG.name] } } });
      t.run.ledger.wrote(removed, `contact ${id} in account ${account_id}`, 'tags.remove');
      if (!t.expectOk(removed)) return;
      const after = await readRecord(t, 'contact', id, account_id);
      const left = normalized({ ...expected, tags: tagsOf(original).filter((tag) => tag.name !== TAG.name) });
      if (after) expectSame(t, '$.data.contact', left, normalized(after), READ_AGAIN_ASIDE, `contact ${id} after a PATCH of its tags alone`);
    },
  },
  {
    id: 'companies.update.effect.read-back',
    operation: 'updateCompany',
    behaviour: 'write',
    title: 'after a company PATCH of tags.add, notes_json and a custom field, the company list shows exactly those changes and nothing else changed (the company update: same shape as the contact update)',
    source: 'description: Endpoints',
    needs: ['writes'],
    async run(t) {
      const account_id = await t.facts.accountId();
      const { company_id: id } = await t.facts.company();
      const patched = await patchTagsNotesAndField(t, 'company', id, account_id);
      if (!patched) return;
      const { expected } = patched;
      const listed = await listedCompany(t, account_id, id);
      if (listed) expectSame(t, '$.data.companies[*]', expected, normalized(listed), { first: [], second: [] }, `company ${id} listed after the PATCH, ${inTheAnswerTo('listCompanies')}`);
    },
  },
  {
    id: 'contacts.find-email.effect',
    operation: 'findContactEmail',
    behaviour: 'write',
    title: "after find-email, the contact's lookup result stays: a later read shows the same contact_enrichment.work_email status and the same work_email, the list the same work_email (find-email: the contact carries the lookup result status)",
    source: 'description: Endpoints',
    needs: ['credits', 'writes'],
    async run(t) {
      const account_id = await t.facts.accountId();
      const contact = await t.facts.contact();
      const answer = await t.call('findContactEmail', { params: { contact_id: contact.contact_id }, body: { account_id } });
      if (!t.expectOk(answer)) return;
      const found = recordOf(answer, 'contact');
      const lookup = (found?.contact_enrichment as Fields | undefined)?.work_email as Fields | undefined;
      const read = await readRecord(t, 'contact', contact.contact_id, account_id);
      if (!read) return;
      const again = (read.contact_enrichment as Fields | undefined)?.work_email as Fields | undefined;
      const note = `read after find-email, ${inTheAnswerTo('updateContact')}, against find-email (findContactEmail)`;
      t.equal('$.data.contact.contact_enrichment.work_email.status', again?.status, lookup?.status, note);
      t.equal('$.data.contact.work_email', read.work_email ?? null, found?.work_email ?? null, note);
      const listed = await listedContact(t, account_id, found ?? contact);
      if (listed) t.equal('$.data.contacts[*].work_email', listed.work_email ?? null, found?.work_email ?? null, `listed after find-email, ${inTheAnswerTo('listContacts')}, against find-email (findContactEmail)`);
    },
  },
  {
    id: 'contacts.import.usable',
    operation: 'importContact',
    behaviour: 'write',
    title: 'the contact an import answers is usable by the operations that take its id: a PATCH naming it answers that contact (import, then the contact update)',
    source: 'description: Endpoints',
    needs: ['writes'],
    async run(t) {
      const network_url = await t.facts.importableProfile();
      const account_id = await t.facts.accountId();
      const answer = await t.call('importContact', { body: { account_id, network_url } });
      t.run.ledger.wrote(answer, `${network_url} in account ${account_id}`, 'imported', answer.status === 200 ? undefined : 'the API has no way to remove an imported contact');
      if (answer.status !== 200 && answer.status !== 201) return void t.expectOk(answer);
      if (!t.expectOk(answer, answer.status)) return;
      const imported = recordOf(answer, 'contact');
      if (typeof imported?.contact_id !== 'string') return;
      const read = await readRecord(t, 'contact', imported.contact_id, account_id);
      if (read) expectSame(t, '$.data.contact', imported, read, { first: 'any', second: [] }, `contact ${imported.contact_id} read by the id its import (importContact) answered, ${inTheAnswerTo('updateContact')}`);
      const listed = itemsOf(await t.call('listContacts', { query: { account_id: [account_id], query: String(imported.public_identifier ?? ''), limit: 25 } }), 'listContacts');
      t.check(listed.some((item) => item.contact_id === imported.contact_id), { path: '$.data.contacts', expected: `contact ${imported.contact_id}, just imported`, actual: 'not listed' });
    },
  },
];
