import type { Contact } from '@network-org/spec/openapi';
import { setBounded } from '../engine/bounded-map';
import { withKnownJson } from '../engine/respond';
import type { Store } from './store';
import type { ContactRecord } from './types';
import { contactWire } from './wire';

/*
 * A list page serializes the same contacts request after request. Each contact's list shape and its JSON are
 * kept until the data may have changed: every write request forgets them all (engine/dispatch), and `reset`
 * makes a new store, so a cached shape never outlives the data it was built from.
 */

/** Bounds the memory a walk over a very large account can pin: the oldest entries go first. */
const MAX_CACHED_CONTACTS = 2048;

const encoder = new TextEncoder();
const listWires = new WeakMap<Store, Map<ContactRecord, Contact>>();

/** Forgets every cached shape of this store: call after anything that may have changed its data. */
export function forgetCachedWires(store: Store): void {
  listWires.get(store)?.clear();
}

/** `contactWire(store, contact, 'list')`, built and serialized once while the data stays the same. */
export function contactListWire(store: Store, contact: ContactRecord): Contact {
  let cache = listWires.get(store);
  if (!cache) listWires.set(store, (cache = new Map()));
  const cached = cache.get(contact);
  if (cached) return cached;
  const wire = contactWire(store, contact, 'list');
  withKnownJson(wire, encoder.encode(JSON.stringify(wire)));
  setBounded(cache, contact, wire, MAX_CACHED_CONTACTS);
  return wire;
}
