// How every network-org command line shows how far a long run is: a bar redrawn in place on a terminal, a line
// every few seconds in a log, so that a CI job shows it is alive without filling its log.

/** Without a terminal, a progress line at most this often. */
export const PROGRESS_EVERY_MS = 3_000;

const BAR_WIDTH = 30;

/** `done` of `total` as a bar of `width` characters (full when the total is 0: nothing is left). */
export function progressBar(done: number, total: number, width = BAR_WIDTH): string {
  const filled = total > 0 ? Math.min(width, Math.round((done / total) * width)) : width;
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

/** A run's progress on a stream: the caller says when its text changed, what to print beside it, and when it ended. */
export interface ProgressLine {
  /** The text changed: redrawn at once on a terminal, in the next periodic line otherwise. */
  update(): void;
  /** A line of its own (a failed row, a skipped item): above the bar on a terminal, never under it. */
  log(line: string): void;
  /** The run ended: the bar's last state stays on its line on a terminal; the periodic lines stop. */
  stop(): void;
}

/**
 * `text(onTerminal)` is the progress as it reads now (`onTerminal` says whether a bar fits in it). On a terminal it is
 * redrawn in place, and every second as well, so that a countdown in it moves while the run waits; without one, it
 * is printed as a line every `PROGRESS_EVERY_MS`.
 */
export function progressLine(text: (onTerminal: boolean) => string, stream: NodeJS.WriteStream = process.stderr): ProgressLine {
  if (stream.isTTY) {
    const draw = () => void stream.write(`\r${text(true)}\x1b[K`);
    draw();
    const timer = setInterval(draw, 1_000).unref();
    return {
      update: draw,
      log(line) {
        stream.write(`\r\x1b[2K${line}\n`);
        draw();
      },
      stop() {
        clearInterval(timer);
        draw();
        stream.write('\n');
      },
    };
  }
  const timer = setInterval(() => stream.write(`${text(false)}\n`), PROGRESS_EVERY_MS).unref();
  return {
    update: () => undefined,
    log: (line) => void stream.write(`${line}\n`),
    stop: () => clearInterval(timer),
  };
}
