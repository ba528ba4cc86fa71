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
 * The storage's containers by name: the records, their lookups and the id counters. A container is a Map or an
 * array; the storage (storage.ts) shares them between its snapshots and forks and copies one before it writes it.
 */

export interface Slot {
  account_id: string;
  position: number;
}

/**
 * Lookups that only gain entries. A storage reads its own additions first, then the seeded dataset's (built once and
 * shared by every storage forked from it), so a fork or a snapshot never copies them.
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
] as const satisfies readonly (keyof Indexes)[];

/**
 * The whole changeable state, as containers. Containers are shared between a storage and its snapshots (and
 * between forks of one seeded dataset): a storage copies a container before its first write after a snapshot or a fork,
 * and a repository writes a new record object for every change, so a record or container handed out never changes.
 */
export interface StoreData extends Indexes, Lists {
  ids: Map<string, number>;
  organizations: Map<number, OrganizationRecord>;
  users: Map<string, UserRecord>;
  apiKeys: Map<string, ApiKeyRecord>;
  accounts: Map<string, AccountRecord>;
  customFields: CustomFieldRecord[];
  views: Map<string, ViewRecord>;
  drafts: Map<string, DraftRecord>;
  /** In the order recorded; readers sort. */
  activity: ActivityEventRecord[];
  /** Network companies in creation order, for picking. */
  companyList: NetworkCompanyRecord[];
}

/** A container of the storage, by name. */
export type Part = keyof StoreData;

/** The records of each per-account list. */
export interface ListRecords {
  contacts: ContactRecord;
  companies: CompanyRecord;
  conversations: ConversationRecord;
}

/** The per-account lists: a record's `position` is its index in its account's list. */
export type ListPart = keyof ListRecords;

/** Per account, in creation order; a record keeps its position for life. */
export type Lists = { [K in ListPart]: Map<string, ListRecords[K][]> };

/** Every container of the storage. */
export const PARTS = [
  'ids',
  'organizations',
  'users',
  'apiKeys',
  'accounts',
  'customFields',
  'contacts',
  'companies',
  'conversations',
  'views',
  'drafts',
  'activity',
  'companyList',
  ...INDEX_NAMES,
] as const satisfies readonly Part[];

/** Index values by index name. */
export type IndexValue<K extends keyof Indexes> = Indexes[K] extends Map<string, infer V> ? V : never;

/** What a per-account list reads as before the account has one. */
export const EMPTY: readonly never[] = [];

/** Every container, new and empty: the data of a storage a dataset is built into. */
export function emptyData(): StoreData {
  const data: Partial<Record<Part, unknown>> = { customFields: [], activity: [], companyList: [] };
  for (const part of PARTS) data[part] ??= new Map();
  return data as StoreData;
}

/** A shallow copy of a container, for a storage to write into. */
export function copyContainer<T>(value: T): T {
  if (value instanceof Map) return new Map(value) as T;
  if (Array.isArray(value)) return value.slice() as T;
  throw new TypeError('not a container');
}
