// Child processes for the release checks (test/pack, test/runtimes): run to completion, or start a server and
// wait for its `listening on URL` line.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

/** The environment without the pnpm run's npm_* settings, which npm and the runtimes must not read. */
export const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

/** `env` with `dir` first on PATH, so that `#!/usr/bin/env node` scripts (the `network-mock` bin) use its `node`. */
export const withPath = (dir, env = cleanEnv) => ({ ...env, PATH: `${dir}:${env.PATH ?? ''}` });

/** Runs a command to completion; resolves with its output, rejects with the output when it fails or times out. */
export function run(command, args, { cwd, env = cleanEnv, timeoutMs = 10 * 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      output += `\n[timed out after ${timeoutMs / 1000} s]`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(Object.assign(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${code ?? signal}:\n${output}`), { output }));
    });
  });
}

/**
 * Starts a server process and resolves once it prints `listening on http://...`: `{ url, output(), stop() }`.
 * `stop()` sends SIGTERM and resolves with the exit code.
 */
export async function startServer(command, args, { cwd, env = cleanEnv, timeoutMs = 60_000 } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = once(child, 'exit');
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} printed no "listening on" line within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      const match = /^listening on (http:\/\/\S+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const [code] = await exited;
      return code;
    },
  };
}

/** Runs `tasks` (functions returning promises) with at most `limit` at once; resolves like Promise.allSettled. */
export async function settleWithLimit(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await tasks[index]() };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
