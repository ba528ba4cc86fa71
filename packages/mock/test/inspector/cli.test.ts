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

  it('with a control token, names the ?token= address without the token itself', async () => {
    const cli = serve(['--control-token', 'secret-control-token']);
    const page = await cli.inspector;
    expect(page).toMatch(/\/__mock\/ui\/\?token=<control-token>$/);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });
});
