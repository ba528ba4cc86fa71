import type { Company, Contact, Location, Message, NetworkClient } from '@network-org/sdk';
import { ID_STARTS } from '../store/storage';
import { STATE_FORMAT, STATE_VERSION } from '../store/state-file';
import { SnapshotParts, type PartKind } from './parts';
import type { Scrubber } from './scrub';
import { COMPANY_FIELDS, CONTACT_FIELDS, NOT_ENRICHED, ORGANIZATION_ID, conversationRecord, industryOf, isKept, nameParts, scrubbedLocation, scrubbedNotes, viewRecord } from './records';

/*
 * Taking a snapshot: every record the key can see, read page by page through the SDK, mapped to the records of a
 * state file and written to disk at once (parts.ts). The snapshot is loaded on a dataset of the fixture organizations
 * only: its organization takes the place of Acme, so the fixture keys (`sk_test_admin`, ...) reach it, and its
 * accounts are shared for API use. A checkpoint after every page lets `--resume` go on where it stopped.
 */

const PAGE = 25;
const ACTIVITY_PAGE = 200;
const DAY = 86_400_000;
/** How far back activity is read: the service keeps a year of it. */
const ACTIVITY_DAYS = 400;

export interface SnapshotProgress {
  /** What is being read, e.g. `contacts of account 101`. */
  step: string;
  /** Records written so far. */
  records: number;
  /** Steps done and in all, once the accounts are known. */
  done: number;
  total: number;
}

export interface TakeSnapshotOptions {
  client: NetworkClient;
  out: string;
  scrubber: Scrubber;
  /** Only these accounts (default every account the key may use). */
  accounts?: readonly string[];
  /** Go on from the checkpoint a stopped run left. */
  resume?: boolean;
  onProgress?: (progress: SnapshotProgress) => void;
  /** The instant the snapshot is taken at (default now). */
  now?: () => Date;
}

export interface SnapshotSummary {
  out: string;
  records: number;
  accounts: number;
  contacts: number;
  takenAt: string;
  /** Steps that could not be read with this key (e.g. activity without admin rights), with why. */
  skipped: string[];
}

type Step = { kind: 'companies' | 'contacts' | 'views' | 'conversations'; account_id: string } | { kind: 'activity' };

interface Checkpoint {
  format: 'network-mock-snapshot-checkpoint';
  takenAt: string;
  accountIds: string[];
  steps: Step[];
  step: number;
  cursor: string | null;
  kept: Record<PartKind, number>;
  records: number;
  contacts: number;
  positions: Record<string, number>;
  maxIds: Record<string, number>;
  customFields: [key: string, type: 'string' | 'number' | 'boolean'][];
  skipped: string[];
  scrubbed: boolean;
  salt: string;
}

/** Reads every record the key can see and writes the state file `out` (see above). */
export async function takeSnapshot(options: TakeSnapshotOptions): Promise<SnapshotSummary> {
  const { client, scrubber } = options;
  const parts = new SnapshotParts(options.out);
  const saltTag = scrubber.enabled ? scrubber.scrub('handle', 'salt') : '';
  let checkpoint = options.resume ? parts.readCheckpoint<Checkpoint>() : undefined;
  if (checkpoint && (checkpoint.scrubbed !== scrubber.enabled || checkpoint.salt !== saltTag)) {
    throw new SnapshotError('The checkpoint was taken with another salt or scrubbing choice: resume with the same --salt and --no-scrub, or start again without --resume.');
  }
  if (!checkpoint) {
    parts.open();
    try {
      checkpoint = await start(options, parts, saltTag);
      parts.checkpoint(checkpoint);
    } catch (error) {
      // Nothing worth resuming was read: leave nothing behind.
      parts.discard();
      throw error;
    }
  } else {
    parts.open(checkpoint.kept);
  }
  const state = checkpoint;
  // Rebuilt from what was kept, not checkpointed: a checkpoint stays small however many records were read.
  const seenCompanies = new Set(await parts.valuesOf('networkCompanies', 'provider_participant_id'));
  const seenPeople = new Set(await parts.valuesOf('people', 'provider_participant_id'));
  const customFields = new Map(state.customFields);
  const bump = (kind: string, id: string | null | undefined) => {
    const digits = id ? /(\d+)$/.exec(id)?.[1] : undefined;
    if (digits !== undefined && digits.length < 16) state.maxIds[kind] = Math.max(state.maxIds[kind] ?? 0, Number(digits));
  };
  const write = (kind: PartKind, record: unknown) => {
    parts.write(kind, record);
    state.records++;
  };
  const position = (kind: string, accountId: string) => {
    const key = `${kind}:${accountId}`;
    const at = state.positions[key] ?? 0;
    state.positions[key] = at + 1;
    return at;
  };
  const progress = () =>
    options.onProgress?.({ step: describe(state.steps[state.step]), records: state.records, done: state.step, total: state.steps.length });

  const location = (place: Location | undefined) => scrubbedLocation(scrubber, place);

  const networkCompany = (company: Company) => {
    if (seenCompanies.has(company.provider_participant_id)) return;
    seenCompanies.add(company.provider_participant_id);
    bump('network_company', company.provider_participant_id);
    write('networkCompanies', {
      provider_participant_id: company.provider_participant_id,
      public_identifier: scrubber.field('public_identifier', 'handle', company.public_identifier),
      name: scrubber.field('name', 'company', company.name),
      headline: scrubber.field('headline', 'text', company.headline ?? ''),
      about: scrubber.field('about', 'text', company.about ?? ''),
      website_url: scrubber.field('website_url', 'url', company.website_url ?? ''),
      headcount: company.headcount ?? '',
      employee_count: company.employee_count ?? 0,
      founding_date: company.founding_date ?? '',
      follower_count: company.follower_count ?? 0,
      industry: industryOf(company),
      location: location(company.locations?.[0]),
      avatar_url: scrubber.field('avatar_url', 'url', company.avatar_url ?? ''),
      background_cover_url: scrubber.field('background_cover_url', 'url', company.background_cover_url ?? ''),
      profile_fetched_at: state.takenAt,
      updated_at: state.takenAt,
    });
  };

  const customValues = (target: 'contact' | 'company', record: object, known: ReadonlySet<string>) => {
    const values: [string, string | number | boolean][] = [];
    for (const [name, value] of Object.entries(record)) {
      if (known.has(name) || value === null || !['string', 'number', 'boolean'].includes(typeof value)) continue;
      const type = typeof value as 'string' | 'number' | 'boolean';
      customFields.set(`${target}\0${name}`, customFields.get(`${target}\0${name}`) ?? type);
      values.push([name, type === 'string' ? scrubber.field(name, 'text', value as string) : (value as number | boolean)]);
    }
    return values;
  };

  const steps: Record<Step['kind'], (step: Step, cursor: string | undefined) => Promise<string | null>> = {
    companies: async (step, cursor) => {
      const accountId = (step as { account_id: string }).account_id;
      const page = await client.request('listCompanies', { query: { account_id: [accountId], limit: PAGE, ...(cursor ? { cursor } : {}) } });
      for (const company of page.items) {
        networkCompany(company);
        bump('company', company.company_id);
        write('companies', {
          company_id: company.company_id,
          notes_json: scrubbedNotes(scrubber, company.notes_json ?? null),
          tags: company.tags ?? [],
          account_id: accountId,
          organization_id: ORGANIZATION_ID,
          position: position('companies', accountId),
          network: scrubber.field('public_identifier', 'handle', company.public_identifier),
          custom_fields: customValues('company', company, COMPANY_FIELDS),
        });
      }
      return nextCursor(page.pagination);
    },
    contacts: async (step, cursor) => {
      const accountId = (step as { account_id: string }).account_id;
      const page = await client.request('listContacts', { query: { account_id: [accountId], limit: PAGE, ...(cursor ? { cursor } : {}) } });
      for (const contact of page.items) {
        if (!contact.company) continue;
        networkCompany(contact.company);
        writePerson(contact);
        bump('contact', contact.contact_id);
        bump('account_relationship', contact.account_relationship_id);
        bump('invite', contact.connection_invitation?.invite_id);
        state.contacts++;
        write('contacts', {
          account_relationship_id: contact.account_relationship_id,
          contact_id: contact.contact_id,
          work_email: scrubber.field('work_email', 'email', contact.work_email ?? null),
          phone: scrubber.field('phone', 'phone', contact.phone ?? null),
          relationship_status: contact.relationship_status,
          connection_invitation: contact.connection_invitation ?? null,
          tags: contact.tags ?? [],
          notes_json: scrubbedNotes(scrubber, contact.notes_json ?? null),
          last_interaction_at: contact.last_interaction_at ?? null,
          sequence: null,
          organization_id: ORGANIZATION_ID,
          account_id: accountId,
          position: position('contacts', accountId),
          person: scrubber.field('public_identifier', 'handle', contact.public_identifier),
          company_id: contact.company.company_id,
          custom_fields: customValues('contact', contact, CONTACT_FIELDS),
          enrichment: contact.contact_enrichment ?? NOT_ENRICHED,
          created_at: contact.created_at ?? state.takenAt,
        });
      }
      return nextCursor(page.pagination);
    },
    views: async (step, cursor) => {
      const accountId = (step as { account_id: string }).account_id;
      const page = await client.request('listViews', { query: { account_id: [accountId], limit: PAGE, ...(cursor ? { cursor } : {}) } });
      for (const view of page.items) {
        const selected: string[] = [];
        for await (const contact of client.request('listContacts', { query: { account_id: [accountId], view_id: view.id, limit: PAGE } })) {
          if (!selected.includes(contact.contact_id)) selected.push(contact.contact_id);
        }
        bump('view', view.id);
        write('views', viewRecord(view, accountId, selected));
      }
      return nextCursor(page.pagination);
    },
    conversations: async (step, cursor) => {
      const accountId = (step as { account_id: string }).account_id;
      const page = await client.request('listConversations', { query: { account_id: [accountId], limit: PAGE, ...(cursor ? { cursor } : {}) } });
      for (const conversation of page.items) {
        const messages: Message[] = [];
        const pages = client.request('listConversationMessages', { path: { conversationId: conversation.conversation_id }, query: { account_id: accountId, limit: PAGE } });
        for await (const message of pages) messages.push(message);
        messages.sort((a, b) => (a.sent_at < b.sent_at ? -1 : a.sent_at > b.sent_at ? 1 : a.message_id < b.message_id ? -1 : 1));
        bump('conversation', conversation.conversation_id);
        for (const message of messages) {
          bump('message', message.message_id);
          for (const attachment of message.attachments) bump('attachment', attachment.attachment_id);
        }
        write('conversations', conversationRecord(scrubber, conversation, accountId, messages, position('conversations', accountId)));
      }
      return nextCursor(page.pagination);
    },
    activity: async (_step, cursor) => {
      const from = new Date(Date.parse(state.takenAt) - ACTIVITY_DAYS * DAY).toISOString();
      const page = await client.request('listActivity', {
        query: { from, to: state.takenAt, account_id: state.accountIds, limit: ACTIVITY_PAGE, ...(cursor ? { cursor } : {}) },
      });
      for (const event of page.items) {
        bump('activity', event.id);
        write('activity', { ...event, metadata: { ...event.metadata }, organization_id: ORGANIZATION_ID });
      }
      return nextCursor(page.pagination);
    },
  };

  function writePerson(contact: Contact): void {
    if (seenPeople.has(contact.provider_participant_id)) return;
    seenPeople.add(contact.provider_participant_id);
    bump('network_person', contact.provider_participant_id);
    const [first, last] = scrubber.personName(contact.first_name ?? '', contact.last_name ?? '');
    const handle = scrubber.field('public_identifier', 'handle', contact.public_identifier);
    write('people', {
      provider_participant_id: contact.provider_participant_id,
      public_identifier: handle,
      first_name: first,
      last_name: last,
      headline: scrubber.field('headline', 'text', contact.headline ?? ''),
      primary_role_title: scrubber.field('primary_role_title', 'text', contact.primary_role_title ?? ''),
      company: scrubber.field('public_identifier', 'handle', (contact.company as Company).public_identifier),
      location: location(contact.locations?.[0]),
      follower_count: contact.follower_count ?? 0,
      connections_count: contact.connections_count ?? 0,
      avatar_url: scrubber.field('avatar_url', 'url', contact.avatar_url ?? ''),
      background_cover_url: scrubber.field('background_cover_url', 'url', contact.background_cover_url ?? ''),
      // Work history, education and about are derived by the mock from this seed: never the source's.
      details_seed: scrubber.seedOf(handle),
      profile_fetched_at: state.takenAt,
      updated_at: state.takenAt,
    });
  }

  try {
    progress();
    while (state.step < state.steps.length) {
      const step = state.steps[state.step] as Step;
      let next: string | null;
      try {
        next = await steps[step.kind](step, state.cursor ?? undefined);
      } catch (error) {
        // A key that may not read activity (not an admin) still snapshots the rest.
        if (step.kind === 'activity' && isForbidden(error)) {
          state.skipped.push(`activity: ${messageOf(error)}`);
          next = null;
        } else {
          throw error;
        }
      }
      if (next === null) {
        state.step++;
        state.cursor = null;
      } else {
        state.cursor = next;
      }
      state.customFields = [...customFields];
      state.kept = parts.kept();
      parts.checkpoint(state);
      progress();
    }
    for (const [key, type] of customFields) {
      const [target, name] = key.split('\0') as ['contact' | 'company', string];
      parts.write('customFields', { organization_id: ORGANIZATION_ID, target, name, type });
    }
    const dataset = {
      seed: 1,
      now: state.takenAt,
      contactsPerAccount: 0,
      primaryAccountContacts: 0,
      conversationsPerAccount: 0,
      networkSize: 0,
      organizationsOnly: true,
    };
    const ids = Object.entries(state.maxIds)
      .map(([kind, max]): [string, number] => [kind, Math.max(max + 1, ID_STARTS[kind] ?? 1)])
      .sort(([a], [b]) => (a < b ? -1 : 1));
    await parts.assemble(`{"format":${JSON.stringify(STATE_FORMAT)},"version":${STATE_VERSION},"dataset":${JSON.stringify(dataset)}`, ids);
  } finally {
    parts.close();
  }
  return { out: options.out, records: state.records, accounts: state.accountIds.length, contacts: state.contacts, takenAt: state.takenAt, skipped: state.skipped };
}

/** The first step: the organization and the accounts, which decide every other step. */
async function start(options: TakeSnapshotOptions, parts: SnapshotParts, saltTag: string): Promise<Checkpoint> {
  const { client, scrubber } = options;
  const takenAt = (options.now?.() ?? (await sourceNow(client)) ?? new Date()).toISOString();
  const organization = (await client.request('listOrganizations')).organization[0];
  if (!organization) throw new SnapshotError('The key sees no organization.');
  const accounts = (await client.request('listAccounts')).data.accounts;
  const wanted = options.accounts ? new Set(options.accounts) : undefined;
  if (wanted) {
    const unknown = [...wanted].filter((id) => !accounts.some((account) => account.account_id === id));
    if (unknown.length > 0) throw new SnapshotError(`--accounts names accounts this key cannot use: ${unknown.join(', ')} (GET /v1/accounts lists the ones it can).`);
  }
  const chosen = accounts.filter((account) => !wanted || wanted.has(account.account_id));
  parts.writeOrganization({
    id: ORGANIZATION_ID,
    name: scrubber.field('name', 'company', organization.name),
    created_at: organization.created_at,
    api_access_enabled: true,
    plan_includes_api: true,
    credits: 1000,
  });
  const maxIds: Record<string, number> = {};
  for (const account of chosen) {
    const [first, last] = nameParts(account.display_name);
    parts.write('accounts', {
      account_id: account.account_id,
      display_name: scrubber.enabled && !isKept(scrubber, 'display_name') ? scrubber.personName(first, last).join(' ').trim() : account.display_name,
      provider_account_id: account.provider_account_id,
      owner_user_id: account.owner_user_id,
      organization_id: ORGANIZATION_ID,
      shared_for_api: true,
    });
    const digits = /(\d+)$/.exec(account.account_id)?.[1];
    if (digits !== undefined && digits.length < 16) maxIds['account'] = Math.max(maxIds['account'] ?? 0, Number(digits));
  }
  const steps: Step[] = [];
  for (const { account_id } of chosen) {
    for (const kind of ['companies', 'contacts', 'views', 'conversations'] as const) steps.push({ kind, account_id });
  }
  steps.push({ kind: 'activity' });
  return {
    format: 'network-mock-snapshot-checkpoint',
    takenAt,
    accountIds: chosen.map((account) => account.account_id),
    steps,
    step: 0,
    cursor: null,
    kept: parts.kept(),
    records: 1 + chosen.length,
    contacts: 0,
    positions: {},
    maxIds,
    customFields: [],
    skipped: [],
    scrubbed: scrubber.enabled,
    salt: saltTag,
  };
}

/**
 * The source's present, as its activity list states it (`generated_at`): the instant the snapshot is taken at in the
 * source's own time (a mock anchored at another instant is read as of that instant). Undefined for a key that may not
 * read activity: the local clock stands in.
 */
async function sourceNow(client: NetworkClient): Promise<Date | undefined> {
  try {
    const page = await client.request('listActivity', { query: { limit: 1 } });
    const time = Date.parse(page.generated_at);
    return Number.isNaN(time) ? undefined : new Date(time);
  } catch (error) {
    if (isForbidden(error)) return undefined;
    throw error;
  }
}

/** Why a snapshot could not be taken; the message says what to do. */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isForbidden = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 403;

function describe(step: Step | undefined): string {
  if (!step) return 'done';
  return step.kind === 'activity' ? 'activity' : `${step.kind} of account ${step.account_id}`;
}

function nextCursor(pagination: { has_more: boolean; next_cursor?: string | null }): string | null {
  return pagination.has_more && pagination.next_cursor ? pagination.next_cursor : null;
}
