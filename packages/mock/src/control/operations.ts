import { badRequest, notFound } from '../engine/errors';
import { companyUrl, personUrl, type SeededDataset, type ProfileKind, type Store, type StoreSnapshot } from '../store/index';
import { exportState, StateFileError, storeFromState } from '../store/state-file';

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
  const trackedCompanies = new Set(store.directory.accounts().flatMap((account) => store.companies.ofAccount(account.account_id).map((company) => company.network)));
  const people: NetworkProfile[] =
    query.kind === 'company'
      ? []
      : [...store.network.people()]
          .filter((person) => query.imported === undefined || store.network.isImported(person) === query.imported)
          .map((person) => ({
            network_url: personUrl(person.public_identifier),
            kind: 'member',
            full_name: `${person.first_name} ${person.last_name}`,
          }));
  const companies: NetworkProfile[] =
    query.kind === 'member'
      ? []
      : store.network.companies()
          .filter((company) => query.imported === undefined || trackedCompanies.has(company) === query.imported)
          .map((company) => ({ network_url: companyUrl(company.public_identifier), kind: 'company', full_name: company.name }));
  const profiles = [...people, ...companies];
  return { profiles: query.limit === undefined ? profiles : profiles.slice(0, query.limit) };
}

/** The saved drafts (the service has no read endpoint for them), oldest first. */
export function savedDrafts(store: Store, query: { account_id?: string } = {}) {
  const drafts = store.drafts.all(query.account_id).map(({ organization_id: _organization, ...draft }) => draft);
  return { drafts };
}

/** The registered custom fields of each organization, with their types. */
export function registeredCustomFields(store: Store) {
  const organizations = store.directory.organizations().map((organization) => ({
    organization_id: organization.id,
    organization_name: organization.name,
    contact: store.customFields.of(organization.id, 'contact').map(({ name, type }) => ({ name, type })),
    company: store.customFields.of(organization.id, 'company').map(({ name, type }) => ({ name, type })),
  }));
  return { organizations };
}

interface SnapshotRegistry {
  /** The dataset the store reset to when the registry began: a reset to another one starts a new registry. */
  resetsTo: SeededDataset;
  next: number;
  snapshots: Map<string, StoreSnapshot>;
}

// Per store and dataset, so each state (and each session's store) names its own snapshots, and a reset to another
// dataset seed or anchor forgets the snapshots of the one before.
const registries = new WeakMap<Store, SnapshotRegistry>();

function registryOf(store: Store): SnapshotRegistry {
  let registry = registries.get(store);
  if (registry?.resetsTo !== store.resetsTo) registries.set(store, (registry = { resetsTo: store.resetsTo, next: 1, snapshots: new Map() }));
  return registry;
}

/** `POST /__mock/snapshots`: keeps a snapshot of the whole state under a new id. */
export function takeSnapshot(store: Store): { snapshot_id: string } {
  const registry = registryOf(store);
  const id = `snap_${registry.next++}`;
  registry.snapshots.set(id, store.snapshot());
  return { snapshot_id: id };
}

/** `GET /__mock/snapshots`: the snapshots this state has taken, oldest first. */
export function listSnapshots(store: Store): { snapshots: { snapshot_id: string }[] } {
  return { snapshots: [...registryOf(store).snapshots.keys()].map((snapshot_id) => ({ snapshot_id })) };
}

/** `POST /__mock/snapshots/{id}/restore`: puts that snapshot's state back; 404 for an id this state never gave. */
export function restoreSnapshot(store: Store, snapshotId: string): { snapshot_id: string } {
  const snapshot = registryOf(store).snapshots.get(snapshotId);
  if (!snapshot) throw notFound(`No snapshot "${snapshotId}": use a snapshot_id that POST /__mock/snapshots gave.`);
  try {
    store.restore(snapshot);
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : String(error));
  }
  return { snapshot_id: snapshotId };
}

/** `GET /__mock/state`: the state as JSON text. */
export function stateText(store: Store): string {
  return exportState(store);
}

/** `PUT /__mock/state`: starts from a state text; a refused one is 400 and changes nothing. */
export function loadState(store: Store, text: string): void {
  try {
    store.adopt(storeFromState(text, store.dataset));
  } catch (error) {
    if (error instanceof StateFileError) throw badRequest(error.message);
    throw error;
  }
}
