import type { Contact } from '@network-org/sdk';
import { withJsonText } from '../engine/respond';
import type { Store } from './store';
import type { ContactRecord } from './types';
import { contactWire } from './wire';

/*
 * A list page serializes the same contacts request after request. Each contact's list shape and its JSON are
 * kept until the store's revision moves: every write request moves it (engine/dispatch), and `reset` makes a
 * new store, so a cached shape never outlives the data it was built from.
 */
const revisions = new WeakMap<Store, number>();

interface CachedWire {
  revision: number;
  wire: Contact;
}

const listWires = new WeakMap<ContactRecord, CachedWire>();

/** Marks every cached shape of this store as stale: call before and after anything that may change the data. */
export function bumpRevision(store: Store): void {
  revisions.set(store, (revisions.get(store) ?? 0) + 1);
}

/** `contactWire(store, contact, 'list')`, built and serialized once per revision. */
export function contactListWire(store: Store, contact: ContactRecord): Contact {
  const revision = revisions.get(store) ?? 0;
  const cached = listWires.get(contact);
  if (cached && cached.revision === revision) return cached.wire;
  const wire = contactWire(store, contact, 'list');
  listWires.set(contact, { revision, wire: withJsonText(wire, JSON.stringify(wire)) });
  return wire;
}
