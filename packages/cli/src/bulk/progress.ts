/** The service's budget per endpoint, which paces a bulk run: 50 requests per 10 s. */
const BUDGET = { requests: 50, windowMs: 10_000 };

/** Without a terminal, a progress line at most this often: a log stays readable, a CI job shows it is alive. */
export const PROGRESS_EVERY_MS = 3_000;

const BAR_WIDTH = 30;

/** What the ETA is computed from. */
export interface Pace {
  /** Rows left to send. */
  remaining: number;
  /** Rows done by this process, and the time it took them. */
  done: number;
  elapsedMs: number;
  /** When this process sent the requests of the budget's last window, oldest first (ms), and the time now. */
  windowSends: readonly number[];
  now: number;
}

/**
 * How long the budget makes the remaining rows wait: none while the window has room; past it, the k-th row over
 * goes when the k-th oldest request of the window leaves it, and a whole window more per budget beyond that.
 */
function pacedMs({ remaining, windowSends, now }: Pace, budget: typeof BUDGET): number {
  const room = Math.max(0, budget.requests - windowSends.length);
  const over = remaining - room;
  if (over <= 0) return 0;
  const windows = Math.floor((over - 1) / budget.requests);
  const oldest = windowSends[(over - 1) % budget.requests];
  const first = oldest === undefined ? budget.windowMs : Math.max(0, oldest + budget.windowMs - now);
  return first + windows * budget.windowMs;
}

/**
 * Seconds left: the larger of the run's average so far and what the budget allows. A run starts with a burst
 * of a whole window's budget, then waits for the window to pass, so the average alone is far too short in the
 * burst, and the budget alone ignores a slow API.
 */
export function etaSeconds(pace: Pace, budget = BUDGET): number | undefined {
  const { remaining, done, elapsedMs } = pace;
  if (remaining <= 0) return 0;
  const paced = pacedMs(pace, budget) / 1000;
  if (done === 0) return paced > 0 ? paced : undefined;
  return Math.max((remaining * elapsedMs) / done / 1000, paced);
}

export const durationText = (seconds: number | undefined): string => {
  if (seconds === undefined) return '…';
  const whole = Math.ceil(seconds);
  return whole < 60 ? `${whole}s` : `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
};

/** Where a bulk run shows how far it is, and prints a row's error. */
export interface Progress {
  update(done: number, failed: number): void;
  /** The line of a failed row: above the bar on a terminal, never under it. */
  log(line: string): void;
  /** A request was sent now (for the ETA). */
  sent(): void;
  stop(): void;
}

/**
 * A bar redrawn in place on a terminal (each error printed above it, then the bar drawn again); without one, a
 * line every few seconds.
 */
export function progressOf(total: number, start: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  const started = Date.now();
  const sends: number[] = [];
  let done = start;
  let failed = 0;
  const text = (withBar: boolean) => {
    const now = Date.now();
    while (sends.length > 0 && sends[0]! <= now - BUDGET.windowMs) sends.shift();
    const eta = etaSeconds({ remaining: total - done, done: done - start, elapsedMs: now - started, windowSends: sends, now });
    const filled = total > 0 ? Math.round((done / total) * BAR_WIDTH) : BAR_WIDTH;
    const bar = withBar ? `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)} ` : '';
    return `updating ${bar}${done}/${total} rows | ${failed} failed | ETA ${durationText(eta)}`;
  };
  if (stream.isTTY) {
    const draw = () => stream.write(`\r${text(true)}\x1b[K`);
    draw();
    // The ETA counts down during a pacing wait too.
    const timer = setInterval(draw, 1_000).unref();
    return {
      update(nextDone, nextFailed) {
        done = nextDone;
        failed = nextFailed;
        draw();
      },
      log(line) {
        stream.write(`\r\x1b[2K${line}\n`);
        draw();
      },
      sent: () => void sends.push(Date.now()),
      stop() {
        clearInterval(timer);
        draw();
        stream.write('\n');
      },
    };
  }
  const timer = setInterval(() => stream.write(`${text(false)}\n`), PROGRESS_EVERY_MS).unref();
  return {
    update(nextDone, nextFailed) {
      done = nextDone;
      failed = nextFailed;
    },
    log: (line) => void stream.write(`${line}\n`),
    sent: () => void sends.push(Date.now()),
    stop: () => clearInterval(timer),
  };
}
