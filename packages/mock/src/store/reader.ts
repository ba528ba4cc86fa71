import type { Store } from './store';
import type {
  AccountRecord,
  ActivityEventRecord,
  ApiKeyRecord,
  CompanyRecord,
  ContactRecord,
  ContactSearchTexts,
  ConversationRecord,
  CustomFieldRecord,
  CustomFieldTarget,
  DraftRecord,
  NetworkCompanyRecord,
  NetworkPersonRecord,
  OrganizationRecord,
  PersonDetails,
  UserRecord,
  ViewRecord,
} from './types';

/**
 * What `mock.db` shows: the repositories' lookups in one flat, read-only face, none of their writes. `readerOf`
 * builds it over a store, so a lookup a repository drops or changes breaks the build here, not a user's test.
 */
export interface StoreReader {
  /** The dataset seed: the integer the default dataset is drawn from (the `seed` option), not `mock.seed`'s inserts. */
  readonly seed: number;
  /** The instant the dataset is anchored at. */
  readonly now: Date;
  /** Moves on every change, restore and reset; equal revisions mean equal data. */
  readonly revision: number;

  organization(id: number): OrganizationRecord | undefined;
  organizations(): readonly OrganizationRecord[];
  user(id: string): UserRecord | undefined;
  users(): readonly UserRecord[];
  apiKey(key: string): ApiKeyRecord | undefined;
  apiKeys(): readonly ApiKeyRecord[];
  account(accountId: string): AccountRecord | undefined;
  accounts(): readonly AccountRecord[];
  accountsOf(organizationId: number): AccountRecord[];

  customFields(): readonly CustomFieldRecord[];
  customFieldsOf(organizationId: number, target: CustomFieldTarget): CustomFieldRecord[];
  customField(organizationId: number, target: CustomFieldTarget, name: string): CustomFieldRecord | undefined;

  personDetails(person: NetworkPersonRecord): PersonDetails;
  person(handle: string): NetworkPersonRecord | undefined;
  people(): Iterable<NetworkPersonRecord>;
  networkCompany(handle: string): NetworkCompanyRecord | undefined;
  networkCompanies(): readonly NetworkCompanyRecord[];
  /** Whether any account of any organization has the person as a contact. */
  isImported(person: NetworkPersonRecord): boolean;

  contactsOf(accountId: string): readonly ContactRecord[];
  allContacts(): Generator<ContactRecord>;
  relationship(accountRelationshipId: string): ContactRecord | undefined;
  personOf(organizationId: number, contactId: string): NetworkPersonRecord | undefined;
  findContact(accountId: string, contactId: string): ContactRecord | undefined;
  relationshipsOf(organizationId: number, contactId: string): ContactRecord[];
  contactOfPerson(accountId: string, person: NetworkPersonRecord): ContactRecord | undefined;
  /** The lowercase texts the `search`, `query` and `company_name` filters read, derived on first use. */
  searchTextsOf(contact: ContactRecord): ContactSearchTexts;

  findCompanyOf(accountId: string, network: NetworkCompanyRecord): CompanyRecord | undefined;
  company(companyId: string): CompanyRecord | undefined;
  findCompany(organizationId: number, companyId: string): CompanyRecord | undefined;
  companiesOf(accountId: string): readonly CompanyRecord[];
  allCompanies(): Generator<CompanyRecord>;
  companyOfContact(contact: ContactRecord): CompanyRecord;
  companiesOfContacts(contacts: Iterable<ContactRecord>): { company: CompanyRecord; contact_count: number }[];
  contactCountOf(company: CompanyRecord): number;

  findView(organizationId: number, idOrPublicId: string): ViewRecord | undefined;
  views(): readonly ViewRecord[];
  viewsOf(accountId: string): ViewRecord[];
  contactsOfView(view: ViewRecord): ContactRecord[];

  findConversation(organizationId: number, conversationId: string): ConversationRecord | undefined;
  conversationsOf(accountId: string): readonly ConversationRecord[];
  allConversations(): Generator<ConversationRecord>;

  drafts(): readonly DraftRecord[];
  activity(): readonly ActivityEventRecord[];
}

const readers = new WeakMap<Store, StoreReader>();
const stores = new WeakMap<StoreReader, Store>();

/** The read-only face of `store` (one per store). */
export function readerOf(store: Store): StoreReader {
  let reader = readers.get(store);
  if (!reader) {
    readers.set(store, (reader = createReader(store)));
    stores.set(reader, store);
  }
  return reader;
}

/** The store behind a reader: for the mock's own tests, which swap a part of a live mock's store. */
export function storeBehind(reader: StoreReader): Store | undefined {
  return stores.get(reader);
}

function createReader(store: Store): StoreReader {
  const { directory, customFields, network, companies, contacts, views, conversations, drafts, activity } = store;
  return {
    get seed() {
      return store.datasetSeed;
    },
    get now() {
      return store.now;
    },
    get revision() {
      return store.revision;
    },
    organization: (id) => directory.organization(id),
    organizations: () => directory.organizations(),
    user: (id) => directory.user(id),
    users: () => directory.users(),
    apiKey: (key) => directory.apiKey(key),
    apiKeys: () => directory.apiKeys(),
    account: (accountId) => directory.account(accountId),
    accounts: () => directory.accounts(),
    accountsOf: (organizationId) => directory.accountsOf(organizationId),

    customFields: () => customFields.all(),
    customFieldsOf: (organizationId, target) => customFields.of(organizationId, target),
    customField: (organizationId, target, name) => customFields.find(organizationId, target, name),

    personDetails: (person) => network.personDetails(person),
    person: (handle) => network.person(handle),
    people: () => network.people(),
    networkCompany: (handle) => network.company(handle),
    networkCompanies: () => network.companies(),
    isImported: (person) => network.isImported(person),

    contactsOf: (accountId) => contacts.ofAccount(accountId),
    allContacts: () => contacts.all(),
    relationship: (accountRelationshipId) => contacts.relationship(accountRelationshipId),
    personOf: (organizationId, contactId) => contacts.personOf(organizationId, contactId),
    findContact: (accountId, contactId) => contacts.find(accountId, contactId),
    relationshipsOf: (organizationId, contactId) => contacts.relationshipsOf(organizationId, contactId),
    contactOfPerson: (accountId, person) => contacts.ofPerson(accountId, person),
    searchTextsOf: (contact) => contacts.texts(contact),

    findCompanyOf: (accountId, networkCompany) => companies.findOf(accountId, networkCompany),
    company: (companyId) => companies.get(companyId),
    findCompany: (organizationId, companyId) => companies.find(organizationId, companyId),
    companiesOf: (accountId) => companies.ofAccount(accountId),
    allCompanies: () => companies.all(),
    companyOfContact: (contact) => companies.ofContact(contact),
    companiesOfContacts: (list) => companies.ofContacts(list),
    contactCountOf: (company) => contacts.countAt(company),

    findView: (organizationId, idOrPublicId) => views.find(organizationId, idOrPublicId),
    views: () => views.all(),
    viewsOf: (accountId) => views.ofAccount(accountId),
    contactsOfView: (view) => views.contactsOf(view),

    findConversation: (organizationId, conversationId) => conversations.find(organizationId, conversationId),
    conversationsOf: (accountId) => conversations.ofAccount(accountId),
    allConversations: () => conversations.all(),

    drafts: () => drafts.all(),
    activity: () => activity.all(),
  };
}
