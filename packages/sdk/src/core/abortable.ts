/**
 * A wait that ends with the first of: `start` calling `settle`, `ms` elapsing (then `onTimeout` gives the outcome),
 * or the caller's abort (rejects with the signal's reason). Whichever comes first clears the timer and the listener
 * and runs `finish` (told whether it was the abort); an outcome that throws rejects.
 */
export function abortable<T>(
  signal: AbortSignal | undefined,
  ms: number | undefined,
  onTimeout: () => T,
  start: (settle: (outcome: () => T) => void) => void,
  finish?: (aborted: boolean) => void,
): Promise<T> {
  if (signal?.aborted) return Promise.reject(signal.reason as unknown);
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const settle = (outcome: () => T, aborted = false) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      finish?.(aborted);
      try {
        resolve(outcome());
      } catch (cause) {
        reject(cause);
      }
    };
    const onAbort = () =>
      settle(() => {
        throw signal?.reason;
      }, true);
    const timer = ms === undefined ? undefined : setTimeout(settle, ms, onTimeout);
    signal?.addEventListener('abort', onAbort, { once: true });
    start(settle);
  });
}

/** A `timeout` option as a timer's delay: none unless it is a positive finite number of milliseconds. */
export function timeoutMs(timeout: number | undefined): number | undefined {
  return Number.isFinite(timeout) && (timeout as number) > 0 ? timeout : undefined;
}

/** Waits `ms`, rejecting with the signal's reason as soon as the caller aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return abortable(signal, ms, () => undefined, () => {});
}
