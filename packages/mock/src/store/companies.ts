import type { Changeable } from './changes';
import { withDrawnFields } from './drawn-fields';
import { companyKind } from './kinds';
import { companyRecord } from './builders';
import { EMPTY } from './containers';
import type { VersionedStorage } from './storage';
import type { AccountRecord, CompanyRecord, ContactRecord, NetworkCompanyRecord } from './types';

/** Each account's records of network companies: created on first use, edited by copy. */
export class Companies {
  constructor(private readonly storage: VersionedStorage) {}

  /** The account's record of a network company, if it has one. */
  findOf(accountId: string, network: NetworkCompanyRecord): CompanyRecord | undefined {
    const position = this.storage.lookup('companyOfNetwork', `${accountId}:${network.provider_participant_id}`);
    return position === undefined ? undefined : this.storage.data.companies.get(accountId)?.[position];
  }

  /** The account's record of a network company, created on first use. */
  track(account: AccountRecord, network: NetworkCompanyRecord): CompanyRecord {
    const found = this.findOf(account.account_id, network);
    if (found) return found;
    const list = this.storage.ownList('companies', account.account_id);
    const companyId = this.storage.ids.take('company');
    const company = withDrawnFields<CompanyRecord>(companyKind, companyRecord(account, network, companyId, list.length), (field) =>
      this.storage.randomFor('drawn', 'companies', field, companyId),
    );
    list.push(company);
    this.indexNew(company);
    this.storage.commit();
    return company;
  }

  get(companyId: string): CompanyRecord | undefined {
    const slot = this.storage.lookup('companySlots', companyId);
    return slot && this.storage.data.companies.get(slot.account_id)?.[slot.position];
  }

  /** The company of `companyId` when it belongs to the organization; another organization's ids are unknown. */
  find(organizationId: number, companyId: string): CompanyRecord | undefined {
    const company = this.get(companyId);
    return company?.organization_id === organizationId ? company : undefined;
  }

  *all(): Generator<CompanyRecord> {
    for (const list of this.storage.data.companies.values()) yield* list;
  }

  /** The account's company records, in creation order. */
  ofAccount(accountId: string): readonly CompanyRecord[] {
    return this.storage.data.companies.get(accountId) ?? EMPTY;
  }

  /** The company record of the contact's current company. */
  ofContact(contact: ContactRecord): CompanyRecord {
    return this.get(contact.company_id) as CompanyRecord;
  }

  /** Companies of the given contacts, each once with how many of the contacts work there, ordered by company id. */
  ofContacts(contacts: Iterable<ContactRecord>): { company: CompanyRecord; contact_count: number }[] {
    const counts = new Map<string, number>();
    for (const contact of contacts) counts.set(contact.company_id, (counts.get(contact.company_id) ?? 0) + 1);
    return [...counts]
      .map(([companyId, contact_count]) => ({ company: this.get(companyId) as CompanyRecord, contact_count }))
      .sort((a, b) => Number(a.company.company_id) - Number(b.company.company_id));
  }

  /** Writes a changed copy of the company (`edit` changes the copy) and returns it. */
  edit(company: CompanyRecord, edit: (copy: CompanyRecord) => void): CompanyRecord {
    const copy: CompanyRecord = { ...company, tags: company.tags.slice(), custom_fields: new Map(company.custom_fields) };
    edit(copy);
    this.storage.ownList('companies', company.account_id)[company.position] = copy;
    this.storage.commit();
    return copy;
  }

  /** Gives the company new tags, notes and custom fields (an update the route checked). */
  update(company: CompanyRecord, fields: Changeable): CompanyRecord {
    return this.edit(company, (copy) => Object.assign(copy, fields));
  }

  /**
   * Puts a company record where a state file says it is: over the record at its position, or as the account's next
   * one. Throws on a position its account cannot have.
   */
  put(company: CompanyRecord): void {
    if (!this.storage.data.accounts.has(company.account_id)) throw new RangeError(`company ${company.company_id} of unknown account ${company.account_id}`);
    if (this.storage.place('companies', company)) this.indexNew(company);
    this.storage.commit();
  }

  private indexNew(company: CompanyRecord): void {
    this.storage.index('companyOfNetwork', `${company.account_id}:${company.network.provider_participant_id}`, company.position);
    this.storage.index('companySlots', company.company_id, { account_id: company.account_id, position: company.position });
  }
}

