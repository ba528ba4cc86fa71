import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { MockServerOptions } from '@network-org/mock/node';
import { forkChild } from '../lib/child';
import type { FixedRoutes, RunningServer } from './fixed';

/** A server in its own process, so that it and the load generator each get one of the machine's cores. */
export async function startFixedProcess(routes: FixedRoutes): Promise<RunningServer> {
  const child = forkChild(new URL('./fixed-process.ts', import.meta.url));
  child.send({ type: 'init', payload: routes });
  const { url } = await child.next<{ url: string }>('ready');
  return { url, close: () => child.stop() };
}

export async function startMockProcess(options: MockServerOptions, execArgv: readonly string[] = []): Promise<RunningServer> {
  const child = forkChild(new URL('./mock-process.ts', import.meta.url), [], execArgv);
  child.send({ type: 'init', payload: options });
  const { url } = await child.next<{ url: string }>('ready');
  return { url, close: () => child.stop() };
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
const PRISM_BIN = fileURLToPath(new URL('../../node_modules/.bin/prism', import.meta.url));

/** `prism mock spec/openapi.yaml` with its defaults (info logging), plus any extra flags. */
export async function startPrism(extraArgs: readonly string[] = []): Promise<RunningServer> {
  const port = await freePort();
  const prism = spawn(PRISM_BIN, ['mock', SPEC_PATH, '--port', String(port), '--host', '127.0.0.1', ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => prism.once('exit', () => resolve()));
  process.once('exit', () => prism.kill('SIGKILL'));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('prism did not start within 60 s')), 60_000);
    let output = '';
    // Prism's log is read and dropped throughout, so that a full pipe never stalls it.
    prism.stderr.resume();
    prism.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    prism.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`prism exited (${code}) before listening:\n${output}`));
    });
  });
  prism.stdout.removeAllListeners('data');
  prism.stdout.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      prism.kill('SIGTERM');
      await exited;
    },
  };
}
