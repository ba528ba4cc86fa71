import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { captureFixtures } from './fixtures';
import { pinToCore } from './lib/cpu';
import { load } from './lib/load';
import { startMockProcess } from './servers/start';
import { SERVER_NODE_FLAGS } from './suites/http-throughput';

/*
 * Where the standalone mock's time goes under the http suite's load: one `startMockServer` process per request
 * kind, run with --cpu-prof and the suite's Node flags, pinned to a core as the suite pins it, loaded by autocannon
 * as the suite loads it. The server's main thread writes CPU.*.0.001.cpuprofile into <dir>/<METHOD>/ (the other file
 * is tsx's loader thread); open it in Chrome DevTools.
 */
const { values } = parseArgs({ options: { dir: { type: 'string', default: join(tmpdir(), 'network-bench-profiles') }, seconds: { type: 'string', default: '5' } } });
const fixtures = await captureFixtures();
for (const request of [fixtures.list, fixtures.patch]) {
  const dir = join(values.dir, request.method);
  await mkdir(dir, { recursive: true });
  const server = await startMockProcess({ rateLimit: false }, [...SERVER_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${dir}`]);
  pinToCore(server.pid);
  try {
    const result = await load(server.url, request, { connections: 10, durationSeconds: Number(values.seconds), warmupSeconds: 1 });
    console.log(`${request.name}: ${result.requestsPerSecond.toFixed(0)} req/s, profile in ${dir}`);
  } finally {
    await server.close();
  }
}
process.exit(0);
