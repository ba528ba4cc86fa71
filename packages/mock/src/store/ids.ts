/** Numeric string ids (`^[1-9][0-9]*$`), one counter per kind so they read naturally and never collide within a kind. */
export class IdSequence {
  private readonly next = new Map<string, number>();

  constructor(private readonly starts: Readonly<Record<string, number>>) {}

  take(kind: string): string {
    const value = this.next.get(kind) ?? this.starts[kind] ?? 1;
    this.next.set(kind, value + 1);
    return String(value);
  }
}
