import type { Contacts } from './contacts';
import { type NewView, viewRecord } from './builders';
import type { VersionedStorage } from './storage';
import type { ContactRecord, ViewRecord } from './types';

/** Saved views of an account's contacts: app-created ones of the dataset and API-created ones. */
export class Views {
  constructor(
    private readonly storage: VersionedStorage,
    private readonly contacts: Contacts,
  ) {}

  /** A view by `id` or `public_id`; another organization's views are unknown. */
  find(organizationId: number, idOrPublicId: string): ViewRecord | undefined {
    const byId = this.storage.data.views.get(idOrPublicId);
    if (byId) return byId.organization_id === organizationId ? byId : undefined;
    for (const view of this.storage.data.views.values()) {
      if (view.public_id === idOrPublicId && view.organization_id === organizationId) return view;
    }
    return undefined;
  }

  all(): readonly ViewRecord[] {
    return [...this.storage.data.views.values()];
  }

  ofAccount(accountId: string): ViewRecord[] {
    return [...this.storage.data.views.values()].filter((view) => view.account_id === accountId);
  }

  add(input: NewView): ViewRecord {
    const id = this.storage.ids.take('view');
    const view = viewRecord(input, id, this.storage.randomFor('view', id));
    this.storage.own('views').set(id, view);
    this.storage.commit();
    return view;
  }

  /** Puts a view as a state file gives it, new or over the one of its id. */
  put(view: ViewRecord): void {
    if (!this.storage.data.accounts.has(view.account_id)) throw new RangeError(`view ${view.id} of unknown account ${view.account_id}`);
    this.storage.own('views').set(view.id, view);
    this.storage.commit();
  }

  /** The contacts a view selects, in the account's contact order. */
  contactsOf(view: ViewRecord): ContactRecord[] {
    return this.contacts.ofAccount(view.account_id).filter(this.selects(view));
  }

  /** Whether the view selects a contact: a test per contact, so a listing can stop at the end of its page. */
  selects(view: ViewRecord): (contact: ContactRecord) => boolean {
    const ids = view.rules.contact_ids ? new Set(view.rules.contact_ids) : null;
    const tag = view.rules.tag?.toLowerCase();
    return (contact) =>
      contact.account_id === view.account_id &&
      (!ids || ids.has(contact.contact_id)) &&
      (tag === undefined || contact.tags.some((candidate) => candidate.name.toLowerCase() === tag));
  }
}
