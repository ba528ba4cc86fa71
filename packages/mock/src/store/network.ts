import { personDetails } from './details';
import type { VersionedStorage } from './storage';
import type { NetworkCompanyRecord, NetworkPersonRecord, PersonDetails } from './types';

/** The professional network: its people and companies, whether or not any account holds them. */
export class Network {
  constructor(private readonly storage: VersionedStorage) {}

  /** A person's about, languages, experiences and educations, derived on demand (see details.ts). */
  personDetails(person: NetworkPersonRecord): PersonDetails {
    const { pools, historyCompanies, now } = this.storage.basis;
    return personDetails(person, pools, historyCompanies, now);
  }

  person(handle: string): NetworkPersonRecord | undefined {
    return this.storage.lookup('people', handle);
  }

  people(): Iterable<NetworkPersonRecord> {
    return this.storage.entries('people');
  }

  company(handle: string): NetworkCompanyRecord | undefined {
    return this.storage.lookup('networkCompanies', handle);
  }

  /** Network companies in creation order. */
  companies(): readonly NetworkCompanyRecord[] {
    return this.storage.data.companyList;
  }

  addPerson(person: NetworkPersonRecord): void {
    this.storage.index('people', person.public_identifier, person);
    this.storage.commit();
  }

  addCompany(company: NetworkCompanyRecord): void {
    this.storage.index('networkCompanies', company.public_identifier, company);
    this.storage.own('companyList').push(company);
    this.storage.commit();
  }

  /** Whether any account of any organization has the person as a contact. */
  isImported(person: NetworkPersonRecord): boolean {
    return this.storage.lookup('imported', person.provider_participant_id) === true;
  }

  /** Notes that some account holds the person (the contacts repository calls it, then commits). */
  noteImported(person: NetworkPersonRecord): void {
    if (!this.isImported(person)) this.storage.index('imported', person.provider_participant_id, true);
  }
}
