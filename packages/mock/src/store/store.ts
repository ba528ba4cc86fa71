import type { Changeable } from './changes';
import { personDetails } from './details';
import type { Ids } from './ids';
import type { Pools } from './pools';
import { Random } from './random';
import { contactSearchText, queryText } from './search';
import { SearchIndex } from './search-index';
import type {
  AccountRecord,
  ActivityEventRecord,
  ApiKeyRecord,
  CompanyRecord,
  ContactRecord,
  ConversationRecord,
  CustomFieldRecord,
  CustomFieldTarget,
  DraftRecord,
  MessageRecord,
  NetworkCompanyRecord,
  NetworkPersonRecord,
  OrganizationRecord,
  PersonDetails,
  RelationshipStatus,
  UserRecord,
  ViewRecord,
  ViewRules,
} from './types';

/** What never changes after the dataset is built: the seed, the anchor instant and the word pools. */
export interface StoreBasis {
  seed: number;
  now: Date;
  pools: Pools;
  /** The companies past positions are picked from; never changes, so derived work histories stay the same. */
  historyCompanies: readonly NetworkCompanyRecord[];
}

interface Slot {
  account_id: string;
  position: number;
}

/**
 * Lookups that only gain entries. A store reads its own additions first, then the baseline's (built once and
 * shared by every store forked from it), so a fork or a snapshot never copies them.
 */
interface Indexes {
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

const INDEX_NAMES = [
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
interface SearchState {
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

/** What differs between a store and its baseline, record by record. */
export interface StoreDiff {
  ids: [kind: string, next: number][];
  organizations: OrganizationRecord[];
  customFields: CustomFieldRecord[];
  networkCompanies: NetworkCompanyRecord[];
  people: NetworkPersonRecord[];
  companies: CompanyRecord[];
  contacts: ContactRecord[];
  conversations: ConversationRecord[];
  views: ViewRecord[];
  drafts: DraftRecord[];
  activity: ActivityEventRecord[];
}

/** An immutable handle on a store's whole state (contract §3.2). */
export interface StoreSnapshot {
  readonly baseline: Baseline;
  readonly data: Readonly<StoreData>;
  /** The revision the data had: restoring it restores the revision too (equal revisions mean equal data). */
  readonly revision: number;
}

const EMPTY: readonly never[] = [];

let revisions = 0;
/**
 * Counted across stores: a revision names one state of the data, so two stores share one only while they hold the
 * same data (forks of a baseline before their first write, a snapshot and the stores it was restored into).
 */
const nextRevision = () => ++revisions;

// Changed or added contacts are candidates of every search until the index is rebuilt, and a rebuild walks the
// whole account: rebuild once they are a thirty-second of it (at least 1,024), so neither cost dominates.
const rebuildAfter = (contactCount: number) => Math.max(1024, contactCount / 32);

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

/** What a new contact starts with; `fill` may set the rest before it is stored. */
export interface NewContact {
  account: AccountRecord;
  person: NetworkPersonRecord;
  created_at: string;
  relationship_status: RelationshipStatus;
  fill?: (contact: ContactRecord) => void;
}

export interface NewView {
  account: AccountRecord;
  name: string;
  description: string | null;
  origin: ViewRecord['origin'];
  rules: ViewRules;
  created_at: string;
}

/**
 * The seeded dataset, built once: the frozen state every store forked from it starts with, and the indexes
 * they share. `fork()` costs a few object allocations, whatever the dataset's size.
 */
export class Baseline {
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

  /** A store holding exactly the seeded dataset. */
  fork(): Store {
    return new Store(this.basis, this);
  }

  /** The index of the account's seeded contacts, built on first use. */
  searchIndex(accountId: string): SearchIndex {
    let index = this.searchIndexes.get(accountId);
    if (!index) this.searchIndexes.set(accountId, (index = new SearchIndex(this.data.contacts.get(accountId) ?? EMPTY)));
    return index;
  }
}

/**
 * The in-memory service data, and the only writer of it: every change goes through a method here, which keeps
 * the indexes, the search texts and the search index right and moves `revision`, which caches key on.
 * Lookups that take an organization treat another organization's ids as unknown, so routes cannot leak them.
 */
export class Store {
  private basis: StoreBasis;
  /** Takes the next id of a kind, e.g. `ids.take('contact')`. */
  readonly ids: Ids = { take: (kind) => this.takeId(kind) };

  private baseline: Baseline | undefined;
  private base: Readonly<Indexes>;
  private data: StoreData;
  /** Containers this store made itself since its last snapshot or fork: the only ones it may write in place. */
  private owned = new WeakSet<object>();
  private currentRevision = nextRevision();

  /** A store forked from `baseline`, or (without one) an empty store to build a dataset into. */
  constructor(basis: StoreBasis, baseline?: Baseline) {
    this.basis = basis;
    this.baseline = baseline;
    if (baseline) {
      this.base = baseline.indexes;
      this.data = { ...baseline.data };
      this.currentRevision = baseline.revision;
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
   * What caches of data derived from records key on: the baseline while this store holds exactly its data, so
   * that every fresh fork (a new session) finds what the others already derived; else this store.
   */
  get cacheScope(): object {
    return this.baseline !== undefined && this.currentRevision === this.baseline.revision ? this.baseline : this;
  }

  // State as a whole

  /**
   * Makes the data built so far this store's baseline: what `reset` goes back to and `fork` starts from.
   * Called once, by the dataset builder.
   */
  freeze(options: Record<string, unknown>): Baseline {
    const baseline = new Baseline(this.basis, this.data, options);
    this.baseline = baseline;
    this.base = baseline.indexes;
    this.data = { ...baseline.data };
    this.owned = new WeakSet();
    this.currentRevision = baseline.revision;
    return baseline;
  }

  /** The companies past positions are picked from, set once while building, before any contact. */
  setHistoryCompanies(companies: readonly NetworkCompanyRecord[]): void {
    if (this.baseline) throw new Error('The dataset is built: its history companies are fixed.');
    this.basis = { ...this.basis, historyCompanies: companies };
  }

  private requireBaseline(): Baseline {
    if (!this.baseline) throw new Error('The store has no baseline yet: build its dataset first.');
    return this.baseline;
  }

  /** A new store holding the seeded dataset, sharing everything with this one until either writes. */
  fork(): Store {
    return this.requireBaseline().fork();
  }

  /** An immutable handle on the whole state; later writes copy what they change, so it never changes. */
  snapshot(): StoreSnapshot {
    const snapshot = Object.freeze({ baseline: this.requireBaseline(), data: Object.freeze({ ...this.data }), revision: this.currentRevision });
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
  }

  /** Back to the seeded dataset. */
  reset(): void {
    const baseline = this.requireBaseline();
    this.restore({ baseline, data: baseline.data, revision: baseline.revision });
  }

  /**
   * Takes over another store's whole state, dataset included (another seed, a loaded state file), so that whoever
   * holds this store sees the new state. The other store must not be used afterwards.
   */
  adopt(other: Store): void {
    this.basis = other.basis;
    this.baseline = other.requireBaseline();
    this.base = other.base;
    this.data = { ...other.data };
    this.owned = new WeakSet();
    this.currentRevision = nextRevision();
  }

  /** The baseline this store was forked from. */
  get origin(): Baseline {
    return this.requireBaseline();
  }

  /** Everything that differs from the baseline, as records: what a state file holds. */
  diff(): StoreDiff {
    const base = this.requireBaseline().data;
    const changedLists = <T>(name: 'contacts' | 'companies' | 'conversations'): T[] => {
      const changed: T[] = [];
      for (const [accountId, list] of this.data[name] as Map<string, T[]>) {
        const baseList = (base[name] as Map<string, T[]>).get(accountId) ?? EMPTY;
        if (list === baseList) continue;
        for (let position = 0; position < list.length; position++) {
          if (list[position] !== baseList[position]) changed.push(list[position] as T);
        }
      }
      return changed;
    };
    return {
      ids: [...this.data.ids],
      organizations: [...this.data.organizations.values()].filter((organization) => base.organizations.get(organization.id) !== organization),
      customFields: this.data.customFields.slice(base.customFields.length),
      networkCompanies: this.data.companyList.slice(base.companyList.length),
      people: [...this.data.people.values()],
      companies: changedLists<CompanyRecord>('companies'),
      contacts: changedLists<ContactRecord>('contacts'),
      conversations: changedLists<ConversationRecord>('conversations'),
      views: [...this.data.views.values()].filter((view) => base.views.get(view.id) !== view),
      drafts: [...this.data.drafts.values()].filter((draft) => base.drafts.get(draft.draft_id) !== draft),
      activity: this.data.activity.slice(base.activity.length),
    };
  }

  /**
   * Writes a diff (of this store's baseline) into this store, checking every reference; throws at the first
   * that does not resolve (the caller then drops this store: nothing else saw it).
   */
  applyDiff(diff: StoreDiff): void {
    const fail = (message: string): never => {
      throw new RangeError(message);
    };
    for (const organization of diff.organizations) {
      if (!this.data.organizations.has(organization.id)) fail(`unknown organization ${organization.id}`);
      this.own('organizations').set(organization.id, organization);
    }
    for (const field of diff.customFields) {
      if (!this.data.organizations.has(field.organization_id)) fail(`custom field "${field.name}" of unknown organization ${field.organization_id}`);
      this.own('customFields').push(field);
    }
    for (const company of diff.networkCompanies) this.addNetworkCompany(company);
    for (const person of diff.people) {
      if (this.person(person.public_identifier)) fail(`network person "${person.public_identifier}" twice`);
      this.addNetworkPerson(person);
    }
    const place = <T extends { account_id: string; position: number }>(name: 'contacts' | 'companies' | 'conversations', record: T, what: string) => {
      if (!this.account(record.account_id)) fail(`${what} of unknown account ${record.account_id}`);
      const list = this.ownList<T>(name, record.account_id);
      if (record.position > list.length || record.position < 0) fail(`${what} at position ${record.position} of account ${record.account_id}, which has ${list.length}`);
      const added = record.position === list.length;
      list[record.position] = record;
      return added;
    };
    for (const company of diff.companies) {
      if (place('companies', company, `company ${company.company_id}`)) {
        this.index('companyOfNetwork', `${company.account_id}:${company.network.provider_participant_id}`, company.position);
        this.index('companySlots', company.company_id, { account_id: company.account_id, position: company.position });
      }
    }
    for (const contact of diff.contacts) {
      if (!this.company(contact.company_id)) fail(`contact ${contact.account_relationship_id} names unknown company ${contact.company_id}`);
      withSearchText(contact, this.personDetails(contact.person));
      if (place('contacts', contact, `contact ${contact.account_relationship_id}`)) {
        const personKey = `${contact.organization_id}:${contact.person.provider_participant_id}`;
        const known = this.lookup('contactIdOfPerson', personKey);
        if (known !== undefined && known !== contact.contact_id) fail(`person ${contact.person.public_identifier} has two contact ids`);
        if (known === undefined) {
          this.index('contactIdOfPerson', personKey, contact.contact_id);
          this.index('personOfContactId', `${contact.organization_id}:${contact.contact_id}`, contact.person);
        }
        this.index('contactSlots', contact.account_relationship_id, { account_id: contact.account_id, position: contact.position });
        this.index('relationshipOfPerson', `${contact.account_id}:${contact.person.provider_participant_id}`, contact.position);
        if (!this.isImported(contact.person)) this.index('imported', contact.person.provider_participant_id, true);
      } else {
        this.noteSearchChange(contact.account_id, contact.position);
      }
    }
    for (const conversation of diff.conversations) {
      if (place('conversations', conversation, `conversation ${conversation.conversation_id}`)) {
        this.index('conversationSlots', conversation.conversation_id, { account_id: conversation.account_id, position: conversation.position });
      }
    }
    for (const view of diff.views) {
      if (!this.account(view.account_id)) fail(`view ${view.id} of unknown account ${view.account_id}`);
      this.own('views').set(view.id, view);
    }
    for (const draft of diff.drafts) {
      if (!this.account(draft.account_id)) fail(`draft ${draft.draft_id} of unknown account ${draft.account_id}`);
      this.own('drafts').set(draft.draft_id, draft);
    }
    for (const event of diff.activity) this.own('activity').push(event);
    const ids = this.own('ids');
    for (const [kind, next] of diff.ids) ids.set(kind, Math.max(next, ids.get(kind) ?? 0));
    this.changed();
  }

  // Copy-on-write plumbing

  private changed(): void {
    this.currentRevision = nextRevision();
  }

  /** The container of `name`, copied first unless this store made it since its last snapshot. */
  private own<K extends keyof StoreData>(name: K): StoreData[K] {
    const current = this.data[name];
    if (this.owned.has(current)) return current;
    const copy = copyContainer(current);
    this.owned.add(copy);
    this.data[name] = copy;
    return copy;
  }

  /** The list of `account_id` in the per-account container `name`, owned by this store. */
  private ownList<T>(name: 'contacts' | 'companies' | 'conversations', accountId: string): T[] {
    const lists = this.own(name) as unknown as Map<string, T[]>;
    const current = lists.get(accountId);
    if (current && this.owned.has(current)) return current;
    const copy = current ? current.slice() : [];
    this.owned.add(copy);
    lists.set(accountId, copy);
    return copy;
  }

  private lookup<K extends keyof Indexes>(name: K, key: string): (Indexes[K] extends Map<string, infer V> ? V : never) | undefined {
    const own = this.data[name] as Map<string, unknown>;
    const found = own.size === 0 ? undefined : own.get(key);
    return (found ?? (this.base[name] as Map<string, unknown>).get(key)) as never;
  }

  private index<K extends keyof Indexes>(name: K, key: string, value: Indexes[K] extends Map<string, infer V> ? V : never): void {
    (this.own(name) as Map<string, unknown>).set(key, value);
  }

  /** Entries of an index, the baseline's first (indexes only gain entries, so none repeats). */
  private *entries<K extends keyof Indexes>(name: K): Generator<Indexes[K] extends Map<string, infer V> ? V : never> {
    yield* (this.base[name] as Map<string, never>).values();
    yield* (this.data[name] as Map<string, never>).values();
  }

  private takeId(kind: string): string {
    const ids = this.own('ids');
    const value = ids.get(kind) ?? ID_STARTS[kind] ?? 1;
    ids.set(kind, value + 1);
    return String(value);
  }

  /** The id counters, for a state file. */
  idCounters(): ReadonlyMap<string, number> {
    return this.data.ids;
  }

  // Organizations, users, keys and accounts (built with the dataset; only credits change later)

  organization(id: number): OrganizationRecord | undefined {
    return this.data.organizations.get(id);
  }

  organizations(): readonly OrganizationRecord[] {
    return [...this.data.organizations.values()];
  }

  user(id: string): UserRecord | undefined {
    return this.data.users.get(id);
  }

  users(): readonly UserRecord[] {
    return [...this.data.users.values()];
  }

  apiKey(key: string): ApiKeyRecord | undefined {
    return this.data.apiKeys.get(key);
  }

  apiKeys(): readonly ApiKeyRecord[] {
    return [...this.data.apiKeys.values()];
  }

  account(accountId: string): AccountRecord | undefined {
    return this.data.accounts.get(accountId);
  }

  accounts(): readonly AccountRecord[] {
    return [...this.data.accounts.values()];
  }

  accountsOf(organizationId: number): AccountRecord[] {
    return [...this.data.accounts.values()].filter((account) => account.organization_id === organizationId);
  }

  addOrganization(organization: OrganizationRecord): void {
    this.own('organizations').set(organization.id, organization);
    this.changed();
  }

  addUser(user: UserRecord): void {
    this.own('users').set(user.id, user);
    this.changed();
  }

  addApiKey(apiKey: ApiKeyRecord): void {
    this.own('apiKeys').set(apiKey.key, apiKey);
    this.changed();
  }

  addAccount(account: AccountRecord): void {
    this.own('accounts').set(account.account_id, account);
    this.changed();
  }

  /** Spends `count` credits of the organization; false (and nothing spent) when it has fewer. */
  spendCredits(organizationId: number, count: number): boolean {
    const organization = this.data.organizations.get(organizationId);
    if (!organization || organization.credits < count) return false;
    this.own('organizations').set(organizationId, { ...organization, credits: organization.credits - count });
    this.changed();
    return true;
  }

  // Custom fields

  customFields(): readonly CustomFieldRecord[] {
    return this.data.customFields;
  }

  customFieldsOf(organizationId: number, target: CustomFieldTarget): CustomFieldRecord[] {
    return this.data.customFields.filter((field) => field.organization_id === organizationId && field.target === target);
  }

  customField(organizationId: number, target: CustomFieldTarget, name: string): CustomFieldRecord | undefined {
    return this.data.customFields.find(
      (field) => field.organization_id === organizationId && field.target === target && field.name === name,
    );
  }

  addCustomField(field: CustomFieldRecord): void {
    this.own('customFields').push({ ...field });
    this.changed();
  }

  // The network

  personDetails(person: NetworkPersonRecord): PersonDetails {
    return personDetails(person, this.basis.pools, this.basis.historyCompanies, this.basis.now);
  }

  person(handle: string): NetworkPersonRecord | undefined {
    return this.lookup('people', handle);
  }

  people(): Iterable<NetworkPersonRecord> {
    return this.entries('people');
  }

  networkCompany(handle: string): NetworkCompanyRecord | undefined {
    return this.lookup('networkCompanies', handle);
  }

  /** Network companies in creation order. */
  networkCompanies(): readonly NetworkCompanyRecord[] {
    return this.data.companyList;
  }

  addNetworkPerson(person: NetworkPersonRecord): void {
    this.index('people', person.public_identifier, person);
    this.changed();
  }

  addNetworkCompany(company: NetworkCompanyRecord): void {
    this.index('networkCompanies', company.public_identifier, company);
    this.own('companyList').push(company);
    this.changed();
  }

  /** Whether any account of any organization has the person as a contact. */
  isImported(person: NetworkPersonRecord): boolean {
    return this.lookup('imported', person.provider_participant_id) === true;
  }

  // Contacts

  /** The account's contacts, in creation order. */
  contactsOf(accountId: string): readonly ContactRecord[] {
    return this.data.contacts.get(accountId) ?? EMPTY;
  }

  /** Every relationship of every account, account by account. */
  *allContacts(): Generator<ContactRecord> {
    for (const list of this.data.contacts.values()) yield* list;
  }

  /** The relationship of `account_relationship_id`. */
  relationship(accountRelationshipId: string): ContactRecord | undefined {
    const slot = this.lookup('contactSlots', accountRelationshipId);
    return slot && this.data.contacts.get(slot.account_id)?.[slot.position];
  }

  /** The person a `contact_id` of the organization names. */
  personOf(organizationId: number, contactId: string): NetworkPersonRecord | undefined {
    return this.lookup('personOfContactId', `${organizationId}:${contactId}`);
  }

  /** The account's relationship with the person `contact_id` names; undefined for another organization's ids. */
  findContact(accountId: string, contactId: string): ContactRecord | undefined {
    const account = this.account(accountId);
    const person = account && this.personOf(account.organization_id, contactId);
    return person && this.contactOfPerson(accountId, person);
  }

  /** Every relationship of the organization with the person `contact_id` names, by account id. */
  relationshipsOf(organizationId: number, contactId: string): ContactRecord[] {
    const person = this.personOf(organizationId, contactId);
    if (!person) return [];
    return this.accountsOf(organizationId)
      .sort((a, b) => Number(a.account_id) - Number(b.account_id))
      .flatMap((account) => this.contactOfPerson(account.account_id, person) ?? []);
  }

  contactOfPerson(accountId: string, person: NetworkPersonRecord): ContactRecord | undefined {
    const position = this.lookup('relationshipOfPerson', `${accountId}:${person.provider_participant_id}`);
    return position === undefined ? undefined : this.data.contacts.get(accountId)?.[position];
  }

  /**
   * Attaches a network person to an account as a new relationship. The person keeps the `contact_id` the
   * organization already knows them by, if any account of it holds them.
   */
  addContact(input: NewContact): ContactRecord {
    const { account, person } = input;
    const personKey = `${account.organization_id}:${person.provider_participant_id}`;
    let contactId = this.lookup('contactIdOfPerson', personKey);
    if (contactId === undefined) {
      contactId = this.takeId('contact');
      this.index('contactIdOfPerson', personKey, contactId);
      this.index('personOfContactId', `${account.organization_id}:${contactId}`, person);
    }
    const list = this.ownList<ContactRecord>('contacts', account.account_id);
    const company = this.companyOf(account, person.company);
    const contact: ContactRecord = {
      contact_id: contactId,
      account_relationship_id: this.takeId('account_relationship'),
      organization_id: account.organization_id,
      account_id: account.account_id,
      position: list.length,
      person,
      company_id: company.company_id,
      relationship_status: input.relationship_status,
      connection_invitation: null,
      tags: [],
      notes_json: null,
      custom_fields: new Map(),
      work_email: null,
      phone: null,
      enrichment: {
        work_email: { status: 'not_requested', error_code: null },
        phone: { status: 'not_requested', error_code: null },
      },
      sequence: null,
      last_interaction_at: null,
      created_at: input.created_at,
      search_text: '',
      query_text: '',
      company_names: '',
    };
    input.fill?.(contact);
    withSearchText(contact, this.personDetails(person));
    list.push(contact);
    this.index('contactSlots', contact.account_relationship_id, { account_id: account.account_id, position: contact.position });
    this.index('relationshipOfPerson', `${account.account_id}:${person.provider_participant_id}`, contact.position);
    if (!this.isImported(person)) this.index('imported', person.provider_participant_id, true);
    this.changed();
    return contact;
  }

  /** Writes a changed copy of the contact (`edit` changes the copy) and returns it. */
  editContact(contact: ContactRecord, edit: (copy: ContactRecord) => void): ContactRecord {
    const copy: ContactRecord = {
      ...contact,
      tags: contact.tags.slice(),
      custom_fields: new Map(contact.custom_fields),
      enrichment: { ...contact.enrichment },
    };
    edit(copy);
    withSearchText(copy, this.personDetails(copy.person));
    this.ownList<ContactRecord>('contacts', contact.account_id)[contact.position] = copy;
    this.noteSearchChange(contact.account_id, contact.position);
    this.changed();
    return copy;
  }

  /** Gives the contact new tags, notes and custom fields (an update the route checked). */
  updateContact(contact: ContactRecord, fields: Changeable): ContactRecord {
    return this.editContact(contact, (copy) => Object.assign(copy, fields));
  }

  private noteSearchChange(accountId: string, position: number): void {
    const current = this.data.search.get(accountId);
    const searches = this.own('search');
    if (current && this.owned.has(current.changed)) {
      current.changed.add(position);
      return;
    }
    const changed = new Set(current?.changed ?? EMPTY);
    changed.add(position);
    this.owned.add(changed);
    searches.set(accountId, { index: current?.index ?? null, changed });
  }

  /**
   * The account's contacts whose `search_text` may contain `needle` (lowercase), in creation order: every
   * match and possibly more, so callers still check each.
   */
  searchCandidates(accountId: string, needle: string): Iterable<ContactRecord> {
    const contacts = this.contactsOf(accountId);
    if (contacts.length === 0) return contacts;
    let state = this.data.search.get(accountId);
    let index = state?.index ?? this.requireBaseline().searchIndex(accountId);
    let changed: ReadonlySet<number> = state?.changed ?? new Set();
    if (changed.size + contacts.length - index.size > rebuildAfter(contacts.length)) {
      index = new SearchIndex(contacts);
      changed = new Set();
      state = { index, changed: new Set() };
      this.own('search').set(accountId, state);
    }
    return index.candidates(needle, contacts, changed);
  }

  // Companies

  /** The account's record of a network company, if it has one. */
  findCompanyOf(accountId: string, network: NetworkCompanyRecord): CompanyRecord | undefined {
    const position = this.lookup('companyOfNetwork', `${accountId}:${network.provider_participant_id}`);
    return position === undefined ? undefined : this.data.companies.get(accountId)?.[position];
  }

  /** The account's record of a network company, created on first use. */
  companyOf(account: AccountRecord, network: NetworkCompanyRecord): CompanyRecord {
    const found = this.findCompanyOf(account.account_id, network);
    if (found) return found;
    const list = this.ownList<CompanyRecord>('companies', account.account_id);
    const company: CompanyRecord = {
      company_id: this.takeId('company'),
      organization_id: account.organization_id,
      account_id: account.account_id,
      position: list.length,
      network,
      tags: [],
      notes_json: null,
      custom_fields: new Map(),
    };
    list.push(company);
    this.index('companyOfNetwork', `${account.account_id}:${network.provider_participant_id}`, company.position);
    this.index('companySlots', company.company_id, { account_id: account.account_id, position: company.position });
    this.changed();
    return company;
  }

  company(companyId: string): CompanyRecord | undefined {
    const slot = this.lookup('companySlots', companyId);
    return slot && this.data.companies.get(slot.account_id)?.[slot.position];
  }

  findCompany(organizationId: number, companyId: string): CompanyRecord | undefined {
    const company = this.company(companyId);
    return company?.organization_id === organizationId ? company : undefined;
  }

  *allCompanies(): Generator<CompanyRecord> {
    for (const list of this.data.companies.values()) yield* list;
  }

  /** The account's company records, in creation order. */
  companiesOf(accountId: string): readonly CompanyRecord[] {
    return this.data.companies.get(accountId) ?? EMPTY;
  }

  /** The company record of the contact's current company. */
  companyOfContact(contact: ContactRecord): CompanyRecord {
    return this.company(contact.company_id) as CompanyRecord;
  }

  /** Writes a changed copy of the company (`edit` changes the copy) and returns it. */
  editCompany(company: CompanyRecord, edit: (copy: CompanyRecord) => void): CompanyRecord {
    const copy: CompanyRecord = { ...company, tags: company.tags.slice(), custom_fields: new Map(company.custom_fields) };
    edit(copy);
    this.ownList<CompanyRecord>('companies', company.account_id)[company.position] = copy;
    // Contacts show their company: their search text names it, but nothing of it that an update changes.
    this.changed();
    return copy;
  }

  updateCompany(company: CompanyRecord, fields: Changeable): CompanyRecord {
    return this.editCompany(company, (copy) => Object.assign(copy, fields));
  }

  /** Companies of the given contacts, each once with how many of the contacts work there, ordered by company id. */
  companiesOfContacts(contacts: Iterable<ContactRecord>): { company: CompanyRecord; contact_count: number }[] {
    const counts = new Map<string, number>();
    for (const contact of contacts) counts.set(contact.company_id, (counts.get(contact.company_id) ?? 0) + 1);
    return [...counts]
      .map(([companyId, contact_count]) => ({ company: this.company(companyId) as CompanyRecord, contact_count }))
      .sort((a, b) => Number(a.company.company_id) - Number(b.company.company_id));
  }

  /** How many of its account's contacts work at the company. */
  contactCountOf(company: CompanyRecord): number {
    let count = 0;
    for (const contact of this.contactsOf(company.account_id)) if (contact.company_id === company.company_id) count++;
    return count;
  }

  // Views

  /** A view by `id` or `public_id`. */
  findView(organizationId: number, idOrPublicId: string): ViewRecord | undefined {
    const byId = this.data.views.get(idOrPublicId);
    if (byId) return byId.organization_id === organizationId ? byId : undefined;
    for (const view of this.data.views.values()) {
      if (view.public_id === idOrPublicId && view.organization_id === organizationId) return view;
    }
    return undefined;
  }

  views(): readonly ViewRecord[] {
    return [...this.data.views.values()];
  }

  viewsOf(accountId: string): ViewRecord[] {
    return [...this.data.views.values()].filter((view) => view.account_id === accountId);
  }

  /** Creates a view (app-created at seeding, API-created by requests): the one place a view record is built. */
  addView(input: NewView): ViewRecord {
    const id = this.takeId('view');
    const rules = input.rules;
    const view: ViewRecord = {
      id,
      public_id: viewPublicId(this.randomFor('view', id)),
      organization_id: input.account.organization_id,
      account_id: input.account.account_id,
      type: 'contact',
      view_kind: 'member',
      name: input.name,
      description: input.description,
      origin: input.origin,
      rules,
      selected_contact_ids: rules.contact_ids ?? [],
      simple_filters_json: JSON.stringify(
        rules.tag !== undefined ? { tags: [rules.tag] } : { specific_contacts: { contact_ids: rules.contact_ids ?? [] } },
      ),
      created_at: input.created_at,
      updated_at: input.created_at,
    };
    this.own('views').set(id, view);
    this.changed();
    return view;
  }

  /** The contacts a view selects, in the account's contact order. */
  contactsOfView(view: ViewRecord): ContactRecord[] {
    return this.contactsOf(view.account_id).filter(this.viewSelects(view));
  }

  /** Whether the view selects a contact: a test per contact, so a listing can stop at the end of its page. */
  viewSelects(view: ViewRecord): (contact: ContactRecord) => boolean {
    const ids = view.rules.contact_ids ? new Set(view.rules.contact_ids) : null;
    const tag = view.rules.tag?.toLowerCase();
    return (contact) =>
      contact.account_id === view.account_id &&
      (!ids || ids.has(contact.contact_id)) &&
      (tag === undefined || contact.tags.some((candidate) => candidate.name.toLowerCase() === tag));
  }

  // Conversations

  addConversation(conversation: Omit<ConversationRecord, 'position'>): ConversationRecord {
    const list = this.ownList<ConversationRecord>('conversations', conversation.account_id);
    const record: ConversationRecord = { ...conversation, position: list.length };
    list.push(record);
    this.index('conversationSlots', record.conversation_id, { account_id: record.account_id, position: record.position });
    this.changed();
    return record;
  }

  /** Adds a message to its conversation, keeping the messages oldest first. */
  addMessage(conversation: ConversationRecord, message: MessageRecord): ConversationRecord {
    const messages = [...conversation.messages, message].sort((a, b) => (a.sent_at < b.sent_at ? -1 : a.sent_at > b.sent_at ? 1 : 0));
    const last = messages[messages.length - 1] as MessageRecord;
    const copy: ConversationRecord = { ...conversation, messages, last_message_at: last.sent_at };
    this.ownList<ConversationRecord>('conversations', conversation.account_id)[conversation.position] = copy;
    this.changed();
    return copy;
  }

  conversationsOf(accountId: string): readonly ConversationRecord[] {
    return this.data.conversations.get(accountId) ?? EMPTY;
  }

  *allConversations(): Generator<ConversationRecord> {
    for (const list of this.data.conversations.values()) yield* list;
  }

  findConversation(organizationId: number, conversationId: string): ConversationRecord | undefined {
    const slot = this.lookup('conversationSlots', conversationId);
    const conversation = slot && this.data.conversations.get(slot.account_id)?.[slot.position];
    return conversation?.organization_id === organizationId ? conversation : undefined;
  }

  // Drafts

  drafts(): readonly DraftRecord[] {
    return [...this.data.drafts.values()];
  }

  putDraft(draft: DraftRecord): void {
    this.own('drafts').set(draft.draft_id, draft);
    this.changed();
  }

  // Activity

  /** Every recorded activity event. */
  activity(): readonly ActivityEventRecord[] {
    return this.data.activity;
  }

  addActivity(event: ActivityEventRecord): void {
    this.own('activity').push(event);
    this.changed();
  }

  /** Replaces every event at once (the dataset builder numbers its events in time order). */
  replaceActivity(events: ActivityEventRecord[]): void {
    this.data.activity = events;
    this.owned.add(events);
    this.changed();
  }

  /** A derived generator for things created at request time, stable for the same seed and inputs. */
  randomFor(...parts: (string | number)[]): Random {
    let hash = this.seed ^ 0x9e3779b9;
    for (const char of parts.join('|')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
    return new Random(hash);
  }
}

/** Fills the texts the `query`, `search` and `company_name` filters read. */
function withSearchText(contact: ContactRecord, details: PersonDetails): void {
  contact.search_text = contactSearchText(contact, details);
  contact.query_text = queryText(contact.person);
  contact.company_names = details.experiences.map((experience) => experience.company_name.toLowerCase()).join('\n');
}

export function viewPublicId(random: Random): string {
  return `vw_${Array.from({ length: 12 }, () => random.int(0, 35).toString(36)).join('')}`;
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

/** What `mock.db` shows: the store's lookups, none of its writes. */
export type StoreReader = Pick<
  Store,
  | 'seed'
  | 'now'
  | 'revision'
  | 'organization'
  | 'organizations'
  | 'user'
  | 'users'
  | 'apiKey'
  | 'apiKeys'
  | 'account'
  | 'accounts'
  | 'accountsOf'
  | 'customFields'
  | 'customFieldsOf'
  | 'customField'
  | 'personDetails'
  | 'person'
  | 'people'
  | 'networkCompany'
  | 'networkCompanies'
  | 'isImported'
  | 'contactsOf'
  | 'allContacts'
  | 'relationship'
  | 'personOf'
  | 'findContact'
  | 'relationshipsOf'
  | 'contactOfPerson'
  | 'findCompanyOf'
  | 'company'
  | 'findCompany'
  | 'companiesOf'
  | 'allCompanies'
  | 'companyOfContact'
  | 'companiesOfContacts'
  | 'contactCountOf'
  | 'findView'
  | 'views'
  | 'viewsOf'
  | 'contactsOfView'
  | 'findConversation'
  | 'conversationsOf'
  | 'allConversations'
  | 'drafts'
  | 'activity'
>;
