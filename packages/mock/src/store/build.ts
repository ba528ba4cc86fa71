import type { Faker } from '@faker-js/faker';
import { faker as baseFaker } from '@faker-js/faker/locale/base';
import { buildDataset } from './dataset';
import { drawnLocale } from './faker-locale';
import { buildNetworkCompanies } from './network-generator';
import { buildPools } from './pools';
import { Random } from './random';
import { anchorProblem, PRESENT } from './anchor';
import { type SeededDataset, Store } from './store';

// Builds the seeded dataset of the options: once per dataset seed, anchor and size; stores fork it.

export interface StoreOptions {
  /** The dataset seed: the integer the default dataset is drawn from (not `mock.seed`, which inserts records). Default 1. */
  seed?: number;
  /**
   * The instant the dataset is anchored at; default 2026-01-15T12:00:00Z. `'now'` anchors it at the current instant:
   * every seeded time keeps its distance from the anchor, so "the last 30 days" finds activity by the real date.
   */
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

/** What else names a dataset, set by state files only. */
interface DatasetKind {
  /** The fixture organizations, users and keys only, no account and no network: what a snapshot is loaded on. */
  organizationsOnly?: true;
}

export const DEFAULT_NOW = '2026-01-15T12:00:00Z';

/**
 * The largest dataset sizes: 100,000 contacts in one account build in a few seconds and well under 1 GB; a state
 * file or an option asking for more would hold the process for minutes or exhaust its memory.
 */
const MAX_SIZE = { contacts: 100_000, conversations: 10_000, network: 100_000 } as const;

function boundedCount(name: string, value: number | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be an integer from 0 to ${max.toLocaleString('en-US')}, got ${value}`);
  }
  return value;
}

/** The options with their defaults filled in and checked: what names a dataset (and a state file records). */
export interface DatasetOptions {
  seed: number;
  now: string;
  contactsPerAccount: number;
  primaryAccountContacts: number;
  conversationsPerAccount: number;
  networkSize: number;
  organizationsOnly?: true;
}

export function datasetOptions(options: StoreOptions & DatasetKind = {}): DatasetOptions {
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  const problem = anchorProblem(options.now);
  if (problem) throw new RangeError(problem);
  const now = options.now === PRESENT ? new Date() : new Date(options.now ?? DEFAULT_NOW);
  const contactsPerAccount = boundedCount('contactsPerAccount', options.contactsPerAccount, 160, MAX_SIZE.contacts);
  return {
    seed,
    now: now.toISOString(),
    contactsPerAccount,
    primaryAccountContacts: boundedCount('primaryAccountContacts', options.primaryAccountContacts, contactsPerAccount, MAX_SIZE.contacts),
    conversationsPerAccount: boundedCount('conversationsPerAccount', options.conversationsPerAccount, 42, MAX_SIZE.conversations),
    networkSize: boundedCount('networkSize', options.networkSize, 600, MAX_SIZE.network),
    ...(options.organizationsOnly === true ? { organizationsOnly: true as const } : {}),
  };
}

// faker's class from its base locale, the smallest of its entries: the main entry loads every locale, several hundred
// milliseconds of every cold start (a CLI's `--mock`, a test file), and the English one weighs four times what the
// dataset draws. Each dataset has its own instance over the drawn English definitions, never the shared one a user
// may also seed.
const SeededFaker = baseFaker.constructor as typeof Faker;
const locale = drawnLocale();

/** Builds the seeded dataset once; `new Store(dataset)` then gives as many independent stores of it as wanted, cheaply. */
export function createSeededDataset(options: StoreOptions & DatasetKind = {}): SeededDataset {
  const checked = datasetOptions(options);
  const now = new Date(checked.now);
  const faker = new SeededFaker({ locale, seed: checked.seed });
  faker.setDefaultRefDate(now);
  const random = new Random(faker.number.int({ min: 0, max: 2 ** 32 - 1 }));
  const pools = buildPools(faker);
  const store = new Store({ datasetSeed: checked.seed, now, pools, historyCompanies: [] });
  const companies = buildNetworkCompanies(faker, random, pools, store.ids, now, 150);
  store.storage.setHistoryCompanies(companies);
  // A dataset of organizations only holds no network: a snapshot's companies are all its own.
  if (!checked.organizationsOnly) for (const company of companies) store.network.addCompany(company);
  buildDataset(store, faker, random, checked);
  return store.freeze({ ...checked });
}

/**
 * The seeded datasets built so far in this process, by their checked options, the most recently used last. A dataset
 * never changes once built (stores fork it), so every mock of the same seed, anchor and size can start from the same
 * one: a test suite that makes a mock per test builds its dataset once per process instead of once per test. Only a
 * few are kept, and only datasets of modest size, so that a large one is freed with the mock that used it.
 */
const built = new Map<string, SeededDataset>();
const KEPT_DATASETS = 8;
/** At most some 10 MB each (the default dataset, 800 contacts, holds about 5 MB). */
const keptSize = (options: DatasetOptions) =>
  4 * options.contactsPerAccount + options.primaryAccountContacts <= 2_500 && options.conversationsPerAccount <= 100 && options.networkSize <= 2_000;

/** The seeded dataset of `options`: one built before in this process when it is still kept, else a new one. */
export function seededDataset(options: StoreOptions & DatasetKind = {}): SeededDataset {
  const checked = datasetOptions(options);
  const key = JSON.stringify(checked);
  let dataset = built.get(key);
  if (dataset) {
    built.delete(key);
  } else {
    dataset = createSeededDataset(checked);
    if (!keptSize(checked)) return dataset;
  }
  built.set(key, dataset);
  if (built.size > KEPT_DATASETS) built.delete(built.keys().next().value as string);
  return dataset;
}

/** A store holding the seeded dataset of `options` (each call builds it; fork a seeded dataset for cheap copies). */
export function createStore(options: StoreOptions = {}): Store {
  return new Store(createSeededDataset(options));
}
