import { Activity } from './activity';
import { Companies } from './companies';
import { ContactSearch } from './contact-search';
import { Contacts } from './contacts';
import { Conversations } from './conversations';
import { CustomFields } from './custom-fields';
import { Directory } from './directory';
import { Drafts } from './drafts';
import type { Ids } from './ids';
import { Network } from './network';
import type { Pools } from './pools';
import type { Random } from './random';
import { type DatasetConstants, SeededDataset } from './seeded-dataset';
import { type StoreSnapshot, VersionedStorage } from './storage';
import { Views } from './views';

/*
 * The store, composed: one versioned storage (storage.ts) and a repository per resource reading and writing
 * through it, each in its own file:
 *   directory.ts      organizations, users, keys, accounts
 *   custom-fields.ts  the registered custom fields
 *   network.ts        the network's people and companies
 *   companies.ts      each account's company records
 *   contacts.ts       relationships of accounts with people
 *   views.ts          saved views
 *   conversations.ts  conversations and their messages
 *   drafts.ts         saved drafts
 *   activity.ts       recorded activity
 * and the `search` filter's query beside them (contact-search.ts). Records are built in builders.ts. Every change
 * goes through a repository, which keeps the indexes and search texts right and commits, moving the revision.
 * Lookups that take an organization treat another organization's ids as unknown, so routes cannot leak them.
 */

export type { StoreSnapshot } from './storage';
export { type DatasetConstants, SeededDataset } from './seeded-dataset';

/** The in-memory service data: a storage and the repositories over it. */
export class Store {
  readonly storage: VersionedStorage;
  readonly directory: Directory;
  readonly customFields: CustomFields;
  readonly network: Network;
  readonly companies: Companies;
  readonly contacts: Contacts;
  readonly search: ContactSearch;
  readonly views: Views;
  readonly conversations: Conversations;
  readonly drafts: Drafts;
  readonly activity: Activity;

  /** What `reset` goes back to: the dataset this store was made with, or the one the last `reset(to)` named. */
  private resetTarget: SeededDataset | undefined;

  /** A store holding `source`'s seeded dataset, or (from its constants) an empty store to build a dataset into. */
  constructor(source: SeededDataset | DatasetConstants) {
    this.storage = source instanceof SeededDataset ? new VersionedStorage(source.constants, source) : new VersionedStorage(source);
    if (source instanceof SeededDataset) this.resetTarget = source;
    this.directory = new Directory(this.storage);
    this.customFields = new CustomFields(this.storage);
    this.network = new Network(this.storage);
    this.companies = new Companies(this.storage);
    this.contacts = new Contacts(this.storage, this.directory, this.network, this.companies);
    this.search = new ContactSearch(this.storage, (contact) => this.contacts.texts(contact).search_text);
    this.views = new Views(this.storage, this.contacts);
    this.conversations = new Conversations(this.storage);
    this.drafts = new Drafts(this.storage);
    this.activity = new Activity(this.storage);
  }

  /** The random seed the dataset was built from (the `seed` option). */
  get datasetSeed(): number {
    return this.storage.constants.datasetSeed;
  }

  /** The instant the dataset is anchored at. */
  get now(): Date {
    return this.storage.constants.now;
  }

  get pools(): Pools {
    return this.storage.constants.pools;
  }

  /** Takes the next id of a kind, e.g. `ids.take('contact')`. */
  get ids(): Ids {
    return this.storage.ids;
  }

  /** Moves on every change, restore and reset; equal revisions mean equal data. */
  get revision(): number {
    return this.storage.revision;
  }

  /** The seeded dataset this store's data was forked from. */
  get dataset(): SeededDataset {
    return this.storage.dataset;
  }

  /** A derived generator for things created at request time, stable for the same dataset seed and inputs. */
  randomFor(...parts: (string | number)[]): Random {
    return this.storage.randomFor(...parts);
  }

  /** An immutable handle on the whole state; later writes copy what they change, so it never changes. */
  snapshot(): StoreSnapshot {
    return this.storage.snapshot();
  }

  /** Puts a snapshot's state back (a snapshot of this store or of another fork of the same seeded dataset). */
  restore(snapshot: StoreSnapshot): void {
    this.storage.restore(snapshot);
  }

  /**
   * Back to the seeded dataset this store resets to; with `to`, to that dataset instead (another dataset seed or
   * anchor), which later resets go back to as well. The store keeps its identity: whoever holds it sees the new state.
   */
  reset(to?: SeededDataset): void {
    const target = to ?? this.resetsTo;
    this.storage.reset(target);
    this.resetTarget = target;
  }

  /** The dataset `reset()` goes back to (a loaded state's dataset does not change it). */
  get resetsTo(): SeededDataset {
    return this.resetTarget ?? this.dataset;
  }

  /** Takes over another store's whole state (another dataset, a loaded state file); the other is not used again. */
  adopt(other: Store): void {
    this.storage.adopt(other.storage);
  }

  /** A new store holding the seeded dataset, sharing everything with this one until either writes. */
  fork(): Store {
    return new Store(this.dataset);
  }

  /**
   * Makes the data built so far this store's seeded dataset: what `reset` goes back to and `fork` starts from. Called once,
   * by the dataset builder.
   */
  freeze(options: Record<string, unknown>): SeededDataset {
    return this.storage.freeze(options);
  }
}
