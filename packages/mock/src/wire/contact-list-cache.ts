import type { Contact } from '@network-org/spec/openapi';
import { setBounded } from '../lib/bounded-map';
import { withKnownJson } from './known-json';
import type { Store } from '../store/index';
import type { ContactRecord } from '../store/types';
import { contactWire } from './records';

/*
 * A list page serializes the same contacts request after request. Each contact's list shape and its JSON are
 * kept while the store's revision stays the same: any change moves the revision, and the next read starts over,
 * so a cached shape never outlives the data it was built from and no caller has to remember to clear it.
 */

/** Bounds the memory a walk over a very large account can pin: the oldest entries go first. */
const MAX_CACHED_CONTACTS = 2048;

const encoder = new TextEncoder();

interface WireCache {
  revision: number;
  wires: Map<ContactRecord, Contact>;
}

const caches = new WeakMap<object, WireCache>();

/**
 * `contactWire(store, contact, 'list')`, built and serialized once per revision of the store; stores holding
 * exactly the seeded data (fresh sessions, reset ones) share one cache.
 */
export function contactListWire(store: Store, contact: ContactRecord): Contact {
  const scope = store.cacheScope;
  let cache = caches.get(scope);
  if (!cache) caches.set(scope, (cache = { revision: store.revision, wires: new Map() }));
  if (cache.revision !== store.revision) {
    cache.revision = store.revision;
    cache.wires.clear();
  }
  const cached = cache.wires.get(contact);
  if (cached) return cached;
  const wire = contactWire(store, contact, 'list');
  withKnownJson(wire, encoder.encode(JSON.stringify(wire)));
  setBounded(cache.wires, contact, wire, MAX_CACHED_CONTACTS);
  return wire;
}
