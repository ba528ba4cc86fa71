// The installed `network-verify` bin against the installed `network-mock serve`: every scenario agrees with every
// flag on, the JSON report is on stdout, and the key is never printed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const mock = spawn('node_modules/.bin/network-mock', ['serve', '--port', '0', '--no-rate-limit'], { stdio: ['ignore', 'pipe', 'inherit'] });
const stopped = once(mock, 'exit');
let output = '';
const url = await new Promise((resolve, reject) => {
  mock.stdout.setEncoding('utf8').on('data', (chunk) => {
    output += chunk;
    const match = /^listening on (http:\/\/\S+)$/m.exec(output);
    if (match) resolve(match[1]);
  });
  mock.once('exit', (code) => reject(new Error(`network-mock exited (${code}) before listening:\n${output}`)));
});
try {
  const args = ['--base-url', url, '--member-key', 'sk_test_member', '--allow-writes', '--allow-credits', '--no-rate-limit', '--format', 'json'];
  const verify = spawn('node_modules/.bin/network-verify', args, { env: { ...process.env, NETWORK_API_KEY: 'sk_test_admin' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  verify.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  verify.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const [code] = await once(verify, 'exit');
  assert.equal(code, 0, `network-verify exits 0 when every scenario agrees:\n${stderr}\n${stdout.slice(0, 2000)}`);
  const report = JSON.parse(stdout);
  assert.equal(report.version, 1);
  assert.ok(report.scenarios.length >= 60, 'at least 60 scenarios');
  assert.equal(report.summary.differ + report.summary.error, 0);
  assert.ok(!stdout.includes('sk_test_admin') && !stdout.includes('sk_test_member'), 'the keys are never printed');
} finally {
  mock.kill('SIGTERM');
}
await stopped;
console.log('verify: ok');
