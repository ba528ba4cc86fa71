import { ContactStore } from './contacts';
import { type NewView, viewRecord } from './records';
import type { ContactRecord, ViewRecord } from './types';

/** Saved views of an account's contacts: app-created ones of the dataset and API-created ones. */
export class ViewStore extends ContactStore {
  /** A view by `id` or `public_id`. */
  findView(organizationId: number, idOrPublicId: string): ViewRecord | undefined {
    const byId = this.data.views.get(idOrPublicId);
    if (byId) return byId.organization_id === organizationId ? byId : undefined;
    for (const view of this.data.views.values()) {
      if (view.public_id === idOrPublicId && view.organization_id === organizationId) return view;
    }
    return undefined;
  }

  views(): readonly ViewRecord[] {
    return [...this.data.views.values()];
  }

  viewsOf(accountId: string): ViewRecord[] {
    return [...this.data.views.values()].filter((view) => view.account_id === accountId);
  }

  addView(input: NewView): ViewRecord {
    const id = this.takeId('view');
    const view = viewRecord(input, id, this.randomFor('view', id));
    this.own('views').set(id, view);
    this.changed();
    return view;
  }

  /** The contacts a view selects, in the account's contact order. */
  contactsOfView(view: ViewRecord): ContactRecord[] {
    return this.contactsOf(view.account_id).filter(this.viewSelects(view));
  }

  /** Whether the view selects a contact: a test per contact, so a listing can stop at the end of its page. */
  viewSelects(view: ViewRecord): (contact: ContactRecord) => boolean {
    const ids = view.rules.contact_ids ? new Set(view.rules.contact_ids) : null;
    const tag = view.rules.tag?.toLowerCase();
    return (contact) =>
      contact.account_id === view.account_id &&
      (!ids || ids.has(contact.contact_id)) &&
      (tag === undefined || contact.tags.some((candidate) => candidate.name.toLowerCase() === tag));
  }
}
