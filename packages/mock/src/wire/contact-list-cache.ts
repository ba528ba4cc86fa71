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
} from './records';

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

interface FullEntry {
  record: ContactRecord;
  wire: ContactWithEnrichment;
  /** The fields the full shape appended to the list shape. */
  appended: object;
  /** The list shape's JSON in parts, without its closing brace: the full shape's JSON begins with them. */
  listParts: readonly Uint8Array[];
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
/**
 * Full shapes' JSON is encoded into shared chunks and handed out as views of them: a buffer of its own per update
 * (an ArrayBuffer per answer) cost 5 us against 1.5 us for a view and its copy, measured. A chunk lives while any of
 * its views does (an answer in the journal, a shape the next list page derives from), so it is small: updates in a row
 * share one, and a kept view holds at most this much.
 */
const CHUNK_BYTES = 32 * 1024;
let chunk = new Uint8Array(CHUNK_BYTES);
let chunkUsed = 0;

/**
 * Encodes `texts` one after the other into the chunk from `chunkUsed` on: where they start, then where each ends;
 * undefined when they do not fit.
 */
function encodeAt(texts: readonly string[]): number[] | undefined {
  const ends: number[] = [chunkUsed];
  let written = chunkUsed;
  for (const text of texts) {
    const result = encoder.encodeInto(text, chunk.subarray(written));
    if (result.read < text.length) return undefined;
    ends.push((written += result.written));
  }
  return ends;
}

/** `encodeAt` in the current chunk, else in a new one with room for the texts (a UTF-16 unit takes at most 3 bytes). */
function encodeInChunk(texts: readonly string[]): number[] {
  const ends = encodeAt(texts);
  if (ends) return ends;
  chunk = new Uint8Array(Math.max(CHUNK_BYTES, texts.reduce((length, text) => length + text.length * 3, 0)));
  chunkUsed = 0;
  return encodeAt(texts) as number[];
}

/** The list entry of a full shape, derived from it: the appended fields left out of the object and of the JSON. */
function listedFrom(full: FullEntry): ListEntry {
  const wire: Record<string, unknown> = {};
  for (const key of Object.keys(full.wire)) if (!Object.hasOwn(full.appended, key)) wire[key] = (full.wire as Record<string, unknown>)[key];
  let length = 1;
  for (const part of full.listParts) length += part.byteLength;
  const json = new Uint8Array(length);
  let offset = 0;
  for (const part of full.listParts) {
    json.set(part, offset);
    offset += part.byteLength;
  }
  json[offset] = CLOSING_BRACE;
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
 * has appended. Its JSON is known in parts: the bytes of what the contact itself holds, and the bytes of its profile
 * and company as the last update of it serialized them (an edit of a contact changes neither). The answer sends the
 * parts as they are; the next list page joins the list shape's part of them into its entry.
 */
export function contactFullWire(store: Store, contact: ContactRecord): ContactWithEnrichment {
  const cache = cacheOf(store.storage);
  const wire = listedContactWire(store, contact, ...uneditedParts(store, cache, contact));
  const { texts, values } = listJsonPieces(wire);
  const appended = contactFullFields(contact);
  // The appended fields' JSON without its opening brace closes the list shape's, after a comma.
  texts.push(`,${JSON.stringify(appended).slice(1)}`);
  const ends = encodeInChunk(texts);
  const listParts: Uint8Array[] = [];
  const parts: Uint8Array[] = [];
  for (const [index, value] of values.entries()) {
    const own = chunk.subarray(ends[index], ends[index + 1]);
    listParts.push(own, value);
    parts.push(own, value);
  }
  // The contact's last text, and after it the appended fields: the list shape's parts end before those.
  const last = values.length;
  listParts.push(chunk.subarray(ends[last], ends[last + 1]));
  parts.push(chunk.subarray(ends[last], ends[last + 2]));
  chunkUsed = ends[last + 2] as number;
  const full = withCachedJson(Object.assign(wire, appended), parts);
  setBounded(cache.fulls, contact.account_relationship_id, { record: contact, wire: full, appended, listParts }, MAX_CACHED_CONTACTS);
  return full;
}

/** UTF-8 bytes of the JSON of values an update leaves as they were: spliced into the contact's JSON as they are. */
const knownBytes = new WeakMap<object, Uint8Array>();

function known<T extends object>(value: T): T {
  knownBytes.set(value, encoder.encode(JSON.stringify(value)));
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
    known(profile.languages);
    known(profile.experiences);
    known(profile.educations);
    known(profile.locations);
    entry = { person: contact.person, profile, companyRecord, company: known(companyWire(companyRecord)) };
    setBounded(cache.unedited, key, entry, MAX_CACHED_CONTACTS);
  }
  return [entry.profile, entry.company];
}

/**
 * The JSON of `wire` as `JSON.stringify` writes it, without its closing brace: the texts between the values in
 * `knownBytes`, and their bytes (one text more than values).
 */
function listJsonPieces(wire: ListedContact): { texts: string[]; values: Uint8Array[] } {
  const texts: string[] = [];
  const values: Uint8Array[] = [];
  let text = '{';
  for (const key of Object.keys(wire)) {
    const value = (wire as Record<string, unknown>)[key];
    const bytes = typeof value === 'object' && value !== null ? knownBytes.get(value) : undefined;
    const json = bytes ? '' : JSON.stringify(value);
    // What JSON.stringify leaves out of an object (undefined, a function, a symbol).
    if (json === undefined) continue;
    text += `${text === '{' ? '' : ','}${JSON.stringify(key)}:${json}`;
    if (bytes) {
      texts.push(text);
      values.push(bytes);
      text = '';
    }
  }
  texts.push(text);
  return { texts, values };
}
