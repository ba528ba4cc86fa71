import type { Company, ContactWithEnrichment } from '@network-org/spec/openapi';
import { setBounded } from '../lib/bounded-map';
import type { Store } from '../store/index';
import { PARTS, type Part, type VersionedStorage } from '../store/storage';
import type { CompanyRecord, ContactRecord, NetworkPersonRecord } from '../store/types';
import { withCachedJson } from './cached-json';
import {
  companyWire,
  contactFullFields,
  contactProfileWire,
  contactWire,
  listedContactWire,
  type ContactProfile,
  type ListedContact,
} from './shapes';

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

interface WireCache {
  /** The revisions of the containers read, in `READ` order, when the cache was filled. */
  revisions: number[];
  /** By `account_relationship_id`, each with the record it was built from: an edit replaces its contact's entry. */
  entries: Map<string, ListEntry>;
  /** Full shapes an update or find-email answered with, by `account_relationship_id`: the next list derives from them. */
  fulls: Map<string, FullEntry>;
  /** What an update leaves as it was, by `account_relationship_id`: the next update of the contact reuses it. */
  unedited: Map<string, UneditedEntry>;
}

/** The parts of a contact's shape that its own edits never change, with the records they were built from. */
interface UneditedEntry {
  person: NetworkPersonRecord;
  profile: ContactProfile;
  companyRecord: CompanyRecord;
  company: Company;
}

interface ListEntry {
  record: ContactRecord;
  wire: ListedContact;
  json: Uint8Array;
}

interface FullEntry extends ListEntry {
  /** The fields the full shape appended to the list shape. */
  appended: object;
  /** How many bytes of `json` are the list JSON without its closing brace. */
  listBytes: number;
}

/** The containers a contact's wire shape reads besides its own record. */
const READ: readonly Part[] = PARTS.filter((part) => !NOT_READ.has(part));

const caches = new WeakMap<object, WireCache>();

/**
 * The cache of the store: the seeded dataset's while what the shapes read is the seeded dataset's (fresh sessions,
 * reset ones and sessions that only edited contacts share it), else the store's own.
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
  const seeded = storage.dataset;
  const scope = READ.every((part) => storage.revisionOf(part) === seeded.parts[part]) ? seeded : storage;
  let cache = caches.get(scope);
  if (cache?.revisions.every((revision, index) => revision === storage.revisionOf(READ[index] as Part))) return cache;
  const revisions = READ.map((part) => storage.revisionOf(part));
  if (cache) {
    cache.revisions = revisions;
    cache.entries.clear();
    cache.fulls.clear();
    cache.unedited.clear();
  } else {
    caches.set(scope, (cache = { revisions, entries: new Map(), fulls: new Map(), unedited: new Map() }));
  }
  return cache;
}

const CLOSING_BRACE = 0x7d;
const COMMA = 0x2c;
/** Where a full shape's JSON is encoded before it is copied out at its length (a UTF-16 unit takes at most 3 bytes). */
let scratch = new Uint8Array(64 * 1024);

/** The list entry of a full shape, derived from it: the appended fields left out of the object and of the JSON. */
function listedFrom(full: FullEntry): ListEntry {
  const wire: Record<string, unknown> = {};
  for (const key of Object.keys(full.wire)) if (!Object.hasOwn(full.appended, key)) wire[key] = (full.wire as Record<string, unknown>)[key];
  const json = new Uint8Array(full.listBytes + 1);
  json.set(full.json.subarray(0, full.listBytes));
  json[full.listBytes] = CLOSING_BRACE;
  return { record: full.record, wire: wire as ListedContact, json };
}

function listEntry(store: Store, contact: ContactRecord): ListEntry {
  const cache = cacheOf(store.storage);
  const key = contact.account_relationship_id;
  const cached = cache.entries.get(key);
  if (cached?.record === contact) return cached;
  const full = cache.fulls.get(key);
  let entry: ListEntry;
  if (full?.record === contact) {
    entry = listedFrom(full);
    cache.fulls.delete(key);
  } else {
    const wire = contactWire(store, contact, 'list');
    entry = { record: contact, wire, json: encoder.encode(JSON.stringify(wire)) };
  }
  withCachedJson(entry.wire, entry.json);
  setBounded(cache.entries, key, entry, MAX_CACHED_CONTACTS);
  return entry;
}

/**
 * `contactWire(store, contact, 'list')`, built and serialized once per record while what it reads stays the same;
 * the answer splices its JSON in.
 */
export function contactListWire(store: Store, contact: ContactRecord): ListedContact {
  return listEntry(store, contact).wire;
}

/**
 * `contactWire(store, contact, 'full')` (update and find-email): the list shape with the fields only the full shape
 * has appended, serialized once. Its JSON is made from the list JSON, by construction: without its closing brace, a
 * comma, and the appended fields' JSON without its opening brace. The list JSON takes the profile's and the
 * company's JSON as the last update of the contact serialized them (an edit of a contact changes neither). The next
 * list page cuts the list entry back out of it at the length it was made with.
 */
export function contactFullWire(store: Store, contact: ContactRecord): ContactWithEnrichment {
  const cache = cacheOf(store.storage);
  const wire = listedContactWire(store, contact, ...uneditedParts(store, cache, contact));
  const listText = listJson(wire);
  const appended = contactFullFields(contact);
  const appendedText = JSON.stringify(appended);
  const full = Object.assign(wire, appended);
  // Both texts encoded one after the other, the appended one's opening brace over the list's closing one, which
  // then becomes the comma: one pass over the characters, one copy of the bytes. The answer sends this one buffer
  // as a part: on the collector's heap, text kept past the request costs more than a buffer of its bytes.
  const room = (listText.length + appendedText.length) * 3;
  if (scratch.byteLength < room) scratch = new Uint8Array(room);
  const listBytes = encoder.encodeInto(listText, scratch).written - 1;
  const appendedBytes = encoder.encodeInto(appendedText, scratch.subarray(listBytes)).written;
  scratch[listBytes] = COMMA;
  const json = scratch.slice(0, listBytes + appendedBytes);
  withCachedJson(full, json);
  setBounded(cache.fulls, contact.account_relationship_id, { record: contact, wire: full, json, appended, listBytes }, MAX_CACHED_CONTACTS);
  return full;
}

/**
 * JSON texts of values an update leaves as they were: spliced into the contact's JSON instead of serialized again.
 * A WeakMap, not a property on the value as `cached-json.ts` keeps bytes: these values live as long as the contact's
 * entry here, not one request, and a symbol property on the profile's arrays cost 3 to 4 % more CPU per PATCH.
 */
const cachedTexts = new WeakMap<object, string>();

function withCachedText<T extends object>(value: T): T {
  cachedTexts.set(value, JSON.stringify(value));
  return value;
}

/**
 * A contact's profile and company as the last update of it built them, while its person and company record are the
 * same (what else they read is the cache's containers): an update of a contact then serializes only what it edits.
 */
function uneditedParts(store: Store, cache: WireCache, contact: ContactRecord): [ContactProfile, Company] {
  const key = contact.account_relationship_id;
  const companyRecord = store.companies.ofContact(contact);
  let entry = cache.unedited.get(key);
  if (entry?.person !== contact.person || entry.companyRecord !== companyRecord) {
    const profile = contactProfileWire(store, contact);
    withCachedText(profile.languages);
    withCachedText(profile.experiences);
    withCachedText(profile.educations);
    withCachedText(profile.locations);
    entry = { person: contact.person, profile, companyRecord, company: withCachedText(companyWire(companyRecord)) };
    setBounded(cache.unedited, key, entry, MAX_CACHED_CONTACTS);
  }
  return [entry.profile, entry.company];
}

/** `JSON.stringify(wire)`, with the texts of values in `cachedTexts` taken as they are. */
function listJson(wire: ListedContact): string {
  let text = '';
  for (const key of Object.keys(wire)) {
    const value = (wire as Record<string, unknown>)[key];
    const json = (typeof value === 'object' && value !== null && cachedTexts.get(value)) || JSON.stringify(value);
    // What JSON.stringify leaves out of an object (undefined, a function, a symbol).
    if (json === undefined) continue;
    text += `${text === '' ? '{' : ','}${JSON.stringify(key)}:${json}`;
  }
  return text === '' ? '{}' : `${text}}`;
}
