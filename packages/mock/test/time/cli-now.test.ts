// `network-mock serve --now now`: the standalone server anchored at the present, as /__mock/health reports it.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { packageDir, useBundledCli } from '../support/bundled-cli';

describe('network-mock serve --now now', () => {
  const cliPath = useBundledCli();

  it('anchors the dataset at the instant it starts, and health reports the present', async () => {
    const before = Date.now();
    const child = spawn(process.execPath, [cliPath(), 'serve', '--port', '0', '--now', 'now', '--no-rate-limit', '--contacts-per-account', '5'], { cwd: packageDir });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const line = /^listening on (\S+)$/m.exec(stdout);
          if (line) resolve(line[1] as string);
        });
        child.on('exit', () => reject(new Error('network-mock exited before listening')));
      });
      const health = (await (await fetch(`${url}/__mock/health`)).json()) as { ok: boolean; now: string };
      expect(health.ok).toBe(true);
      expect(Date.parse(health.now)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(health.now)).toBeLessThanOrEqual(Date.now());
      const conversations = await fetch(`${url}/v1/conversations?limit=50`, { headers: { authorization: 'Bearer sk_test_admin' } });
      const latest = Math.max(...((await conversations.json()) as { data: { conversations: { last_message_at: string }[] } }).data.conversations.map((c) => Date.parse(c.last_message_at)));
      // The seeded conversations end within days before the present, not in January 2026.
      expect(latest).toBeGreaterThan(before - 90 * 86_400_000);
      expect(latest).toBeLessThanOrEqual(Date.now());
    } finally {
      child.kill('SIGTERM');
    }
  });
});
