// Runs every example offline against the in-process mock and checks what it prints. The demo runs as a user runs it
// (`pnpm demo`: tsx); the others are compiled once for the file (esbuild, the packages left to Node to resolve from
// examples/node_modules as tsx does) and run by Node, a child process each: the same program without tsx's start-up
// and its esbuild service in every child (bulk-update-across-workers starts four more of itself).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireRedisServerInCi as redisServerPresent } from '../../packages/sdk-redis/test/redis-server';
import { parseCsv } from '../lib/csv';

const dir = fileURLToPath(new URL('..', import.meta.url));
const tsx = join(dir, 'node_modules/.bin/tsx');
// Inside examples/, so that the packages the compiled scripts import resolve from examples/node_modules.
const compiled = mkdtempSync(join(dir, 'node_modules/.examples-compiled-'));
const scripts = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'));

beforeAll(async () => {
  await build({ entryPoints: scripts.map((name) => join(dir, name)), outdir: compiled, outExtension: { '.js': '.mjs' }, bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', logLevel: 'error' });
  return () => rmSync(compiled, { recursive: true, force: true });
}, 60_000);

/** Runs an example (its compiled script with Node; with `viaTsx`, its source with tsx as `pnpm demo` does). */
function run(script: string, args: string[] = [], extraEnv: NodeJS.ProcessEnv = {}, viaTsx = false): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, ...extraEnv };
  delete env.NETWORK_BASE_URL;
  delete env.NETWORK_API_KEY;
  const [command, file] = viaTsx ? [tsx, script] : [process.execPath, join(compiled, script.replace(/\.ts$/, '.mjs'))];
  return new Promise((resolve) => {
    execFile(command, [file, ...args], { cwd: dir, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

const work = mkdtempSync(join(tmpdir(), 'network-examples-'));

describe('examples, offline against the mock', () => {
  it('export-contacts-csv writes every matching contact once, with a header', async () => {
    const out = join(work, 'connected.csv');
    const result = await run('export-contacts-csv.ts', ['--relationship-status', 'connected', '--out', out]);
    expect(result.stderr).toMatch(/contacts exported: (\d+) rows in (\d+) pages/);
    expect(result.code).toBe(0);
    const rows = parseCsv(readFileSync(out, 'utf8'));
    const exported = Number(/exported: (\d+) rows/.exec(result.stderr)![1]);
    expect(rows).toHaveLength(exported);
    expect(rows.length).toBeGreaterThan(25); // more than one page
    expect(new Set(rows.map((r) => r.contact_id)).size).toBe(rows.length);
    expect(rows.every((r) => r.relationship_status === 'connected')).toBe(true);
  });

  it('bulk-tag-from-csv imports the missing profiles (201), counts the attached ones (200) and rides out a 429', async () => {
    const result = await run('bulk-tag-from-csv.ts', ['--tag', 'Conference']);
    expect(result.stdout).toContain('imported (201): 5');
    expect(result.stdout).toContain('already attached (200): 3');
    expect(result.stdout).toContain('tagged "Conference": 8');
    expect(result.stdout).toContain('failed: 0');
    expect(result.code).toBe(0);
  });

  it('bulk-tag-from-csv reads a CSV file and reports an unknown profile without stopping', async () => {
    const csv = join(work, 'people.csv');
    writeFileSync(csv, 'network_url,note\nhttps://www.network.com/in/nobody-by-this-handle,"unknown, 404"\n');
    const result = await run('bulk-tag-from-csv.ts', ['--csv', csv, '--tag', 'X']);
    expect(result.stdout).toContain('failed: 1');
    expect(result.stderr).toContain('nobody-by-this-handle');
    expect(result.code).toBe(1);
  });

  it.skipIf(!redisServerPresent())(
    'bulk-update-across-workers tags every contact of a view from 4 processes sharing one Redis budget, without a 429',
    async () => {
      const result = await run('bulk-update-across-workers.ts', ['--tag', 'Across workers']);
      expect(result.stderr).toMatch(/Tagging the (\d+) contacts of view \d+ with "Across workers": 4 workers share/);
      const total = Number(/Tagging the (\d+) contacts/.exec(result.stderr)![1]);
      expect(total).toBeGreaterThan(10);
      expect(result.stdout).toContain(`tagged "Across workers": ${total}`);
      expect(result.stdout).toContain('failed: 0');
      expect(result.stdout).toContain('answered 429 by the mock: 0');
      expect(result.code).toBe(0);
    },
    90_000,
  );

  it('bulk-update-across-workers says how to get a redis-server when there is none', async () => {
    // The PATH's commands, less redis-server.
    const bin = mkdtempSync(join(tmpdir(), 'network-examples-bin-'));
    const linked = new Set(['redis-server']);
    for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
      for (const name of existsSync(dir) ? readdirSync(dir) : []) {
        if (linked.has(name)) continue;
        linked.add(name);
        symlinkSync(join(dir, name), join(bin, name));
      }
    }
    const result = await run('bulk-update-across-workers.ts', [], { PATH: bin });
    rmSync(bin, { recursive: true, force: true });
    expect(result.stderr).toContain('No redis-server on PATH: install one (Debian/Ubuntu: apt-get install redis-server');
    expect(result.stderr).toContain('--redis-url redis://HOST:PORT');
    expect(result.code).toBe(1);
  });

  it('weekly-activity-report prints a user-by-day table whose rows add up', async () => {
    const result = await run('weekly-activity-report.ts', ['--timezone', 'America/New_York', '--week', '2026-01-05']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Activity 2026-01-05 to 2026-01-11 (America/New_York)');
    expect(result.stdout).toContain('window: [2026-01-05T05:00:00');
    const allRow = result.stdout.split('\n').find((line) => line.startsWith('All'))!;
    const numbers = allRow.trim().split(/\s+/).slice(1).map(Number);
    expect(numbers).toHaveLength(8);
    expect(numbers.slice(0, 7).reduce((a, b) => a + b, 0)).toBe(numbers[7]);
    expect(numbers[7]).toBeGreaterThan(0);
  });

  it('reply-drafts-for-tag saves one draft per tagged conversation and sends nothing', async () => {
    const result = await run('reply-drafts-for-tag.ts', ['--tag', 'Customer', '--limit', '3']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/3 drafts saved; nothing was sent\./);
    expect(result.stdout).toMatch(/The mock now holds 3 drafts\./);
  });

  it('view-from-search (the demo) creates a view and lists its companies', async () => {
    const result = await run('demo.ts', [], {}, true);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Created view "Search: engineer" \(id \d+, public id \S+\) with \d+ contacts/);
    const companies = Number(/(\d+) companies in the view\./.exec(result.stdout)![1]);
    expect(companies).toBeGreaterThan(0);
  });
});
