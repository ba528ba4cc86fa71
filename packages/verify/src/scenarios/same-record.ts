import type { ScenarioContext } from '../context';
import type { Answer } from '../call';
import { expectSame, LIST_OMITS } from './agree';
import { itemsOf, walk } from './lists';
import type { Scenario } from './scenario';

type Fields = Record<string, unknown>;

/** Records compared at most per scenario: each costs a request. */
const RECORDS = 5;

/** The first contacts of the account, read now (the facts' page may predate the run's writes). */
async function listedContacts(t: ScenarioContext, limit: number): Promise<Fields[]> {
  const answer = await t.call('listContacts', { query: { account_id: [await t.facts.accountId()], limit } });
  return t.expectOk(answer) ? itemsOf(answer, 'listContacts') : t.stop();
}

const recordOf = (answer: Answer, key: 'contact' | 'company') => (answer.body as { data?: Record<string, Fields> } | undefined)?.data?.[key];

// What find-email changes: its lookup's results.
const LOOKUP = ['work_email', 'contact_enrichment'];
/** A contact's phone lookup, which find-email (a lookup of the work e-mail) leaves as it was. */
const phoneLookup = (contact: Fields) => ((contact.contact_enrichment as Fields | undefined)?.phone as Fields | undefined);

export const sameRecordScenarios: Scenario[] = [
  {
    id: 'contacts.same-record.update',
    operation: 'updateContact',
    behaviour: 'envelope',
    title: 'a contact read with an empty PATCH is the contact the list shows: same fields, same values (notes_json, contact_enrichment and sequence aside)',
    source: 'description: Resources and their fields',
    needs: ['writes'],
    async run(t) {
      const account_id = await t.facts.accountId();
      for (const listed of await listedContacts(t, RECORDS)) {
        const id = String(listed.contact_id);
        const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id } });
        const read = recordOf(answer, 'contact');
        if (t.expectOk(answer) && read) expectSame(t, '$.data.contact', listed, read, { first: LIST_OMITS, second: [] }, `PATCH of contact ${id} (updateContact) against the list (listContacts)`);
      }
    },
  },
  {
    id: 'contacts.same-record.find-email',
    operation: 'findContactEmail',
    behaviour: 'envelope',
    title: "find-email answers the contact the list shows: same fields, same values (its lookup's work_email and contact_enrichment aside)",
    source: 'description: Resources and their fields',
    needs: ['credits'],
    async run(t) {
      const account_id = await t.facts.accountId();
      const [listed] = await listedContacts(t, 1);
      if (!listed) return t.skip('the account has no contacts');
      const id = String(listed.contact_id);
      const answer = await t.call('findContactEmail', { params: { contact_id: id }, body: { account_id } });
      const found = recordOf(answer, 'contact');
      if (t.expectOk(answer) && found) expectSame(t, '$.data.contact', listed, found, { first: [...LIST_OMITS, ...LOOKUP, 'last_interaction_at'], second: LOOKUP }, `find-email of contact ${id} (findContactEmail) against the list (listContacts)`);
    },
  },
  {
    id: 'contacts.same-record.find-email-update',
    operation: 'findContactEmail',
    behaviour: 'envelope',
    title: "find-email and an empty PATCH answer the same contact: same fields, same values, its sequence, notes and phone lookup included (the work e-mail lookup's results aside)",
    source: 'description: Resources and their fields',
    needs: ['credits', 'writes'],
    async run(t) {
      const account_id = await t.facts.accountId();
      // A contact with a sequence, if the first page has one: its sequence is then compared too.
      let chosen: { id: string; read: Fields } | undefined;
      for (const listed of await listedContacts(t, RECORDS)) {
        const id = String(listed.contact_id);
        const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id } });
        const read = recordOf(answer, 'contact');
        if (!t.expectOk(answer) || !read) return;
        chosen ??= { id, read };
        if (read.sequence) {
          chosen = { id, read };
          break;
        }
      }
      if (!chosen) return t.skip('the account has no contacts');
      const answer = await t.call('findContactEmail', { params: { contact_id: chosen.id }, body: { account_id } });
      const found = recordOf(answer, 'contact');
      if (!t.expectOk(answer) || !found) return;
      const note = `find-email of contact ${chosen.id} (findContactEmail) against its PATCH (updateContact)`;
      expectSame(t, '$.data.contact', chosen.read, found, { first: LOOKUP, second: LOOKUP }, note);
      // Where both answers carry the phone's lookup (the description has find-email add contact_enrichment).
      const [before, after] = [phoneLookup(chosen.read), phoneLookup(found)];
      if (before && after) t.equal('$.data.contact.contact_enrichment.phone.status', after.status, before.status, `${note}: find-email looks up the work e-mail, not the phone`);
    },
  },
  {
    id: 'contacts.update.account-scoped',
    operation: 'updateContact',
    behaviour: 'write',
    title: 'a person held by two accounts: a PATCH names the account, and answers that account\'s relationship',
    source: 'decision',
    needs: ['writes'],
    async run(t) {
      const own = await t.facts.accountId();
      const mine = new Set((await t.facts.contacts()).map((contact) => contact.contact_id));
      for (const { account_id: other } of (await t.facts.accounts()).filter((account) => account.account_id !== own)) {
        const { items } = await walk(t, 'listContacts', { query: { account_id: [other], limit: 25 } }, 8);
        const shared = items.find((contact) => mine.has(String(contact.contact_id)));
        if (!shared) continue;
        const id = String(shared.contact_id);
        const relationships = new Set<unknown>();
        for (const account_id of [own, other]) {
          const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id } });
          const read = recordOf(answer, 'contact');
          if (!t.expectOk(answer) || !read) return;
          t.equal('$.data.contact.account.account_id', (read.account as Fields | undefined)?.account_id, account_id, `PATCH of contact ${id} with account_id ${account_id}`);
          relationships.add(read.account_relationship_id);
        }
        t.check(relationships.size === 2, { path: '$.data.contact.account_relationship_id', expected: "each account's own relationship", actual: `the same in accounts ${own} and ${other}` });
        return;
      }
      t.skip('no contact on the first page of the account is held by another account the key can use');
    },
  },
  {
    id: 'companies.same-record.update',
    operation: 'updateCompany',
    behaviour: 'envelope',
    title: 'a company read with an empty PATCH is the company the list shows: same fields, same values',
    source: 'decision',
    needs: ['writes'],
    async run(t) {
      const account_id = await t.facts.accountId();
      const answer = await t.call('listCompanies', { query: { account_id: [account_id], limit: RECORDS } });
      if (!t.expectOk(answer)) return;
      for (const listed of itemsOf(answer, 'listCompanies')) {
        const read = await t.call('updateCompany', { params: { company_id: String(listed.company_id) }, body: { account_id } });
        const company = recordOf(read, 'company');
        if (t.expectOk(read) && company) expectSame(t, '$.data.company', listed, company, { first: [], second: [] }, `PATCH of company ${String(listed.company_id)} (updateCompany) against the list (listCompanies)`);
      }
    },
  },
];
