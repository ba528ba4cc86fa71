import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuSecondsOf, cpuTimeReadable, pinToCore, SERVER_CORE } from '../src/lib/cpu';

const hasTaskset = spawnSync('taskset', ['--version']).status === 0;

// Says it runs, spends 300 ms of its own CPU time (not of the clock: the machine may be loaded), then waits to be ended.
const BUSY = 'process.stdout.write("running"); while (process.cpuUsage().user < 300_000); setInterval(() => {}, 1000);';

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

// What the http suite relies on to judge servers by their CPU per request.
describe('a server process\'s core and CPU time', () => {
  it.skipIf(!cpuTimeReadable() || !hasTaskset)('pins a process and all its threads to one core, and reads the CPU time it spends', async () => {
    const child = spawn(process.execPath, ['-e', BUSY], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = child.pid as number;
      // Pinned once it runs its script, when Node has started its threads.
      await once(child.stdout, 'data');
      expect(pinToCore(pid)).toBe(true);
      const tasks = readdirSync(`/proc/${pid}/task`);
      expect(tasks.length).toBeGreaterThan(1);
      for (const task of tasks) {
        expect(readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8')).toMatch(new RegExp(`^Cpus_allowed_list:\\s*${SERVER_CORE}$`, 'm'));
      }
      await until(() => cpuSecondsOf(pid) >= 0.3);
      expect(cpuSecondsOf(pid)).toBeGreaterThanOrEqual(0.3);
    } finally {
      child.kill();
      await once(child, 'exit');
    }
  });

  it('reads no CPU time for a process that does not exist, rather than failing', () => {
    expect(cpuSecondsOf(2 ** 30)).toBe(0);
  });
});
