import { readerOf, type Store, type StoreReader } from '../../src/store/index';
import type { CompanyRecord, ContactRecord } from '../../src/store/types';

const fieldsObject = (fields: Map<string, unknown>) => Object.fromEntries(fields);

function contactDump(contact: ContactRecord) {
  const { person, custom_fields, ...rest } = contact;
  return { ...rest, person: person.public_identifier, custom_fields: fieldsObject(custom_fields) };
}

function companyDump(company: CompanyRecord) {
  const { network, custom_fields, ...rest } = company;
  return { ...rest, network: network.public_identifier, custom_fields: fieldsObject(custom_fields) };
}

/** A plain JSON-ready copy of the store's data, for inspection and comparison. */
export function dumpStore(source: Store | StoreReader) {
  const store = 'storage' in source ? readerOf(source) : source;
  const accounts = store.accounts();
  return {
    seed: store.seed,
    now: store.now.toISOString(),
    organizations: store.organizations(),
    users: store.users(),
    apiKeys: store.apiKeys(),
    accounts,
    customFields: store.customFields(),
    network: {
      companies: store.networkCompanies(),
      people: [...store.people()].map((person) => ({ ...person, company: person.company.public_identifier })),
    },
    contacts: accounts.flatMap((account) => store.contactsOf(account.account_id).map(contactDump)),
    companies: accounts.flatMap((account) => store.companiesOf(account.account_id).map(companyDump)),
    views: store.views(),
    conversations: accounts.flatMap((account) => store.conversationsOf(account.account_id)),
    drafts: store.drafts(),
    activity: store.activity(),
  };
}
