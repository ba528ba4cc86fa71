import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const sdkSource = fileURLToPath(new URL('../../../sdk/src/zod.ts', import.meta.url));
let outDir: string;

// The CLI runs as a separate Node process, so it is bundled from source first (inside the package, where its
// dependencies resolve); the SDK's schemas come from source too, so no prior build is needed.
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
    esbuildOptions(esbuild) {
      esbuild.alias = { '@network-org/sdk/zod': sdkSource };
    },
    noExternal: ['@network-org/sdk'],
  });
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function runCli(args: string[]) {
  const child = spawn(process.execPath, [join(outDir, 'cli.js'), ...args], { cwd: packageDir });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0]!);
    });
    child.on('exit', () => reject(new Error(`exited before printing a line: ${stderr}`)));
  });
  firstLine.catch(() => undefined);
  return { child, firstLine, exited, output: () => ({ stdout, stderr }) };
}

describe('network-mock CLI', () => {
  it('prints the listening line and the fixture keys, serves, and stops on SIGTERM', async () => {
    const cli = runCli(['serve', '--port', '0', '--seed', '2', '--no-rate-limit', '--contacts-per-account', '20']);
    const line = await cli.firstLine;
    expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = line.replace('listening on ', '');
    const health = await fetch(`${url}/__mock/health`);
    expect(await health.json()).toEqual({ ok: true });
    const unauthorized = await fetch(`${url}/v1/accounts`);
    expect(unauthorized.status).toBe(401);
    expect(cli.output().stdout).toContain('sk_test_admin');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('stops on SIGINT too', async () => {
    const cli = runCli(['serve', '--port', '0', '--contacts-per-account', '5']);
    await cli.firstLine;
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  it('explains a bad option and exits with 2', async () => {
    const cli = runCli(['serve', '--port', 'many']);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toContain('--port');
  });
});
