// The official MCP Inspector's CLI (a pinned devDependency) against `network-mcp --mock`, as a user runs it: its
// `--strict` check of the tool schemas has nothing to say, and a multi-step check over stdio keeps its state through
// `--state-file` although each Inspector call starts a fresh server. The Inspector needs Node 22.19+: it runs on Node
// 22 from npm (installed once into node_modules/.cache), the server on this Node.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { installRuntimes, runtimeBinary, type RuntimeBinary } from '../../../test/tools/toolchain.mjs';
import { packageDir, serverEnv, useBundledCli } from './support/cli';

const cliPath = useBundledCli();
const runtimes = fileURLToPath(new URL('../../../node_modules/.cache/network-org/runtimes', import.meta.url));

/** The Inspector's own command (its package's `bin`), from the pinned devDependency. */
function inspectorBin(): string {
  const manifestPath = createRequire(join(packageDir, 'package.json')).resolve('@modelcontextprotocol/inspector/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string; bin: Record<string, string> };
  return join(dirname(manifestPath), manifest.bin.inspector!);
}

let node22: RuntimeBinary;
beforeAll(async () => {
  try {
    node22 = runtimeBinary(runtimes, 'node22');
  } catch {
    ({ node22 } = await installRuntimes(runtimes, ['node22']));
  }
}, 300_000);

/** `inspector --cli ARGS -- network-mcp SERVER_ARGS`: exit code, stdout and stderr. */
function inspector(args: string[], serverArgs: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      node22.path,
      [inspectorBin(), '--cli', ...args, '--', process.execPath, cliPath(), ...serverArgs],
      { cwd: packageDir, env: serverEnv(), timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** What the Inspector itself wrote to stderr (the server's own lines start with `network-mcp:`). */
const inspectorLines = (stderr: string) => stderr.split('\n').filter((line) => line.trim() && !line.startsWith('network-mcp:'));

describe('the MCP Inspector CLI, pinned', () => {
  it.each([
    ['every tool', ['--mock'], 16],
    ['the discovery tools too', ['--mock', '--dynamic-toolsets', '--toolsets', 'all'], 18],
  ])('--strict has nothing to say about %s', async (_label, serverArgs, count) => {
    const { code, stdout, stderr } = await inspector(['--method', 'tools/list', '--strict'], serverArgs);
    expect(inspectorLines(stderr)).toEqual([]);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { tools: unknown[] }).tools).toHaveLength(count);
  }, 180_000);

  it('a multi-step check over stdio keeps what each call did with --state-file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'network-mcp-inspector-'));
    const draft = (text: string) =>
      inspector(
        ['--method', 'tools/call', '--tool-name', 'create_draft', '--tool-arg', 'account_id=101', '--tool-arg', 'contact_id=1000001', '--tool-arg', `draft_message=${text}`],
        ['--mock', '--state-file', join(dir, 'state.json')],
      );
    try {
      const first = await draft('Hello');
      expect(first.code, first.stderr).toBe(0);
      expect(JSON.parse(first.stdout)).toMatchObject({ structuredContent: { draft: { replaced_previous: false, draft_message: 'Hello' } } });
      const second = await draft('Hello again');
      expect(JSON.parse(second.stdout)).toMatchObject({ structuredContent: { draft: { replaced_previous: true, draft_message: 'Hello again' } } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
