import { checkpointFile, type CheckpointFile } from '@network-org/cli-kit';
import type { NetworkClient } from '@network-org/sdk';
import { ID_STARTS } from '../store/ids';
import { STATE_FORMAT, STATE_VERSION } from '../store/state-file';
import { SnapshotParts, type PartKind } from './parts';
import { stepReaders, type Step } from './read-steps';
import type { Scrubber } from './scrub';
import { ORGANIZATION_ID, accountRecord, organizationRecord, type CustomFieldType } from './state-records';

/*
 * Taking a snapshot: every record the key can see, read page by page through the SDK, mapped to the records of a
 * state file and written to disk at once (parts.ts). The snapshot is loaded on a dataset of the fixture organizations
 * only: its organization takes the place of Acme, so the fixture keys (`sk_test_admin`, ...) reach it, and its
 * accounts are shared for API use. A checkpoint after every page lets `--resume` go on where it stopped.
 */

export interface SnapshotProgress {
  /** What is being read, e.g. `contacts of account 101`. */
  step: string;
  /** Records written so far. */
  records: number;
  /** Steps done and in all, once the accounts are known. */
  done: number;
  total: number;
}

export interface OrganizationSnapshotOptions {
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

interface Checkpoint {
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
  customFields: [key: string, type: CustomFieldType][];
  skipped: string[];
  scrubbed: boolean;
  /** The run's salt, so that --resume draws the same fakes: the checkpoint is kept like a key (0600 in a 0700 folder). */
  salt: string;
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The checkpoint of a snapshot into `out` (cli-kit's checkpoint format, `OUT.parts/checkpoint.json`): refused, with
 * what to do, when it is not one a snapshot wrote. It holds the run's salt, so it is kept like a key (0600 in a 0700
 * folder).
 */
export const snapshotCheckpoint = (out: string): CheckpointFile<Checkpoint> => {
  const path = new SnapshotParts(out).checkpointPath;
  return checkpointFile<Checkpoint>(path, {
    run: 'network-mock snapshot',
    label: `the checkpoint ${path}`,
    mode: 0o600,
    isState: (value) =>
      typeof value['takenAt'] === 'string' &&
      ['accountIds', 'steps', 'customFields', 'skipped'].every((key) => Array.isArray(value[key])) &&
      ['kept', 'positions', 'maxIds'].every((key) => isObject(value[key])) &&
      ['step', 'records', 'contacts'].every((key) => Number.isSafeInteger(value[key])) &&
      (value['cursor'] === null || typeof value['cursor'] === 'string') &&
      typeof value['scrubbed'] === 'boolean' &&
      typeof value['salt'] === 'string',
  });
};

/** Reads every record the key can see and writes the state file `out` (see above). */
export async function snapshotOrganization(options: OrganizationSnapshotOptions): Promise<SnapshotSummary> {
  const { client } = options;
  let { scrubber } = options;
  const parts = new SnapshotParts(options.out);
  const saved = snapshotCheckpoint(options.out);
  // The records a checkpoint counts are on disk before it is.
  const save = (state: Checkpoint) => {
    parts.sync();
    saved.write(state);
  };
  let checkpoint = options.resume ? saved.read() : undefined;
  if (checkpoint) {
    // The checkpoint holds the run's salt (never the snapshot): a resumed run goes on with it.
    const sameSalt = scrubber.saltDrawn || checkpoint.salt === scrubber.salt;
    if (checkpoint.scrubbed !== scrubber.enabled || !sameSalt) {
      throw new SnapshotError('The checkpoint was taken with another salt or scrubbing choice: resume without --salt (the checkpoint keeps its salt) and with the same --no-scrub, or start again without --resume.');
    }
    scrubber = scrubber.withSalt(checkpoint.salt);
    parts.open(checkpoint.kept);
  } else {
    parts.open();
    try {
      checkpoint = await start({ ...options, scrubber }, parts);
      save(checkpoint);
    } catch (error) {
      // Nothing worth resuming was read: leave nothing behind.
      parts.discard();
      throw error;
    }
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

  const steps = stepReaders({
    client,
    scrubber,
    takenAt: state.takenAt,
    accountIds: state.accountIds,
    write,
    bump,
    position,
    countContact: () => state.contacts++,
    seenCompanies,
    seenPeople,
    customFields,
  });

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
      save(state);
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
async function start(options: OrganizationSnapshotOptions, parts: SnapshotParts): Promise<Checkpoint> {
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
  parts.writeOrganization(organizationRecord(scrubber, organization));
  const maxIds: Record<string, number> = {};
  for (const account of chosen) {
    parts.write('accounts', accountRecord(scrubber, account));
    const digits = /(\d+)$/.exec(account.account_id)?.[1];
    if (digits !== undefined && digits.length < 16) maxIds['account'] = Math.max(maxIds['account'] ?? 0, Number(digits));
  }
  const steps: Step[] = [];
  for (const { account_id } of chosen) {
    for (const kind of ['companies', 'contacts', 'views', 'conversations'] as const) steps.push({ kind, account_id });
  }
  steps.push({ kind: 'activity' });
  return {
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
    salt: scrubber.enabled ? scrubber.salt : '',
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
