import { companyUrl, personUrl, type ProfileKind, type Store } from '../store/index';
import { listDrafts } from '../store/drafts';

export interface NetworkProfile {
  network_url: string;
  kind: ProfileKind;
  full_name: string;
}

export interface NetworkProfilesQuery {
  /** false: only people nobody has as a contact yet (importable); true: only imported ones; absent: all. */
  imported?: boolean;
  /** Only people (`member`) or only companies (`company`); absent: people first, then companies. */
  kind?: ProfileKind;
  limit?: number;
}

/** Profiles of the network, for picking URLs to import or enrich. Companies count as imported when tracked. */
export function networkProfiles(store: Store, query: NetworkProfilesQuery = {}): { profiles: NetworkProfile[] } {
  const trackedCompanies = new Set(store.accounts().flatMap((account) => store.companiesOf(account.account_id).map((company) => company.network)));
  const people: NetworkProfile[] =
    query.kind === 'company'
      ? []
      : [...store.people()]
          .filter((person) => query.imported === undefined || store.isImported(person) === query.imported)
          .map((person) => ({
            network_url: personUrl(person.public_identifier),
            kind: 'member',
            full_name: `${person.first_name} ${person.last_name}`,
          }));
  const companies: NetworkProfile[] =
    query.kind === 'member'
      ? []
      : store.networkCompanies()
          .filter((company) => query.imported === undefined || trackedCompanies.has(company) === query.imported)
          .map((company) => ({ network_url: companyUrl(company.public_identifier), kind: 'company', full_name: company.name }));
  const profiles = [...people, ...companies];
  return { profiles: query.limit === undefined ? profiles : profiles.slice(0, query.limit) };
}

/** The saved drafts (the service has no read endpoint for them), oldest first. */
export function savedDrafts(store: Store, query: { account_id?: string } = {}) {
  const drafts = listDrafts(store, query.account_id).map(({ organization_id: _organization, ...draft }) => draft);
  return { drafts };
}

/** The registered custom fields of each organization, with their types. */
export function registeredCustomFields(store: Store) {
  const organizations = store.organizations().map((organization) => ({
    organization_id: organization.id,
    organization_name: organization.name,
    contact: store.customFieldsOf(organization.id, 'contact').map(({ name, type }) => ({ name, type })),
    company: store.customFieldsOf(organization.id, 'company').map(({ name, type }) => ({ name, type })),
  }));
  return { organizations };
}
