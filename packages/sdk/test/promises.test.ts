// APIPromise and PagePromise are real promises of their values: anything that reads the native promise (bun's
// and node's test runners, util.inspect, Promise.prototype.then) sees the value or the error, not `undefined`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthenticationError, type Page } from '@network-org/sdk';
import { bundleSdkSources, client, contactsPage, errorReply, fakeFetch, json } from './helpers';

const accounts = [{ account_id: '101' }];
const nativeThen = <T>(promise: Promise<T>): Promise<T> =>
  new Promise((resolve, reject) => Promise.prototype.then.call(promise, resolve, reject));

describe('APIPromise', () => {
  it('resolves with the value in expect().resolves and through the native then', async () => {
    const call = client(fakeFetch(json({ data: { accounts } })).fetch).accounts.list();
    await expect(call).resolves.toEqual(accounts);
    await expect(nativeThen(call)).resolves.toEqual(accounts);
  });

  it('rejects with the error class in expect().rejects and through the native then', async () => {
    const call = client(fakeFetch(errorReply(401, 'unauthorized')).fetch).accounts.list();
    await expect(call).rejects.toBeInstanceOf(AuthenticationError);
    await expect(nativeThen(call)).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('shows its value in util.inspect once settled', async () => {
    const call = client(fakeFetch(json({ data: { accounts } })).fetch).accounts.list();
    await call;
    expect(inspect(call)).toContain("account_id: '101'");
  });

  it('still gives {data, response} with withResponse()', async () => {
    const { data, response } = await client(fakeFetch(json({ data: { accounts } })).fetch).accounts.list().withResponse();
    expect(data).toEqual(accounts);
    expect(response.status).toBe(200);
  });
});

describe('PagePromise', () => {
  it('resolves with the first page through the native then, and still iterates items and pages', async () => {
    const { fetch } = fakeFetch(({ url }) =>
      url.searchParams.get('cursor') === 'c2'
        ? contactsPage(['3'], { limit: 2, has_more: false })
        : contactsPage(['1', '2'], { limit: 2, has_more: true, next_cursor: 'c2' }),
    );
    const network = client(fetch);
    const list = network.contacts.list();
    const first = (await nativeThen(list)) as Page<{ contact_id: string }>;
    expect(first.items.map((item) => item.contact_id)).toEqual(['1', '2']);
    expect(inspect(list)).toContain('items');
    const seen: string[] = [];
    for await (const item of network.contacts.list()) seen.push(item.contact_id);
    expect(seen).toEqual(['1', '2', '3']);
    let pages = 0;
    for await (const _page of network.contacts.list().pages()) pages++;
    expect(pages).toBe(2);
  });
});

describe('no unhandled rejections', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });
  const settleTurns = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('when a failed call is only read through withResponse()', async () => {
    const call = client(fakeFetch(errorReply(401, 'unauthorized')).fetch).accounts.list();
    await expect(call.withResponse()).rejects.toBeInstanceOf(AuthenticationError);
    await settleTurns();
    expect(unhandled).toEqual([]);
  });

  it('when a failed list is only iterated', async () => {
    const network = client(fakeFetch(errorReply(401, 'unauthorized')).fetch);
    const walk = async () => {
      for await (const _item of network.contacts.list());
    };
    await expect(walk()).rejects.toBeInstanceOf(AuthenticationError);
    const pages = async () => {
      for await (const _page of network.contacts.list().pages());
    };
    await expect(pages()).rejects.toBeInstanceOf(AuthenticationError);
    await settleTurns();
    expect(unhandled).toEqual([]);
  });
});

describe('under node:test', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sdk-node-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('test/node/promises.node-test.mjs passes (assert.rejects / doesNotReject, util.inspect)', async () => {
    const entry = join(dir, 'sdk.mjs');
    await bundleSdkSources(entry);
    const testFile = fileURLToPath(new URL('./node/promises.node-test.mjs', import.meta.url));
    const run = spawnSync(process.execPath, ['--test', testFile], {
      env: { ...process.env, NETWORK_SDK_ENTRY: entry, NODE_OPTIONS: '' },
      encoding: 'utf8',
    });
    expect(run.stdout + run.stderr).toMatch(/# pass 3/);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});
