import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkWritableFolder, enumOption, EXIT, exitOnSignal, integerOption, isLoopbackHost, mockStateFile, onStopSignal, openMock, UsageError, writeFileAtomically } from '@network-org/cli-kit';

describe('integerOption', () => {
  it('reads decimal integers within the bounds, and undefined when the flag is absent', () => {
    expect(integerOption('port', '4010', 0, 65_535)).toBe(4010);
    expect(integerOption('seed', '-7')).toBe(-7);
    expect(integerOption('port', undefined, 0, 65_535)).toBeUndefined();
  });

  it.each(['0x10', '1e3', '2.0', ' 5', '', '+5', '5 ', 'ten', '9007199254740993'])('refuses %j, naming the flag', (text) => {
    expect(() => integerOption('latency', text, 0)).toThrow(UsageError);
    expect(() => integerOption('latency', text, 0)).toThrow(`--latency must be an integer of at least 0, got "${text}"`);
  });

  it('says the range it wanted', () => {
    expect(() => integerOption('port', '70000', 0, 65_535)).toThrow('--port must be an integer from 0 to 65535, got "70000"');
    expect(() => integerOption('n', '9', Number.MIN_SAFE_INTEGER, 5)).toThrow('--n must be an integer of at most 5, got "9"');
  });
});

describe('enumOption', () => {
  it('takes one of the choices and lists them otherwise', () => {
    expect(enumOption('output', 'json', ['table', 'json'])).toBe('json');
    expect(enumOption('output', undefined, ['table', 'json'])).toBeUndefined();
    expect(() => enumOption('output', 'xml', ['table', 'json'])).toThrow('--output must be one of table, json, got "xml"');
  });
});

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.8.9.10', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1'])('%s is this machine only', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  it.each(['0.0.0.0', '::', '192.168.1.2', 'example.com', '127.0.0.1.nip.io', 'localhost.evil.test'])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('state files', () => {
  it('refuses at start a file in a folder that does not exist', () => {
    expect(() => checkWritableFolder('state-file', '/nonexistent-folder/state.json')).toThrow(UsageError);
    expect(() => checkWritableFolder('state-file', join(tmpdir(), 'state.json'))).not.toThrow();
  });

  it('writes atomically (no temporary file left) and with the mode asked for', () => {
    const folder = mkdtempSync(join(tmpdir(), 'cli-kit-'));
    const path = join(folder, 'config.json');
    writeFileAtomically(path, '{"a":1}', 0o600);
    writeFileAtomically(path, '{"a":2}', 0o600);
    expect(readFileSync(path, 'utf8')).toBe('{"a":2}');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder)).toEqual(['config.json']);
  });
});

describe('EXIT', () => {
  it('gives each outcome its documented status', () => {
    expect(EXIT).toEqual({ ok: 0, failure: 1, usage: 2, transport: 3, partial: 4, interrupted: 130, terminated: 143 });
  });

  it('a signal exits 128 plus its number: 130 for SIGINT (Ctrl-C), 143 for SIGTERM', () => {
    expect([exitOnSignal('SIGINT'), exitOnSignal('SIGTERM')]).toEqual([130, 143]);
  });
});

describe('mockStateFile', () => {
  afterEach(() => {
    process.exitCode = undefined;
    vi.restoreAllMocks();
  });

  it('starts from nothing when the file does not exist yet, and writes the state there at exit', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'cli-kit-')), 'state.json');
    const file = mockStateFile('network-mock', 'state-file', path);
    expect(file.state).toBeUndefined();
    expect(file.save(() => '{"version":1}')).toBe(true);
    expect(mockStateFile('network-mock', 'state-file', path).state).toBe('{"version":1}');
  });

  it('refuses at start a file whose folder is missing, naming the flag', () => {
    expect(() => mockStateFile('network-org', 'state-file', '/nonexistent-folder/state.json')).toThrow('--state-file /nonexistent-folder/state.json');
  });

  it('names the file when the mock refuses its state', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'cli-kit-')), 'state.json');
    const error = mockStateFile('network-mock', 'state-file', path).refused(new Error('unknown format version 9'));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(`cannot start from the state file ${path}: unknown format version 9`);
  });

  it('reports a state it could not write under the CLI\'s name and fails the exit status', () => {
    const folder = mkdtempSync(join(tmpdir(), 'cli-kit-'));
    const file = mockStateFile('network-org', 'state-file', join(folder, 'state.json'));
    const stderr = vi.spyOn(process.stderr, 'write').mockReturnValue(true);
    expect(file.save(() => { throw new Error('disk full'); })).toBe(false);
    expect(String(stderr.mock.calls[0]?.[0])).toBe(`network-org: could not write the state to ${join(folder, 'state.json')}: disk full\n`);
    expect(process.exitCode).toBe(EXIT.failure);
  });
});

describe('openMock', () => {
  const fakeMock = (state: string | undefined) => {
    if (state === 'broken') throw new Error('not a state file');
    let current = state ?? 'seeded';
    return { change: (next: string) => (current = next), exportState: () => current };
  };

  it('opens from the file when it exists, and saves the state there atomically', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'cli-kit-')), 'state.json');
    const first = await openMock(mockStateFile('network-mock', 'state-file', path), fakeMock, (mock) => mock.exportState());
    expect(first.opened.exportState()).toBe('seeded');
    first.opened.change('edited');
    expect(first.save()).toBe(true);
    const second = await openMock(mockStateFile('network-mock', 'state-file', path), fakeMock, (mock) => mock.exportState());
    expect(second.opened.exportState()).toBe('edited');
  });

  it('refuses a state the mock refuses as a usage error naming the file; without a file, it saves nothing', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'cli-kit-')), 'state.json');
    writeFileSync(path, 'broken');
    await expect(openMock(mockStateFile('network-mcp', 'state-file', path), fakeMock, (mock) => mock.exportState())).rejects.toThrow(
      new UsageError(`cannot start from the state file ${path}: not a state file`),
    );
    const none = await openMock(undefined, fakeMock, (mock) => mock.exportState());
    expect(none.save()).toBe(false);
  });
});

describe('onStopSignal', () => {
  it('runs the handler once on the first SIGINT or SIGTERM and then lets go of both', () => {
    const before = { int: process.listenerCount('SIGINT'), term: process.listenerCount('SIGTERM') };
    const stop = vi.fn();
    onStopSignal(stop);
    process.emit('SIGTERM', 'SIGTERM');
    expect(stop).toHaveBeenCalledExactlyOnceWith('SIGTERM');
    expect({ int: process.listenerCount('SIGINT'), term: process.listenerCount('SIGTERM') }).toEqual(before);
  });

  it('removes its handlers when asked', () => {
    const before = process.listenerCount('SIGINT');
    const remove = onStopSignal(vi.fn());
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    remove();
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
});
