import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Children are TypeScript modules too; they load through tsx whoever started this process (tsx or vitest).
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** What a bench child process and its parent say to each other over the IPC channel. */
export type ChildMessage =
  | { type: 'init'; payload: unknown }
  /** Asks the child for a `result` now. */
  | { type: 'measure' }
  | { type: 'ready'; payload: unknown }
  | { type: 'result'; payload: unknown }
  | { type: 'failed'; message: string };

const running = new Set<ChildProcess>();
// A bench that fails half-way must not leave servers behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface Child {
  readonly process: ChildProcess;
  send(message: ChildMessage): void;
  /** The payload of the next message of this type; rejects when the child fails, exits or takes too long. */
  next<T>(type: 'ready' | 'result', timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

/** Starts `entry` (a bench module) in its own Node process, through tsx. */
export function forkChild(entry: URL, args: readonly string[] = [], execArgv: readonly string[] = []): Child {
  const child = fork(fileURLToPath(entry), [...args], {
    execArgv: ['--import', TSX_LOADER, ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child);
      resolve();
    });
  });
  return {
    process: child,
    send: (message) => child.send(message),
    next<T>(type: 'ready' | 'result', timeoutMs = 120_000) {
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`bench child ${entry.pathname} sent no "${type}" within ${timeoutMs} ms`)), timeoutMs);
        const onMessage = (message: ChildMessage) => {
          if (message.type === type) finish(undefined, message.payload as T);
          else if (message.type === 'failed') finish(new Error(`bench child ${entry.pathname} failed: ${message.message}`));
        };
        const onExit = (code: number | null) => finish(new Error(`bench child ${entry.pathname} exited (${code}) before "${type}"`));
        function finish(error: Error | undefined, value?: T) {
          clearTimeout(timer);
          child.off('message', onMessage);
          child.off('exit', onExit);
          if (error) reject(error);
          else resolve(value as T);
        }
        child.on('message', onMessage);
        child.once('exit', onExit);
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
