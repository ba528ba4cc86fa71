import { personDetails } from './details';
import type { IdSequence } from './ids';
import type { Network } from './network';
import type { Pools } from './pools';
import { Random } from './random';
import { contactSearchText, queryText } from './search';
import { SearchIndex } from './search-index';
import { forgetCachedWires } from './wire-cache';
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
  NetworkCompanyRecord,
  NetworkPersonRecord,
  OrganizationRecord,
  PersonDetails,
  RelationshipStatus,
  UserRecord,
  ViewRecord,
} from './types';

export interface StoreBasis {
  seed: number;
  now: Date;
  ids: IdSequence;
  pools: Pools;
  network: Network;
}

const EMPTY: readonly never[] = [];

// Changed or added contacts are candidates of every search until the index is rebuilt, and a rebuild walks the
// whole account: rebuild once they are a thirty-second of it (at least 1,024), so neither cost dominates.
const rebuildAfter = (contactCount: number) => Math.max(1024, contactCount / 32);

/**
 * The in-memory service data. Lookups that take an organization treat another organization's ids as
 * unknown, so routes cannot leak them by accident.
 */
export class Store {
  readonly seed: number;
  /** The instant the dataset is anchored at. */
  readonly now: Date;
  readonly ids: IdSequence;
  readonly pools: Pools;
  readonly network: Network;

  readonly organizations = new Map<number, OrganizationRecord>();
  readonly users = new Map<string, UserRecord>();
  readonly apiKeys = new Map<string, ApiKeyRecord>();
  readonly accounts = new Map<string, AccountRecord>();
  readonly customFields: CustomFieldRecord[] = [];
  readonly contacts = new Map<string, ContactRecord>();
  readonly companies = new Map<string, CompanyRecord>();
  readonly views = new Map<string, ViewRecord>();
  readonly conversations = new Map<string, ConversationRecord>();
  readonly drafts = new Map<string, DraftRecord>();
  /** Oldest first. */
  readonly activity: ActivityEventRecord[] = [];

  private readonly contactsByAccount = new Map<string, ContactRecord[]>();
  private readonly contactByAccountAndPerson = new Map<string, ContactRecord>();
  private readonly companyByAccountAndNetwork = new Map<string, CompanyRecord>();
  private readonly conversationsByAccount = new Map<string, ConversationRecord[]>();
  private readonly importedPeople = new Set<NetworkPersonRecord>();
  /** Built on an account's first search, not at seeding: most accounts are never searched. */
  private readonly searchIndexes = new Map<string, SearchIndex>();

  constructor(basis: StoreBasis) {
    this.seed = basis.seed;
    this.now = basis.now;
    this.ids = basis.ids;
    this.pools = basis.pools;
    this.network = basis.network;
  }

  // Organizations and accounts

  accountsOf(organizationId: number): AccountRecord[] {
    return [...this.accounts.values()].filter((account) => account.organization_id === organizationId);
  }

  customFieldsOf(organizationId: number, target: CustomFieldTarget): CustomFieldRecord[] {
    return this.customFields.filter((field) => field.organization_id === organizationId && field.target === target);
  }

  customField(organizationId: number, target: CustomFieldTarget, name: string): CustomFieldRecord | undefined {
    return this.customFields.find(
      (field) => field.organization_id === organizationId && field.target === target && field.name === name,
    );
  }

  // The network

  personDetails(person: NetworkPersonRecord): PersonDetails {
    return personDetails(person, this.pools, this.network, this.now);
  }

  /** Whether any account of any organization has the person as a contact. */
  isImported(person: NetworkPersonRecord): boolean {
    return this.importedPeople.has(person);
  }

  // Contacts

  /** The account's contacts, in creation order. */
  contactsOf(accountId: string): readonly ContactRecord[] {
    return this.contactsByAccount.get(accountId) ?? EMPTY;
  }

  findContact(organizationId: number, contactId: string): ContactRecord | undefined {
    const contact = this.contacts.get(contactId);
    return contact?.organization_id === organizationId ? contact : undefined;
  }

  contactOfPerson(accountId: string, person: NetworkPersonRecord): ContactRecord | undefined {
    return this.contactByAccountAndPerson.get(`${accountId}:${person.provider_participant_id}`);
  }

  /**
   * Attaches a network person to an account as a new contact; `fill` may set tags, notes and the like
   * before the search text is computed once.
   */
  addContact(
    account: AccountRecord,
    person: NetworkPersonRecord,
    createdAt: string,
    relationshipStatus: RelationshipStatus,
    fill?: (contact: ContactRecord) => void,
  ): ContactRecord {
    const contact: ContactRecord = {
      contact_id: this.ids.take('contact'),
      account_relationship_id: this.ids.take('account_relationship'),
      organization_id: account.organization_id,
      account_id: account.account_id,
      person,
      company: this.companyOf(account, person.company),
      relationship_status: relationshipStatus,
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
      created_at: createdAt,
      search_text: '',
      query_text: '',
      company_names: '',
    };
    this.contacts.set(contact.contact_id, contact);
    let list = this.contactsByAccount.get(account.account_id);
    if (!list) this.contactsByAccount.set(account.account_id, (list = []));
    list.push(contact);
    this.contactByAccountAndPerson.set(`${account.account_id}:${person.provider_participant_id}`, contact);
    this.importedPeople.add(person);
    fill?.(contact);
    this.refreshSearchText(contact);
    return contact;
  }

  /**
   * Call after changing anything the `search` filter reads (tags, notes, custom fields, work email): it also
   * tells the account's search index, which would otherwise not offer the contact for its new words.
   */
  refreshSearchText(contact: ContactRecord, details: PersonDetails = this.personDetails(contact.person)): void {
    contact.search_text = contactSearchText(contact, details);
    contact.query_text = queryText(contact.person);
    contact.company_names = details.experiences.map((experience) => experience.company_name.toLowerCase()).join('\n');
    this.searchIndexes.get(contact.account_id)?.noteChange(contact);
    forgetCachedWires(this);
  }

  /**
   * The account's contacts whose `search_text` may contain `needle` (lowercase), in creation order: every
   * match and possibly more, so callers still check each.
   */
  searchCandidates(accountId: string, needle: string): Iterable<ContactRecord> {
    const contacts = this.contactsOf(accountId);
    if (contacts.length === 0) return contacts;
    let index = this.searchIndexes.get(accountId);
    if (!index || index.contacts !== contacts || index.staleness > rebuildAfter(contacts.length)) {
      index = new SearchIndex(contacts);
      this.searchIndexes.set(accountId, index);
    }
    return index.candidates(needle);
  }

  // Companies

  /** The account's record of a network company, if it has one. */
  findCompanyOf(accountId: string, network: NetworkCompanyRecord): CompanyRecord | undefined {
    return this.companyByAccountAndNetwork.get(`${accountId}:${network.provider_participant_id}`);
  }

  /** The account's record of a network company, created on first use. */
  companyOf(account: AccountRecord, network: NetworkCompanyRecord): CompanyRecord {
    let company = this.findCompanyOf(account.account_id, network);
    if (!company) {
      company = {
        company_id: this.ids.take('company'),
        organization_id: account.organization_id,
        account_id: account.account_id,
        network,
        tags: [],
        notes_json: null,
        custom_fields: new Map(),
      };
      this.companyByAccountAndNetwork.set(`${account.account_id}:${network.provider_participant_id}`, company);
      this.companies.set(company.company_id, company);
    }
    return company;
  }

  findCompany(organizationId: number, companyId: string): CompanyRecord | undefined {
    const company = this.companies.get(companyId);
    return company?.organization_id === organizationId ? company : undefined;
  }

  /** Companies of the given contacts, each once with how many of the contacts work there, ordered by company id. */
  companiesOfContacts(contacts: Iterable<ContactRecord>): { company: CompanyRecord; contact_count: number }[] {
    const counts = new Map<CompanyRecord, number>();
    for (const contact of contacts) counts.set(contact.company, (counts.get(contact.company) ?? 0) + 1);
    return [...counts]
      .map(([company, contact_count]) => ({ company, contact_count }))
      .sort((a, b) => Number(a.company.company_id) - Number(b.company.company_id));
  }

  // Views

  /** A view by `id` or `public_id`. */
  findView(organizationId: number, idOrPublicId: string): ViewRecord | undefined {
    const byId = this.views.get(idOrPublicId);
    if (byId) return byId.organization_id === organizationId ? byId : undefined;
    for (const view of this.views.values()) {
      if (view.public_id === idOrPublicId && view.organization_id === organizationId) return view;
    }
    return undefined;
  }

  viewsOf(accountId: string): ViewRecord[] {
    return [...this.views.values()].filter((view) => view.account_id === accountId);
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

  addConversation(conversation: ConversationRecord): void {
    this.conversations.set(conversation.conversation_id, conversation);
    let list = this.conversationsByAccount.get(conversation.account_id);
    if (!list) this.conversationsByAccount.set(conversation.account_id, (list = []));
    list.push(conversation);
  }

  conversationsOf(accountId: string): readonly ConversationRecord[] {
    return this.conversationsByAccount.get(accountId) ?? EMPTY;
  }

  findConversation(organizationId: number, conversationId: string): ConversationRecord | undefined {
    const conversation = this.conversations.get(conversationId);
    return conversation?.organization_id === organizationId ? conversation : undefined;
  }

  /** A derived generator for things created at request time, stable for the same seed and inputs. */
  randomFor(...parts: (string | number)[]): Random {
    let hash = this.seed ^ 0x9e3779b9;
    for (const char of parts.join('|')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
    return new Random(hash);
  }
}
