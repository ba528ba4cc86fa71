import type {
  AccountRecord,
  ActivityEventRecord,
  ApiKeyRecord,
  CompanyRecord,
  ContactRecord,
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
 * What `mock.db` shows: the store's lookups, none of its writes. `Store` implements it, so a lookup the store
 * drops or changes breaks the build here, not a user's test.
 */
export interface StoreReader {
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
