import { progressBar, progressLine } from '@network-org/cli-kit';

/** The service's budget per endpoint, which paces a bulk run: 50 requests per 10 s. */
const BUDGET = { requests: 50, windowMs: 10_000 };

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

/** The bulk run's progress line (cli-kit's): rows done, rows failed and the ETA, which counts down during a pacing wait too. */
export function progressOf(total: number, start: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  const started = Date.now();
  const sends: number[] = [];
  let done = start;
  let failed = 0;
  const line = progressLine((onTerminal) => {
    const now = Date.now();
    while (sends.length > 0 && sends[0]! <= now - BUDGET.windowMs) sends.shift();
    const eta = etaSeconds({ remaining: total - done, done: done - start, elapsedMs: now - started, windowSends: sends, now });
    return `updating ${onTerminal ? `${progressBar(done, total)} ` : ''}${done}/${total} rows | ${failed} failed | ETA ${durationText(eta)}`;
  }, stream);
  return {
    update(nextDone, nextFailed) {
      done = nextDone;
      failed = nextFailed;
      line.update();
    },
    log: (text) => line.log(text),
    sent: () => void sends.push(Date.now()),
    stop: () => line.stop(),
  };
}
