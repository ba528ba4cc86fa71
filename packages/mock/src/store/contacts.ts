import type { Changeable } from './changes';
import { CompanyStore } from './companies';
import { contactRecord, type NewContact, withSearchText } from './records';
import { contactSearchText, editedSearchText } from './search';
import { SearchIndex } from './search-index';
import type { CompanyRecord, ContactRecord, NetworkPersonRecord } from './types';
import { EMPTY, rebuildAfter } from './versioned';

/**
 * Relationships of accounts with people (contacts), their search index, and what joins contacts to their
 * companies. A person has one `contact_id` per organization and one relationship per account that holds them.
 */
export class ContactStore extends CompanyStore {
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
    const ids = { contact_id: contactId, account_relationship_id: this.takeId('account_relationship'), company_id: company.company_id };
    const contact = contactRecord(input, ids, list.length);
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
    // The query text and company names read only the person, which an edit leaves alone; so does the person's
    // share of the search text.
    copy.search_text = editedSearchText(contact, copy) ?? contactSearchText(copy, this.personDetails(copy.person));
    this.ownList<ContactRecord>('contacts', contact.account_id)[contact.position] = copy;
    this.noteSearchChange(contact.account_id, contact.position);
    this.recordChanged();
    return copy;
  }

  /** Gives the contact new tags, notes and custom fields (an update the route checked). */
  updateContact(contact: ContactRecord, fields: Changeable): ContactRecord {
    return this.editContact(contact, (copy) => Object.assign(copy, fields));
  }

  /** Marks a contact's position as changed since the account's search index was built. */
  protected noteSearchChange(accountId: string, position: number): void {
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

  // Contacts and their companies

  /** The company record of the contact's current company. */
  companyOfContact(contact: ContactRecord): CompanyRecord {
    return this.company(contact.company_id) as CompanyRecord;
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
}
