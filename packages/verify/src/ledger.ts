import type { OperationId } from '@network-org/sdk';
import { callOperation, type RunContext } from './context';
import type { WriteRecord, Writes } from './report/types';

type Kind = 'contact' | 'company';
type Tag = { name: string; color: string };
type Fields = Record<string, unknown>;

interface Kept {
  kind: Kind;
  id: string;
  accountId: string;
  /** The record as it was before the run's first PATCH of it. */
  original: Fields;
  /** Custom fields the run changed. */
  fields: Set<string>;
}

const UPDATE: Record<Kind, OperationId> = { contact: 'updateContact', company: 'updateCompany' };
const PARAM: Record<Kind, string> = { contact: 'contact_id', company: 'company_id' };

/**
 * Every write of the run. A record is read (an empty PATCH changes nothing and answers the record with its
 * notes and custom fields) before the run first changes it, and put back at the end: tags by `set`, notes
 * and custom fields by their old values (null clears). What the API cannot undo is listed as left.
 */
export class Ledger {
  readonly writes: Writes = { done: [], undone: [], left: [] };
  readonly #kept = new Map<string, Kept>();

  constructor(private readonly run: RunContext) {}

  wrote(operation: OperationId, target: string, note: string): void {
    this.writes.done.push({ operation, target, note });
  }

  /** A write the API has no way to undo (an import, a view, a draft). */
  cannotUndo(record: WriteRecord): void {
    const known = this.writes.left.some((left) => left.operation === record.operation && left.target === record.target);
    if (!known) this.writes.left.push(record);
  }

  async #read(kind: Kind, id: string, accountId: string): Promise<Fields | undefined> {
    const answer = await callOperation(this.run, UPDATE[kind], { params: { [PARAM[kind]]: id }, body: { account_id: accountId } });
    if (answer.status !== 200) return undefined;
    return (answer.body as { data?: Record<string, Fields> } | undefined)?.data?.[kind];
  }

  /**
   * The record before the run changes it, kept for the end of the run; `fields` are the custom fields about to
   * change. Undefined when it cannot be read: the caller then must not change it.
   */
  async keep(kind: Kind, id: string, accountId: string, fields: string[] = []): Promise<Fields | undefined> {
    const key = `${kind} ${id} ${accountId}`;
    let kept = this.#kept.get(key);
    if (!kept) {
      const original = await this.#read(kind, id, accountId);
      if (!original) return undefined;
      kept = { kind, id, accountId, original, fields: new Set() };
      this.#kept.set(key, kept);
    }
    for (const field of fields) kept.fields.add(field);
    return kept.original;
  }

  /** Puts every kept record back and checks it by reading it again. */
  async restoreAll(): Promise<void> {
    for (const kept of this.#kept.values()) {
      const target = `${kept.kind} ${kept.id} in account ${kept.accountId}`;
      const operation = UPDATE[kept.kind];
      try {
        await this.#restore(kept);
        const now = await this.#read(kept.kind, kept.id, kept.accountId);
        const left = now ? changedSince(kept, now) : ['could not be read back'];
        if (left.length === 0) this.writes.undone.push({ operation, target, note: 'tags, notes_json and custom fields back as they were' });
        else this.writes.left.push({ operation, target, note: `not restored: ${left.join(', ')}` });
      } catch (error) {
        this.writes.left.push({ operation, target, note: `not restored: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
  }

  async #restore(kept: Kept): Promise<void> {
    const body: Fields = {
      account_id: kept.accountId,
      tags: { set: tagsOf(kept.original) },
      notes_json: kept.original.notes_json ?? null,
    };
    for (const field of kept.fields) body[field] = kept.original[field] ?? null;
    await callOperation(this.run, UPDATE[kept.kind], { params: { [PARAM[kept.kind]]: kept.id }, body });
  }
}

function tagsOf(record: Fields): Tag[] {
  const tags = Array.isArray(record.tags) ? (record.tags as Tag[]) : [];
  return tags.map(({ name, color }) => ({ name, color }));
}

const tagText = (record: Fields) =>
  JSON.stringify(tagsOf(record).map(({ name, color }) => `${name}\u0000${color}`).sort());

/** What differs between a record now and as it was kept. */
function changedSince(kept: Kept, now: Fields): string[] {
  const left: string[] = [];
  if (tagText(now) !== tagText(kept.original)) left.push('tags');
  if ((now.notes_json ?? null) !== (kept.original.notes_json ?? null)) left.push('notes_json');
  for (const field of kept.fields) if ((now[field] ?? null) !== (kept.original[field] ?? null)) left.push(field);
  return left;
}
