import type { ActivityEvent, Company, Contact, Conversation, EnrichmentBlock, Message, View } from '@network-org/spec/openapi';
import { badRequest } from '../../engine/errors';
import { findForbiddenKey } from '../../lib/forbidden-keys';
import type { Store } from '../../store/index';
import type { CustomFieldRecord } from '../../store/types';
import { seedActivityEvent, seedConversation, seedMessage, seedView } from './conversations';
import * as Inputs from './inputs';
import { seedCompany, seedContact, seedCustomField, seedNetworkProfile } from './people';

/*
 * Typed seeding: records the API could hold, put in through the store's own methods so every
 * endpoint sees them at once. Every input is checked in full before anything is written, and a seed that throws
 * puts the store back, so a refused seed changes nothing; over HTTP the same seeders answer
 * `POST /__mock/seed/{kind}`.
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

export type SeedKind = keyof Seeder;

const SEEDERS: { [K in SeedKind]: (store: Store, input: unknown) => ReturnType<Seeder[K]> } = {
  contact: seedContact,
  company: seedCompany,
  view: seedView,
  conversation: seedConversation,
  message: seedMessage,
  activityEvent: seedActivityEvent,
  networkProfile: seedNetworkProfile,
  customField: seedCustomField,
};

export const SEED_KINDS = Object.keys(SEEDERS) as SeedKind[];

/** What each kind takes, by kind: the control API's description names each body. */
export const SEED_INPUTS = {
  contact: Inputs.contactInput,
  company: Inputs.companyInput,
  view: Inputs.viewInput,
  conversation: Inputs.conversationInput,
  message: Inputs.messageInput,
  activityEvent: Inputs.activityEventInput,
  networkProfile: Inputs.networkProfileInput,
  customField: Inputs.customFieldInput,
} as const satisfies Record<SeedKind, unknown>;

/** Runs a seed; when it throws, the store is put back as it was, so a refused seed changes nothing. */
function atomically<T>(store: Store, seed: () => T): T {
  const before = store.snapshot();
  try {
    return seed();
  } catch (error) {
    store.restore(before);
    throw error;
  }
}

/** One seed of `kind`: a key that could reach a prototype is refused before zod reads the input (and drops it). */
function runSeed<K extends SeedKind>(store: Store, kind: K, input: unknown): ReturnType<Seeder[K]> {
  const forbidden = input !== null && typeof input === 'object' ? findForbiddenKey(input) : undefined;
  if (forbidden) throw badRequest(`Seed input key "${forbidden}" is not allowed: it could reach an object's prototype.`);
  return atomically(store, () => SEEDERS[kind](store, input));
}

export function createSeeder(store: Store): Seeder {
  const seeder = {} as Record<SeedKind, (input: unknown) => unknown>;
  for (const kind of SEED_KINDS) seeder[kind] = (input) => runSeed(store, kind, input);
  return seeder as Seeder;
}

/** `POST /__mock/seed/{kind}`: the same seeding, named by kind. */
export function seedByKind(store: Store, kind: string, input: unknown): unknown {
  if (!Object.hasOwn(SEEDERS, kind)) throw badRequest(`Unknown seed kind "${kind}": use one of ${SEED_KINDS.join(', ')}.`);
  return runSeed(store, kind as SeedKind, input);
}
