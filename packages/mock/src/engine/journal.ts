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
  // A ring: once full, each entry overwrites the oldest instead of shifting every other one.
  private readonly items: JournalEntry[] = [];
  private oldest = 0;

  constructor(private readonly capacity = 1000) {}

  record(entry: JournalEntry): void {
    if (this.items.length < this.capacity) {
      this.items.push(entry);
      return;
    }
    this.items[this.oldest] = entry;
    this.oldest = (this.oldest + 1) % this.capacity;
  }

  list(): JournalEntry[] {
    return [...this.items.slice(this.oldest), ...this.items.slice(0, this.oldest)].map((entry) => ({ ...entry }));
  }

  clear(): void {
    this.items.length = 0;
    this.oldest = 0;
  }
}
