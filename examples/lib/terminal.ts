/** A progress line on stderr: a bar when the total is known, a counter otherwise. Redrawn in place on a TTY. */
export class Progress {
  #last = '';
  constructor(
    private readonly label: string,
    private readonly total?: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {}

  update(done: number, detail = ''): void {
    const width = 30;
    let line: string;
    if (this.total) {
      const filled = Math.round((Math.min(done, this.total) / this.total) * width);
      line = `${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${this.total}`;
    } else {
      line = `${this.label} ${done}`;
    }
    if (detail) line += ` ${detail}`;
    if (line === this.#last) return;
    this.#last = line;
    if (this.stream.isTTY) this.stream.write(`\r${line}\x1b[K`);
  }

  done(summary: string): void {
    if (this.stream.isTTY) this.stream.write('\r\x1b[K');
    this.stream.write(`${this.label} ${summary}\n`);
  }
}

/** A plain-text table with aligned columns (numbers right-aligned). */
export function table(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  const cells = [header, ...rows].map((row) => row.map((value) => (value === null || value === undefined ? '' : String(value))));
  const widths = header.map((_, col) => Math.max(...cells.map((row) => row[col]!.length)));
  const numeric = header.map((_, col) => rows.length > 0 && rows.every((row) => typeof row[col] === 'number'));
  const format = (row: string[]) =>
    row.map((cell, col) => (numeric[col] ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!))).join('  ').trimEnd();
  const [head, ...body] = cells;
  return [format(head!), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(format)].join('\n');
}
