import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const prismBin = fileURLToPath(new URL('../../../../node_modules/.bin/prism', import.meta.url));

/** A free TCP port on 127.0.0.1 (the OS picks it; released just before Prism binds it). */
export function freePort(): Promise<number> {
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

export interface PrismProxy {
  url: string;
  /** Everything Prism printed, for the failure message. */
  output(): string;
  close(): Promise<void>;
}

/** `prism proxy <spec> <upstream> --errors` from node_modules, on 127.0.0.1 and a free port; resolves once it listens. */
export async function startPrismProxy(specPath: string, upstream: string): Promise<PrismProxy> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    prismBin,
    ['proxy', specPath, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port), '--cors', 'false'],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Prism is listening/.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`prism exited (${code}) before listening:\n${output}`)));
    child.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
