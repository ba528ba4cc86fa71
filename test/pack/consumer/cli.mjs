// The installed `network-mock` bin (run by the `node` first on PATH, as a user's shell would): starts, prints its
// listening line, answers a plain HTTP request and the SDK, stops on SIGTERM.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { NetworkClient } from '@network-org/sdk';

const child = spawn('node_modules/.bin/network-mock', ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const exited = once(child, 'exit');
let output = '';
const url = await new Promise((resolve, reject) => {
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    output += chunk;
    const match = /^listening on (http:\/\/\S+)$/m.exec(output);
    if (match) resolve(match[1]);
  });
  child.once('exit', (code) => reject(new Error(`network-mock exited (${code}) before listening:\n${output}`)));
});
try {
  assert.match(output, /sk_test_admin/, 'the fixture keys follow the listening line');
  const response = await fetch(`${url}/v1/accounts`, { headers: { authorization: 'Bearer sk_test_admin' } });
  assert.equal(response.status, 200);
  assert.ok(Array.isArray((await response.json()).data.accounts), 'GET /v1/accounts answers the accounts');
  const client = new NetworkClient({ baseUrl: url, apiKey: 'sk_test_admin' });
  assert.ok((await client.accounts.list()).length > 0);
} finally {
  child.kill('SIGTERM');
}
const [code] = await exited;
assert.equal(code, 0, 'network-mock stops cleanly on SIGTERM');
console.log('cli: ok');
