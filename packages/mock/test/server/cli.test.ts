import { spawn } from 'node:child_process';
import { packageDir, useBundledCli } from '../support/bundled-cli';
import { describe, expect, it } from 'vitest';

const cliPath = useBundledCli();

function runCli(args: string[]) {
  const child = spawn(process.execPath, [cliPath(), ...args], { cwd: packageDir });
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

  it('keeps at most --max-sessions sessions, evicting the least recently used', async () => {
    const cli = runCli(['serve', '--port', '0', '--max-sessions', '1', '--contacts-per-account', '5']);
    const url = (await cli.firstLine).replace('listening on ', '');
    const inSession = (name: string) => fetch(`${url}/v1/organization`, { headers: { authorization: 'Bearer sk_test_admin', 'x-mock-session': name } });
    expect((await inSession('first')).headers.get('x-mock-session-evicted')).toBeNull();
    expect((await inSession('second')).headers.get('x-mock-session-evicted')).toBe('first');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it.each([
    [['--port', '65536'], /--port must be an integer from 0 to 65535, got "65536"/],
    [['--seed', 'abc'], /--seed must be an integer, got "abc"/],
    [['--latency', '3000000000'], /--latency must be an integer from 0 to 2147483647/],
    [['--now', '2026-02-30T00:00:00Z'], /--now must be an ISO date-time .*no such day/],
    [['--now', '+275760-09-13T00:00:00.000Z'], /--now must be an ISO date-time .*from 1 to 9999/],
  ])('refuses %j as a usage error (exit 2) naming the flag', async (flags, message) => {
    const cli = runCli(['serve', ...flags]);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toMatch(message);
  });

  it('refuses --max-sessions below 1', async () => {
    const cli = runCli(['serve', '--max-sessions', '0']);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toContain('--max-sessions');
  });

  it('explains a bad option and exits with 2', async () => {
    const cli = runCli(['serve', '--port', 'many']);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toContain('--port');
  });
});

describe('network-mock --rate-limit', () => {
  it.each([
    ['3/2s', 3],
    ['3/60000ms', 3],
  ])('serves %s per client and endpoint', async (value, requests) => {
    const cli = runCli(['serve', '--port', '0', '--rate-limit', value, '--contacts-per-account', '5']);
    const url = (await cli.firstLine).replace('listening on ', '');
    const statuses: number[] = [];
    for (let i = 0; i <= requests; i++) {
      const response = await fetch(`${url}/v1/accounts`, { headers: { Authorization: 'Bearer sk_test_admin' } });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array.from({ length: requests }, () => 200), 429]);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it.each([['20'], ['20/2'], ['0/2s'], ['20/2h'], ['x/2s'], ['20/0s']])('refuses --rate-limit %s with exit code 2', async (value) => {
    const cli = runCli(['serve', '--port', '0', '--rate-limit', value]);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toContain('--rate-limit must be REQUESTS/WINDOW');
  });

  it('refuses --rate-limit with --no-rate-limit', async () => {
    const cli = runCli(['serve', '--port', '0', '--rate-limit', '5/1s', '--no-rate-limit']);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toContain('exclude each other');
  });
});
