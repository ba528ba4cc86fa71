// Run by test/promises.test.ts with `node --test`, against the SDK bundled from its sources (NETWORK_SDK_ENTRY):
// node:test and node:assert see APIPromise and PagePromise as the plain promises of their values.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inspect } from 'node:util';

const { AuthenticationError, NetworkClient } = await import(process.env.NETWORK_SDK_ENTRY);

const account = { account_id: '101', display_name: 'Ada', provider_account_id: 'ACoAAA101', owner_user_id: '1' };
const answer = (status, body) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const client = (fetch) => new NetworkClient({ apiKey: 'sk_test_node', baseUrl: 'https://api.network.test', fetch, maxRetries: 0 });

test('a call resolves with its value, also read through the native then', async () => {
  const call = client(answer(200, { data: { accounts: [account] } })).accounts.list();
  await assert.doesNotReject(call);
  assert.deepEqual(await call, [account]);
  assert.deepEqual(await new Promise((resolve) => Promise.prototype.then.call(call, resolve)), [account]);
  assert.match(inspect(call), /account_id: '101'/);
});

test('a failed call rejects with its error class', async () => {
  const call = client(answer(401, { code: 'unauthorized', message: 'Invalid API key' })).accounts.list();
  await assert.rejects(call, AuthenticationError);
  await assert.rejects(new Promise((_, reject) => Promise.prototype.then.call(call, undefined, reject)), AuthenticationError);
});

test('a list resolves with its first page', async () => {
  const page = { data: { contacts: [], pagination: { limit: 10, has_more: false } } };
  const list = client(answer(200, page)).contacts.list();
  const first = await list;
  assert.deepEqual(first.items, []);
  assert.equal(await new Promise((resolve) => Promise.prototype.then.call(list, resolve)), first);
});
