import { EMPTY, type ListPart } from './storage';
import type { Store } from './store';
import type {
  ActivityEventRecord,
  CompanyRecord,
  ContactRecord,
  ConversationRecord,
  CustomFieldRecord,
  DraftRecord,
  NetworkCompanyRecord,
  NetworkPersonRecord,
  OrganizationRecord,
  ViewRecord,
} from './types';

/** What differs between a store and its baseline, record by record: what a state file holds. */
export interface StoreDiff {
  ids: [kind: string, next: number][];
  organizations: OrganizationRecord[];
  customFields: CustomFieldRecord[];
  networkCompanies: NetworkCompanyRecord[];
  people: NetworkPersonRecord[];
  companies: CompanyRecord[];
  contacts: ContactRecord[];
  conversations: ConversationRecord[];
  views: ViewRecord[];
  drafts: DraftRecord[];
  activity: ActivityEventRecord[];
}

/** Everything that differs from the store's baseline, as records. */
export function diffOf(store: Store): StoreDiff {
  const data = store.storage.data;
  const base = store.origin.data;
  const changedLists = <T>(name: ListPart): T[] => {
    const changed: T[] = [];
    for (const [accountId, list] of data[name] as Map<string, T[]>) {
      const baseList = (base[name] as Map<string, T[]>).get(accountId) ?? EMPTY;
      if (list === baseList) continue;
      for (let position = 0; position < list.length; position++) {
        if (list[position] !== baseList[position]) changed.push(list[position] as T);
      }
    }
    return changed;
  };
  return {
    ids: [...data.ids],
    organizations: [...data.organizations.values()].filter((organization) => base.organizations.get(organization.id) !== organization),
    customFields: data.customFields.slice(base.customFields.length),
    networkCompanies: data.companyList.slice(base.companyList.length),
    people: [...store.storage.added('people')],
    companies: changedLists<CompanyRecord>('companies'),
    contacts: changedLists<ContactRecord>('contacts'),
    conversations: changedLists<ConversationRecord>('conversations'),
    views: [...data.views.values()].filter((view) => base.views.get(view.id) !== view),
    drafts: [...data.drafts.values()].filter((draft) => base.drafts.get(draft.draft_id) !== draft),
    activity: data.activity.slice(base.activity.length),
  };
}

/**
 * Writes a diff (of this store's baseline) into the store through its repositories, checking every reference; throws
 * a RangeError at the first that does not resolve (the caller then drops the store: nothing else saw it). Records
 * that name others (companies, contacts) come after what they name.
 */
export function applyDiff(store: Store, diff: StoreDiff): void {
  const fail = (message: string): never => {
    throw new RangeError(message);
  };
  for (const organization of diff.organizations) {
    if (!store.directory.organization(organization.id)) fail(`unknown organization ${organization.id}`);
    store.directory.putOrganization(organization);
  }
  for (const field of diff.customFields) {
    if (!store.directory.organization(field.organization_id)) fail(`custom field "${field.name}" of unknown organization ${field.organization_id}`);
    store.customFields.add(field);
  }
  for (const company of diff.networkCompanies) store.network.addCompany(company);
  for (const person of diff.people) {
    if (store.network.person(person.public_identifier)) fail(`network person "${person.public_identifier}" twice`);
    store.network.addPerson(person);
  }
  for (const company of diff.companies) store.companies.put(company);
  for (const contact of diff.contacts) store.contacts.put(contact);
  for (const conversation of diff.conversations) store.conversations.put(conversation);
  for (const view of diff.views) store.views.put(view);
  for (const draft of diff.drafts) store.drafts.put(draft);
  for (const event of diff.activity) store.activity.add(event);
  const ids = store.storage.own('ids');
  for (const [kind, next] of diff.ids) ids.set(kind, Math.max(next, ids.get(kind) ?? 0));
  store.storage.commit();
}
