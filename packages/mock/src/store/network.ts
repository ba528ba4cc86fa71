import { personDetails } from './details';
import { type Built, withDrawnFields } from './drawn-fields';
import { personKind } from './kinds';
import type { VersionedStorage } from './storage';
import type { NetworkCompanyRecord, NetworkPersonRecord, PersonDetails } from './types';

/** The professional network: its people and companies, whether or not any account holds them. */
export class Network {
  constructor(private readonly storage: VersionedStorage) {}

  /** A person's about, languages, experiences and educations, derived on demand (see details.ts). */
  personDetails(person: NetworkPersonRecord): PersonDetails {
    const { pools, historyCompanies, now } = this.storage.constants;
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

  /** Stores a new person, its nullable fields that its builder left out drawn (drawn-fields.ts); returns it. */
  addPerson(built: Built<NetworkPersonRecord>): NetworkPersonRecord {
    const person = withDrawnFields<NetworkPersonRecord>(personKind, built, (field) =>
      this.storage.randomFor('drawn', 'people', field, built.provider_participant_id),
    );
    this.storage.index('people', person.public_identifier, person);
    this.storage.commit();
    return person;
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
