import { z } from 'zod';
import { findForbiddenKey } from '../lib/forbidden-keys';
import { datasetOptions, seededDataset } from './build';
import { nullableKeys } from './drawn-fields';
import { type KindName, RECORD_KINDS } from './kinds';
import { applyIds, applyRecord, diffOf, type StoreDiff } from './state-diff';
import { shiftInstants } from './state-time';
import { type SeededDataset, Store } from './store';

/*
 * A state file is the dataset's options plus what differs from the dataset they build, kind by kind, record by
 * record: the seeded part is rebuilt from the options (same seed and now, same bytes), so a file stays small. Every
 * record is written and read through its kind's schema (kinds.ts), which knows every field of it: a file holding a
 * key the schema does not know is refused, and a record holding one cannot be written, so nothing is dropped on the
 * way. A nullable field a record gained since a file was written reads null from it (and the seeded part draws it
 * on its own stream, drawn-fields.ts), so an added field keeps the format version; it changes whenever the records
 * or the generator change in a way an older file cannot follow.
 */

export const STATE_FORMAT = 'network-mock-state';
export const STATE_VERSION = 1;

/** Why a state text was refused; the message says what to do. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

const int = z.number().int();

const datasetSchema = z.strictObject({
  seed: int,
  now: z.string(),
  contactsPerAccount: int.min(0),
  primaryAccountContacts: int.min(0),
  conversationsPerAccount: int.min(0),
  networkSize: int.min(0),
  /** A dataset of the fixture organizations, users and keys only: a snapshot's records are the rest. */
  organizationsOnly: z.literal(true).optional(),
});

const KIND_NAMES = Object.keys(RECORD_KINDS) as KindName[];

const recordsOf = <K extends KindName>(kind: K) => z.array(RECORD_KINDS[kind].schema);

// Every kind's records (`satisfies` fails on a kind left out).
const changesSchema = z.strictObject({
  ids: z.array(z.tuple([z.string(), int.min(1)])),
  organizations: recordsOf('organizations'),
  customFields: recordsOf('customFields'),
  // Accounts came after the first files of this version: a file without them has none beyond its dataset's.
  accounts: recordsOf('accounts').optional(),
  networkCompanies: recordsOf('networkCompanies'),
  people: recordsOf('people'),
  companies: recordsOf('companies'),
  contacts: recordsOf('contacts'),
  conversations: recordsOf('conversations'),
  views: recordsOf('views'),
  drafts: recordsOf('drafts'),
  activity: recordsOf('activity'),
} satisfies Record<KindName | 'ids', z.ZodType>);

/** A named session's state in a state file: its name, its dataset's options and what differs from that dataset. */
const sessionStateSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
  dataset: datasetSchema,
  changes: changesSchema,
});

// `sessions`: the named sessions a server held when it wrote its state file (`--state-file`), least recently used
// first; `GET /__mock/state` and `mock.exportState()` write one session and no `sessions`.
const stateSchema = z.strictObject({
  format: z.literal(STATE_FORMAT),
  version: z.literal(STATE_VERSION),
  dataset: datasetSchema,
  changes: changesSchema,
  sessions: z.array(sessionStateSchema).optional(),
});

/** A kind's record as its schema describes it: the records it references by handle, its derived fields left out. */
function fileForm(kind: KindName, record: object): Record<string, unknown> {
  const { references, derived } = RECORD_KINDS[kind];
  const form: Record<string, unknown> = { ...record };
  for (const field of derived as readonly string[]) delete form[field];
  for (const field of Object.keys(references)) form[field] = (form[field] as { public_identifier: string }).public_identifier;
  return form;
}

function changesOf(store: Store): Record<string, unknown> {
  const diff = diffOf(store);
  const changes: Record<string, unknown> = { ids: diff.ids };
  for (const kind of KIND_NAMES) changes[kind] = (diff[kind] as object[]).map((record) => fileForm(kind, record));
  return changes;
}

/**
 * The store's state as JSON text: its dataset's options and what differs from that dataset; with `sessions`, the
 * named sessions' states after it (a server's state file).
 */
export function exportState(store: Store, sessions?: readonly { name: string; store: Store }[]): string {
  const state: Record<string, unknown> = { format: STATE_FORMAT, version: STATE_VERSION, dataset: store.dataset.options, changes: changesOf(store) };
  if (sessions && sessions.length > 0) {
    state['sessions'] = sessions.map((session) => ({ name: session.name, dataset: session.store.dataset.options, changes: changesOf(session.store) }));
  }
  // Encoding walks every schema in order: keys come out in the schema's order, and a key no schema knows throws.
  return JSON.stringify(z.encode(stateSchema, state as z.output<typeof stateSchema>));
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`)).join('');
  return `${path.replace(/^\./, '') || '(top level)'}: ${issue.message}`;
}

/** Reads a state text (moved to the anchor `at` when given); throws StateFileError saying what is wrong with it. */
function parseState(text: string, at?: Date): z.output<typeof stateSchema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(`The state is not JSON text (${error instanceof Error ? error.message : String(error)}). Use what mock.exportState() or GET /__mock/state gave.`);
  }
  // Keys that could reach a prototype never appear in an exported state.
  const forbidden = json !== null && typeof json === 'object' ? findForbiddenKey(json) : undefined;
  if (forbidden !== undefined) throw new StateFileError(`The state is broken: it holds the key "${forbidden}".`);
  const header = json as { format?: unknown; version?: unknown } | null;
  if (typeof header !== 'object' || header === null || header.format !== STATE_FORMAT) {
    throw new StateFileError(`This is not a network-mock state: its "format" must be "${STATE_FORMAT}". Use what mock.exportState() or GET /__mock/state gave.`);
  }
  if (header.version !== STATE_VERSION) {
    throw new StateFileError(
      `This state has format version ${JSON.stringify(header.version)}; this mock reads version ${STATE_VERSION} only. Export the state again with this version of @network-org/mock, or start without it.`,
    );
  }
  const filled = absentAsNull(json as Record<string, unknown>);
  const sessions = filled['sessions'];
  if (Array.isArray(sessions)) {
    filled['sessions'] = sessions.map((session: unknown) => {
      if (session === null || typeof session !== 'object' || Array.isArray(session)) return session;
      const each = absentAsNull(session as Record<string, unknown>);
      return at ? anchoredAt(each, at) : each;
    });
  }
  const parsed = stateSchema.safeParse(at ? anchoredAt(filled, at) : filled);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map(describeIssue).join('; ');
    throw new StateFileError(`The state is broken: ${issues}. Use what mock.exportState() or GET /__mock/state gave.`);
  }
  return parsed.data;
}

/** The state with every nullable field its records lack (one they gained since it was written) null. */
function absentAsNull(state: Record<string, unknown>): Record<string, unknown> {
  const changes = state['changes'];
  if (changes === null || typeof changes !== 'object' || Array.isArray(changes)) return state;
  const filled: Record<string, unknown> = { ...changes };
  for (const kind of KIND_NAMES) {
    const records = filled[kind];
    if (!Array.isArray(records)) continue;
    const keys = nullableKeys(RECORD_KINDS[kind].schema);
    filled[kind] = records.map((record: unknown) => {
      if (record === null || typeof record !== 'object' || Array.isArray(record)) return record;
      const absent = keys.filter((key) => !Object.hasOwn(record, key));
      return absent.length === 0 ? record : { ...record, ...Object.fromEntries(absent.map((key) => [key, null])) };
    });
  }
  return { ...state, changes: filled };
}

/** The state moved in time so that its anchor (`dataset.now`: the instant it was taken) is `at`. */
function anchoredAt(state: Record<string, unknown>, at: Date): Record<string, unknown> {
  const dataset = state['dataset'] as { now?: unknown } | null | undefined;
  const anchor = typeof dataset?.now === 'string' ? Date.parse(dataset.now) : Number.NaN;
  // A state without a readable anchor is refused by its schema below, unmoved.
  if (Number.isNaN(anchor)) return state;
  const deltaMs = at.getTime() - anchor;
  return { ...state, dataset: { ...dataset, now: at.toISOString() }, changes: shiftInstants(state['changes'], deltaMs) };
}

const sameDataset = (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>) =>
  Object.keys(b).every((key) => a[key] === b[key]) && Object.keys(a).every((key) => a[key] === b[key]);

/** The record a file gives, its references resolved to records of the store and its derived fields not derived yet. */
function resolved(store: Store, kind: KindName, form: Record<string, unknown>): Record<string, unknown> {
  const { references, derived } = RECORD_KINDS[kind];
  const record = { ...form };
  for (const [field, target] of Object.entries(references) as [string, string][]) {
    const handle = form[field] as string;
    const found = target === 'people' ? store.network.person(handle) : store.network.company(handle);
    if (!found) {
      const what = target === 'people' ? 'network person' : 'network company';
      throw new StateFileError(`The state is broken: it names ${what} "${handle}", which neither the dataset nor the state holds.`);
    }
    record[field] = found;
  }
  for (const field of derived as readonly string[]) record[field] = undefined;
  return record;
}

/**
 * A new store holding the state `text` describes; throws StateFileError (and builds nothing usable) when it is
 * refused. A state of `reuse`'s dataset forks it instead of building the dataset again. With `at`, every time in
 * the state moves by the same amount so that the instant it is anchored at (it was taken at) becomes `at`.
 */
export function storeFromState(text: string, reuse?: SeededDataset, at?: Date): Store {
  return storeOf(parseState(text, at), reuse);
}

/** The named sessions a state file holds (least recently used first), each a store of its own; none without. */
export function sessionStoresFromState(text: string, reuse?: SeededDataset, at?: Date): { name: string; store: Store }[] {
  const { sessions = [] } = parseState(text, at);
  const built: SeededDataset[] = reuse ? [reuse] : [];
  return sessions.map((session) => {
    const fits = built.find((dataset) => sameDataset(dataset.options, { ...datasetOptions(session.dataset) }));
    const store = storeOf(session, fits);
    if (!fits) built.push(store.dataset);
    return { name: session.name, store };
  });
}

function storeOf(state: Pick<z.output<typeof stateSchema>, 'dataset' | 'changes'>, reuse?: SeededDataset): Store {
  let store: Store;
  try {
    const options = datasetOptions(state.dataset);
    store = new Store(reuse && sameDataset(reuse.options, { ...options }) ? reuse : seededDataset(options));
  } catch (error) {
    throw new StateFileError(`The state names a dataset this mock cannot build: ${error instanceof Error ? error.message : String(error)}.`);
  }
  try {
    // In RECORD_KINDS order: a record comes after the records it names.
    for (const kind of KIND_NAMES) {
      for (const form of state.changes[kind] ?? []) applyRecord(store, kind, resolved(store, kind, form) as never);
    }
    applyIds(store, state.changes.ids as StoreDiff['ids']);
  } catch (error) {
    if (error instanceof StateFileError) throw error;
    throw new StateFileError(`The state is broken: ${error instanceof Error ? error.message : String(error)}.`);
  }
  return store;
}
