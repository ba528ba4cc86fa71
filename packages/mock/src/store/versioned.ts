import type { Ids } from './ids';
import type { Pools } from './pools';
import { Random } from './random';
import { SearchIndex } from './search-index';
import type {
  AccountRecord,
  ActivityEventRecord,
  ApiKeyRecord,
  CompanyRecord,
  ContactRecord,
  ConversationRecord,
  CustomFieldRecord,
  DraftRecord,
  NetworkCompanyRecord,
  NetworkPersonRecord,
  OrganizationRecord,
  UserRecord,
  ViewRecord,
} from './types';

/*
 * The store's versioned containers: copy-on-write state, revisions, snapshots, forks of one seeded baseline.
 * The entity layers above (directory, companies, contacts, views, conversations) write only through `own`,
 * `ownList` and `index`, and call `changed` after each write.
 */

/** What never changes after the dataset is built: the seed, the anchor instant and the word pools. */
export interface StoreBasis {
  seed: number;
  now: Date;
  pools: Pools;
  /** The companies past positions are picked from; never changes, so derived work histories stay the same. */
  historyCompanies: readonly NetworkCompanyRecord[];
}

export interface Slot {
  account_id: string;
  position: number;
}

/**
 * Lookups that only gain entries. A store reads its own additions first, then the baseline's (built once and
 * shared by every store forked from it), so a fork or a snapshot never copies them.
 */
export interface Indexes {
  /** account_relationship_id -> where the contact lives. */
  contactSlots: Map<string, Slot>;
  /** `${account_id}:${person provider id}` -> position of the account's relationship with the person. */
  relationshipOfPerson: Map<string, number>;
  /** `${organization_id}:${person provider id}` -> the person's contact_id in the organization. */
  contactIdOfPerson: Map<string, string>;
  /** `${organization_id}:${contact_id}` -> the person. */
  personOfContactId: Map<string, NetworkPersonRecord>;
  companySlots: Map<string, Slot>;
  /** `${account_id}:${network company provider id}` -> position of the account's company record. */
  companyOfNetwork: Map<string, number>;
  conversationSlots: Map<string, Slot>;
  /** Network people by handle. */
  people: Map<string, NetworkPersonRecord>;
  /** Network companies by handle. */
  networkCompanies: Map<string, NetworkCompanyRecord>;
  /** Provider ids of people some account holds. */
  imported: Map<string, true>;
}

export const INDEX_NAMES = [
  'contactSlots',
  'relationshipOfPerson',
  'contactIdOfPerson',
  'personOfContactId',
  'companySlots',
  'companyOfNetwork',
  'conversationSlots',
  'people',
  'networkCompanies',
  'imported',
] as const satisfies readonly (keyof Indexes)[];

/** Where a search index stands: built over a prefix of the account's contacts, plus positions changed since. */
export interface SearchState {
  /** null: the baseline's index of the account (built on first use, shared by every fork). */
  index: SearchIndex | null;
  changed: Set<number>;
}

/**
 * The whole changeable state, as containers. Containers are shared between a store and its snapshots (and
 * between forks of one baseline): a store copies a container before its first write after a snapshot or a fork,
 * and writes a new record object for every change, so a record or container it has handed out never changes.
 */
export interface StoreData extends Indexes {
  ids: Map<string, number>;
  organizations: Map<number, OrganizationRecord>;
  users: Map<string, UserRecord>;
  apiKeys: Map<string, ApiKeyRecord>;
  accounts: Map<string, AccountRecord>;
  customFields: CustomFieldRecord[];
  /** Per account, in creation order; a record keeps its position for life. */
  contacts: Map<string, ContactRecord[]>;
  companies: Map<string, CompanyRecord[]>;
  conversations: Map<string, ConversationRecord[]>;
  views: Map<string, ViewRecord>;
  drafts: Map<string, DraftRecord>;
  /** In the order recorded; readers sort. */
  activity: ActivityEventRecord[];
  /** Network companies in creation order, for picking. */
  companyList: NetworkCompanyRecord[];
  search: Map<string, SearchState>;
}

/** An immutable handle on a store's whole state (contract §3.2). */
export interface StoreSnapshot {
  readonly baseline: DatasetBaseline;
  readonly data: Readonly<StoreData>;
  /** The revision the data had: restoring it restores the revision too (equal revisions mean equal data). */
  readonly revision: number;
  /** The revision of what other records' wire shapes read (see `wireRevision`), restored with it. */
  readonly wireRevision: number;
}

export const EMPTY: readonly never[] = [];

let revisions = 0;
/**
 * Counted across stores: a revision names one state of the data, so two stores share one only while they hold the
 * same data (forks of a baseline before their first write, a snapshot and the stores it was restored into).
 */
export const nextRevision = () => ++revisions;

// Changed or added contacts are candidates of every search until the index is rebuilt, and a rebuild walks the
// whole account: rebuild once they are a thirty-second of it (at least 1,024), so neither cost dominates.
export const rebuildAfter = (contactCount: number) => Math.max(1024, contactCount / 32);

function emptyData(): StoreData {
  const data = {
    ids: new Map(),
    organizations: new Map(),
    users: new Map(),
    apiKeys: new Map(),
    accounts: new Map(),
    customFields: [],
    contacts: new Map(),
    companies: new Map(),
    conversations: new Map(),
    views: new Map(),
    drafts: new Map(),
    activity: [],
    companyList: [],
    search: new Map(),
  } as Omit<StoreData, keyof Indexes> as StoreData;
  for (const name of INDEX_NAMES) (data as unknown as Record<string, Map<unknown, unknown>>)[name] = new Map();
  return data;
}

function copyContainer<T>(value: T): T {
  if (value instanceof Map) return new Map(value) as T;
  if (value instanceof Set) return new Set(value) as T;
  if (Array.isArray(value)) return value.slice() as T;
  throw new TypeError('not a container');
}

// Ranges per kind so ids of different kinds do not look alike.
export const ID_STARTS: Readonly<Record<string, number>> = {
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

/**
 * The seeded dataset, built once: the frozen state every store forked from it starts with, and the indexes
 * they share. A fork costs a few object allocations, whatever the dataset's size.
 */
export class DatasetBaseline {
  readonly basis: StoreBasis;
  readonly indexes: Readonly<Indexes>;
  readonly data: Readonly<StoreData>;
  /** The options the dataset was built from (what a state file names). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The revision of every store that holds exactly this data (a fresh fork, a reset one). */
  readonly revision = nextRevision();
  private readonly searchIndexes = new Map<string, SearchIndex>();

  constructor(basis: StoreBasis, built: StoreData, options: Record<string, unknown>) {
    this.basis = basis;
    this.options = Object.freeze({ ...options });
    const indexes = {} as Indexes;
    // The baseline's search indexes are built from its final lists: changes noted while building are in them.
    const data = { ...built, search: new Map() };
    for (const name of INDEX_NAMES) {
      (indexes as unknown as Record<string, unknown>)[name] = built[name];
      (data as unknown as Record<string, unknown>)[name] = new Map();
    }
    this.indexes = Object.freeze(indexes);
    this.data = Object.freeze(data);
  }

  /** The index of the account's seeded contacts, built on first use. */
  searchIndex(accountId: string): SearchIndex {
    let index = this.searchIndexes.get(accountId);
    if (!index) this.searchIndexes.set(accountId, (index = new SearchIndex(this.data.contacts.get(accountId) ?? EMPTY)));
    return index;
  }
}

/** Index values by index name. */
export type IndexValue<K extends keyof Indexes> = Indexes[K] extends Map<string, infer V> ? V : never;

/**
 * Copy-on-write state with revisions: the base of the store. A store reads a container it shares with its
 * snapshots and forks until it writes, then copies that container once, so a record or container it has handed
 * out never changes.
 */
export class VersionedStore {
  protected basis: StoreBasis;
  /** Takes the next id of a kind, e.g. `ids.take('contact')`. */
  readonly ids: Ids = { take: (kind) => this.takeId(kind) };

  protected baseline: DatasetBaseline | undefined;
  protected base: Readonly<Indexes>;
  protected data: StoreData;
  /** Containers this store made itself since its last snapshot or fork: the only ones it may write in place. */
  protected owned = new WeakSet<object>();
  protected currentRevision = nextRevision();
  protected currentWireRevision = this.currentRevision;

  /** A store forked from `baseline`, or (without one) an empty store to build a dataset into. */
  constructor(basis: StoreBasis, baseline?: DatasetBaseline) {
    this.basis = basis;
    this.baseline = baseline;
    if (baseline) {
      this.base = baseline.indexes;
      this.data = { ...baseline.data };
      this.currentRevision = baseline.revision;
      this.currentWireRevision = baseline.revision;
    } else {
      this.data = emptyData();
      this.base = emptyData();
      for (const value of Object.values(this.data)) if (typeof value === 'object') this.owned.add(value);
    }
  }

  get seed(): number {
    return this.basis.seed;
  }

  /** The instant the dataset is anchored at. */
  get now(): Date {
    return this.basis.now;
  }

  get pools(): Pools {
    return this.basis.pools;
  }

  /** Moves on every change, restore and reset; equal revisions mean equal data. */
  get revision(): number {
    return this.currentRevision;
  }

  /**
   * Moves on every change except a contact's own edit (`recordChanged`): a contact's wire shape reads its own
   * record, which an edit replaces, and the account, person and company records, which this revision follows.
   * A cache of wire shapes keyed by record stays right while it stays the same.
   */
  get wireRevision(): number {
    return this.currentWireRevision;
  }

  /**
   * What caches of wire shapes key on: the baseline while this store's `wireRevision` is the baseline's, so that
   * every fresh fork (a new session) finds what the others already derived; else this store.
   */
  get cacheScope(): object {
    return this.baseline !== undefined && this.currentWireRevision === this.baseline.revision ? this.baseline : this;
  }

  /** Makes the data built so far this store's baseline, once, when the dataset builder is done. */
  protected freezeInto(baseline: DatasetBaseline): void {
    this.baseline = baseline;
    this.base = baseline.indexes;
    this.data = { ...baseline.data };
    this.owned = new WeakSet();
    this.currentRevision = baseline.revision;
    this.currentWireRevision = baseline.revision;
  }

  /** The companies past positions are picked from, set once while building, before any contact. */
  setHistoryCompanies(companies: readonly NetworkCompanyRecord[]): void {
    if (this.baseline) throw new Error('The dataset is built: its history companies are fixed.');
    this.basis = { ...this.basis, historyCompanies: companies };
  }

  protected requireBaseline(): DatasetBaseline {
    if (!this.baseline) throw new Error('The store has no baseline yet: build its dataset first.');
    return this.baseline;
  }

  /** An immutable handle on the whole state; later writes copy what they change, so it never changes. */
  snapshot(): StoreSnapshot {
    const snapshot = Object.freeze({
      baseline: this.requireBaseline(),
      data: Object.freeze({ ...this.data }),
      revision: this.currentRevision,
      wireRevision: this.currentWireRevision,
    });
    this.owned = new WeakSet();
    return snapshot;
  }

  /** Puts a snapshot's state back (a snapshot of this store or of another fork of the same baseline). */
  restore(snapshot: StoreSnapshot): void {
    if (snapshot.baseline !== this.baseline) {
      throw new Error('This snapshot was taken of a mock with another dataset (seed, now or size): it cannot be restored here.');
    }
    this.data = { ...snapshot.data };
    this.owned = new WeakSet();
    this.currentRevision = snapshot.revision;
    this.currentWireRevision = snapshot.wireRevision;
  }

  /** Back to the seeded dataset. */
  reset(): void {
    const baseline = this.requireBaseline();
    this.restore({ baseline, data: baseline.data, revision: baseline.revision, wireRevision: baseline.revision });
  }

  /**
   * Takes over another store's whole state, dataset included (another seed, a loaded state file), so that whoever
   * holds this store sees the new state. The other store must not be used afterwards.
   */
  adopt(other: VersionedStore): void {
    this.basis = other.basis;
    this.baseline = other.requireBaseline();
    this.base = other.base;
    this.data = { ...other.data };
    this.owned = new WeakSet();
    this.changed();
  }

  /** A derived generator for things created at request time, stable for the same seed and inputs. */
  randomFor(...parts: (string | number)[]): Random {
    let hash = this.seed ^ 0x9e3779b9;
    for (const char of parts.join('|')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
    return new Random(hash);
  }

  protected changed(): void {
    this.currentRevision = nextRevision();
    this.currentWireRevision = this.currentRevision;
  }

  /** A change that only replaces one contact record: no other record's wire shape reads it. */
  protected recordChanged(): void {
    this.currentRevision = nextRevision();
  }

  /** The container of `name`, copied first unless this store made it since its last snapshot. */
  protected own<K extends keyof StoreData>(name: K): StoreData[K] {
    const current = this.data[name];
    if (this.owned.has(current)) return current;
    const copy = copyContainer(current);
    this.owned.add(copy);
    this.data[name] = copy;
    return copy;
  }

  /** The list of `account_id` in the per-account container `name`, owned by this store. */
  protected ownList<T>(name: 'contacts' | 'companies' | 'conversations', accountId: string): T[] {
    const lists = this.own(name) as unknown as Map<string, T[]>;
    const current = lists.get(accountId);
    if (current && this.owned.has(current)) return current;
    const copy = current ? current.slice() : [];
    this.owned.add(copy);
    lists.set(accountId, copy);
    return copy;
  }

  protected lookup<K extends keyof Indexes>(name: K, key: string): IndexValue<K> | undefined {
    const own = this.data[name] as Map<string, unknown>;
    const found = own.size === 0 ? undefined : own.get(key);
    return (found ?? (this.base[name] as Map<string, unknown>).get(key)) as never;
  }

  protected index<K extends keyof Indexes>(name: K, key: string, value: IndexValue<K>): void {
    (this.own(name) as Map<string, unknown>).set(key, value);
  }

  /** Entries of an index, the baseline's first (indexes only gain entries, so none repeats). */
  protected *entries<K extends keyof Indexes>(name: K): Generator<IndexValue<K>> {
    yield* (this.base[name] as Map<string, never>).values();
    yield* (this.data[name] as Map<string, never>).values();
  }

  protected takeId(kind: string): string {
    const ids = this.own('ids');
    const value = ids.get(kind) ?? ID_STARTS[kind] ?? 1;
    ids.set(kind, value + 1);
    return String(value);
  }
}
