import { z } from 'zod';
import { findForbiddenKey } from '../lib/forbidden-keys';
import { type DatasetOptions, createBaseline, datasetOptions } from './build';
import { applyDiff, diffOf, type StoreDiff } from './state-diff';
import { type Baseline, Store } from './store';
import type { CompanyRecord, ContactRecord, NetworkPersonRecord } from './types';

/*
 * A state file is the dataset's options plus what differs from the dataset they build, record by record: the
 * seeded part is rebuilt from the options (same seed and now, same bytes), so a file stays small. The format
 * version changes whenever the records or the generator change in a way an older file cannot follow.
 */

export const STATE_FORMAT = 'network-mock-state';
export const STATE_VERSION = 1;

/** Why a state text was refused; the message says what to do. */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

const str = z.string();
const nullableStr = z.string().nullable();
const int = z.number().int();
const fieldValue = z.union([z.string(), z.number(), z.boolean()]);
const fields = z.array(z.tuple([z.string(), fieldValue]));
const tag = z.object({ name: str, color: str });
const location = z.object({
  network_text: str,
  display_text: str,
  country_code: str,
  region_code: str,
  country: str,
  country_full: str,
  state: str,
  city: str,
  geographic_area: str,
});
const industry = z.object({ name: str, title: str, industry_urn: str, provider_industry_id: str, hierarchy: str });
const enrichmentState = z.object({ status: str, error_code: nullableStr });

const networkCompany = z.object({
  provider_participant_id: str,
  public_identifier: str,
  name: str,
  headline: str,
  about: str,
  website_url: str,
  headcount: str,
  employee_count: int,
  founding_date: str,
  follower_count: int,
  industry,
  location,
  avatar_url: str,
  background_cover_url: str,
  profile_fetched_at: str,
  updated_at: str,
});

const person = z.object({
  provider_participant_id: str,
  public_identifier: str,
  first_name: str,
  last_name: str,
  headline: str,
  primary_role_title: str,
  company: str,
  location,
  follower_count: int,
  connections_count: int,
  avatar_url: str,
  background_cover_url: str,
  details_seed: int,
  profile_fetched_at: str,
  updated_at: str,
});

const sequenceStep = z.object({
  step_id: str,
  step_type: str,
  trigger_type: str,
  position: int,
  message_mode: str,
  state: str,
  template_run_public_id: str,
  scheduled_for: str,
});

const contact = z.object({
  contact_id: str,
  account_relationship_id: str,
  organization_id: int,
  account_id: str,
  position: int.min(0),
  person: str,
  company_id: str,
  relationship_status: z.enum(['connected', 'not_connected', 'unknown']),
  connection_invitation: z
    .object({
      status: z.literal('pending'),
      direction: z.enum(['incoming', 'outgoing']),
      invite_id: str,
      invite_state: str,
      invite_type: str,
      received_at: str,
    })
    .nullable(),
  tags: z.array(tag),
  notes_json: nullableStr,
  custom_fields: fields,
  work_email: nullableStr,
  phone: nullableStr,
  enrichment: z.object({ work_email: enrichmentState, phone: enrichmentState }),
  sequence: z
    .object({
      sequence_id: str,
      status: str,
      stop_if_person_replies: z.boolean(),
      steps: z.array(sequenceStep),
      reply_guard_after: str,
      next_step_id: nullableStr,
      next_step_scheduled_for: nullableStr,
    })
    .nullable(),
  last_interaction_at: nullableStr,
  created_at: str,
});

const company = z.object({
  company_id: str,
  organization_id: int,
  account_id: str,
  position: int.min(0),
  network: str,
  tags: z.array(tag),
  notes_json: nullableStr,
  custom_fields: fields,
});

const attachment = z.object({
  attachment_id: str,
  kind: str,
  provider_attachment_id: str,
  title: str,
  subtitle: nullableStr,
  description: nullableStr,
  url: str,
  thumbnail_url: nullableStr,
  mime_type: str,
  file_name: str,
  sort_order: int,
  size_bytes: int,
  width: int.nullable(),
  height: int.nullable(),
  duration_ms: int.nullable(),
});

const conversation = z.object({
  conversation_id: str,
  provider_chat_id: str,
  organization_id: int,
  account_id: str,
  position: int.min(0),
  channel: z.enum(['network_message', 'network_inmail']),
  participant_contact_ids: z.array(str),
  created_at: str,
  last_message_at: str,
  messages: z.array(
    z.object({
      message_id: str,
      provider_message_id: str,
      conversation_id: str,
      direction: z.enum(['sent', 'received']),
      sent_at: str,
      is_edited: z.boolean(),
      is_deleted: z.boolean(),
      text: str,
      sender_participant_id: str,
      attachments: z.array(attachment),
    }),
  ),
});

const view = z.object({
  id: str,
  public_id: str,
  organization_id: int,
  account_id: str,
  type: z.literal('contact'),
  view_kind: z.literal('member'),
  name: str,
  description: nullableStr,
  origin: z.enum(['app', 'api']),
  rules: z.object({ contact_ids: z.array(str).optional(), tag: str.optional() }),
  selected_contact_ids: z.array(str),
  simple_filters_json: str,
  created_at: str,
  updated_at: str,
});

const draft = z.object({
  draft_id: str,
  organization_id: int,
  account_id: str,
  kind: z.enum(['message', 'connection_request']),
  contact_id: nullableStr,
  conversation_id: nullableStr,
  draft_message: str,
  created_at: str,
  updated_at: str,
});

const activityEvent = z.object({
  id: str,
  organization_id: int,
  occurred_at: str,
  recorded_at: str,
  event_type: str,
  source: str,
  channel: str,
  user_id: str,
  account_id: str,
  subject_key: str,
  attribution_method: str,
  metadata: z.record(z.string(), z.string()),
});

const stateSchema = z.object({
  format: z.literal(STATE_FORMAT),
  version: z.literal(STATE_VERSION),
  dataset: z.object({
    seed: int,
    now: str,
    contactsPerAccount: int.min(0),
    primaryAccountContacts: int.min(0),
    conversationsPerAccount: int.min(0),
    networkSize: int.min(0),
  }),
  changes: z.object({
    ids: z.array(z.tuple([str, int.min(1)])),
    organizations: z.array(
      z.object({ id: int, name: str, created_at: str, api_access_enabled: z.boolean(), plan_includes_api: z.boolean(), credits: z.number() }),
    ),
    customFields: z.array(
      z.object({ organization_id: int, target: z.enum(['contact', 'company']), name: str, type: z.enum(['string', 'number', 'boolean']) }),
    ),
    networkCompanies: z.array(networkCompany),
    people: z.array(person),
    companies: z.array(company),
    contacts: z.array(contact),
    conversations: z.array(conversation),
    views: z.array(view),
    drafts: z.array(draft),
    activity: z.array(activityEvent),
  }),
});

type StateJson = z.infer<typeof stateSchema>;

/** The store's state as JSON text (contract §3.2): its dataset's options and what differs from that dataset. */
export function exportState(store: Store): string {
  const diff = diffOf(store);
  const state: StateJson = {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    dataset: store.origin.options as unknown as DatasetOptions,
    changes: {
      ids: diff.ids,
      organizations: diff.organizations,
      customFields: diff.customFields,
      networkCompanies: diff.networkCompanies,
      people: diff.people.map((record) => ({ ...record, company: record.company.public_identifier })),
      companies: diff.companies.map(({ network, custom_fields, ...rest }) => ({
        ...rest,
        network: network.public_identifier,
        custom_fields: [...custom_fields],
      })),
      contacts: diff.contacts.map(({ person: of, custom_fields, search_text: _s, query_text: _q, company_names: _c, ...rest }) => ({
        ...rest,
        person: of.public_identifier,
        custom_fields: [...custom_fields],
      })),
      conversations: diff.conversations,
      views: diff.views,
      drafts: diff.drafts,
      activity: diff.activity,
    },
  };
  return JSON.stringify(state);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`)).join('');
  return `${path.replace(/^\./, '') || '(top level)'}: ${issue.message}`;
}

/** Reads a state text; throws StateFileError saying what is wrong with it. */
function parseState(text: string): StateJson {
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
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map(describeIssue).join('; ');
    throw new StateFileError(`The state is broken: ${issues}. Use what mock.exportState() or GET /__mock/state gave.`);
  }
  return parsed.data;
}

const sameDataset = (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>) =>
  Object.keys(b).every((key) => a[key] === b[key]) && Object.keys(a).every((key) => a[key] === b[key]);

/**
 * A new store holding the state `text` describes; throws StateFileError (and builds nothing usable) when it is
 * refused. A state of `reuse`'s dataset forks it instead of building the dataset again.
 */
export function storeFromState(text: string, reuse?: Baseline): Store {
  const state = parseState(text);
  let store: Store;
  try {
    const options = datasetOptions(state.dataset);
    store = new Store(reuse && sameDataset(reuse.options, { ...options }) ? reuse : createBaseline(options));
  } catch (error) {
    throw new StateFileError(`The state names a dataset this mock cannot build: ${error instanceof Error ? error.message : String(error)}.`);
  }
  const missing = (what: string): never => {
    throw new StateFileError(`The state is broken: it names ${what}, which neither the dataset nor the state holds.`);
  };
  try {
    const { changes } = state;
    for (const record of changes.networkCompanies) store.network.addCompany(record);
    const people: NetworkPersonRecord[] = changes.people.map((record) => ({
      ...record,
      company: store.network.company(record.company) ?? missing(`network company "${record.company}"`),
    }));
    const diff: StoreDiff = {
      ids: changes.ids,
      organizations: changes.organizations,
      customFields: changes.customFields,
      networkCompanies: [],
      people,
      companies: [],
      contacts: [],
      conversations: changes.conversations as StoreDiff['conversations'],
      views: changes.views,
      drafts: changes.drafts,
      activity: changes.activity as StoreDiff['activity'],
    };
    // People first: contacts name them by handle.
    const peopleOnly: StoreDiff = { ...diff, organizations: [], customFields: [], conversations: [], views: [], drafts: [], activity: [], ids: [] };
    applyDiff(store, peopleOnly);
    const companies: CompanyRecord[] = changes.companies.map(({ network, custom_fields, ...rest }) => ({
      ...rest,
      network: store.network.company(network) ?? missing(`network company "${network}"`),
      custom_fields: new Map(custom_fields),
    }));
    const contacts: ContactRecord[] = changes.contacts.map(({ person: handle, custom_fields, ...rest }) => ({
      ...rest,
      person: store.network.person(handle) ?? missing(`network person "${handle}"`),
      custom_fields: new Map(custom_fields),
      enrichment: rest.enrichment as ContactRecord['enrichment'],
      sequence: rest.sequence as ContactRecord['sequence'],
      search_text: '',
      query_text: '',
      company_names: '',
    }));
    applyDiff(store, { ...diff, people: [], companies, contacts });
  } catch (error) {
    if (error instanceof StateFileError) throw error;
    throw new StateFileError(`The state is broken: ${error instanceof Error ? error.message : String(error)}.`);
  }
  return store;
}
