// The store's public face for the layers above: the store, its records and how a dataset is built.
export { SeededDataset, Store, type StoreSnapshot } from './store';
export { readerOf, type StoreReader } from './reader';
export type * from './types';
export { RELATIONSHIP_STATUSES } from './types';
export { FIXTURE_KEYS, MAGIC_HANDLES, TAG_CATALOG } from './fixtures';
export { HEADCOUNT_RANGES } from './network-generator';
export { parseProfileUrl, personUrl, companyUrl, type ProfileRef, type ProfileKind } from './urls';
export { createSeededDataset, createStore, datasetOptions, seededDataset, DEFAULT_NOW, type DatasetOptions, type StoreOptions } from './build';
