import { ConversationStore } from './conversations';
import { withSearchText } from './records';
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
import { EMPTY } from './versioned';

/** What differs between a store and its baseline, record by record. */
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

/** A store's difference from its baseline, read and written record by record: what a state file holds. */
export class DiffStore extends ConversationStore {
  /** Everything that differs from the baseline, as records: what a state file holds. */
  diff(): StoreDiff {
    const base = this.requireBaseline().data;
    const changedLists = <T>(name: 'contacts' | 'companies' | 'conversations'): T[] => {
      const changed: T[] = [];
      for (const [accountId, list] of this.data[name] as Map<string, T[]>) {
        const baseList = (base[name] as Map<string, T[]>).get(accountId) ?? EMPTY;
        if (list === baseList) continue;
        for (let position = 0; position < list.length; position++) {
          if (list[position] !== baseList[position]) changed.push(list[position] as T);
        }
      }
      return changed;
    };
    return {
      ids: [...this.data.ids],
      organizations: [...this.data.organizations.values()].filter((organization) => base.organizations.get(organization.id) !== organization),
      customFields: this.data.customFields.slice(base.customFields.length),
      networkCompanies: this.data.companyList.slice(base.companyList.length),
      people: [...this.data.people.values()],
      companies: changedLists<CompanyRecord>('companies'),
      contacts: changedLists<ContactRecord>('contacts'),
      conversations: changedLists<ConversationRecord>('conversations'),
      views: [...this.data.views.values()].filter((view) => base.views.get(view.id) !== view),
      drafts: [...this.data.drafts.values()].filter((draft) => base.drafts.get(draft.draft_id) !== draft),
      activity: this.data.activity.slice(base.activity.length),
    };
  }

  /**
   * Writes a diff (of this store's baseline) into this store, checking every reference; throws at the first
   * that does not resolve (the caller then drops this store: nothing else saw it).
   */
  applyDiff(diff: StoreDiff): void {
    const fail = (message: string): never => {
      throw new RangeError(message);
    };
    for (const organization of diff.organizations) {
      if (!this.data.organizations.has(organization.id)) fail(`unknown organization ${organization.id}`);
      this.own('organizations').set(organization.id, organization);
    }
    for (const field of diff.customFields) {
      if (!this.data.organizations.has(field.organization_id)) fail(`custom field "${field.name}" of unknown organization ${field.organization_id}`);
      this.own('customFields').push(field);
    }
    for (const company of diff.networkCompanies) this.addNetworkCompany(company);
    for (const person of diff.people) {
      if (this.person(person.public_identifier)) fail(`network person "${person.public_identifier}" twice`);
      this.addNetworkPerson(person);
    }
    const place = <T extends { account_id: string; position: number }>(name: 'contacts' | 'companies' | 'conversations', record: T, what: string) => {
      if (!this.account(record.account_id)) fail(`${what} of unknown account ${record.account_id}`);
      const list = this.ownList<T>(name, record.account_id);
      if (record.position > list.length || record.position < 0) fail(`${what} at position ${record.position} of account ${record.account_id}, which has ${list.length}`);
      const added = record.position === list.length;
      list[record.position] = record;
      return added;
    };
    for (const company of diff.companies) {
      if (place('companies', company, `company ${company.company_id}`)) {
        this.index('companyOfNetwork', `${company.account_id}:${company.network.provider_participant_id}`, company.position);
        this.index('companySlots', company.company_id, { account_id: company.account_id, position: company.position });
      }
    }
    for (const contact of diff.contacts) {
      if (!this.company(contact.company_id)) fail(`contact ${contact.account_relationship_id} names unknown company ${contact.company_id}`);
      withSearchText(contact, this.personDetails(contact.person));
      if (place('contacts', contact, `contact ${contact.account_relationship_id}`)) {
        const personKey = `${contact.organization_id}:${contact.person.provider_participant_id}`;
        const known = this.lookup('contactIdOfPerson', personKey);
        if (known !== undefined && known !== contact.contact_id) fail(`person ${contact.person.public_identifier} has two contact ids`);
        if (known === undefined) {
          this.index('contactIdOfPerson', personKey, contact.contact_id);
          this.index('personOfContactId', `${contact.organization_id}:${contact.contact_id}`, contact.person);
        }
        this.index('contactSlots', contact.account_relationship_id, { account_id: contact.account_id, position: contact.position });
        this.index('relationshipOfPerson', `${contact.account_id}:${contact.person.provider_participant_id}`, contact.position);
        if (!this.isImported(contact.person)) this.index('imported', contact.person.provider_participant_id, true);
      } else {
        this.noteSearchChange(contact.account_id, contact.position);
      }
    }
    for (const conversation of diff.conversations) {
      if (place('conversations', conversation, `conversation ${conversation.conversation_id}`)) {
        this.index('conversationSlots', conversation.conversation_id, { account_id: conversation.account_id, position: conversation.position });
      }
    }
    for (const view of diff.views) {
      if (!this.account(view.account_id)) fail(`view ${view.id} of unknown account ${view.account_id}`);
      this.own('views').set(view.id, view);
    }
    for (const draft of diff.drafts) {
      if (!this.account(draft.account_id)) fail(`draft ${draft.draft_id} of unknown account ${draft.account_id}`);
      this.own('drafts').set(draft.draft_id, draft);
    }
    for (const event of diff.activity) this.own('activity').push(event);
    const ids = this.own('ids');
    for (const [kind, next] of diff.ids) ids.set(kind, Math.max(next, ids.get(kind) ?? 0));
    this.changed();
  }
}
