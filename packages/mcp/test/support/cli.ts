import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { afterAll, beforeAll } from 'vitest';

export const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const source = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/**
 * The server runs as a separate Node process, so the file's tests bundle its CLI from source first (inside the
 * package, where its dependencies resolve; the package's dist belongs to the build), with the SDK and the mock
 * from source too: no prior build is needed. Returns the path of the bundled `cli.js`, valid inside the tests.
 */
export function useBundledCli(): () => string {
  let outDir: string | undefined;
  beforeAll(async () => {
    outDir = mkdtempSync(join(packageDir, 'node_modules', '.cli-test-'));
    await build({
      entry: { cli: join(packageDir, 'src/cli.ts') },
      outDir,
      format: ['esm'],
      platform: 'node',
      target: 'node20',
      silent: true,
      config: false,
      external: ['@modelcontextprotocol/sdk', 'zod', 'msw'],
      noExternal: [/^@network-org\//],
      esbuildOptions(options) {
        options.alias = {
          '@network-org/sdk': source('sdk/src/index.ts'),
          '@network-org/mock/node': source('mock/src/node.ts'),
          '@network-org/mock': source('mock/src/index.ts'),
        };
      },
    });
  }, 120_000);
  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });
  return () => join(outDir as string, 'cli.js');
}

/** The environment of a server process: this one's, without an API key unless given. */
export function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('NETWORK_')) env[name] = value;
  }
  return { ...env, ...extra };
}

export interface Running {
  stdout(): string;
  stderr(): string;
  /** The first match of `pattern` in stderr, once it appears. */
  waitForStderr(pattern: RegExp): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

/** Runs the CLI with its output collected (for HTTP runs and usage errors; stdio runs go through the MCP client). */
export function runCli(cli: string, args: string[], env: Record<string, string> = serverEnv()): Running {
  const child = spawn(process.execPath, [cli, ...args], { cwd: packageDir, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    kill: (signal = 'SIGTERM') => child.kill(signal),
    waitForStderr: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = stderr.match(pattern);
          if (match) {
            child.stderr.off('data', check);
            resolve(match);
          }
        };
        child.stderr.on('data', check);
        void exited.then((code) => reject(new Error(`exited (${code}) before ${pattern}: ${stderr}`)));
        check();
      }),
  };
}
