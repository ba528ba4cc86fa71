// A state file mounted on its own (a container's `-v ./state.json:/data/state.json`) cannot be renamed over: the
// rename fails with EBUSY. The state is then written back in place, whole, and nothing is left beside it.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockStateFile, writeFileAtomically } from '@network-org/cli-kit';

const mounted = vi.hoisted(() => ({ renameFails: undefined as string | undefined, writeFails: false }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const renameSync = ((from: string, to: string) => {
    if (mounted.renameFails) throw Object.assign(new Error(`${mounted.renameFails}: resource busy or locked, rename '${from}' -> '${to}'`), { code: mounted.renameFails });
    return real.renameSync(from, to);
  }) as typeof real.renameSync;
  const openSync = ((...args: Parameters<typeof real.openSync>) => {
    if (mounted.writeFails && args[1] === 'r+') throw Object.assign(new Error('EROFS: read-only file system, open'), { code: 'EROFS' });
    return real.openSync(...args);
  }) as typeof real.openSync;
  return { ...real, default: { ...real, renameSync, openSync }, renameSync, openSync };
});

afterEach(() => {
  mounted.renameFails = undefined;
  mounted.writeFails = false;
});

const folder = () => mkdtempSync(join(tmpdir(), 'cli-kit-in-place-'));

describe('writing a state file that cannot be renamed over', () => {
  it.each(['EBUSY', 'EXDEV'])('rewrites it in place when the rename fails with %s: the whole new text, shorter or longer, and no temporary file', (code) => {
    const dir = folder();
    const path = join(dir, 'state.json');
    writeFileSync(path, JSON.stringify({ contacts: 'x'.repeat(5_000) }));
    mounted.renameFails = code;
    writeFileAtomically(path, '{"contacts":"short"}');
    expect(readFileSync(path, 'utf8')).toBe('{"contacts":"short"}');
    const longer = JSON.stringify({ contacts: 'y'.repeat(200_000) });
    writeFileAtomically(path, longer);
    expect(readFileSync(path, 'utf8')).toBe(longer);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it("writes the mock's state back through mockStateFile, as network-mock serve does on SIGTERM", () => {
    const dir = folder();
    const path = join(dir, 'state.json');
    writeFileSync(path, '{"version":1,"before":true}');
    const file = mockStateFile('network-mock', 'state-file', path);
    expect(file.state).toBe('{"version":1,"before":true}');
    mounted.renameFails = 'EBUSY';
    expect(file.save(() => '{"version":1,"after":true}')).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('{"version":1,"after":true}');
  });

  it('keeps the whole text beside the file, and says where, when the file cannot be rewritten either', () => {
    const dir = folder();
    const path = join(dir, 'state.json');
    writeFileSync(path, 'the previous state');
    mounted.renameFails = 'EBUSY';
    mounted.writeFails = true;
    expect(() => writeFileAtomically(path, 'the new state')).toThrow(/nor rewritten in place \(EROFS.*the whole text is kept in .*state\.json\.\d+\.tmp/);
    expect(readFileSync(path, 'utf8')).toBe('the previous state');
    const kept = readdirSync(dir).filter((name) => name.endsWith('.tmp'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(dir, kept[0] as string), 'utf8')).toBe('the new state');
  });

  it('still refuses any other rename failure, leaving no temporary file', () => {
    const dir = folder();
    const path = join(dir, 'state.json');
    writeFileSync(path, 'the previous state');
    mounted.renameFails = 'EACCES';
    expect(() => writeFileAtomically(path, 'the new state')).toThrow(/EACCES/);
    expect(readFileSync(path, 'utf8')).toBe('the previous state');
    expect(readdirSync(dir)).toEqual(['state.json']);
  });
});
