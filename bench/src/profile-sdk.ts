import { writeFile, mkdir } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NetworkClient } from '@network-org/sdk';
import { captureFixtures } from './fixtures';
import { ADMIN_KEY } from './lib/dataset';
import { fixedKey } from './servers/fixed';

/*
 * Where the SDK's own time goes on a call: 10,000 PATCHes through a fetch that answers the mock's recorded bytes at
 * once (no network, so the SDK's work is what the profile shows), without and with `rateLimit` (a budget never
 * reached). Each run is profiled alone, after a warm-up, and written as <dir>/<name>.cpuprofile (open it in Chrome
 * DevTools); the functions with the most self time are printed.
 */
const { values } = parseArgs({
  options: { dir: { type: 'string', default: join(tmpdir(), 'network-bench-profiles', 'sdk') }, calls: { type: 'string', default: '10000' } },
});
const calls = Number(values.calls);
const fixtures = await captureFixtures();
const recorded = fixtures.routes[fixedKey('PATCH', `/v1/contacts/${fixtures.contactId}`)];
if (!recorded) throw new Error('no recorded PATCH answer');
const answer = async () => new Response(recorded.body, { status: recorded.status, headers: recorded.headers });
const options = { apiKey: ADMIN_KEY, baseUrl: 'http://fixtures.bench', fetch: answer };
const runs = {
  sdk: new NetworkClient(options),
  'sdk-rate-limit': new NetworkClient({ ...options, rateLimit: { requests: 1_000_000_000, windowMs: 1000 } }),
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function, as a share of the run, largest first. */
function selfTimes(profile: Profile): [string, number][] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const { callFrame } = byId.get(id) as ProfileNode;
    const where = callFrame.url ? ` ${callFrame.url.replace(/^.*\/(packages|node_modules)\//, '')}:${callFrame.lineNumber + 1}` : '';
    const name = `${callFrame.functionName || '(anonymous)'}${where}`;
    const delta = profile.timeDeltas[index] ?? 0;
    self.set(name, (self.get(name) ?? 0) + delta);
    total += delta;
  });
  return [...self].map(([name, time]): [string, number] => [name, time / total]).sort((a, b) => b[1] - a[1]);
}

await mkdir(values.dir, { recursive: true });
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
for (const [name, client] of Object.entries(runs)) {
  const call = () => client.contacts.update(fixtures.contactId, fixtures.patchBody);
  for (let i = 0; i < 2_000; i++) await call();
  await session.post('Profiler.start');
  const started = performance.now();
  for (let i = 0; i < calls; i++) await call();
  const elapsed = performance.now() - started;
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  const file = join(values.dir, `${name}.cpuprofile`);
  await writeFile(file, JSON.stringify(profile));
  console.log(`${name}: ${calls} calls, ${((elapsed / calls) * 1000).toFixed(1)} µs each (profiled), ${file}`);
  for (const [fn, share] of selfTimes(profile).slice(0, 15)) console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${fn}`);
}
session.disconnect();
