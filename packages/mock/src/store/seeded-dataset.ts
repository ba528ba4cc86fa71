import type { Indexes, StoreData } from './containers';
import type { Pools } from './pools';
import { nextRevision, type PartRevisions, partRevisions } from './revisions';
import type { NetworkCompanyRecord } from './types';

/** What never changes after the dataset is built: the dataset seed, the anchor instant and the word pools. */
export interface DatasetConstants {
  datasetSeed: number;
  now: Date;
  pools: Pools;
  /** The companies past positions are picked from; never changes, so derived work histories stay the same. */
  historyCompanies: readonly NetworkCompanyRecord[];
}

/**
 * The seeded dataset, built once: the frozen state every storage forked from it starts with, and the indexes they
 * share. A fork costs a few object allocations, whatever the dataset's size.
 */
export class SeededDataset {
  readonly constants: DatasetConstants;
  readonly indexes: Readonly<Indexes>;
  readonly data: Readonly<StoreData>;
  /** The options the dataset was built from (what a state file names). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The revision of every storage that holds exactly this data (a fresh fork, a reset one). */
  readonly revision = nextRevision();
  readonly parts: Readonly<PartRevisions> = Object.freeze(partRevisions(this.revision));

  constructor(constants: DatasetConstants, built: Readonly<StoreData>, options: Record<string, unknown>) {
    this.constants = constants;
    this.options = Object.freeze({ ...options });
    const { contactSlots, relationshipOfPerson, contactIdOfPerson, personOfContactId, companySlots, companyOfNetwork, conversationSlots, people, networkCompanies } = built;
    const indexes: Indexes = { contactSlots, relationshipOfPerson, contactIdOfPerson, personOfContactId, companySlots, companyOfNetwork, conversationSlots, people, networkCompanies };
    // A fork's own index maps start empty: it reads its additions first, then these shared ones.
    const own: Indexes = {
      contactSlots: new Map(), relationshipOfPerson: new Map(), contactIdOfPerson: new Map(), personOfContactId: new Map(),
      companySlots: new Map(), companyOfNetwork: new Map(), conversationSlots: new Map(), people: new Map(), networkCompanies: new Map(),
    };
    this.indexes = Object.freeze(indexes);
    this.data = Object.freeze({ ...built, ...own });
  }
}
