// Bad input leaves no half-written file that looks complete: a key without access, a source that stops mid-way, a
// disk that fills. And a stopped run resumed fetches nothing twice that it kept.
import * as fs from 'node:fs';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { markedSource, snapshotOf, tempDir } from './support';

const disk = vi.hoisted(() => ({ writesLeft: Number.POSITIVE_INFINITY, writes: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const writeSync = ((...args: Parameters<typeof real.writeSync>) => {
    disk.writes++;
    if (disk.writesLeft-- <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    return (real.writeSync as (...a: unknown[]) => number)(...args);
  }) as typeof real.writeSync;
  return { ...real, default: { ...real, writeSync }, writeSync };
});

type Fetch = typeof fetch;

/** A fetch that records what it was asked, and fails as a dropped connection does after `failAfter` calls. */
function recording(source: { fetch: Fetch }, failAfter = Number.POSITIVE_INFINITY) {
  const urls: string[] = [];
  const fetch: Fetch = async (input, init) => {
    if (urls.length >= failAfter) throw new TypeError('fetch failed');
    urls.push(String(input instanceof Request ? input.url : input));
    return source.fetch(input, init);
  };
  return { fetch, urls };
}

const leftovers = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

describe('a snapshot that cannot finish', () => {
  const source = markedSource();

  it('refuses a key without access with the API error, and writes no file', async () => {
    const dir = tempDir();
    const out = join(dir, 'snapshot.json');
    await expect(snapshotOf(source, out, { apiKey: 'sk_test_retired' })).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/Invalid API key/) });
    await expect(snapshotOf(source, out, { apiKey: 'sk_test_api_disabled' })).rejects.toMatchObject({ status: 403 });
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves the previous file as it was when the source stops mid-way, then resumes without fetching twice what it kept', async () => {
    const dir = tempDir();
    const out = join(dir, 'snapshot.json');
    const whole = recording(source);
    await snapshotOf(whole, join(dir, 'whole.json'));
    const expected = readFileSync(join(dir, 'whole.json'), 'utf8');

    writeFileSync(out, 'the previous snapshot');
    const stopped = recording(source, Math.floor(whole.urls.length / 2));
    let keptCalls = 0;
    await expect(snapshotOf(stopped, out, { onProgress: () => (keptCalls = stopped.urls.length) })).rejects.toThrow(/fetch failed|connection/i);
    expect(readFileSync(out, 'utf8')).toBe('the previous snapshot');
    expect(leftovers(dir)).toEqual([]);
    expect(keptCalls).toBeGreaterThan(2);

    const resumed = recording(source);
    await snapshotOf(resumed, out, { resume: true });
    const kept = new Set(stopped.urls.slice(0, keptCalls));
    expect(resumed.urls.filter((url) => kept.has(url))).toEqual([]);
    expect(resumed.urls.length).toBeLessThan(whole.urls.length);
    expect(readFileSync(out, 'utf8')).toBe(expected);
    expect(existsSync(`${out}.parts`)).toBe(false);
  });

  it('reports a full disk, while reading or while writing the file, and leaves no file that looks complete', async () => {
    const dir = tempDir();
    const out = join(dir, 'snapshot.json');
    disk.writes = 0;
    await snapshotOf(source, join(dir, 'whole.json'));
    const writes = disk.writes;
    for (const left of [40, writes - 5]) {
      disk.writesLeft = left;
      try {
        await expect(snapshotOf(source, out)).rejects.toThrow(/ENOSPC|no space left/);
      } finally {
        disk.writesLeft = Number.POSITIVE_INFINITY;
      }
      expect(existsSync(out)).toBe(false);
      expect(leftovers(dir)).toEqual([]);
    }
    expect(fs.existsSync(join(dir, 'whole.json'))).toBe(true);
  });
});
