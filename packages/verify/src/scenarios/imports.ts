import type { Contact } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import type { Answer } from '../call';
import { expectSame, LIST_OMITS } from './agree';
import { itemsOf } from './lists';
import type { Scenario } from './scenario';

type Fields = Record<string, unknown>;

const needsWrites: Scenario['needs'] = ['writes'];

const contactOf = (answer: Answer) => (answer.body as { data?: { contact?: Contact } } | undefined)?.data?.contact;

/** The handle of a profile URL (`ada-lovelace` of `https://www.network.com/in/ada-lovelace/`). */
const handleOf = (url: string) => new URL(url).pathname.split('/').filter(Boolean).at(-1)?.toLowerCase() ?? '';

/**
 * The account's contact for the profile at `url`, if it holds one, read before an import: whether the import
 * attaches it (201) or finds it attached (200) follows from it. Searched with `query` (which
 * covers handles and profile URLs); a contact is the profile's when its handle is the URL's.
 */
async function heldContact(t: ScenarioContext, url: string, accountId: string): Promise<Contact | undefined> {
  const handle = handleOf(url);
  const answer = await t.call('listContacts', { query: { account_id: [accountId], query: handle, limit: 25 } });
  if (!t.expectOk(answer)) return t.stop();
  return (itemsOf(answer, 'listContacts')).find((contact) => contact.public_identifier?.toLowerCase() === handle || handleOf(contact.network_url) === handle);
}

/**
 * Imports the run's profile into the account, after reading whether the account holds it: gives the answer, the
 * status that state calls for (201 attached now, 200 already attached) and the contact held before, if any.
 */
async function importProfile(t: ScenarioContext): Promise<{ answer: Answer; expected: 200 | 201; held: Contact | undefined }> {
  const network_url = await t.facts.importableProfile();
  const account_id = await t.facts.accountId();
  const held = await heldContact(t, network_url, account_id);
  const answer = await t.call('importContact', { body: { account_id, network_url } });
  if (!held) t.run.ledger.wrote(answer, `${network_url} in account ${account_id}`, 'imported', 'the API has no way to remove an imported contact');
  const contact = contactOf(answer);
  if ((answer.status === 200 || answer.status === 201) && typeof contact?.contact_id === 'string') t.facts.imported(contact);
  return { answer, expected: held ? 200 : 201, held };
}

export const importScenarios: Scenario[] = [
  {
    id: 'contacts.import.created',
    operation: 'importContact',
    behaviour: 'status',
    title: 'importing a profile the account does not hold (read first) is 201 with the contact and warnings',
    source: 'description: States and transitions',
    needs: needsWrites,
    async run(t) {
      const { answer, expected } = await importProfile(t);
      if (expected === 200) return t.skip('the profile given with --profile-url is already a contact of the account: name one it does not hold to see 201');
      t.expectOk(answer, 201);
    },
  },
  {
    id: 'contacts.import.again',
    operation: 'importContact',
    behaviour: 'status',
    title: 'importing a profile the account holds (read first) is 200 with the same contact; the imported contact is listed',
    source: 'description: States and transitions',
    needs: needsWrites,
    async run(t) {
      const first = await importProfile(t);
      if (!t.expectOk(first.answer, first.expected)) return;
      const again = await importProfile(t);
      t.check(again.held !== undefined, {
        path: '$.data.contacts',
        expected: 'the imported contact, listed with query set to its handle',
        actual: 'not listed',
        note: 'GET /v1/contacts after the import',
      });
      const imported = contactOf(first.answer);
      // The import answers the contact the list then shows (it may leave fields out; the list leaves out notes and lookups).
      if (again.held && imported) expectSame(t, '$.data.contact', again.held, imported, { first: LIST_OMITS, second: 'any' }, 'the import against the contact listed after it');
      if (!t.expectOk(again.answer, again.expected)) return;
      t.equal('$.data.contact.contact_id', contactOf(again.answer)?.contact_id, imported?.contact_id, 'the contact_id of the first import');
    },
  },
  {
    id: 'contacts.import.invalid-url',
    operation: 'importContact',
    behaviour: 'refusal',
    title: 'a network_url that is not a profile URL is 400 bad_request',
    source: 'decision',
    needs: needsWrites,
    async run(t) {
      const answer = await t.call('importContact', { body: { account_id: await t.facts.accountId(), network_url: 'https://example.com/not-a-profile' } });
      t.run.ledger.wrote(answer, `https://example.com/not-a-profile in account ${await t.facts.accountId()}`, 'imported (a URL that is no profile)', 'the API has no way to remove an imported contact');
      t.expectError(answer, 400, 'bad_request');
    },
  },
];
