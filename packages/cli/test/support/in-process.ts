import { Writable } from 'node:stream';
import { EXIT } from '@network-org/cli-kit';
import { main } from '../../src/main';
import { cliEnv, packageDir, type Result } from './cli';

// `network-org ARGS` run in this process, through the bin's own `main`: the command line parsed, the command run and
// its exit code, stdout and stderr as a run of the bin gives them, without a Node start-up per command (about
// 0.2 s of CPU each). What only a process shows (the bin starts, standard input, signals, a page printed before
// the walk ends) stays with `run` of ./cli.

/** A pipe's end as the bin's stdout or stderr is one when not on a terminal: no isTTY, no columns. */
class Captured extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** The process-wide things a run swaps for its own; one run at a time, the next waits. */
let queue: Promise<unknown> = Promise.resolve();

/** Runs `network-org ARGS` in this process with `env` as its whole environment (cliEnv() by default). */
export function runInProcess(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<Result> {
  const result = queue.then(() => runAlone(args, options.env ?? cliEnv(), options.cwd ?? packageDir));
  queue = result.catch(() => undefined);
  return result;
}

async function runAlone(args: string[], env: Record<string, string>, cwd: string): Promise<Result> {
  const stdout = new Captured();
  const stderr = new Captured();
  const saved = { env: process.env, cwd: process.cwd(), exitCode: process.exitCode };
  const streams = { stdout: Object.getOwnPropertyDescriptor(process, 'stdout')!, stderr: Object.getOwnPropertyDescriptor(process, 'stderr')! };
  Object.defineProperty(process, 'stdout', { configurable: true, enumerable: true, get: () => stdout });
  Object.defineProperty(process, 'stderr', { configurable: true, enumerable: true, get: () => stderr });
  process.env = { ...env };
  process.exitCode = undefined;
  process.chdir(cwd);
  try {
    // As the bin does with what `main` ends with: its exit code, or a failure it could not word itself.
    const exit = await main(args).catch((error: unknown) => {
      process.stderr.write(`network-org: ${String(error)}\n`);
      return EXIT.failure;
    });
    return { code: Number(process.exitCode) || exit, stdout: stdout.text, stderr: stderr.text };
  } finally {
    Object.defineProperty(process, 'stdout', streams.stdout);
    Object.defineProperty(process, 'stderr', streams.stderr);
    process.env = saved.env;
    process.exitCode = saved.exitCode;
    process.chdir(saved.cwd);
  }
}
