import type { Changeable } from './changes';
import type { Companies } from './companies';
import type { Directory } from './directory';
import { withDrawnFields } from './drawn-fields';
import { contactKind } from './kinds';
import type { Network } from './network';
import { contactRecord, type NewContact, searchTexts } from './builders';
import { contactSearchText, editedSearchText } from './search';
import { EMPTY } from './containers';
import type { VersionedStorage } from './storage';
import type { CompanyRecord, ContactRecord, ContactSearchTexts, NetworkPersonRecord } from './types';

/**
 * Relationships of accounts with people (contacts). A person has one `contact_id` per organization and one
 * relationship per account that holds them.
 */
export class Contacts {
  constructor(
    private readonly storage: VersionedStorage,
    private readonly directory: Directory,
    private readonly network: Network,
    private readonly companies: Companies,
  ) {}

  /** The account's contacts, in creation order. */
  ofAccount(accountId: string): readonly ContactRecord[] {
    return this.storage.data.contacts.get(accountId) ?? EMPTY;
  }

  /** Every relationship of every account, account by account. */
  *all(): Generator<ContactRecord> {
    for (const list of this.storage.data.contacts.values()) yield* list;
  }

  /** The relationship of `account_relationship_id`. */
  relationship(accountRelationshipId: string): ContactRecord | undefined {
    const slot = this.storage.lookup('contactSlots', accountRelationshipId);
    return slot && this.storage.data.contacts.get(slot.account_id)?.[slot.position];
  }

  /** The person a `contact_id` of the organization names. */
  personOf(organizationId: number, contactId: string): NetworkPersonRecord | undefined {
    return this.storage.lookup('personOfContactId', `${organizationId}:${contactId}`);
  }

  /** The account's relationship with the person `contact_id` names; undefined for another organization's ids. */
  find(accountId: string, contactId: string): ContactRecord | undefined {
    const account = this.directory.account(accountId);
    const person = account && this.personOf(account.organization_id, contactId);
    return person && this.ofPerson(accountId, person);
  }

  /** Every relationship of the organization with the person `contact_id` names, by account id. */
  relationshipsOf(organizationId: number, contactId: string): ContactRecord[] {
    const person = this.personOf(organizationId, contactId);
    if (!person) return [];
    return this.directory
      .accountsOf(organizationId)
      .sort((a, b) => Number(a.account_id) - Number(b.account_id))
      .flatMap((account) => this.ofPerson(account.account_id, person) ?? []);
  }

  ofPerson(accountId: string, person: NetworkPersonRecord): ContactRecord | undefined {
    const position = this.storage.lookup('relationshipOfPerson', `${accountId}:${person.provider_participant_id}`);
    return position === undefined ? undefined : this.storage.data.contacts.get(accountId)?.[position];
  }

  /**
   * The lowercase texts the `search`, `query` and `company_name` filters read, derived on the first filter or search
   * that reads them and kept on the record. Building a dataset derives none: at 100,000 contacts they were a third of
   * the dataset's heap and of its build time. They read only the record and its person, which never change once stored,
   * so the stores forked from a dataset share them; an edit writes a new record, carrying them over.
   */
  texts(contact: ContactRecord): ContactSearchTexts {
    return (contact.search_texts ??= searchTexts(contact, this.network.personDetails(contact.person)));
  }

  /** How many of its account's contacts work at the company. */
  countAt(company: CompanyRecord): number {
    let count = 0;
    for (const contact of this.ofAccount(company.account_id)) if (contact.company_id === company.company_id) count++;
    return count;
  }

  /**
   * Attaches a network person to an account as a new relationship. The person keeps the `contact_id` the
   * organization already knows them by, if any account of it holds them.
   */
  add(input: NewContact): ContactRecord {
    const { account, person } = input;
    const personKey = `${account.organization_id}:${person.provider_participant_id}`;
    const knownId = this.storage.lookup('contactIdOfPerson', personKey);
    const contactId = knownId ?? this.storage.ids.take('contact');
    const list = this.storage.ownList('contacts', account.account_id);
    const company = this.companies.track(account, person.company);
    const ids = { contact_id: contactId, account_relationship_id: this.storage.ids.take('account_relationship'), company_id: company.company_id };
    const contact = withDrawnFields<ContactRecord>(contactKind, contactRecord(input, ids, list.length), (field) =>
      this.storage.randomFor('drawn', 'contacts', field, ids.account_relationship_id),
    );
    input.fill?.(contact);
    list.push(contact);
    this.indexNew(contact, knownId === undefined ? personKey : undefined);
    this.storage.commit();
    return contact;
  }

  /** Writes a changed copy of the contact (`edit` changes the copy) and returns it. */
  edit(contact: ContactRecord, edit: (copy: ContactRecord) => void): ContactRecord {
    const copy: ContactRecord = {
      ...contact,
      tags: contact.tags.slice(),
      custom_fields: new Map(contact.custom_fields),
      enrichment: { ...contact.enrichment },
      search_texts: undefined,
    };
    edit(copy);
    // Texts derived already are carried over: the query text and company names read only the person, which an edit
    // leaves alone; so does the person's share of the search text.
    const before = contact.search_texts;
    if (before) {
      const searchText = editedSearchText(contact, before.search_text, copy) ?? contactSearchText(copy, this.network.personDetails(copy.person));
      copy.search_texts = { ...before, search_text: searchText };
    }
    this.storage.ownList('contacts', contact.account_id)[contact.position] = copy;
    this.storage.commit();
    return copy;
  }

  /** Gives the contact new tags, notes and custom fields (an update the route checked). */
  update(contact: ContactRecord, fields: Changeable): ContactRecord {
    return this.edit(contact, (copy) => Object.assign(copy, fields));
  }

  /**
   * Puts a contact where a state file says it is (over the record at its position, or as its account's next one);
   * throws a RangeError on what the store cannot hold.
   */
  put(contact: ContactRecord): void {
    if (!this.companies.get(contact.company_id)) {
      throw new RangeError(`contact ${contact.account_relationship_id} names unknown company ${contact.company_id}`);
    }
    if (!this.directory.account(contact.account_id)) throw new RangeError(`contact ${contact.account_relationship_id} of unknown account ${contact.account_id}`);
    contact.search_texts = undefined;
    if (this.storage.place('contacts', contact)) {
      const personKey = `${contact.organization_id}:${contact.person.provider_participant_id}`;
      const known = this.storage.lookup('contactIdOfPerson', personKey);
      if (known !== undefined && known !== contact.contact_id) throw new RangeError(`person ${contact.person.public_identifier} has two contact ids`);
      this.indexNew(contact, known === undefined ? personKey : undefined);
    }
    this.storage.commit();
  }

  /**
   * Indexes a new relationship; with `newPersonKey` (the person's key in the organization, the one just looked up:
   * its hash is computed already) when no account of its organization held the person before.
   */
  private indexNew(contact: ContactRecord, newPersonKey: string | undefined): void {
    const { person } = contact;
    if (newPersonKey !== undefined) {
      this.storage.index('contactIdOfPerson', newPersonKey, contact.contact_id);
      this.storage.index('personOfContactId', `${contact.organization_id}:${contact.contact_id}`, person);
    }
    this.storage.index('contactSlots', contact.account_relationship_id, { account_id: contact.account_id, position: contact.position });
    this.storage.index('relationshipOfPerson', `${contact.account_id}:${person.provider_participant_id}`, contact.position);
  }
}
