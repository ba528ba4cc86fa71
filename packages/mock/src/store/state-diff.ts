import type { KindName } from './kinds';
import { EMPTY, type ListPart, type ListRecords, type Lists } from './containers';
import type { Store } from './store';
import type { RecordsByKind } from './types';

/** What differs between a store and its seeded dataset, kind by kind, record by record: what a state file holds. */
export type StoreDiff = { ids: [kind: string, next: number][] } & { [K in KindName]: RecordsByKind[K][] };

/** Per kind, the records of `store` that its seeded dataset does not hold as they are. */
const CHANGED: { [K in KindName]: (store: Store) => RecordsByKind[K][] } = {
  organizations: ({ storage, dataset }) =>
    [...storage.data.organizations.values()].filter((organization) => dataset.data.organizations.get(organization.id) !== organization),
  customFields: ({ storage, dataset }) => storage.data.customFields.slice(dataset.data.customFields.length),
  accounts: ({ storage, dataset }) => [...storage.data.accounts.values()].filter((account) => dataset.data.accounts.get(account.account_id) !== account),
  networkCompanies: ({ storage, dataset }) => storage.data.companyList.slice(dataset.data.companyList.length),
  people: ({ storage }) => [...storage.added('people')],
  companies: (store) => changedInLists(store, 'companies'),
  contacts: (store) => changedInLists(store, 'contacts'),
  conversations: (store) => changedInLists(store, 'conversations'),
  views: ({ storage, dataset }) => [...storage.data.views.values()].filter((view) => dataset.data.views.get(view.id) !== view),
  drafts: ({ storage, dataset }) => [...storage.data.drafts.values()].filter((draft) => dataset.data.drafts.get(draft.draft_id) !== draft),
  activity: ({ storage, dataset }) => storage.data.activity.slice(dataset.data.activity.length),
};

function changedInLists<K extends ListPart>(store: Store, name: K): ListRecords[K][] {
  const changed: ListRecords[K][] = [];
  const base: Readonly<Lists>[K] = store.dataset.data[name];
  const lists: Readonly<Lists>[K] = store.storage.data[name];
  for (const [accountId, list] of lists) {
    const baseList: readonly ListRecords[K][] = base.get(accountId) ?? EMPTY;
    if (list === baseList) continue;
    for (let position = 0; position < list.length; position++) {
      const record = list[position];
      if (record !== undefined && record !== baseList[position]) changed.push(record);
    }
  }
  return changed;
}

const fail = (message: string): never => {
  throw new RangeError(message);
};

/**
 * Per kind, how a record of a state file goes into the store: through its repository, which checks what the record
 * names and throws a RangeError when it does not resolve.
 */
const APPLY: { [K in KindName]: (store: Store, record: RecordsByKind[K]) => void } = {
  organizations: (store, organization) => {
    if (!store.directory.organization(organization.id)) fail(`unknown organization ${organization.id}`);
    store.directory.putOrganization(organization);
  },
  customFields: (store, field) => {
    if (!store.directory.organization(field.organization_id)) fail(`custom field "${field.name}" of unknown organization ${field.organization_id}`);
    store.customFields.add(field);
  },
  accounts: (store, account) => {
    if (!store.directory.organization(account.organization_id)) fail(`account ${account.account_id} of unknown organization ${account.organization_id}`);
    store.directory.addAccount(account);
  },
  networkCompanies: (store, company) => {
    if (store.network.company(company.public_identifier)) fail(`network company "${company.public_identifier}" twice`);
    store.network.addCompany(company);
  },
  people: (store, person) => {
    if (store.network.person(person.public_identifier)) fail(`network person "${person.public_identifier}" twice`);
    store.network.addPerson(person);
  },
  companies: (store, company) => store.companies.put(company),
  contacts: (store, contact) => store.contacts.put(contact),
  conversations: (store, conversation) => store.conversations.put(conversation),
  views: (store, view) => store.views.put(view),
  drafts: (store, draft) => store.drafts.put(draft),
  activity: (store, event) => store.activity.add(event),
};

/** Everything that differs from the store's seeded dataset, as records. */
export function diffOf(store: Store): StoreDiff {
  const diff = { ids: [...store.storage.data.ids] } as StoreDiff;
  for (const kind of Object.keys(CHANGED) as KindName[]) (diff as Record<KindName, unknown>)[kind] = CHANGED[kind](store);
  return diff;
}

/** Writes one record of a state file into the store (see APPLY). */
export function applyRecord<K extends KindName>(store: Store, kind: K, record: RecordsByKind[K]): void {
  APPLY[kind](store, record);
}

/** Takes the next ids a state file names, so that ids the state holds are never given again. */
export function applyIds(store: Store, ids: StoreDiff['ids']): void {
  const counters = store.storage.own('ids');
  for (const [kind, next] of ids) counters.set(kind, Math.max(next, counters.get(kind) ?? 0));
  store.storage.commit();
}
