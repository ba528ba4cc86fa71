import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliEnv, run, useBundledCli, useMockServer } from './support/cli';
import { runInProcess } from './support/in-process';

const cli = useBundledCli();
const server = useMockServer();
const KEY = 'sk_test_admin';

describe('network-org config', () => {
  it('saves profiles with mode 0600, lists them without their keys, and --profile and `config use` pick one', async () => {
    const home = mkdtempSync(join(tmpdir(), 'network-org-config-'));
    const env = cliEnv({ XDG_CONFIG_HOME: home });
    // The key from standard input, as the help says to give it: the bundled bin reads it.
    const set = await run(cli(), ['config', 'set', 'local', '--base-url', server().url, '--api-key', '-'], { env, stdin: `${KEY}\n` });
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('saved profile local');
    await runInProcess(['config', 'set', 'member', '--base-url', server().url, '--api-key', 'sk_test_member'], { env });
    const path = join(home, 'network-org', 'config.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(home, 'network-org'))).toEqual(['config.json']);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ current: 'local', profiles: { local: { api_key: KEY, base_url: server().url } } });

    const list = await runInProcess(['config', 'list'], { env });
    expect(list.stdout).toBe(`* local  ${server().url}  key set\n  member  ${server().url}  key set\n`);
    expect(list.stdout).not.toContain('sk_test');

    // The current profile answers without NETWORK_ variables; --profile picks another (the member sees fewer accounts).
    const admin = JSON.parse((await runInProcess(['accounts', 'list'], { env })).stdout);
    const member = JSON.parse((await runInProcess(['accounts', 'list', '--profile', 'member'], { env })).stdout);
    expect(admin.length).toBeGreaterThan(member.length);
    await runInProcess(['config', 'use', 'member'], { env });
    expect(JSON.parse((await runInProcess(['accounts', 'list'], { env })).stdout)).toEqual(member);
    // The environment wins over the current profile.
    expect(JSON.parse((await runInProcess(['accounts', 'list'], { env: { ...env, NETWORK_API_KEY: KEY, NETWORK_BASE_URL: server().url } })).stdout)).toEqual(admin);

    const unknown = await runInProcess(['accounts', 'list', '--profile', 'nope'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--profile nope: no such profile (profiles: local, member)');
  });
});
