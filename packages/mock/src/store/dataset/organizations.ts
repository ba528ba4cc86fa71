import { FIXTURE_KEYS } from '../fixtures';
import { timeBefore } from '../anchor';
import type { AccountRecord, OrganizationRecord, UserRecord } from '../types';
import type { BuildContext } from './context';

/*
 * The fixture organizations, their users, keys and connected accounts: what each fixture key (fixtures.ts) stands
 * for, the same for every dataset seed but for the names, dates and provider ids they draw.
 */

function addOrganization(b: BuildContext, name: string, flags: Partial<OrganizationRecord> = {}): OrganizationRecord {
  const organization: OrganizationRecord = {
    id: Number(b.store.ids.take('organization')),
    name,
    created_at: timeBefore(b.store.now, b.random.int(400, 2000)),
    api_access_enabled: true,
    plan_includes_api: true,
    credits: 1000,
    ...flags,
  };
  b.store.directory.putOrganization(organization);
  return organization;
}

function addUser(b: BuildContext, organization: OrganizationRecord, isAdmin: boolean, active = true): UserRecord {
  const firstName = b.faker.person.firstName();
  const lastName = b.faker.person.lastName();
  const domain = `${organization.name.toLowerCase()}.example.com`;
  const user: UserRecord = {
    id: b.store.ids.take('user'),
    organization_id: organization.id,
    name: `${firstName} ${lastName}`,
    email: `${firstName}.${lastName}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, ''),
    is_admin: isAdmin,
    active,
  };
  b.store.directory.addUser(user);
  return user;
}

function addKey(b: BuildContext, key: string, user: UserRecord, retired = false): void {
  b.store.directory.addApiKey({ key, user_id: user.id, retired });
}

function addAccount(b: BuildContext, owner: UserRecord, sharedForApi: boolean): AccountRecord {
  const account: AccountRecord = {
    account_id: b.store.ids.take('account'),
    organization_id: owner.organization_id,
    display_name: owner.name,
    provider_account_id: `pa_${b.faker.string.alphanumeric({ length: 12, casing: 'lower' })}`,
    owner_user_id: owner.id,
    shared_for_api: sharedForApi,
  };
  b.store.directory.addAccount(account);
  return account;
}

export interface FixtureOrganizations {
  acme: OrganizationRecord;
  globex: OrganizationRecord;
  initech: OrganizationRecord;
  users: {
    acmeAdmin: UserRecord;
    acmeMember: UserRecord;
    globexAdmin: UserRecord;
    initechAdmin: UserRecord;
    umbrellaUser: UserRecord;
    hooliUser: UserRecord;
  };
}

/** The organizations, their users and every fixture key: all a dataset of organizations only holds. */
export function addOrganizations(b: BuildContext): FixtureOrganizations {
  const acme = addOrganization(b, 'Acme');
  const globex = addOrganization(b, 'Globex');
  const initech = addOrganization(b, 'Initech', { credits: 0 });
  const umbrella = addOrganization(b, 'Umbrella', { api_access_enabled: false });
  const hooli = addOrganization(b, 'Hooli', { plan_includes_api: false });

  const acmeAdmin = addUser(b, acme, true);
  const acmeMember = addUser(b, acme, false);
  const acmeInactive = addUser(b, acme, false, false);
  const globexAdmin = addUser(b, globex, true);
  const initechAdmin = addUser(b, initech, true);
  const umbrellaUser = addUser(b, umbrella, true);
  const hooliUser = addUser(b, hooli, true);

  addKey(b, FIXTURE_KEYS.admin, acmeAdmin);
  addKey(b, FIXTURE_KEYS.member, acmeMember);
  addKey(b, FIXTURE_KEYS.retired, acmeAdmin, true);
  addKey(b, FIXTURE_KEYS.apiDisabled, umbrellaUser);
  addKey(b, FIXTURE_KEYS.inactiveUser, acmeInactive);
  addKey(b, FIXTURE_KEYS.noApiFeature, hooliUser);
  addKey(b, FIXTURE_KEYS.noCredits, initechAdmin);
  addKey(b, FIXTURE_KEYS.otherOrg, globexAdmin);
  return { acme, globex, initech, users: { acmeAdmin, acmeMember, globexAdmin, initechAdmin, umbrellaUser, hooliUser } };
}

export interface FixtureAccounts {
  acmeShared: AccountRecord;
  acmeMember: AccountRecord;
  acmePrivate: AccountRecord;
  globex: AccountRecord;
  initech: AccountRecord;
}

/** A connected account per user; Umbrella's and Hooli's hold nothing (their keys are refused before any read). */
export function addAccounts(b: BuildContext, users: FixtureOrganizations['users']): FixtureAccounts {
  const acmeShared = addAccount(b, users.acmeAdmin, true);
  const acmeMember = addAccount(b, users.acmeMember, true);
  const acmePrivate = addAccount(b, users.acmeAdmin, false);
  const globex = addAccount(b, users.globexAdmin, true);
  const initech = addAccount(b, users.initechAdmin, true);
  addAccount(b, users.umbrellaUser, true);
  addAccount(b, users.hooliUser, true);
  return { acmeShared, acmeMember, acmePrivate, globex, initech };
}
