import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { packageDir, useBundledCli } from '../support/bundled-cli';

const cliPath = useBundledCli();

/** Starts `network-mock serve …` and resolves with the inspector's address once it has printed it. */
function serve(args: string[]) {
  const child = spawn(process.execPath, [cliPath(), 'serve', '--port', '0', '--contacts-per-account', '5', ...args], { cwd: packageDir });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const inspector = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = /^inspector: (\S+)$/m.exec(stdout);
      if (line) resolve(line[1] as string);
    });
    child.on('exit', () => reject(new Error(`exited before printing the inspector's address: ${stdout}${stderr}`)));
  });
  inspector.catch(() => undefined);
  return { child, inspector, exited };
}

describe('network-mock serve and the inspector', () => {
  it('prints the page address, serves it, keeps no bodies with --no-journal-bodies, and stops on SIGINT', async () => {
    const cli = serve(['--no-journal-bodies']);
    const page = await cli.inspector;
    expect(page).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__mock\/ui\/$/);
    const html = await fetch(page);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('<title>network-mock inspector</title>');
    const origin = new URL(page).origin;
    expect((await fetch(`${origin}/v1/accounts`, { headers: { Authorization: 'Bearer sk_test_admin' } })).status).toBe(200);
    const entry = (await (await fetch(`${origin}/__mock/requests/1`)).json()) as { status: number; response: { body: unknown } };
    expect(entry).toMatchObject({ status: 200, response: { body: null } });
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  it('keeps the journals of all sessions under --journal-max-bytes, the oldest dropped first, and refuses less than 1 MiB', async () => {
    const cli = serve(['--journal-max-bytes', String(1024 * 1024), '--no-rate-limit']);
    const origin = new URL(await cli.inspector).origin;
    // 70 kB uploads are kept as their first 64 kB: 15 of them fit in 1 MiB.
    const upload = JSON.stringify({ account_id: '101', padding: 'x'.repeat(70_000) });
    for (let index = 0; index < 20; index++) {
      const headers = { Authorization: 'Bearer sk_test_admin', 'X-Mock-Session': `worker-${index % 4}` };
      await (await fetch(`${origin}/v1/contacts`, { method: 'POST', headers, body: upload })).arrayBuffer();
    }
    const listed = (await (await fetch(`${origin}/__mock/requests?session=*`)).json()) as { requests: { id: string }[] };
    expect(listed.requests.map((entry) => Number(entry.id))).toEqual(Array.from({ length: 15 }, (_, index) => 6 + index));
    expect((await fetch(`${origin}/__mock/requests/5`)).status).toBe(404);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    const refused = serve(['--journal-max-bytes', '65536']);
    expect(await refused.exited).toBe(2);
  });

  it('with a control token, names the ?token= address without the token itself', async () => {
    const cli = serve(['--control-token', 'secret-control-token']);
    const page = await cli.inspector;
    expect(page).toMatch(/\/__mock\/ui\/\?token=<control-token>$/);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });
});
