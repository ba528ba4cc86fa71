import { packageDir, useBundledCli } from '../support/bundled-cli';
import { spawnCli } from '../support/spawn-cli';
import { describe, expect, it } from 'vitest';
import { KEYS, request } from '../support/harness';

describe('its flags, sessions and rate limit', () => {
  const cliPath = useBundledCli();

  const runCli = (args: string[]) => spawnCli(cliPath(), args);

  describe('network-mock CLI', () => {
    it('prints the listening line and the fixture keys, serves, and stops on SIGTERM', async () => {
      const cli = runCli(['serve', '--port', '0', '--seed', '2', '--no-rate-limit', '--contacts-per-account', '20']);
      const line = await cli.firstLine;
      expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      const url = line.replace('listening on ', '');
      const health = await fetch(`${url}/__mock/health`);
      expect(await health.json()).toEqual({ ok: true, version: expect.any(String), now: '2026-01-15T12:00:00.000Z' });
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

    it('prints its version with --version and exits 0', async () => {
      const cli = runCli(['--version']);
      expect(await cli.exited).toBe(0);
      expect(cli.output().stdout).toMatch(/^\d+\.\d+\.\d+\S*\n$/);
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
});

describe('serve', () => {
  const cliPath = useBundledCli();

  /** Starts `network-mock serve …`; its `lines` once it has printed the listening line and the keys. */
  function serve(args: string[]) {
    const running = spawnCli(cliPath(), ['serve', ...args]);
    return { ...running, lines: running.linesUntil(KEYS.otherOrg), exit: running.exited };
  }

  describe('network-mock serve', () => {
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
      expect((await fetch(`${url}/__mock/faults`)).status).toBe(401);
      expect((await fetch(`${url}/__mock/faults`, { headers: { authorization: 'Bearer secret' } })).status).toBe(200);
      running.child.kill('SIGTERM');
      expect(await running.exit).toBe(0);
    });
  });
});
