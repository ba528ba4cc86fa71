// The progress bar and tables of the examples, on cli-progress and cli-table3 (`network-org` prints its tables with cli-table3).
import { SingleBar } from 'cli-progress';
import Table from 'cli-table3';

/** A progress line on stderr: a bar when the total is known, a counter otherwise. Drawn only on a TTY. */
export class Progress {
  readonly #bar: SingleBar;

  constructor(
    private readonly label: string,
    total?: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    const format = total ? `${label} [{bar}] {value}/{total} {detail}` : `${label} {value} {detail}`;
    this.#bar = new SingleBar({ format, stream, barsize: 30, barCompleteChar: '#', barIncompleteChar: '.', hideCursor: true, clearOnComplete: true });
    this.#bar.start(total ?? 0, 0, { detail: '' });
  }

  update(done: number, detail = ''): void {
    this.#bar.update(done, { detail });
  }

  done(summary: string): void {
    this.#bar.stop();
    this.stream.write(`${this.label} ${summary}\n`);
  }
}

/** A plain-text table with aligned columns (numbers right-aligned), no borders. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  const numeric = header.map((_, col) => rows.length > 0 && rows.every((row) => typeof row[col] === 'number'));
  const none = { top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ' };
  const rule = header.map((name, col) => '-'.repeat(Math.max(name.length, ...rows.map((row) => String(row[col] ?? '').length))));
  const out = new Table({ head: [...header], chars: none, style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 }, colAligns: numeric.map((n) => (n ? 'right' : 'left')) });
  out.push(rule, ...rows.map((row) => row.map((value) => (value === null || value === undefined ? '' : String(value)))));
  return out
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}
