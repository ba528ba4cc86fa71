import type { ChildMessage } from './child';

/** The child side of `forkChild`: talk to the bench process that started this one. */
export function tell(message: ChildMessage): void {
  if (!process.send) throw new Error('this module runs as a child of the bench (forkChild)');
  process.send(message);
}

export function nextInit<T>(): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: ChildMessage) => {
      if (message.type !== 'init') return;
      process.off('message', onMessage);
      resolve(message.payload as T);
    };
    process.on('message', onMessage);
  });
}

/** Answers every `measure` request of the parent with a `result`. */
export function onMeasure(measure: () => unknown): void {
  process.on('message', (message: ChildMessage) => {
    if (message.type === 'measure') tell({ type: 'result', payload: measure() });
  });
}

/** Runs the child's work, reports a failure to the parent, and ends the process on SIGTERM or when the parent goes. */
export function runChild(work: () => Promise<void>): void {
  process.once('SIGTERM', () => process.exit(0));
  process.once('disconnect', () => process.exit(0));
  work().catch((error: unknown) => {
    tell({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  });
}
