import { SearchIndex } from './search-index';
import { EMPTY } from './containers';
import type { VersionedStorage } from './storage';
import type { ContactRecord } from './types';

/*
 * The `search` filter's candidates: a query over the storage, kept apart from it. An index covers the records of a
 * list as they were when it was built; a position whose record is another object now (an edit writes a new one),
 * and every position past the index, is a candidate too. So any index gives every match, whatever happened to the
 * store since (writes, snapshots, restores): only how many extra candidates it gives depends on it.
 */

interface BuiltIndex {
  index: SearchIndex;
  /** The records it was built from, position by position. */
  records: readonly ContactRecord[];
}

/** Indexes of seeded datasets' lists (frozen: forks copy a list before they write it), built on first use, shared by forks. */
const seededIndexes = new WeakMap<readonly ContactRecord[], BuiltIndex>();

// Changed or added contacts are candidates of every search until the index is rebuilt, and a rebuild walks the
// whole account: rebuild once they are a thirty-second of it (at least 1,024), so neither cost dominates.
const rebuildAfter = (contactCount: number) => Math.max(1024, contactCount / 32);

/** Positions whose record differs from the one the index was built from. */
function changedPositions(contacts: readonly ContactRecord[], built: BuiltIndex): Set<number> {
  const changed = new Set<number>();
  if (contacts === built.records) return changed;
  const end = Math.min(built.index.size, contacts.length);
  for (let position = 0; position < end; position++) if (contacts[position] !== built.records[position]) changed.add(position);
  return changed;
}

export class ContactSearch {
  /** Per account, the index this store rebuilt, if it did. */
  private readonly rebuilt = new Map<string, BuiltIndex>();
  /** Per account, the changed positions last worked out, for the list, revision and index they were worked out for. */
  private readonly changes = new Map<string, { contacts: readonly ContactRecord[]; revision: number; built: BuiltIndex; changed: Set<number> }>();

  /** `textOf` gives a contact's search text. */
  constructor(
    private readonly storage: VersionedStorage,
    private readonly textOf: (contact: ContactRecord) => string,
  ) {}

  /**
   * The account's contacts whose search text may contain `needle` (lowercase), in creation order: every match and
   * possibly more, so callers still check each.
   */
  candidates(accountId: string, needle: string): Iterable<ContactRecord> {
    const contacts = this.storage.data.contacts.get(accountId) ?? EMPTY;
    if (contacts.length === 0) return contacts;
    const seeded = this.storage.dataset.data.contacts.get(accountId) ?? EMPTY;
    let built = this.seededIndex(seeded);
    if (contacts !== seeded) built = this.rebuilt.get(accountId) ?? built;
    let changed: ReadonlySet<number> = this.changedSince(accountId, contacts, built);
    if (changed.size + contacts.length - built.index.size > rebuildAfter(contacts.length)) {
      built = this.indexOf(contacts.slice());
      this.rebuilt.set(accountId, built);
      changed = this.changedSince(accountId, contacts, built);
    }
    return built.index.candidates(needle, contacts, changed);
  }

  private seededIndex(seeded: readonly ContactRecord[]): BuiltIndex {
    let built = seededIndexes.get(seeded);
    if (!built) seededIndexes.set(seeded, (built = this.indexOf(seeded)));
    return built;
  }

  private indexOf(records: readonly ContactRecord[]): BuiltIndex {
    return { index: new SearchIndex(records, this.textOf), records };
  }

  /** Worked out once per list, contacts revision and index: a list is written in place until the next snapshot. */
  private changedSince(accountId: string, contacts: readonly ContactRecord[], built: BuiltIndex): ReadonlySet<number> {
    const revision = this.storage.revisionOf('contacts');
    const known = this.changes.get(accountId);
    if (known && known.contacts === contacts && known.revision === revision && known.built === built) return known.changed;
    const changed = changedPositions(contacts, built);
    this.changes.set(accountId, { contacts, revision, built, changed });
    return changed;
  }
}
