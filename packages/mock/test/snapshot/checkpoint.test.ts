// `network-mock snapshot --resume` reads the checkpoint a stopped run left in cli-kit's one checkpoint format, shared
// with network-org's bulk runs: a file that is not a snapshot's checkpoint is refused as a usage error naming it and
// what to do, before anything is read from the source.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBundledCli } from '../support/bundled-cli';
import { tempDir } from './support';

describe('network-mock snapshot --resume', () => {
  const cli = useBundledCli();
  let source: MockServer;
  beforeAll(async () => {
    source = await startMockServer({ port: 0, seed: 7, contactsPerAccount: 3, conversationsPerAccount: 1, networkSize: 5 });
  });
  afterAll(() => source.close());

  // Spawned, not run synchronously: the source answers from this process.
  const snapshot = (out: string, ...extra: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cli(), 'snapshot', '--base-url', source.url, '--api-key', 'sk_test_admin', '--out', out, '--salt', 'a-salt', ...extra]);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
  const withCheckpoint = (text: string) => {
    const out = join(tempDir(), 'snapshot.json');
    mkdirSync(`${out}.parts`);
    writeFileSync(`${out}.parts/checkpoint.json`, text);
    return out;
  };

  it.each([
    ['a broken file', '{"checkpoint":"network-mock snapshot","vers', /is not valid JSON .*: delete it to start over/],
    ['a bulk run\'s checkpoint', JSON.stringify({ checkpoint: 'network-org bulk run', version: 1, last_line: 3 }), /is a checkpoint of "network-org bulk run", not of network-mock snapshot: delete it/],
    ['another version\'s', JSON.stringify({ checkpoint: 'network-mock snapshot', version: 9 }), /another version of network-mock snapshot \(checkpoint version 9, this one reads 1\): finish that run with that version, or delete it/],
    ['one without the run\'s fields', JSON.stringify({ checkpoint: 'network-mock snapshot', version: 1, step: 'two' }), /fields are missing or of the wrong type/],
  ])('refuses %s with exit 2, naming the file, and reads nothing', async (_, text, message) => {
    const out = withCheckpoint(text);
    await fetch(`${source.url}/__mock/requests`, { method: 'DELETE' });
    const run = await snapshot(out, '--resume');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`network-mock snapshot: the checkpoint ${out}.parts/checkpoint.json `);
    expect(run.stderr).toMatch(message);
    const journal = (await (await fetch(`${source.url}/__mock/requests`)).json()) as { requests: unknown[] };
    expect(journal.requests).toEqual([]);
  });

  it('leaves a checkpoint that names its run and version, readable by its owner only, and --resume goes on from it', async () => {
    const out = join(tempDir(), 'snapshot.json');
    // The source refuses its conversations: the run stops after the pages it kept.
    const fault = { method: 'GET', path: '/v1/conversations', status: 400, code: 'invalid_request', count: 100 };
    await fetch(`${source.url}/__mock/faults`, { method: 'POST', body: JSON.stringify(fault) });
    const stopped = await snapshot(out);
    await fetch(`${source.url}/__mock/faults`, { method: 'DELETE' });
    expect(stopped.status).toBe(1);
    expect(stopped.stderr).toContain('run again with --resume to go on');
    const path = `${out}.parts/checkpoint.json`;
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ checkpoint: 'network-mock snapshot', version: 1, salt: 'a-salt', step: 3 });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const resumed = await snapshot(out, '--resume');
    expect(resumed.stderr).toBe('');
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toMatch(/^wrote .*snapshot\.json: \d+ records, 3 accounts, 9 contacts/);
    expect(existsSync(`${out}.parts`)).toBe(false);
  });
});
