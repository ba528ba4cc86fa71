import type { Answer, ScenarioContext } from '../context';
import { compact } from '../context';
import { itemsOf } from './lists';
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

/**
 * One record as two operations show it must agree: every field both show has the same value, and each shows every
 * field of the other but those it may leave out (`omits`: what the description says one of them leaves out, or
 * what one of them changes, such as find-email's lookup results).
 */
function expectSame(t: ScenarioContext, path: string, shown: Fields, again: Fields, omits: { first: string[]; second: string[] }, note: string): void {
  for (const key of new Set([...Object.keys(shown), ...Object.keys(again)])) {
    const at = `${path}[${JSON.stringify(key)}]`.replace(/\["([A-Za-z_][A-Za-z0-9_]*)"\]$/, '.$1');
    if (!(key in again)) {
      if (!omits.second.includes(key)) t.differ({ path: at, expected: `present, as the other answer has it: ${compact(shown[key])}`, actual: 'missing', note });
    } else if (!(key in shown)) {
      if (!omits.first.includes(key)) t.differ({ path: at, expected: 'absent, as the other answer has it', actual: compact(again[key]), note });
    } else if (!omits.first.includes(key) && !omits.second.includes(key)) {
      t.equal(at, again[key], shown[key], note);
    }
  }
}

// What the description says a list item leaves out, and what find-email changes (its lookup results).
const LIST_OMITS = ['notes_json', 'contact_enrichment', 'sequence'];
const LOOKUP = ['work_email', 'contact_enrichment'];

export const sameRecordScenarios: Scenario[] = [
  {
    id: 'contacts.same-record.update',
    operation: 'updateContact',
    behaviour: 'envelope',
    title: 'a contact read with an empty PATCH is the contact the list shows: same fields, same values (notes_json, contact_enrichment and sequence aside)',
    source: 'description §2',
    needs: ['writes'],
    async run(t) {
      const account_id = await t.facts.accountId();
      for (const listed of await listedContacts(t, RECORDS)) {
        const id = String(listed.contact_id);
        const answer = await t.call('updateContact', { params: { contact_id: id }, body: { account_id } });
        const read = recordOf(answer, 'contact');
        if (t.expectOk(answer) && read) expectSame(t, '$.data.contact', listed, read, { first: LIST_OMITS, second: [] }, `PATCH of contact ${id} against the list`);
      }
    },
  },
  {
    id: 'contacts.same-record.find-email',
    operation: 'findContactEmail',
    behaviour: 'envelope',
    title: "find-email answers the contact the list shows: same fields, same values (its lookup's work_email and contact_enrichment aside)",
    source: 'description §2',
    needs: ['credits'],
    async run(t) {
      const account_id = await t.facts.accountId();
      const [listed] = await listedContacts(t, 1);
      if (!listed) return t.skip('the account has no contacts');
      const id = String(listed.contact_id);
      const answer = await t.call('findContactEmail', { params: { contact_id: id }, body: { account_id } });
      const found = recordOf(answer, 'contact');
      if (t.expectOk(answer) && found) expectSame(t, '$.data.contact', listed, found, { first: [...LIST_OMITS, ...LOOKUP, 'last_interaction_at'], second: LOOKUP }, `find-email of contact ${id} against the list`);
    },
  },
  {
    id: 'contacts.same-record.find-email-update',
    operation: 'findContactEmail',
    behaviour: 'envelope',
    title: 'find-email and an empty PATCH answer the same contact: same fields, same values, its sequence and notes included (the lookup results aside)',
    source: 'description §2',
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
      if (t.expectOk(answer) && found) expectSame(t, '$.data.contact', chosen.read, found, { first: LOOKUP, second: LOOKUP }, `find-email of contact ${chosen.id} against its PATCH`);
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
        if (t.expectOk(read) && company) expectSame(t, '$.data.company', listed, company, { first: [], second: [] }, `PATCH of company ${String(listed.company_id)} against the list`);
      }
    },
  },
];
