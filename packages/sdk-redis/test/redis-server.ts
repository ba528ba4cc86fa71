import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's redis-server: `apt-get update && apt-get install -y redis-server` (.ci/run does so as root). */
export const REDIS_SERVER = 'redis-server';

export function redisServerPresent(): boolean {
  try {
    execFileSync(REDIS_SERVER, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Throws in CI when redis-server is missing (CI must run these tests); elsewhere the tests are skipped. */
export function requireRedisServerInCi(): boolean {
  const present = redisServerPresent();
  if (!present && process.env.CI === 'true') {
    throw new Error(
      'These tests need a real Redis: install it with `apt-get update && apt-get install -y redis-server` (.ci/run does so as root).',
    );
  }
  return present;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (its data is gone: no persistence). */
  stop(): Promise<void>;
  /** Kills it, as a crash would; `restart` brings it back. */
  crash(): Promise<void>;
  /** Kills it (when running) and starts a new one on the same port, as a crash and a restart would. */
  restart(): Promise<void>;
}

/** A throwaway redis-server on a free loopback port, with a temp dir and no persistence. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'network-org-redis-'));
  let child: ChildProcess | undefined;

  const launch = () =>
    new Promise<void>((resolve, reject) => {
      const started = spawn(
        REDIS_SERVER,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          started.stdout?.off('data', onData);
          started.stdout?.resume();
          resolve();
        }
      };
      started.stdout?.on('data', onData);
      started.stderr?.resume();
      started.once('error', reject);
      started.once('exit', (code) => reject(new Error(`redis-server exited with ${code} before it was ready:\n${output}`)));
    });

  const halt = () =>
    new Promise<void>((resolve) => {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });

  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    crash: halt,
    async restart() {
      await halt();
      await launch();
    },
  };
}
