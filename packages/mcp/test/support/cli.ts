import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { useBundledCli as bundleCli } from '../../../../test/support/bundled-cli';

export const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const source = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/** `network-mcp` bundled from source, with the SDK and the mock from source too: no prior build is needed. */
export function useBundledCli(): () => string {
  return bundleCli(
    packageDir,
    {
      external: ['@modelcontextprotocol/sdk', 'zod', 'msw'],
      noExternal: [/^@network-org\//],
      esbuildOptions(options) {
        options.alias = {
          '@network-org/sdk': source('sdk/src/index.ts'),
          '@network-org/mock/node': source('mock/src/node.ts'),
          '@network-org/mock': source('mock/src/index.ts'),
        };
      },
    },
    120_000,
  );
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
