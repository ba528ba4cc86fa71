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

  /**
   * Whether any account of any organization has the person as a contact: whether some organization knows the person
   * by a contact id. Asked of the few organizations rather than kept in an index of its own, which every contact
   * seeded would write (a lookup and an entry per contact of 100,000).
   */
  isImported(person: NetworkPersonRecord): boolean {
    for (const organizationId of this.storage.data.organizations.keys()) {
      if (this.storage.lookup('contactIdOfPerson', `${organizationId}:${person.provider_participant_id}`) !== undefined) return true;
    }
    return false;
  }
}
