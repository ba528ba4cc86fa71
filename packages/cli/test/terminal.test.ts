import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { servedEnv, useBundledCli, useMockServer } from './support/cli';
import { runInProcess } from './support/in-process';

const cli = useBundledCli();
const server = useMockServer();
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
if (!hasTmux && process.env.CI) throw new Error('tmux is needed for the terminal tests (apt-get install tmux)');

// A tmux server of this file's own (-L), so that nobody else's sessions are touched.
const socket = `network-org-test-${process.pid}`;
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
afterAll(() => {
  if (hasTmux) spawnSync('tmux', ['-L', socket, 'kill-server']);
});

/** Runs a shell line in a fresh 120x40 tmux window and returns the screen once `done` shows on it. */
async function onScreen(name: string, line: string, done: RegExp, env: Record<string, string>): Promise<string[]> {
  const exports = Object.entries(env)
    .filter(([key]) => key.startsWith('NETWORK_') || key === 'PATH' || key === 'HOME' || key === 'XDG_CONFIG_HOME')
    .map(([key, value]) => `${key}='${value}'`)
    .join(' ');
  tmux('new-session', '-d', '-s', name, '-x', '120', '-y', '40', 'bash', '--norc', '--noprofile');
  tmux('send-keys', '-t', name, `env ${exports} ${line}; echo "exit=$?"`, 'Enter');
  const screens: string[] = [];
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const screen = tmux('capture-pane', '-p', '-t', name);
    if (screens.at(-1) !== screen) screens.push(screen);
    if (done.test(screen)) return screens;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${done} on the screen:\n${screens.at(-1)}`);
}

describe.skipIf(!hasTmux)('on a terminal (tmux)', () => {
  it('prints a table by default', async () => {
    const screens = await onScreen('table', `node ${cli()} contacts list --account-id 101 --limit 3`, /exit=\d/, servedEnv(server()));
    const screen = screens.at(-1)!;
    expect(screen).toContain('exit=0');
    expect(screen).toMatch(/[│|].*contact_id.*[│|]/);
    expect(screen).toMatch(/1000001 .*Jordy Mraz/);
    expect(screen).toMatch(/[┌+]─+/);
  });

  it('shows a progress bar during a bulk run, then the summary', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'network-org-tty-'));
    const file = join(folder, 'tags.csv');
    writeFileSync(file, `contact_id,add_tags\n${Array.from({ length: 8 }, (_, index) => `${1000001 + index},tty`).join('\n')}\n`);
    await fetch(`${server().url}/__mock/faults`, { method: 'POST', body: JSON.stringify({ method: 'PATCH', status: 200, delay_ms: 300, count: 8 }) });
    const screens = await onScreen('bulk', `node ${cli()} contacts update --from-csv ${file}`, /exit=\d/, servedEnv(server()));
    await fetch(`${server().url}/__mock/faults`, { method: 'DELETE' });
    expect(screens.some((screen) => /updating [█░]+ [1-7]\/8 rows \| 0 failed/.test(screen))).toBe(true);
    expect(screens.at(-1)).toMatch(/updating [█]+ 8\/8 rows/);
    expect(screens.at(-1)).toContain('updated 8 of 8 rows');
    expect(screens.at(-1)).toContain('exit=0');
  });

  it('prints each failed row\'s error on its own line above the progress bar, never under it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'network-org-tty-'));
    const file = join(folder, 'tags.csv');
    const rows = Array.from({ length: 6 }, (_, index) => (index % 2 === 1 ? `99999${index},tty-errors` : `${1000001 + index},tty-errors`));
    writeFileSync(file, `contact_id,account_id,add_tags\n${rows.map((row) => row.replace(',', ',101,')).join('\n')}\n`);
    await fetch(`${server().url}/__mock/faults`, { method: 'POST', body: JSON.stringify({ method: 'PATCH', status: 200, delay_ms: 300, count: 6 }) });
    const screens = await onScreen('errors', `node ${cli()} contacts update --from-csv ${file}`, /exit=\d/, servedEnv(server()));
    await fetch(`${server().url}/__mock/faults`, { method: 'DELETE' });
    const last = screens.at(-1)!.split('\n');
    const errors = last.filter((line) => /^line \d+: /.test(line));
    expect(errors.map((line) => /^line (\d+)/.exec(line)![1])).toEqual(['3', '5', '7']);
    expect(errors.every((line) => !line.includes('updating'))).toBe(true);
    // While the run went on, the bar stayed below the last error printed.
    const midway = screens.find((screen) => /^line 3: /m.test(screen) && /updating [█░]+ [3-5]\/6/.test(screen));
    expect(midway).toBeDefined();
    const lines = midway!.split('\n');
    expect(lines.findIndex((line) => line.startsWith('updating'))).toBeGreaterThan(lines.findIndex((line) => line.startsWith('line 3: ')));
    expect(screens.at(-1)).toContain('updated 3 of 6 rows; 3 failed');
  });
});

describe('completion', () => {
  /** What bash completes for the words typed so far (the last one partial), with the script sourced. */
  function complete(script: string, words: string[], cwd?: string): string[] {
    const line = ['network-org', ...words];
    const program = [
      script,
      `COMP_WORDS=(${line.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${line.length - 1}`,
      '_network_org; printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    return execFileSync('bash', ['--norc', '--noprofile', '-c', program], { encoding: 'utf8', ...(cwd ? { cwd } : {}) }).split('\n').filter(Boolean);
  }

  it('completes commands, flags and enum values in bash', async () => {
    const { code, stdout: script } = await runInProcess(['completion', 'bash']);
    expect(code).toBe(0);
    expect(complete(script, ['con'])).toEqual(['contacts', 'conversations', 'config']);
    expect(complete(script, ['contacts', ''])).toEqual(['list', 'import', 'update', 'find-email']);
    expect(complete(script, ['contacts', 'list', '--rel'])).toEqual(['--relationship-status']);
    expect(complete(script, ['contacts', 'list', '--relationship-status', ''])).toEqual(['any', 'connected', 'not_connected', 'unknown']);
    expect(complete(script, ['activity', 'list', '--event-type', 'message'])).toEqual(['message_sent']);
    expect(complete(script, ['contacts', 'update', '1000001', '--add'])).toEqual(['--add-tag']);
    expect(complete(script, ['accounts', 'list', '--output', 'j'])).toEqual(['json', 'jsonl']);
    expect(complete(script, ['completion', ''])).toEqual(expect.arrayContaining(['bash', 'zsh', 'fish']));
  });

  it('offers values, not flags, where a flag expects one: files for --from-csv, nothing for a free value', async () => {
    const { stdout: script } = await runInProcess(['completion', 'bash']);
    const folder = mkdtempSync(join(tmpdir(), 'network-org-complete-'));
    writeFileSync(join(folder, 'rows.csv'), '');
    expect(complete(script, ['contacts', 'update', '--from-csv', ''], folder)).toEqual(['rows.csv']);
    expect(complete(script, ['contacts', 'update', '--from-csv', 'ro'], folder)).toEqual(['rows.csv']);
    expect(complete(script, ['contacts', 'list', '--tag', ''], folder)).toEqual([]);
    expect(complete(script, ['contacts', 'update', '1000001', '--add-tag', ''], folder)).toEqual([]);
    expect(complete(script, ['contacts', 'list', '--format', ''], folder)).toEqual(['table', 'json', 'jsonl', 'csv', 'yaml']);
    const fish = (await runInProcess(['completion', 'fish'])).stdout;
    expect(fish).toContain("__fish_seen_subcommand_from update' -l from-csv -rF");
    expect(fish).toContain("__fish_seen_subcommand_from list' -l tag -x");
  });

  it('prints zsh and fish scripts of the same commands', async () => {
    const zsh = (await runInProcess(['completion', 'zsh'])).stdout;
    expect(zsh).toContain('#compdef network-org');
    expect(zsh).toContain('"contacts list") case "$prev" in --relationship-status) words="any connected not_connected unknown"');
    const fish = (await runInProcess(['completion', 'fish'])).stdout;
    expect(fish).toContain("complete -c network-org -n '__fish_seen_subcommand_from contacts; and __fish_seen_subcommand_from list' -l relationship-status -xa 'any connected not_connected unknown'");
  });
});
