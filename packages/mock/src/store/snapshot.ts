import type { Store } from './store';
import type { ContactRecord, CompanyRecord } from './types';

const fieldsObject = (fields: Map<string, unknown>) => Object.fromEntries(fields);

function contactSnapshot(contact: ContactRecord) {
  const { person, company, custom_fields, ...rest } = contact;
  return { ...rest, person: person.public_identifier, company_id: company.company_id, custom_fields: fieldsObject(custom_fields) };
}

function companySnapshot(company: CompanyRecord) {
  const { network, custom_fields, ...rest } = company;
  return { ...rest, network: network.public_identifier, custom_fields: fieldsObject(custom_fields) };
}

/** A plain JSON-ready copy of the store's data, for inspection and comparison. */
export function snapshot(store: Store) {
  return {
    seed: store.seed,
    now: store.now.toISOString(),
    organizations: [...store.organizations.values()],
    users: [...store.users.values()],
    apiKeys: [...store.apiKeys.values()],
    accounts: [...store.accounts.values()],
    customFields: store.customFields,
    network: {
      companies: store.network.companyList,
      people: [...store.network.people.values()].map((person) => ({ ...person, company: person.company.public_identifier })),
    },
    contacts: [...store.contacts.values()].map(contactSnapshot),
    companies: [...store.companies.values()].map(companySnapshot),
    views: [...store.views.values()],
    conversations: [...store.conversations.values()],
    drafts: [...store.drafts.values()],
    activity: store.activity,
  };
}
