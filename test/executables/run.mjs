#!/usr/bin/env node
// `pnpm test:executables`, after `pnpm executables`: the single-file executables of dist/bin, for this platform,
// run where no Node is installed. Each is copied into a temporary folder and run from there with PATH holding
// only an empty folder and HOME a fresh one: nothing of this repository, its node_modules or a system Node is in
// reach, so whatever works came out of the one file.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startServer } from '../tools/process.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const platform = { linux: 'linux', darwin: 'macos', win32: 'windows' }[process.platform] ?? process.platform;
const suffix = `${platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`;
const versionOf = (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).version;

const work = mkdtempSync(join(tmpdir(), 'network-executables-'));
const emptyPath = join(work, 'path');
const home = join(work, 'home');
const bin = join(work, 'bin');
for (const dir of [emptyPath, home, bin]) mkdirSync(dir);
/** A write the tests read back: a tag on the first contact of account 101. */
const TAG = 'written-by-the-executable';
const TAG_VIP = { account_id: '101', tags: { add: [{ name: TAG, color: 'green' }] } };
/** No Node, no npm, nothing: an empty folder is the whole PATH. */
const env = { PATH: emptyPath, HOME: home };

function executable(name) {
  const built = join(root, 'dist/bin', `${name}-${suffix}`);
  if (!existsSync(built)) throw new Error(`${built} is missing: run \`pnpm build && pnpm executables\` first`);
  const copy = join(bin, `${name}-${suffix}`);
  copyFileSync(built, copy);
  return copy;
}

/** Runs an executable to completion from the temporary folder: `{ status, stdout, stderr }`. */
function run(file, args) {
  const result = spawnSync(file, args, { cwd: work, env, encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw result.error;
  return result;
}

let mock;
let cli;
before(() => {
  mock = executable('network-mock');
  cli = executable('network-org');
});
after(() => rmSync(work, { recursive: true, force: true }));

describe('the environment the executables run in', () => {
  it('has no node on its PATH', () => {
    const found = spawnSync('/bin/sh', ['-c', 'command -v node || command -v npm || command -v npx'], { env, encoding: 'utf8' });
    assert.notEqual(found.status, 0, `found ${found.stdout}`);
  });
});

describe(`network-mock-${suffix}`, () => {
  it('prints the version of @network-org/mock', () => {
    const { status, stdout } = run(mock, ['--version']);
    assert.equal(status, 0);
    assert.equal(stdout, `${versionOf('packages/mock')}\n`);
  });

  it('prints its usage with --help', () => {
    const { status, stdout } = run(mock, ['--help']);
    assert.equal(status, 0);
    assert.match(stdout, /^Usage: network-mock serve \[options\]/);
    assert.match(stdout, /--state-file <path>/);
  });

  it('refuses a bad option with exit code 2', () => {
    const { status, stderr } = run(mock, ['serve', '--port', 'many']);
    assert.equal(status, 2);
    assert.match(stderr, /--port must be an integer/);
  });

  it('serves the API on --port 0, keeps a write, saves its state file and stops on SIGTERM', async () => {
    const stateFile = join(home, 'state.json');
    const server = await startServer(mock, ['serve', '--port', '0', '--no-rate-limit', '--state-file', stateFile], { cwd: work, env });
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const admin = { authorization: 'Bearer sk_test_admin', 'content-type': 'application/json' };
      const health = await (await fetch(`${server.url}/__mock/health`)).json();
      assert.deepEqual(health, { ok: true, version: health.version, now: '2026-01-15T12:00:00.000Z' });
      assert.match(health.version, /^\d+\.\d+\.\d+/);
      assert.equal((await fetch(`${server.url}/v1/organization`)).status, 401);
      const organization = await fetch(`${server.url}/v1/organization`, { headers: admin });
      assert.equal(organization.status, 200);
      assert.equal((await organization.json()).organization[0].name, 'Acme');
      const tagged = await fetch(`${server.url}/v1/contacts/1000001`, { method: 'PATCH', headers: admin, body: JSON.stringify(TAG_VIP) });
      assert.equal(tagged.status, 200, await tagged.clone().text());
      const found = await (await fetch(`${server.url}/v1/contacts?account_id=101&tag=${TAG}`, { headers: admin })).json();
      assert.deepEqual(found.data.contacts.map((contact) => contact.contact_id), ['1000001'], JSON.stringify(found));
      assert.match(await (await fetch(`${server.url}/__mock/ui/`)).text(), /^<!doctype html>/i, 'the inspector page is inside the bundle');
    } finally {
      assert.equal(await server.stop(), 0, server.output());
    }
    assert.ok(readFileSync(stateFile, 'utf8').includes(TAG), 'the state file holds the write');
  });
});

describe(`network-org-${suffix}`, () => {
  it('prints the version of @network-org/cli', () => {
    const { status, stdout } = run(cli, ['--version']);
    assert.equal(status, 0);
    assert.equal(stdout, `${versionOf('packages/cli')}\n`);
  });

  it('prints its commands with --help', () => {
    const { status, stdout } = run(cli, ['--help']);
    assert.equal(status, 0);
    assert.match(stdout, /^Usage: network-org \[options\] \[command\]/);
    assert.match(stdout, /contacts\s+list, import, update, find-email/);
  });

  it('lists contacts from the in-process mock with --mock', () => {
    const { status, stdout, stderr } = run(cli, ['contacts', 'list', '--mock', '--output', 'json']);
    assert.equal(status, 0, stderr);
    const contacts = JSON.parse(stdout);
    assert.ok(Array.isArray(contacts) && contacts.length > 0, stdout);
  });

  it('keeps the mock between runs in --state-file, written under the fresh HOME', () => {
    const state = join(home, 'cli-mock.json');
    const tagged = run(cli, ['api', 'PATCH', '/v1/contacts/1000001', '--state-file', state, '--data', JSON.stringify(TAG_VIP)]);
    assert.equal(tagged.status, 0, tagged.stderr);
    const listed = run(cli, ['api', 'GET', `/v1/contacts?account_id=101&tag=${TAG}`, '--state-file', state, '--output', 'json']);
    assert.equal(listed.status, 0, listed.stderr);
    assert.deepEqual(JSON.parse(listed.stdout).map((contact) => contact.contact_id), ['1000001']);
  });

  // Debian's redis-server (.ci/run installs it): the Redis client for --redis-url is inside the bundle too.
  const redisServer = spawnSync('/bin/sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  it('runs a bulk update with --redis-url against a real redis-server (an unreachable one fails it)', { skip: redisServer === '' && 'no redis-server on this machine' }, async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const redis = spawn(redisServer, ['--port', String(port), '--save', '', '--appendonly', 'no'], { cwd: work, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise((resolve, reject) => {
        let log = '';
        redis.stdout.setEncoding('utf8').on('data', (chunk) => {
          log += chunk;
          if (log.includes('Ready to accept connections')) resolve();
        });
        redis.once('exit', (code) => reject(new Error(`redis-server exited ${code}:\n${log}`)));
      });
      const csv = join(work, 'tags.csv');
      writeFileSync(csv, `contact_id,account_id,add_tags\n1000001,101,${TAG}\n`);
      const { status, stdout, stderr } = run(cli, ['contacts', 'update', '--from-csv', csv, '--mock', '--redis-url', `redis://127.0.0.1:${port}`]);
      assert.equal(status, 0, stderr);
      assert.match(stdout + stderr, /updated 1 of 1 rows/);
    } finally {
      redis.kill();
    }
  });

  it('says how to give a key when there is none, exit code 2', () => {
    const { status, stderr } = run(cli, ['contacts', 'list']);
    assert.equal(status, 2);
    assert.match(stderr, /no API key: export NETWORK_API_KEY/);
  });
});
