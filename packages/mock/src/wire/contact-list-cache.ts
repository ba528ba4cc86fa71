import type { Contact } from '@network-org/spec/openapi';
import { setBounded } from '../lib/bounded-map';
import type { Store } from '../store/index';
import type { ContactRecord } from '../store/types';
import { withKnownJson } from './known-json';
import { contactFullFields, contactWire } from './records';

/*
 * A list page serializes the same contacts request after request. Each contact's list shape and its JSON are
 * kept, by record, while the store's `wireRevision` stays the same. A contact's edit writes a new record and
 * leaves that revision alone (no other contact's shape reads it); any other change moves it, and the next read
 * starts over, so a cached shape never outlives the data it was built from and no caller has to clear it.
 */

/** Bounds the memory a walk over a very large account can pin: the oldest entries go first. */
const MAX_CACHED_CONTACTS = 2048;

const encoder = new TextEncoder();

/**
 * By `account_relationship_id`, each with the record it was built from: an edit replaces the entry of its contact
 * instead of leaving the old record's behind.
 */
interface WireCache {
  revision: number;
  wires: Map<string, { record: ContactRecord; wire: Contact }>;
  /** Full shapes an update or find-email answered with, and their JSON: the list shape is cut from them. */
  fulls: Map<string, FullWire>;
}

interface FullWire {
  record: ContactRecord;
  wire: Contact;
  json: string;
}

const caches = new WeakMap<object, WireCache>();

function cacheOf(store: Store): WireCache {
  const scope = store.cacheScope;
  let cache = caches.get(scope);
  if (!cache) caches.set(scope, (cache = { revision: store.wireRevision, wires: new Map(), fulls: new Map() }));
  if (cache.revision !== store.wireRevision) {
    cache.revision = store.wireRevision;
    cache.wires.clear();
    cache.fulls.clear();
  }
  return cache;
}

/**
 * `contactWire(store, contact, 'list')`, built and serialized once per record and wire revision of the store;
 * stores whose wire revision is their baseline's (fresh sessions, reset ones) share one cache.
 */
export function contactListWire(store: Store, contact: ContactRecord): Contact {
  const cache = cacheOf(store);
  const key = contact.account_relationship_id;
  const cached = cache.wires.get(key);
  if (cached?.record === contact) return cached.wire;
  const full = cache.fulls.get(key);
  let wire: Contact;
  let json: string;
  if (full?.record === contact) {
    // Cut from the full shape an update answered with: no record is walked or serialized again.
    const { notes_json, contact_enrichment, sequence, ...listed } = full.wire;
    wire = listed as Contact;
    // The full JSON ends in `,"notes_json":…,"sequence":…}`, as long as the JSON of those three fields alone.
    const tailLength = JSON.stringify({ notes_json, contact_enrichment, sequence }).length;
    json = `${full.json.slice(0, full.json.length - tailLength)}}`;
    cache.fulls.delete(key);
  } else {
    wire = contactWire(store, contact, 'list');
    json = JSON.stringify(wire);
  }
  withKnownJson(wire, encoder.encode(json));
  setBounded(cache.wires, key, { record: contact, wire }, MAX_CACHED_CONTACTS);
  return wire;
}

/**
 * `contactWire(store, contact, 'full')` (update and find-email), serialized once: its JSON answers the request,
 * and the next list cuts the contact's list shape and JSON from it. The full JSON is the list JSON with the three
 * fields the list leaves out appended, in the order `contactWire` puts them.
 */
export function contactFullWire(store: Store, contact: ContactRecord): Contact {
  const wire = Object.assign(contactWire(store, contact, 'list'), contactFullFields(contact));
  const json = JSON.stringify(wire);
  withKnownJson(wire, encoder.encode(json));
  setBounded(cacheOf(store).fulls, contact.account_relationship_id, { record: contact, wire, json }, MAX_CACHED_CONTACTS);
  return wire;
}
