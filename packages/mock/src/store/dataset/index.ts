import type { Faker } from '@faker-js/faker';
import type { Random } from '../random';
import type { Store } from '../store';
import type { AccountRecord, ContactRecord, NetworkPersonRecord } from '../types';
import { addConnectionActivity, addSequenceActivity, numberActivity } from './activity';
import { addContacts } from './contacts';
import { fillCompanies } from './companies';
import type { BuildContext, DatasetSize } from './context';
import { addConversations } from './conversations';
import { type AccountFields, registerFields } from './custom-fields';
import { addNetworkPeople } from './network';
import { addAccounts, addOrganizations } from './organizations';
import { addViews } from './views';

/*
 * The default dataset, built into an empty store a concern per file:
 *   organizations.ts  the fixture organizations, users, keys and accounts
 *   custom-fields.ts  their custom fields and the values records draw for them
 *   contacts.ts       each account's contacts
 *   companies.ts      the values on the company records those contacts brought in
 *   views.ts          each account's app-made views
 *   conversations.ts  each account's conversations and messages
 *   activity.ts       the activity those recorded, numbered in time order
 *   network.ts        the network's people nobody has imported
 * Every part draws from the same streams in turn, so the order of the calls below is the dataset: moving one changes
 * every value drawn after it.
 */

export type { DatasetSize } from './context';

function fillAccount(
  b: BuildContext,
  account: AccountRecord,
  contactCount: number,
  fields: AccountFields,
  shared: readonly NetworkPersonRecord[] = [],
): ContactRecord[] {
  const contacts = addContacts(b, account, contactCount, fields.contact, shared);
  fillCompanies(b, account, fields.company);
  addViews(b, account, contacts);
  addConversations(b, account, contacts);
  addConnectionActivity(b, account, contacts);
  addSequenceActivity(b, account, contacts);
  return contacts;
}

/** Builds the default dataset into an empty store. */
export function buildDataset(store: Store, faker: Faker, random: Random, size: DatasetSize): void {
  const b: BuildContext = { store, faker, random, size, activity: [] };
  const organizations = addOrganizations(b);
  if (size.organizationsOnly) return;

  const fields = registerFields(b, organizations);
  const accounts = addAccounts(b, organizations.users);
  const sharedPeople = fillAccount(b, accounts.acmeShared, size.primaryAccountContacts, fields.acme).map((contact) => contact.person);
  fillAccount(b, accounts.acmeMember, size.contactsPerAccount, fields.acme, sharedPeople);
  fillAccount(b, accounts.acmePrivate, size.contactsPerAccount, fields.acme, sharedPeople);
  fillAccount(b, accounts.globex, size.contactsPerAccount, fields.globex);
  fillAccount(b, accounts.initech, size.contactsPerAccount, fields.initech);

  addNetworkPeople(b);
  numberActivity(b);
}
