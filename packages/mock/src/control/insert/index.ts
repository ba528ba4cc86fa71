import type { ActivityEvent, Company, Contact, Conversation, EnrichmentBlock, Message, View } from '@network-org/spec/openapi';
import { badRequest } from '../../engine/errors';
import { findForbiddenKey } from '../../lib/forbidden-keys';
import type { Store } from '../../store/index';
import type { CustomFieldRecord } from '../../store/types';
import { insertActivityEvent, insertConversation, insertMessage, insertView } from './conversations';
import * as Inputs from './inputs';
import { insertCompany, insertContact, insertCustomField, insertNetworkProfile } from './people';

/*
 * `mock.seed`: inserting records the API could hold, through the store's own methods so every endpoint sees them at
 * once. Every input is checked in full before anything is written, and an insert that throws puts the store back, so a
 * refused one changes nothing; over HTTP the same inserts answer `POST /__mock/seed/{kind}`. The public names
 * (`mock.seed`, `Seeder`, `Seed*Input`, the route) say seed; inside, insert, as the dataset seed is another thing. The
 * random streams keep the key 'seed' (`store.randomFor('seed', ...)`, ids of kind 'seed'): it is part of what they
 * draw, so renaming it would change every generated field of an inserted record.
 */

export type * from './inputs';

export interface Seeder {
  contact(input: Inputs.SeedContactInput): Contact;
  company(input: Inputs.SeedCompanyInput): Company;
  view(input: Inputs.SeedViewInput): View;
  conversation(input: Inputs.SeedConversationInput): Conversation;
  message(input: Inputs.SeedMessageInput): Message;
  activityEvent(input: Inputs.SeedActivityEventInput): ActivityEvent;
  networkProfile(input: Inputs.SeedNetworkProfileInput): EnrichmentBlock;
  customField(input: Inputs.SeedCustomFieldInput): CustomFieldRecord;
}

export type InsertKind = keyof Seeder;

const INSERTS: { [K in InsertKind]: (store: Store, input: unknown) => ReturnType<Seeder[K]> } = {
  contact: insertContact,
  company: insertCompany,
  view: insertView,
  conversation: insertConversation,
  message: insertMessage,
  activityEvent: insertActivityEvent,
  networkProfile: insertNetworkProfile,
  customField: insertCustomField,
};

export const INSERT_KINDS = Object.keys(INSERTS) as InsertKind[];

/** What each kind takes, by kind: the control API's description names each body. */
export const INSERT_INPUTS = {
  contact: Inputs.contactInput,
  company: Inputs.companyInput,
  view: Inputs.viewInput,
  conversation: Inputs.conversationInput,
  message: Inputs.messageInput,
  activityEvent: Inputs.activityEventInput,
  networkProfile: Inputs.networkProfileInput,
  customField: Inputs.customFieldInput,
} as const satisfies Record<InsertKind, unknown>;

/** Runs an insert; when it throws, the store is put back as it was, so a refused insert changes nothing. */
function atomically<T>(store: Store, insert: () => T): T {
  const before = store.snapshot();
  try {
    return insert();
  } catch (error) {
    store.restore(before);
    throw error;
  }
}

/** One insert of `kind`: a key that could reach a prototype is refused before zod reads the input (and drops it). */
function insertRecord<K extends InsertKind>(store: Store, kind: K, input: unknown): ReturnType<Seeder[K]> {
  const forbidden = input !== null && typeof input === 'object' ? findForbiddenKey(input) : undefined;
  if (forbidden) throw badRequest(`Seed input key "${forbidden}" is not allowed: it could reach an object's prototype.`);
  return atomically(store, () => INSERTS[kind](store, input));
}

export function createInserter(store: Store): Seeder {
  const inserter = {} as Record<InsertKind, (input: unknown) => unknown>;
  for (const kind of INSERT_KINDS) inserter[kind] = (input) => insertRecord(store, kind, input);
  return inserter as Seeder;
}

/** `POST /__mock/seed/{kind}`: the same inserts, named by kind. */
export function insertByKind(store: Store, kind: string, input: unknown): unknown {
  if (!Object.hasOwn(INSERTS, kind)) throw badRequest(`Unknown seed kind "${kind}": use one of ${INSERT_KINDS.join(', ')}.`);
  return insertRecord(store, kind as InsertKind, input);
}
