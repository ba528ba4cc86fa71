export interface JournalEntry {
  method: string;
  path: string;
  status: number;
  /** ISO instant the request arrived, from the mock's clock. */
  time: string;
  /** The operationId, when the request matched one. */
  operation?: string;
}

/** The most recent requests, oldest first; bounded so a long-running server does not grow without end. */
export class RequestJournal {
  private readonly items: JournalEntry[] = [];

  constructor(private readonly capacity = 1000) {}

  record(entry: JournalEntry): void {
    this.items.push(entry);
    if (this.items.length > this.capacity) this.items.splice(0, this.items.length - this.capacity);
  }

  list(): JournalEntry[] {
    return this.items.map((entry) => ({ ...entry }));
  }

  clear(): void {
    this.items.length = 0;
  }
}
