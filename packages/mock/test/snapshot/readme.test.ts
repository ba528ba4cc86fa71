// The snapshots page's "A mock shaped like your organization" (docs/mock/snapshots.md), tried as written: snapshot a running source (a mock at
// another seed standing in for the service), serve the snapshot with --now now, and point the SDK at it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NetworkClient } from '@network-org/sdk';
import { startMockServer } from '@network-org/mock/node';
import { afterAll, describe, expect, it } from 'vitest';
import { packageDir, useBundledCli } from '../support/bundled-cli';
import { tempDir } from './support';

const PAGE = readFileSync(fileURLToPath(new URL('../../../../docs/mock/snapshots.md', import.meta.url)), 'utf8');
const section = PAGE.slice(PAGE.indexOf('## A mock shaped like your organization'));
const commands = (/```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '').split('\n').filter((line) => line !== '' && !line.startsWith('#'));

/** A command line of the page as words, its leading VAR=value words as the environment. */
function parse(line: string): { env: Record<string, string>; words: string[] } {
  const words = line.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] as string)) {
    const [name, value] = (words.shift() as string).split('=') as [string, string];
    env[name] = value;
  }
  return { env, words };
}

describe('docs/mock/snapshots.md: A mock shaped like your organization', () => {
  const cliPath = useBundledCli();
  const dir = tempDir();
  const children: ReturnType<typeof spawn>[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGTERM');
  });

  it('has the three steps: snapshot, serve --now now, a client at the served URL', () => {
    expect(commands).toHaveLength(3);
    expect(commands[0]).toMatch(/network-mock snapshot .*--out snapshot\.json/);
    expect(commands[1]).toMatch(/network-mock serve --state-file snapshot\.json --now now/);
  });

  it('works as written', async () => {
    const source = await startMockServer({ port: 0, seed: 7, contactsPerAccount: 15, conversationsPerAccount: 4, networkSize: 10 });
    try {
      // 1. The snapshot, with the source's URL and a key of it in place of the service's.
      const snapshot = parse(commands[0] as string);
      const args = snapshot.words.slice(1).map((word) => (word === 'https://api.network.com' ? source.url : word));
      const run = spawn(process.execPath, [cliPath(), ...args], { cwd: dir, env: { ...process.env, ...snapshot.env, NETWORK_API_KEY: 'sk_test_admin' } });
      let stdout = '';
      let stderr = '';
      run.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      run.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => run.on('exit', resolve));
      // The run's random salt, said once on stderr with how to reuse it, and kept out of the file.
      const salt = /random salt, for this run only: (\S+)\n/.exec(stderr)?.[1];
      expect(stderr).toMatch(/--salt-file FILE/);
      expect(salt).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^wrote snapshot\.json: \d+ records, 3 accounts, 45 contacts/);
      const file = readFileSync(join(dir, 'snapshot.json'), 'utf8');
      expect(file).not.toContain('sk_test_admin');
      expect(file).not.toContain(salt);
      expect(existsSync(join(dir, 'snapshot.json.parts'))).toBe(false);

      // 2. Served, anchored at the present.
      const serve = parse(commands[1] as string);
      const before = Date.now();
      const server = spawn(process.execPath, [cliPath(), ...serve.words.slice(1).map((word) => (word === '4010' ? '0' : word))], { cwd: dir });
      children.push(server);
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = /^listening on (\S+)$/m.exec(out);
          if (line) resolve(line[1] as string);
        });
        server.on('exit', () => reject(new Error('network-mock serve exited')));
      });
      const health = (await (await fetch(`${url}/__mock/health`)).json()) as { now: string };
      expect(Date.parse(health.now)).toBeGreaterThanOrEqual(before - 1000);

      // 3. A client at the served URL with the fixture key, as the third line does with the CLI.
      const client = new NetworkClient({ baseUrl: url, apiKey: 'sk_test_admin' });
      const tagged = [];
      for await (const contact of client.request('listContacts', { query: { tag: 'Customer', limit: 25 } })) tagged.push(contact);
      const sourceClient = new NetworkClient({ baseUrl: source.url, apiKey: 'sk_test_admin' });
      const sourceTagged = [];
      for await (const contact of sourceClient.request('listContacts', { query: { tag: 'Customer', limit: 25 } })) sourceTagged.push(contact);
      expect(tagged.map((contact) => contact.account_relationship_id)).toEqual(sourceTagged.map((contact) => contact.account_relationship_id));
      expect(tagged.length).toBeGreaterThan(0);
    } finally {
      await source.close();
    }
  });
});
