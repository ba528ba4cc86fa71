import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { MockServerOptions } from '@network-org/mock/node';
import { forkChild } from '../lib/child';
import type { Tree } from '../lib/trees';
import type { FixedRoutes, RunningServer, WalkRecording } from './fixed';
import type { MockProcessInit } from './mock-process';

/** A server in a process of its own: its id, to read its CPU time or pin it to a core. */
export interface ServerProcess extends RunningServer {
  pid: number;
}

/**
 * A server in its own process, so that it and the load generator each get one of the machine's cores: the recorded
 * answers, and the pages of the walk. `execArgv`: Node's flags for that process.
 */
export async function startFixedProcess({ routes, walk }: { routes: FixedRoutes; walk: WalkRecording }, execArgv: readonly string[] = []): Promise<ServerProcess> {
  const child = forkChild(new URL('./fixed-process.ts', import.meta.url), [], execArgv);
  child.send({ type: 'init', payload: { routes, walk } });
  const { url } = await child.next<{ url: string }>('ready');
  return { url, pid: child.process.pid as number, close: () => child.stop() };
}

export async function startMockProcess(options: MockServerOptions, execArgv: readonly string[] = [], tree?: Tree): Promise<ServerProcess> {
  const child = forkChild(new URL('./mock-process.ts', import.meta.url), [], execArgv);
  const init: MockProcessInit = tree ? { options, tree } : { options };
  child.send({ type: 'init', payload: init });
  const { url } = await child.next<{ url: string }>('ready');
  return { url, pid: child.process.pid as number, close: () => child.stop() };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export const SPEC_PATH = fileURLToPath(new URL('../../../spec/openapi.yaml', import.meta.url));
/** Prism's own entry point, run with this process's Node, so that the suite can give it Node's flags like any server. */
const PRISM_MAIN = createRequire(import.meta.url).resolve('@stoplight/prism-cli');

async function waitUntilAnswering(url: string, exited: Promise<string>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone: string | undefined;
  void exited.then((reason) => {
    gone = reason;
  });
  while (Date.now() < deadline) {
    if (gone !== undefined) throw new Error(gone);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * `prism mock spec/openapi.yaml` with its defaults (info logging), plus any extra flags, and Node's flags `execArgv`.
 * Ready when its port answers: with `--verboseLevel silent` it prints nothing to wait for.
 */
export async function startPrism(extraArgs: readonly string[] = [], execArgv: readonly string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const prism = spawn(process.execPath, [...execArgv, PRISM_MAIN, 'mock', SPEC_PATH, '--port', String(port), '--host', '127.0.0.1', ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  // Prism's log is read throughout, so that a full pipe never stalls it; only its start is kept, for errors.
  const keep = (chunk: Buffer) => {
    if (log.length < 10_000) log += chunk.toString();
  };
  prism.stdout.on('data', keep);
  prism.stderr.on('data', keep);
  const exited = new Promise<string>((resolve) => prism.once('exit', (code) => resolve(`prism exited (${code}):\n${log}`)));
  process.once('exit', () => prism.kill('SIGKILL'));
  await waitUntilAnswering(url, exited, 60_000);
  return {
    url,
    pid: prism.pid as number,
    close: async () => {
      prism.kill('SIGTERM');
      await exited;
    },
  };
}
