import type { OperationId } from '@network-org/sdk';
import { type Answer, type Call, OwnStepRefused, refusalOf } from './call';
import type { Difference, Writes } from './report/types';

type Kind = 'contact' | 'company';
type Tag = { name: string; color: string };
type Fields = Record<string, unknown>;

/** What `keep` needs of the scenario whose check a record's first read is (a `ScenarioContext`). */
interface CheckingScenario {
  readonly call: Call;
  readonly differences: Difference[];
  expectOk(answer: Answer): boolean;
  differ(difference: Difference): void;
  stop(): never;
}

/** A record the run changes, as it was before, to be put back at the end of the run. */
interface RecordToRestore {
  kind: Kind;
  id: string;
  accountId: string;
  /** The record as it was before the run's first PATCH of it. */
  original: Fields;
  /** Custom fields the run changed. */
  fields: Set<string>;
}

const READ_NOTE = 'the read before the first PATCH (a PATCH with only account_id); the record is left alone';
const UPDATE: Record<Kind, OperationId> = { contact: 'updateContact', company: 'updateCompany' };
const PARAM: Record<Kind, string> = { contact: 'contact_id', company: 'company_id' };

/**
 * Every write of the run. A record is read (an empty PATCH changes nothing and answers the record with its
 * notes and custom fields) before the run first changes it, and put back at the end: tags by `set`, notes
 * and custom fields by their old values (null clears). What the API cannot undo is listed as left.
 */
export class Ledger {
  readonly writes: Writes = { done: [], undone: [], left: [] };
  /** Why records could not be put back: each restore the target refused or that did not hold. */
  readonly restoreFailures: { operation: OperationId; reason: string }[] = [];
  readonly #toRestore = new Map<string, RecordToRestore>();

  /** Whether the run kept any record to put back at its end. */
  get hasRecordsToRestore(): boolean {
    return this.#toRestore.size > 0;
  }

  /**
   * A write verify sends for itself, to set up what a scenario then checks: anything but a success stops the
   * scenario with an error (a refused setup is no answer to judge the service by, and may have changed the
   * record), and the record is named in `writes.left` until the restore at the end of the run puts it back.
   */
  setup(answer: Answer, target: string, note: string): void {
    this.wrote(answer, target, note);
    if (answer.status >= 200 && answer.status < 300) return;
    this.#left(answer.operation, target, `verify's own setup write (${note}) was refused: ${refusalOf(answer)}; the record may be changed`);
    throw new OwnStepRefused(`verify's own setup write of ${target} (${note}) was refused: ${refusalOf(answer)}`);
  }

  #left(operation: OperationId, target: string, note: string): void {
    if (!this.writes.left.some((left) => left.operation === operation && left.target === target && left.note === note)) this.writes.left.push({ operation, target, note });
  }

  /** `call` sends the reads and restores at the end of the run, outside any scenario. */
  constructor(private readonly call: Call) {}

  /**
   * Lists a write the answer says may have happened: any answer but a refusal (4xx), since a drifted status (a
   * 201 for a 200, a 500) does not say nothing was written. `cannotUndo` says why the API has no way to undo it
   * (an import, a view, a draft): it is then also left.
   */
  wrote(answer: Answer, target: string, note: string, cannotUndo?: string): void {
    if (answer.status >= 400 && answer.status < 500) return;
    const { operation } = answer;
    this.writes.done.push({ operation, target, note: answer.status === 200 || answer.status === 201 ? note : `${note} (answered ${answer.status})` });
    if (cannotUndo === undefined) return;
    const known = this.writes.left.some((left) => left.operation === operation && left.target === target);
    if (!known) this.writes.left.push({ operation, target, note: cannotUndo });
  }

  /** A PATCH with only `account_id`: it changes nothing and answers the record. */
  #read(call: Call, kind: Kind, id: string, accountId: string): Promise<Answer> {
    return call(UPDATE[kind], { params: { [PARAM[kind]]: id }, body: { account_id: accountId } });
  }

  /**
   * The record before the run changes it, kept for the end of the run; `fields` are the custom fields about to
   * change. Its first read is a check of the scenario `t`: an answer that is not the record (status, content type,
   * schema) is a difference, and the scenario stops without changing the record; a record that is not there
   * skips it.
   */
  async keep(t: CheckingScenario, kind: Kind, id: string, accountId: string, fields: string[] = []): Promise<Fields> {
    const key = `${kind} ${id} ${accountId}`;
    let saved = this.#toRestore.get(key);
    if (!saved) {
      const answer = await this.#read(t.call, kind, id, accountId);
      // The record came from the account's own list: a refused read is verify's own step refused, never a skip.
      if (answer.status >= 400 && answer.status < 500) {
        throw new OwnStepRefused(`verify's own read of ${kind} ${id} in account ${accountId} before changing it (${READ_NOTE}) was refused: ${refusalOf(answer)}`);
      }
      const from = t.differences.length;
      const original = t.expectOk(answer) ? recordOf(kind, answer) : undefined;
      if (!original) {
        if (t.differences.length === from) t.differ({ path: `$.data.${kind}`, expected: `the ${kind}`, actual: 'missing' });
        for (const difference of t.differences.slice(from)) difference.note ??= READ_NOTE;
        return t.stop();
      }
      saved = { kind, id, accountId, original, fields: new Set() };
      this.#toRestore.set(key, saved);
    }
    for (const field of fields) saved.fields.add(field);
    return saved.original;
  }

  /**
   * Puts every kept record back and checks it by reading it again. A restore the target refuses, or one after which
   * the record still reads otherwise, is left: named in `writes.left` and in `restoreFailures`, which the run reports
   * as an error.
   */
  async restoreAll(): Promise<void> {
    for (const saved of this.#toRestore.values()) {
      const target = `${saved.kind} ${saved.id} in account ${saved.accountId}`;
      const operation = UPDATE[saved.kind];
      let failure: string | undefined;
      try {
        const restored = await this.#restore(saved);
        if (restored.status !== 200) {
          failure = `the PATCH that puts it back was refused: ${refusalOf(restored)}`;
        } else {
          const read = await this.#read(this.call, saved.kind, saved.id, saved.accountId);
          const now = read.status === 200 ? recordOf(saved.kind, read) : undefined;
          const left = now ? changedSince(saved, now) : [`could not be read back (${refusalOf(read)})`];
          if (left.length > 0) failure = `still changed: ${left.join(', ')}`;
        }
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      if (failure === undefined) {
        this.writes.undone.push({ operation, target, note: 'tags, notes_json and custom fields back as they were' });
      } else {
        this.#left(operation, target, `not restored: ${failure}`);
        this.restoreFailures.push({ operation, reason: `${target}: ${failure}` });
      }
    }
  }

  #restore(saved: RecordToRestore): Promise<Answer> {
    const body: Fields = {
      account_id: saved.accountId,
      tags: { set: tagsOf(saved.original) },
      notes_json: saved.original.notes_json ?? null,
    };
    for (const field of saved.fields) body[field] = saved.original[field] ?? null;
    return this.call(UPDATE[saved.kind], { params: { [PARAM[saved.kind]]: saved.id }, body });
  }
}

function recordOf(kind: Kind, answer: Answer): Fields | undefined {
  const record = (answer.body as { data?: Record<string, unknown> } | undefined)?.data?.[kind];
  return typeof record === 'object' && record !== null && !Array.isArray(record) ? (record as Fields) : undefined;
}

function tagsOf(record: Fields): Tag[] {
  const tags = Array.isArray(record.tags) ? (record.tags as Tag[]) : [];
  return tags.map(({ name, color }) => ({ name, color }));
}

const tagText = (record: Fields) =>
  JSON.stringify(tagsOf(record).map(({ name, color }) => `${name}\u0000${color}`).sort());

/** What differs between a record now and as it was kept. */
function changedSince(saved: RecordToRestore, now: Fields): string[] {
  const left: string[] = [];
  if (tagText(now) !== tagText(saved.original)) left.push('tags');
  if ((now.notes_json ?? null) !== (saved.original.notes_json ?? null)) left.push('notes_json');
  for (const field of saved.fields) if ((now[field] ?? null) !== (saved.original[field] ?? null)) left.push(field);
  return left;
}
