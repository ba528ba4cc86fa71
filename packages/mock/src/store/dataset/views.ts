import { timeBefore } from '../anchor';
import type { AccountRecord, ContactRecord, ViewRecord } from '../types';
import type { BuildContext } from './context';

/** Two app-made views per account: one by tag, one of hand-picked contacts. */
export function addViews(b: BuildContext, account: AccountRecord, contacts: ContactRecord[]): void {
  addAppView(b, account, 'Customers', 'Contacts tagged Customer', { tag: 'Customer' });
  const picked = b.random.sample(contacts, Math.min(12, contacts.length)).map((contact) => contact.contact_id);
  addAppView(b, account, 'Hot leads', 'Hand-picked contacts to follow up', { contact_ids: picked });
}

function addAppView(b: BuildContext, account: AccountRecord, name: string, description: string, rules: ViewRecord['rules']): ViewRecord {
  return b.store.views.add({ account, name, description, origin: 'app', rules, created_at: timeBefore(b.store.now, b.random.int(10, 300)) });
}
