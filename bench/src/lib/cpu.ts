import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system, all threads) a process has used so far, from /proc; 0 where there is no /proc. */
export function cpuSecondsOf(pid: number): number {
  try {
    // Fields 14 and 15 of /proc/PID/stat, counted after the command name (which may hold spaces) ends.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Whether this machine reports a process's CPU time (Linux's /proc). */
export function cpuTimeReadable(): boolean {
  try {
    readFileSync(`/proc/${process.pid}/stat`, 'utf8');
    return true;
  } catch {
    return false;
  }
}

/** The last core this process may run on (its affinity, from /proc), else the machine's last. */
function lastAllowedCore(): number {
  try {
    const list = /^Cpus_allowed_list:\s*([\d,-]+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (list !== undefined) return Number(list.split(',').at(-1)?.split('-').at(-1));
  } catch {
    // No /proc: fall through.
  }
  return Math.max(0, availableParallelism() - 1);
}

/** The core servers are pinned to: the last one, leaving the others to the load generator and the rest of the machine. */
export const SERVER_CORE = lastAllowedCore();

/**
 * Pins a process and all its threads to one core with util-linux's `taskset`; threads it starts later inherit the
 * core. False, and nothing changed, where `taskset` is missing or refuses (not Linux, a container without the right).
 */
export function pinToCore(pid: number, core = SERVER_CORE): boolean {
  const result = spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', String(core), String(pid)], { stdio: 'ignore' });
  return result.error === undefined && result.status === 0;
}
