import { closeSync, createReadStream, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { writeFileAtomically } from '@network-org/cli-kit';

/*
 * Where a snapshot is written while it is taken: one file of records a line per kind, beside the output in
 * `OUT.parts/`, and a checkpoint saying how many bytes of each were kept. Records go to disk as they are read, so memory
 * holds one page at a time; the output appears only at the end, written whole to a temporary file and renamed.
 */

export const PART_KINDS = [
  'customFields',
  'accounts',
  'networkCompanies',
  'people',
  'companies',
  'contacts',
  'conversations',
  'views',
  'drafts',
  'activity',
] as const;
export type PartKind = (typeof PART_KINDS)[number];

export class SnapshotParts {
  readonly dir: string;
  private readonly fds = new Map<PartKind, number>();
  private readonly sizes = new Map<PartKind, number>();
  /** Kinds written since the last checkpoint: only those need syncing. */
  private readonly dirty = new Set<PartKind>();

  constructor(readonly out: string) {
    this.dir = `${out}.parts`;
  }

  get checkpointPath(): string {
    return join(this.dir, 'checkpoint.json');
  }

  /** Starts afresh, or (resuming) keeps what the checkpoint says was kept and drops the rest. */
  open(kept?: Partial<Record<PartKind, number>>): void {
    if (!kept) rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    for (const kind of PART_KINDS) {
      const path = join(this.dir, `${kind}.jsonl`);
      if (!existsSync(path)) closeSync(openSync(path, 'w', 0o600));
      const size = kept?.[kind] ?? 0;
      truncateSync(path, size);
      this.sizes.set(kind, size);
      this.fds.set(kind, openSync(path, 'a'));
    }
  }

  write(kind: PartKind, record: unknown): void {
    const bytes = Buffer.from(`${JSON.stringify(record)}\n`);
    writeSync(this.fds.get(kind) as number, bytes);
    this.sizes.set(kind, (this.sizes.get(kind) ?? 0) + bytes.length);
    this.dirty.add(kind);
  }

  /** Byte sizes kept so far, for the checkpoint. */
  kept(): Record<PartKind, number> {
    return Object.fromEntries(this.sizes) as Record<PartKind, number>;
  }

  /** Flushes the records written since the last call to the disk: a checkpoint that counts them may be written then. */
  sync(): void {
    for (const kind of this.dirty) fsyncSync(this.fds.get(kind) as number);
    this.dirty.clear();
  }

  /** Closes and removes everything written so far. */
  discard(): void {
    this.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
  }

  /** Writes the state file: `head` (the JSON text up to the changes' records), each kind's records, then `}}`. */
  async assemble(head: string, ids: [string, number][]): Promise<void> {
    this.close();
    const temp = join(dirname(this.out), `.${Date.now()}-${process.pid}.snapshot.tmp`);
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, `${head},"changes":{"ids":${JSON.stringify(ids)},"organizations":[${readFileSync(join(this.dir, 'organization.json'), 'utf8')}]`);
      for (const kind of PART_KINDS) {
        writeSync(fd, `,${JSON.stringify(kind)}:[`);
        let first = true;
        const lines = createInterface({ input: createReadStream(join(this.dir, `${kind}.jsonl`)), crlfDelay: Infinity });
        for await (const line of lines) {
          if (line === '') continue;
          writeSync(fd, first ? line : `,${line}`);
          first = false;
        }
        writeSync(fd, ']');
      }
      writeSync(fd, '}}\n');
      fsyncSync(fd);
      closeSync(fd);
      renameSync(temp, this.out);
    } catch (error) {
      try {
        closeSync(fd);
      } catch {
        // Already closed.
      }
      rmSync(temp, { force: true });
      throw error;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The values of `field` in the records of `kind` kept so far. */
  async valuesOf(kind: PartKind, field: string): Promise<string[]> {
    const values: string[] = [];
    if ((this.sizes.get(kind) ?? 0) === 0) return values;
    const lines = createInterface({ input: createReadStream(join(this.dir, `${kind}.jsonl`)), crlfDelay: Infinity });
    for await (const line of lines) if (line !== '') values.push((JSON.parse(line) as Record<string, string>)[field] as string);
    return values;
  }

  writeOrganization(record: unknown): void {
    writeFileAtomically(join(this.dir, 'organization.json'), JSON.stringify(record), 0o600);
  }
}
