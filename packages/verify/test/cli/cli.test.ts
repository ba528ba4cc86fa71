import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MockServer, startMockServer } from '@network-org/mock/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBundledCli } from '../../../../test/support/bundled-cli';
import { main } from '../../src/cli/main';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'sk_test_admin';
let server: MockServer;
let dir: string;

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, (text) => (stdout += text), (text) => (stderr += text));
  return { code, stdout, stderr };
}

const target = () => ['--base-url', server.url, '--api-key', KEY, '--no-rate-limit'];

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  server = await startMockServer({ port: 0, rateLimit: false });
  dir = mkdtempSync(join(tmpdir(), 'network-verify-cli-'));
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  vi.stubEnv('NETWORK_BASE_URL', undefined);
  vi.stubEnv('NETWORK_API_KEY', undefined);
  return () => vi.unstubAllEnvs();
});

describe('network-verify (main)', () => {
  it('prints a table and exits 0 when every scenario agrees; the key is never printed', async () => {
    const { code, stdout, stderr } = await cli([...target(), '--only', 'organization.', '--member-key', 'sk_test_member']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^organization\.envelope\s+agree\s+description: Resources and their fields\s+listOrganizations$/m);
    expect(stdout).toContain('1 agree, 0 differ, 0 error, 0 skipped (1 scenarios)');
    expect(stderr).toBe('');
    expect(stdout).not.toContain(KEY);
    expect(stdout).not.toContain('sk_test_member');
  });

  it('reads the target and key from NETWORK_BASE_URL and NETWORK_API_KEY', async () => {
    vi.stubEnv('NETWORK_BASE_URL', server.url);
    vi.stubEnv('NETWORK_API_KEY', KEY);
    const { code, stdout } = await cli(['--only', 'accounts.envelope', '--no-rate-limit']);
    expect(code).toBe(0);
    expect(stdout).toContain('accounts.envelope');
    expect(stdout).not.toContain(KEY);
  });

  it('--format json prints the report, --report FILE writes the same JSON', async () => {
    const file = join(dir, 'report.json');
    const { code, stdout } = await cli([...target(), '--only', 'views.', '--format', 'json', '--report', file]);
    expect(code).toBe(0);
    const printed = JSON.parse(stdout) as { version: number; scenarios: { id: string; outcome: string }[]; summary: Record<string, number> };
    expect(printed.version).toBe(1);
    expect(printed.scenarios.map((s) => s.id)).toContain('views.envelope');
    expect(printed.summary.skipped).toBe(1);
    const written = readFileSync(file, 'utf8');
    expect(JSON.parse(written)).toEqual(printed);
    expect(written).not.toContain(KEY);
  });

  it('--format markdown prints a table for an issue, with the shapes section', async () => {
    const { code, stdout } = await cli([...target(), '--only', 'conversations.envelope', '--format', 'markdown']);
    expect(code).toBe(0);
    expect(stdout).toContain('| scenario | operation | source | outcome | title |');
    expect(stdout).toContain('| `conversations.envelope` | `listConversations` | description: Endpoints | agree |');
    expect(stdout).toContain('### Conversation (`listConversations`, `$.data.conversations[*]`)');
  });

  it('exits 1 when a scenario differs, naming the path', async () => {
    const restore = server.mock.override('listOrganizations', async ({ next }) => {
      const answer = await next();
      const organization = (answer.body as { organization: unknown[] }).organization;
      return { ...answer, body: { organization: [...organization, ...organization] } } as typeof answer;
    });
    try {
      const { code, stdout } = await cli([...target(), '--only', 'organization.envelope']);
      expect(code).toBe(1);
      expect(stdout).toContain('organization.envelope');
      expect(stdout).toContain('- $.organization.length: expected 1, got 2');
    } finally {
      restore();
    }
  });

  it('exits 2 with a message on bad usage', async () => {
    for (const args of [[], ['--base-url', server.url], ['--api-key', KEY], [...target(), '--format', 'yaml'], [...target(), '--bogus'], [...target(), '--only', 'no-such-scenario'], ['--base-url', 'not a url', '--api-key', KEY], [...target(), '--timeout', '-5']]) {
      const { code, stdout, stderr } = await cli(args);
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^network-verify: .+/);
      expect(stderr).not.toContain(KEY);
    }
  });

  it('exits 2 with a message when the report or the recording cannot be written', async () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, '');
    const report = await cli([...target(), '--only', 'organization.envelope', '--report', join(blocker, 'report.json')]);
    expect(report.code).toBe(2);
    expect(report.stderr).toContain(`could not write the report to ${join(blocker, 'report.json')}`);
    const record = await cli([...target(), '--only', 'organization.envelope', '--record', join(blocker, 'recording')]);
    expect(record.code).toBe(2);
    expect(record.stderr).toContain(`--record ${join(blocker, 'recording')}: the directory cannot be made`);
  });

  it('exits 2 with a message, before any scenario runs, when --compare names no recording', async () => {
    const missing = join(dir, 'no-such-recording');
    const absent = await cli([...target(), '--compare', missing]);
    expect(absent).toEqual({ code: 2, stdout: '', stderr: expect.stringContaining(`--compare ${missing}: no recording there (the directory does not exist)`) });
    const file = join(dir, 'not-a-directory');
    writeFileSync(file, '');
    const notDirectory = await cli([...target(), '--compare', file]);
    expect(notDirectory).toEqual({ code: 2, stdout: '', stderr: expect.stringContaining(`--compare ${file}: no recording there (not a directory)`) });
    const other = mkdtempSync(join(dir, 'other-'));
    writeFileSync(join(other, 'notes.txt'), 'not a recording');
    const noIndex = await cli([...target(), '--compare', other]);
    expect(noIndex).toEqual({ code: 2, stdout: '', stderr: expect.stringContaining(`--compare ${other}: no recording there (no index.json that --record writes)`) });
    writeFileSync(join(other, 'index.json'), '{"scenarios": "all"}');
    const badIndex = await cli([...target(), '--compare', other]);
    expect(badIndex).toEqual({ code: 2, stdout: '', stderr: expect.stringContaining(`--compare ${other}: no recording there (its index.json is not the index --record writes)`) });
  });

  it('exits 2 with a message when nothing answers at the target', async () => {
    const { code, stderr } = await cli(['--base-url', `http://127.0.0.1:${await closedPort()}`, '--api-key', KEY]);
    expect(code).toBe(2);
    expect(stderr).toContain('Nothing answers at http://127.0.0.1:');
  });

  it('exits 2 before any scenario, saying the key was refused, when the target refuses the key', async () => {
    const admin = await cli(['--base-url', server.url, '--api-key', 'sk_test_wrong', '--no-rate-limit']);
    expect(admin).toEqual({ code: 2, stdout: '', stderr: expect.stringMatching(/^network-verify: The key was refused: GET \/v1\/organization answered 401.*Check --api-key/) });
    const member = await cli([...target(), '--member-key', 'sk_test_wrong_member']);
    expect(member).toEqual({ code: 2, stdout: '', stderr: expect.stringMatching(/The member key was refused.*Check --member-key/) });
    expect(admin.stderr + member.stderr).not.toContain('sk_test_wrong');
  });

  it('exits 2 before any scenario, saying to check the base URL, when the API is not there (a base URL ending in /v1)', async () => {
    const { code, stdout, stderr } = await cli(['--base-url', `${server.url}/v1`, '--api-key', KEY, '--no-rate-limit']);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain(`Check the base URL: ${server.url}/v1/v1/organization and ${server.url}/v1/v1/accounts both answered 404`);
    expect(stderr).toContain(`try ${server.url}.`);
  });

  it('exits 2 and says why when every selected scenario was skipped (nothing was checked)', async () => {
    const { code, stdout, stderr } = await cli([...target(), '--only', 'drafts.']);
    expect(code).toBe(2);
    expect(stdout).toMatch(/0 agree, 0 differ, 0 error, \d+ skipped/);
    expect(stderr).toMatch(/^network-verify: Nothing was checked: every selected scenario was skipped \(.*needs --allow-writes/);
  });

  it('counts the writes with no dangling colon when none is left', async () => {
    const { code, stdout } = await cli([...target(), '--allow-writes', '--only', 'contacts.update.notes']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Writes: \d+ done, 1 record\(s\) put back, 0 left\.$/m);
  });

  it('--help prints the flags and exits 0', async () => {
    const { code, stdout } = await cli(['--help']);
    expect(code).toBe(0);
    for (const flag of ['--base-url', '--api-key', '--account-id', '--member-key', '--allow-writes', '--allow-credits', '--profile-url', '--probe-rate-limit', '--only', '--report', '--format', '--record', '--compare']) {
      expect(stdout).toContain(flag);
    }
  });
});

describe('the network-verify executable', () => {
  // Bundled from source into the package (where its dependencies resolve), so no prior build is needed.
  const cliPath = useBundledCli(packageDir, {
    noExternal: ['@network-org/sdk', '@network-org/spec'],
    esbuildOptions(options) {
      options.alias = { '@network-org/sdk': join(packageDir, '../sdk/src/index.ts') };
    },
  });

  it('runs paced to the service budget, prints the table, exits 0, and never prints the key', async () => {
    const child = spawn(process.execPath, [cliPath(), '--base-url', server.url, '--only', 'accounts.'], {
      env: { ...process.env, NETWORK_API_KEY: KEY },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('2 agree, 0 differ, 0 error, 0 skipped (2 scenarios)');
    expect(stdout).not.toContain(KEY);
  });

  // Ctrl-C comes before any PATCH here: this checks the exit status and the notice, not that records are put back.
  it('exits 130 on Ctrl-C once the run has reached the target, saying it puts back what it PATCHed', async () => {
    const child = spawn(process.execPath, [cliPath(), '--base-url', server.url, '--allow-writes', '--allow-credits', '--no-rate-limit'], {
      env: { ...process.env, NETWORK_API_KEY: KEY },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // Ctrl-C once the run has reached the target (its start check lists the organization first).
    let reached: () => void = () => {};
    const reachedTarget = new Promise<void>((resolve) => (reached = resolve));
    const restore = server.mock.override('listOrganizations', ({ next }) => {
      reached();
      return next();
    });
    try {
      await reachedTarget;
      child.kill('SIGINT');
      expect(await exited).toBe(130);
    } finally {
      restore();
    }
    expect(stderr).toContain('stopping; putting PATCHed records back');
  });
});
