import { Faker, base, en } from '@faker-js/faker';
import { buildDataset } from './dataset';
import { IdSequence } from './ids';
import { buildNetworkCompanies, type Network } from './network';
import { buildPools } from './pools';
import { Random } from './random';
import { Store } from './store';

export { Store } from './store';
export { snapshot } from './snapshot';
export type * from './types';
export { RELATIONSHIP_STATUSES } from './types';
export { FIXTURE_KEYS, TAG_CATALOG } from './dataset';
export { HEADCOUNT_RANGES } from './network';
export { parseProfileUrl, personUrl, companyUrl, type ProfileRef, type ProfileKind } from './urls';

export interface StoreOptions {
  /** Default 1. */
  seed?: number;
  /** The instant the dataset is anchored at; default 2026-01-15T12:00:00Z. */
  now?: string | Date;
  /** Contacts of every connected account; default 160. */
  contactsPerAccount?: number;
  /** Contacts of Acme's shared admin account only (for large-account runs); default `contactsPerAccount`. */
  primaryAccountContacts?: number;
  /** Conversations per account; default 42. */
  conversationsPerAccount?: number;
  /** People of the network who are nobody's contact yet; default 600. */
  networkSize?: number;
}

export const DEFAULT_NOW = '2026-01-15T12:00:00Z';

// Ranges per kind so ids of different kinds do not look alike.
const ID_STARTS = {
  organization: 7001,
  user: 201,
  account: 101,
  contact: 1_000_001,
  account_relationship: 5_000_001,
  company: 300_001,
  view: 901,
  conversation: 40_001,
  message: 600_001,
  attachment: 80_001,
  draft: 2001,
  sequence: 70_001,
  sequence_step: 710_001,
  invite: 90_001,
  activity: 10_000_001,
  network_person: 100_001,
  network_company: 50_001,
};

function nonNegativeInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  return value;
}

export function createStore(options: StoreOptions = {}): Store {
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  const now = new Date(options.now ?? DEFAULT_NOW);
  if (Number.isNaN(now.getTime())) throw new RangeError(`now must be an ISO date-time, got ${String(options.now)}`);
  const contactsPerAccount = nonNegativeInteger('contactsPerAccount', options.contactsPerAccount, 160);

  const faker = new Faker({ locale: [en, base], seed });
  faker.setDefaultRefDate(now);
  const random = new Random(faker.number.int({ min: 0, max: 2 ** 32 - 1 }));
  const ids = new IdSequence(ID_STARTS);
  const pools = buildPools(faker);
  const companyList = buildNetworkCompanies(faker, random, pools, ids, now, 150);
  const network: Network = {
    people: new Map(),
    companies: new Map(companyList.map((company) => [company.public_identifier, company])),
    companyList,
    historyCompanies: [...companyList],
  };
  const store = new Store({ seed, now, ids, pools, network });
  buildDataset(store, faker, random, {
    contactsPerAccount,
    primaryAccountContacts: nonNegativeInteger('primaryAccountContacts', options.primaryAccountContacts, contactsPerAccount),
    conversationsPerAccount: nonNegativeInteger('conversationsPerAccount', options.conversationsPerAccount, 42),
    networkSize: nonNegativeInteger('networkSize', options.networkSize, 600),
  });
  return store;
}
