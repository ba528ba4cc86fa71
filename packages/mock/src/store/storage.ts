import { copyContainer, emptyData, type Indexes, type IndexValue, type ListPart, type ListRecords, type Lists, type Part, PARTS, type StoreData } from './containers';
import { ID_STARTS, type Ids } from './ids';
import { Random } from './random';
import { nextRevision, type PartRevisions, partRevisions } from './revisions';
import { type DatasetConstants, SeededDataset } from './seeded-dataset';
import type { NetworkCompanyRecord } from './types';

/*
 * The store's one versioned storage: copy-on-write containers (containers.ts), revisions (revisions.ts), snapshots,
 * forks of one seeded dataset (seeded-dataset.ts). It knows containers, not what they mean: the repositories
 * (directory.ts, contacts.ts, ...) read through `data`, `lookup` and `entries`, write only through `own`, `ownList`,
 * `index`, `replace` and `takeId`, and call `commit` after each change.
 */

/** An immutable handle on a storage's whole state. */
export interface StoreSnapshot {
  readonly dataset: SeededDataset;
  readonly data: Readonly<StoreData>;
  /** The revision the data had: restoring it restores the revision too (equal revisions mean equal data). */
  readonly revision: number;
  readonly parts: Readonly<PartRevisions>;
}

/**
 * Copy-on-write state with revisions. A storage reads a container it shares with its snapshots and forks until it
 * writes, then copies that container once, so a record or container it has handed out never changes.
 */
export class VersionedStorage {
  private currentConstants: DatasetConstants;
  /** Takes the next id of a kind, e.g. `ids.take('contact')`. */
  readonly ids: Ids = { take: (kind) => this.takeId(kind) };

  private seededDataset: SeededDataset | undefined;
  private base: Readonly<Indexes>;
  private state: StoreData;
  /** Containers this storage made itself since its last snapshot or fork: the only ones it may write in place. */
  private owned = new WeakSet<object>();
  private currentRevision: number;
  private parts: PartRevisions;
  /**
   * Containers written since the last `commit`: a list, not a Set, because a change writes one to three of them and
   * a Set's clear() allocates a new table on every commit (tens of MB of garbage while a large dataset is built).
   */
  private readonly written: Part[] = [];

  /** A storage forked from `dataset`, or (without one) an empty storage to build a dataset into. */
  constructor(constants: DatasetConstants, dataset?: SeededDataset) {
    this.currentConstants = constants;
    this.seededDataset = dataset;
    if (dataset) {
      this.base = dataset.indexes;
      this.state = { ...dataset.data };
      this.currentRevision = dataset.revision;
      this.parts = { ...dataset.parts };
    } else {
      this.state = emptyData();
      this.base = emptyData();
      for (const value of Object.values(this.state)) this.owned.add(value);
      this.currentRevision = nextRevision();
      this.parts = partRevisions(this.currentRevision);
    }
  }

  get constants(): DatasetConstants {
    return this.currentConstants;
  }

  /** The containers, for reading: a repository writes through the methods below. */
  get data(): Readonly<StoreData> {
    return this.state;
  }

  /** Moves on every change, restore and reset; equal revisions mean equal data. */
  get revision(): number {
    return this.currentRevision;
  }

  /**
   * The revision that last wrote the container: equal revisions of a container mean it holds the same data, in this
   * storage or in another (a cache of what is derived from some containers stays right while theirs stay the same).
   */
  revisionOf(part: Part): number {
    return this.parts[part];
  }

  /** The seeded dataset this storage's data was forked from. */
  get dataset(): SeededDataset {
    if (!this.seededDataset) throw new Error('The store has no seeded dataset yet: build its dataset first.');
    return this.seededDataset;
  }

  /** The companies past positions are picked from, set once while building, before any contact. */
  setHistoryCompanies(companies: readonly NetworkCompanyRecord[]): void {
    if (this.seededDataset) throw new Error('The dataset is built: its history companies are fixed.');
    this.currentConstants = { ...this.currentConstants, historyCompanies: companies };
  }

  /** Makes the data built so far this storage's seeded dataset, once, when the dataset builder is done. */
  freeze(options: Record<string, unknown>): SeededDataset {
    if (this.seededDataset) throw new Error('The dataset is built already.');
    const dataset = new SeededDataset(this.currentConstants, this.state, options);
    this.seededDataset = dataset;
    this.base = dataset.indexes;
    this.state = { ...dataset.data };
    this.owned = new WeakSet();
    this.currentRevision = dataset.revision;
    this.parts = { ...dataset.parts };
    return dataset;
  }

  /** An immutable handle on the whole state; later writes copy what they change, so it never changes. */
  snapshot(): StoreSnapshot {
    const snapshot: StoreSnapshot = Object.freeze({
      dataset: this.dataset,
      data: Object.freeze({ ...this.state }),
      revision: this.currentRevision,
      parts: Object.freeze({ ...this.parts }),
    });
    this.owned = new WeakSet();
    return snapshot;
  }

  /** Puts a snapshot's state back (a snapshot of this storage or of another fork of the same seeded dataset). */
  restore(snapshot: StoreSnapshot): void {
    if (snapshot.dataset !== this.seededDataset) {
      throw new Error(
        'This snapshot was taken of another dataset (another seed, now or size, or the same options seeded again by another mock): restore it into the mock that took it, or one of its sessions.',
      );
    }
    this.state = { ...snapshot.data };
    this.owned = new WeakSet();
    this.written.length = 0;
    this.currentRevision = snapshot.revision;
    this.parts = { ...snapshot.parts };
  }

  /**
   * Back to the seeded dataset; with `to`, to that dataset instead (another dataset seed or anchor), so that whoever
   * holds this storage sees it.
   */
  reset(to: SeededDataset = this.dataset): void {
    if (to !== this.seededDataset) {
      this.currentConstants = to.constants;
      this.seededDataset = to;
      this.base = to.indexes;
    }
    this.restore({ dataset: to, data: to.data, revision: to.revision, parts: to.parts });
  }

  /**
   * Takes over another storage's whole state, dataset included (another dataset seed, a loaded state file), so that
   * whoever holds this storage sees the new state. The other storage must not be used afterwards.
   */
  adopt(other: VersionedStorage): void {
    this.currentConstants = other.currentConstants;
    this.seededDataset = other.dataset;
    this.base = other.base;
    this.state = { ...other.state };
    this.owned = new WeakSet();
    this.written.push(...PARTS);
    this.commit();
  }

  /** A derived generator for things created at request time, stable for the same dataset seed and inputs. */
  randomFor(...parts: (string | number)[]): Random {
    let hash = this.currentConstants.datasetSeed ^ 0x9e3779b9;
    for (const char of parts.join('|')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
    return new Random(hash);
  }

  /** Ends a change: the revision moves, and so does that of every container written since the last commit. */
  commit(): void {
    const revision = nextRevision();
    this.currentRevision = revision;
    for (const part of this.written) this.parts[part] = revision;
    this.written.length = 0;
  }

  /** The container `name`, to write into: copied first unless this storage made it since its last snapshot. */
  own<K extends Part>(name: K): StoreData[K] {
    if (!this.written.includes(name)) this.written.push(name);
    const current = this.state[name];
    if (this.owned.has(current)) return current;
    const copy = copyContainer(current);
    this.owned.add(copy);
    this.state[name] = copy;
    return copy;
  }

  /** Replaces the container `name` whole with one nobody else holds. */
  replace<K extends Part>(name: K, value: StoreData[K]): void {
    if (!this.written.includes(name)) this.written.push(name);
    this.owned.add(value);
    this.state[name] = value;
  }

  /** The list of `accountId` in the per-account container `name`, to write into. */
  ownList<K extends ListPart>(name: K, accountId: string): ListRecords[K][] {
    const lists: Lists[K] = this.own(name);
    const current = lists.get(accountId);
    if (current && this.owned.has(current)) return current;
    const copy = current ? current.slice() : [];
    this.owned.add(copy);
    lists.set(accountId, copy);
    return copy;
  }

  /**
   * Writes `record` at its position of its account's list in `name`: over the record there, or appended as the next
   * one (then true: the caller indexes it). Throws a RangeError on a position past the end.
   */
  place<K extends ListPart>(name: K, record: ListRecords[K]): boolean {
    const length = this.state[name].get(record.account_id)?.length ?? 0;
    if (record.position > length || record.position < 0) {
      throw new RangeError(`${name} of account ${record.account_id} has ${length} records: none can be at position ${record.position}`);
    }
    this.ownList(name, record.account_id)[record.position] = record;
    return record.position === length;
  }

  lookup<K extends keyof Indexes>(name: K, key: string): IndexValue<K> | undefined {
    const own = this.state[name] as Map<string, unknown>;
    const found = own.size === 0 ? undefined : own.get(key);
    if (found !== undefined) return found as never;
    // Empty while a dataset is built: its lookups then miss twice per new record otherwise.
    const base = this.base[name] as Map<string, unknown>;
    return (base.size === 0 ? undefined : base.get(key)) as never;
  }

  index<K extends keyof Indexes>(name: K, key: string, value: IndexValue<K>): void {
    (this.own(name) as Map<string, unknown>).set(key, value);
  }

  /** Entries of an index, the seeded dataset's first (indexes only gain entries, so none repeats). */
  *entries<K extends keyof Indexes>(name: K): Generator<IndexValue<K>> {
    yield* (this.base[name] as Map<string, never>).values();
    yield* (this.state[name] as Map<string, never>).values();
  }

  /** Entries this storage added to an index since its seeded dataset. */
  added<K extends keyof Indexes>(name: K): IterableIterator<IndexValue<K>> {
    return (this.state[name] as Map<string, never>).values();
  }

  private takeId(kind: string): string {
    const ids = this.own('ids');
    const value = ids.get(kind) ?? ID_STARTS[kind] ?? 1;
    ids.set(kind, value + 1);
    return String(value);
  }
}
