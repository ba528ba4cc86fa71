import { spawn, type ChildProcess } from 'node:child_process';
import { packageDir, useBundledCli } from '../support/bundled-cli';
import { describe, expect, it } from 'vitest';
import { KEYS, request } from '../support/harness';

const cliPath = useBundledCli();

interface Running {
  child: ChildProcess;
  lines: Promise<string[]>;
  exit: Promise<number | null>;
}

/** Starts `network-mock serve …` and resolves once it has printed the listening line and the keys. */
function serve(args: string[]): Running {
  const child = spawn(process.execPath, [cliPath(), 'serve', ...args], { cwd: packageDir });
  let stdout = '';
  let stderr = '';
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const lines = new Promise<string[]>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes(KEYS.otherOrg)) resolve(stdout.trimEnd().split('\n'));
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', () => reject(new Error(`network-mock exited early: ${stderr}`)));
  });
  lines.catch(() => undefined);
  return { child, lines, exit };
}

describe('network-mock serve (contract §3)', () => {
  it('prints one listening line then the fixture keys, honours its flags and stops on SIGINT', async () => {
    const running = serve([
      '--port', '0',
      '--host', '127.0.0.1',
      '--seed', '1',
      '--now', '2025-06-01T00:00:00Z',
      '--no-rate-limit',
      '--latency', '1',
      '--contacts-per-account', '5',
    ]);
    const lines = await running.lines;
    expect(lines[0]).toMatch(/^listening on http:\/\/127\.0\.0\.1:[0-9]+$/);
    for (const key of Object.values(KEYS)) expect(lines.slice(1).join('\n')).toContain(key);
    const url = lines[0]!.slice('listening on '.length);

    const accounts = (await request(url, KEYS.admin, 'GET', '/v1/accounts')).body.data.accounts;
    const page = await request(url, KEYS.admin, 'GET', `/v1/contacts?account_id=${accounts[0].account_id}&limit=25`);
    expect(page.body.data.contacts).toHaveLength(5);
    for (let index = 0; index < 55; index++) expect((await request(url, KEYS.admin, 'GET', '/v1/organization')).status).toBe(200);
    const conversation = (await request(url, KEYS.admin, 'GET', '/v1/conversations?limit=1')).body.data.conversations[0];
    expect(Date.parse(conversation.last_message_at)).toBeLessThanOrEqual(Date.parse('2025-06-01T00:00:00Z'));

    running.child.kill('SIGINT');
    expect(await running.exit).toBe(0);
  });

  it('rate-limits unless --no-rate-limit, requires the control token when given, and stops on SIGTERM', async () => {
    const running = serve(['--port', '0', '--control-token', 'secret']);
    const url = (await running.lines)[0]!.slice('listening on '.length);
    let limited = 0;
    for (let index = 0; index < 52; index++) {
      if ((await request(url, KEYS.admin, 'GET', '/v1/organization')).status === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
    expect((await fetch(`${url}/__mock/health`)).status).toBe(401);
    expect((await fetch(`${url}/__mock/health`, { headers: { authorization: 'Bearer secret' } })).status).toBe(200);
    running.child.kill('SIGTERM');
    expect(await running.exit).toBe(0);
  });
});
