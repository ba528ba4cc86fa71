import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkWritableFolder, enumOption, EXIT, integerOption, isLoopbackHost, UsageError, writeFileAtomically } from '@network-org/cli-kit';

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
    expect(EXIT).toEqual({ ok: 0, failure: 1, usage: 2, transport: 3, partial: 4, interrupted: 130 });
  });
});
