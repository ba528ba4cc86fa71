import type { Changeable } from './changes';
import { DirectoryStore } from './directory';
import { companyRecord } from './records';
import type { AccountRecord, CompanyRecord, NetworkCompanyRecord } from './types';
import { EMPTY } from './versioned';

/** Each account's records of network companies: created on first use, edited by copy. */
export class CompanyStore extends DirectoryStore {
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
    const company = companyRecord(account, network, this.takeId('company'), list.length);
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

  /** Writes a changed copy of the company (`edit` changes the copy) and returns it. */
  editCompany(company: CompanyRecord, edit: (copy: CompanyRecord) => void): CompanyRecord {
    const copy: CompanyRecord = { ...company, tags: company.tags.slice(), custom_fields: new Map(company.custom_fields) };
    edit(copy);
    this.ownList<CompanyRecord>('companies', company.account_id)[company.position] = copy;
    // Contacts show their company: their search text names it, but nothing of it that an update changes.
    this.changed();
    return copy;
  }

  /** Gives the company new tags, notes and custom fields (an update the route checked). */
  updateCompany(company: CompanyRecord, fields: Changeable): CompanyRecord {
    return this.editCompany(company, (copy) => Object.assign(copy, fields));
  }
}
