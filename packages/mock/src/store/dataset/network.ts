import { buildNetworkCompanies, makeNetworkPerson } from '../network-generator';
import type { BuildContext } from './context';

/**
 * The network's people nobody has imported. They work partly at companies nobody tracks, so both kinds of profile
 * are importable.
 */
export function addNetworkPeople(b: BuildContext): void {
  const { store, faker, random, size } = b;
  const untracked = buildNetworkCompanies(faker, random, store.pools, store.ids, store.now, Math.ceil(size.networkSize / 10) + 1)
    .filter((company) => !store.network.company(company.public_identifier));
  for (const company of untracked) store.network.addCompany(company);
  const networkCompanies = [...untracked, ...store.network.companies().slice(0, 30)];
  for (let index = 0; index < size.networkSize; index++) {
    store.network.addPerson(makeNetworkPerson(random, store.pools, store.ids, store.now, networkCompanies));
  }
}
