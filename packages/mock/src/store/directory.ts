import type { VersionedStorage } from './storage';
import type { AccountRecord, ApiKeyRecord, OrganizationRecord, UserRecord } from './types';

/** Organizations, users, keys and accounts: built with the dataset; only credits change later. */
export class Directory {
  constructor(private readonly storage: VersionedStorage) {}

  organization(id: number): OrganizationRecord | undefined {
    return this.storage.data.organizations.get(id);
  }

  organizations(): readonly OrganizationRecord[] {
    return [...this.storage.data.organizations.values()];
  }

  user(id: string): UserRecord | undefined {
    return this.storage.data.users.get(id);
  }

  users(): readonly UserRecord[] {
    return [...this.storage.data.users.values()];
  }

  apiKey(key: string): ApiKeyRecord | undefined {
    return this.storage.data.apiKeys.get(key);
  }

  apiKeys(): readonly ApiKeyRecord[] {
    return [...this.storage.data.apiKeys.values()];
  }

  account(accountId: string): AccountRecord | undefined {
    return this.storage.data.accounts.get(accountId);
  }

  accounts(): readonly AccountRecord[] {
    return [...this.storage.data.accounts.values()];
  }

  accountsOf(organizationId: number): AccountRecord[] {
    return [...this.storage.data.accounts.values()].filter((account) => account.organization_id === organizationId);
  }

  /** Adds an organization, or (a state file's changed one) replaces it. */
  putOrganization(organization: OrganizationRecord): void {
    this.storage.own('organizations').set(organization.id, organization);
    this.storage.commit();
  }

  addUser(user: UserRecord): void {
    this.storage.own('users').set(user.id, user);
    this.storage.commit();
  }

  addApiKey(apiKey: ApiKeyRecord): void {
    this.storage.own('apiKeys').set(apiKey.key, apiKey);
    this.storage.commit();
  }

  addAccount(account: AccountRecord): void {
    this.storage.own('accounts').set(account.account_id, account);
    this.storage.commit();
  }

  /** Spends `count` credits of the organization; false (and nothing spent) when it has fewer. */
  spendCredits(organizationId: number, count: number): boolean {
    const organization = this.storage.data.organizations.get(organizationId);
    if (!organization || organization.credits < count) return false;
    this.putOrganization({ ...organization, credits: organization.credits - count });
    return true;
  }
}
