import type { Contact } from '@network-org/spec/openapi';
import { setBounded } from '../lib/bounded-map';
import type { Store } from '../store/index';
import { PARTS, type Part, type VersionedStorage } from '../store/storage';
import type { ContactRecord } from '../store/types';
import { withKnownJson } from './known-json';
import { contactFullFields, contactWire } from './records';

/*
 * A list page serializes the same contacts request after request. Each contact's list shape and its JSON are kept,
 * by record, while the storage's containers the shape reads stay the same: a contact's edit writes a new record (a
 * new key); a change to what else it shows (its account, its company records) moves those containers' revisions, and
 * the next read starts over. So a cached shape never outlives the data it was built from and no caller clears it.
 */

/** Bounds the memory a walk over a very large account can pin: the oldest entries go first. */
const MAX_CACHED_CONTACTS = 2048;

/**
 * Containers a contact's wire shape does not read: its own record stands for the contacts lists, and the rest are
 * other resources. Every other container counts, so one that `contactWire` starts to read is covered already.
 */
const NOT_READ: ReadonlySet<Part> = new Set<Part>([
  'ids',
  'organizations',
  'users',
  'apiKeys',
  'customFields',
  'contacts',
  'contactSlots',
  'relationshipOfPerson',
  'contactIdOfPerson',
  'personOfContactId',
  'imported',
  'people',
  'networkCompanies',
  'companyList',
  'conversations',
  'conversationSlots',
  'views',
  'drafts',
  'activity',
]);

const encoder = new TextEncoder();
const COMMA = encoder.encode(',');

interface WireCache {
  /** The revisions of the containers read, in `READ` order, when the cache was filled. */
  revisions: number[];
  /** By `account_relationship_id`, each with the record it was built from: an edit replaces its contact's entry. */
  entries: Map<string, { record: ContactRecord; wire: Contact; json: Uint8Array }>;
}

/** The containers a contact's wire shape reads besides its own record. */
const READ: readonly Part[] = PARTS.filter((part) => !NOT_READ.has(part));

const caches = new WeakMap<object, WireCache>();

/**
 * The cache of the store: the baseline's while what the shapes read is the baseline's (fresh sessions, reset ones and
 * sessions that only edited contacts share it), else the store's own.
 */
/** The cache each storage found last, with the storage's revision then: a list page asks once per contact. */
const lastFound = new WeakMap<VersionedStorage, { revision: number; cache: WireCache }>();

function cacheOf(storage: VersionedStorage): WireCache {
  const last = lastFound.get(storage);
  if (last?.revision === storage.revision) return last.cache;
  const cache = findCache(storage);
  lastFound.set(storage, { revision: storage.revision, cache });
  return cache;
}

function findCache(storage: VersionedStorage): WireCache {
  const origin = storage.origin;
  const scope = READ.every((part) => storage.revisionOf(part) === origin.parts[part]) ? origin : storage;
  let cache = caches.get(scope);
  if (cache?.revisions.every((revision, index) => revision === storage.revisionOf(READ[index] as Part))) return cache;
  const revisions = READ.map((part) => storage.revisionOf(part));
  if (cache) {
    cache.revisions = revisions;
    cache.entries.clear();
  } else {
    caches.set(scope, (cache = { revisions, entries: new Map() }));
  }
  return cache;
}

function listEntry(store: Store, contact: ContactRecord): { wire: Contact; json: Uint8Array } {
  const cache = cacheOf(store.storage);
  const key = contact.account_relationship_id;
  const cached = cache.entries.get(key);
  if (cached?.record === contact) return cached;
  const wire = contactWire(store, contact, 'list');
  const entry = { record: contact, wire, json: encoder.encode(JSON.stringify(wire)) };
  withKnownJson(wire, entry.json);
  setBounded(cache.entries, key, entry, MAX_CACHED_CONTACTS);
  return entry;
}

/**
 * `contactWire(store, contact, 'list')`, built and serialized once per record while what it reads stays the same;
 * the answer splices its JSON in.
 */
export function contactListWire(store: Store, contact: ContactRecord): Contact {
  return listEntry(store, contact).wire;
}

/**
 * `contactWire(store, contact, 'full')` (update and find-email): the list shape with the fields only the full shape
 * has appended. Its JSON is built the same way, by construction: the list JSON without its closing brace, a comma,
 * and the appended fields' JSON without its opening brace. The list entry is kept for the next list page.
 */
export function contactFullWire(store: Store, contact: ContactRecord): Contact {
  const list = listEntry(store, contact);
  const fields = contactFullFields(contact);
  const wire = Object.assign({}, list.wire, fields);
  const tail = encoder.encode(JSON.stringify(fields));
  const json = new Uint8Array(list.json.byteLength + tail.byteLength - 1);
  json.set(list.json.subarray(0, list.json.byteLength - 1));
  json.set(COMMA, list.json.byteLength - 1);
  json.set(tail.subarray(1), list.json.byteLength);
  return withKnownJson(wire, json);
}
