import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { packageDir } from './bundled-cli';

export interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  /** The first line it prints on stdout; rejects when it exits first. */
  firstLine: Promise<string>;
  /** The URL of its `listening on URL` line; rejects when it exits before listening. */
  url: Promise<string>;
  exited: Promise<number | null>;
  /** Its stdout's lines once they include `text`; rejects when it exits first. */
  linesUntil(text: string): Promise<string[]>;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
  output(): { stdout: string; stderr: string };
}

/** `network-mock ARGS` (the bundled CLI at `cliPath`) as a child process, with what it prints so far. */
export function spawnCli(cliPath: string, args: string[], env?: NodeJS.ProcessEnv): RunningCli {
  const child = spawn(process.execPath, [cliPath, ...args], { cwd: packageDir, ...(env && { env }) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const printed = <T>(find: () => T | undefined, what: string) => {
    const found = new Promise<T>((resolve, reject) => {
      const already = find();
      if (already !== undefined) return resolve(already);
      child.stdout.on('data', () => {
        const value = find();
        if (value !== undefined) resolve(value);
      });
      child.on('exit', () => reject(new Error(`network-mock exited before ${what}: ${stderr}`)));
    });
    // A test that does not wait for it sees no unhandled rejection when the CLI exits.
    found.catch(() => undefined);
    return found;
  };
  return {
    child,
    firstLine: printed(() => (stdout.includes('\n') ? stdout.split('\n')[0] : undefined), 'printing a line'),
    url: printed(() => /^listening on (\S+)$/m.exec(stdout)?.[1], 'listening'),
    linesUntil: (text) => printed(() => (stdout.includes(text) ? stdout.trimEnd().split('\n') : undefined), `printing ${text}`),
    exited,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
    output: () => ({ stdout, stderr }),
  };
}
