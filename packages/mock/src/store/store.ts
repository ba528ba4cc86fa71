import type { StoreReader } from './reader';
import { DiffStore } from './state-diff';
import { DatasetBaseline } from './versioned';

/*
 * The store, assembled by layers, each in its own file and each importing only the one below it:
 *   versioned.ts      copy-on-write containers, revisions, snapshots, restore and adopt
 *   directory.ts      organizations, users, keys, accounts, custom fields, the network
 *   companies.ts      each account's company records
 *   contacts.ts       relationships, their search index, contacts joined to companies
 *   views.ts          saved views
 *   conversations.ts  conversations and messages, drafts, activity
 *   state-diff.ts     the difference from the baseline, read and written (state files)
 * Records are built in records.ts. Every change goes through a method of a layer, which keeps the indexes, the
 * search texts and the search index right and moves `revision`, which caches key on. Lookups that take an
 * organization treat another organization's ids as unknown, so routes cannot leak them.
 */

export type { StoreBasis, StoreSnapshot } from './versioned';
export type { StoreDiff } from './state-diff';
export type { StoreReader } from './reader';

/** The seeded dataset, built once; `fork()` gives as many independent stores of it as wanted, cheaply. */
export class Baseline extends DatasetBaseline {
  /** A store holding exactly the seeded dataset. */
  fork(): Store {
    return new Store(this.basis, this);
  }
}

/** The in-memory service data, and the only writer of it. */
export class Store extends DiffStore implements StoreReader {
  /**
   * Makes the data built so far this store's baseline: what `reset` goes back to and `fork` starts from.
   * Called once, by the dataset builder.
   */
  freeze(options: Record<string, unknown>): Baseline {
    const baseline = new Baseline(this.basis, this.data, options);
    this.freezeInto(baseline);
    return baseline;
  }

  /** A new store holding the seeded dataset, sharing everything with this one until either writes. */
  fork(): Store {
    return new Store(this.basis, this.requireBaseline());
  }

  /** The baseline this store was forked from. */
  get origin(): Baseline {
    return this.requireBaseline() as Baseline;
  }
}
