import { personDetails } from './details';
import { VersionedStore } from './versioned';
import type {
  AccountRecord,
  ApiKeyRecord,
  CustomFieldRecord,
  CustomFieldTarget,
  NetworkCompanyRecord,
  NetworkPersonRecord,
  OrganizationRecord,
  PersonDetails,
  UserRecord,
} from './types';

/**
 * Organizations, users, keys and accounts (built with the dataset; only credits change later), the registered
 * custom fields, and the network of people and companies.
 */
export class DirectoryStore extends VersionedStore {
  organization(id: number): OrganizationRecord | undefined {
    return this.data.organizations.get(id);
  }

  organizations(): readonly OrganizationRecord[] {
    return [...this.data.organizations.values()];
  }

  user(id: string): UserRecord | undefined {
    return this.data.users.get(id);
  }

  users(): readonly UserRecord[] {
    return [...this.data.users.values()];
  }

  apiKey(key: string): ApiKeyRecord | undefined {
    return this.data.apiKeys.get(key);
  }

  apiKeys(): readonly ApiKeyRecord[] {
    return [...this.data.apiKeys.values()];
  }

  account(accountId: string): AccountRecord | undefined {
    return this.data.accounts.get(accountId);
  }

  accounts(): readonly AccountRecord[] {
    return [...this.data.accounts.values()];
  }

  accountsOf(organizationId: number): AccountRecord[] {
    return [...this.data.accounts.values()].filter((account) => account.organization_id === organizationId);
  }

  addOrganization(organization: OrganizationRecord): void {
    this.own('organizations').set(organization.id, organization);
    this.changed();
  }

  addUser(user: UserRecord): void {
    this.own('users').set(user.id, user);
    this.changed();
  }

  addApiKey(apiKey: ApiKeyRecord): void {
    this.own('apiKeys').set(apiKey.key, apiKey);
    this.changed();
  }

  addAccount(account: AccountRecord): void {
    this.own('accounts').set(account.account_id, account);
    this.changed();
  }

  /** Spends `count` credits of the organization; false (and nothing spent) when it has fewer. */
  spendCredits(organizationId: number, count: number): boolean {
    const organization = this.data.organizations.get(organizationId);
    if (!organization || organization.credits < count) return false;
    this.own('organizations').set(organizationId, { ...organization, credits: organization.credits - count });
    this.changed();
    return true;
  }

  // Custom fields

  customFields(): readonly CustomFieldRecord[] {
    return this.data.customFields;
  }

  customFieldsOf(organizationId: number, target: CustomFieldTarget): CustomFieldRecord[] {
    return this.data.customFields.filter((field) => field.organization_id === organizationId && field.target === target);
  }

  customField(organizationId: number, target: CustomFieldTarget, name: string): CustomFieldRecord | undefined {
    return this.data.customFields.find(
      (field) => field.organization_id === organizationId && field.target === target && field.name === name,
    );
  }

  addCustomField(field: CustomFieldRecord): void {
    this.own('customFields').push({ ...field });
    this.changed();
  }

  // The network

  personDetails(person: NetworkPersonRecord): PersonDetails {
    return personDetails(person, this.basis.pools, this.basis.historyCompanies, this.basis.now);
  }

  person(handle: string): NetworkPersonRecord | undefined {
    return this.lookup('people', handle);
  }

  people(): Iterable<NetworkPersonRecord> {
    return this.entries('people');
  }

  networkCompany(handle: string): NetworkCompanyRecord | undefined {
    return this.lookup('networkCompanies', handle);
  }

  /** Network companies in creation order. */
  networkCompanies(): readonly NetworkCompanyRecord[] {
    return this.data.companyList;
  }

  addNetworkPerson(person: NetworkPersonRecord): void {
    this.index('people', person.public_identifier, person);
    this.changed();
  }

  addNetworkCompany(company: NetworkCompanyRecord): void {
    this.index('networkCompanies', company.public_identifier, company);
    this.own('companyList').push(company);
    this.changed();
  }

  /** Whether any account of any organization has the person as a contact. */
  isImported(person: NetworkPersonRecord): boolean {
    return this.lookup('imported', person.provider_participant_id) === true;
  }
}
