// client.withOptions(), logger and logLevel.
import { describe, expect, it } from 'vitest';
import { type Logger, NetworkClient } from '@network-org/sdk';
import { API_KEY, BASE_URL, client, errorReply, fakeFetch, json } from './helpers';

function recordingLogger() {
  const lines: { level: keyof Logger; message: string }[] = [];
  const logger: Logger = {
    error: (message) => lines.push({ level: 'error', message }),
    warn: (message) => lines.push({ level: 'warn', message }),
    info: (message) => lines.push({ level: 'info', message }),
    debug: (message) => lines.push({ level: 'debug', message }),
  };
  return { logger, lines };
}

describe('withOptions', () => {
  it('gives a client with the options merged over the original’s, which stays as it was', async () => {
    const { fetch, calls } = fakeFetch(json({ data: { accounts: [] } }));
    const base = client(fetch, { headers: { 'x-team': 'growth' } });
    const copy = base.withOptions({ headers: { 'x-team': 'sales' }, maxRetries: 0 });
    expect(copy).toBeInstanceOf(NetworkClient);
    expect(copy).not.toBe(base);
    await copy.accounts.list();
    await base.accounts.list();
    expect(calls.map((call) => call.headers.get('x-team'))).toEqual(['sales', 'growth']);
    // Same key, base URL and fetch: the options not given are the original's.
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual([`Bearer ${API_KEY}`, `Bearer ${API_KEY}`]);
    expect(calls.map((call) => call.url.origin)).toEqual([BASE_URL, BASE_URL]);
  });

  it('merges headers name by name: a copy adds to the original’s, and null removes one', async () => {
    const { fetch, calls } = fakeFetch(json({ data: { accounts: [] } }));
    const base = client(fetch, { headers: { 'X-Team': 'growth', 'X-Region': 'eu' } });
    const copy = base.withOptions({ headers: { 'x-trace': 'on', 'X-Region': 'us' } });
    await copy.accounts.list();
    await copy.withOptions({ headers: { 'x-team': null } }).accounts.list();
    const seen = calls.map((call) => ['x-team', 'x-region', 'x-trace'].map((name) => call.headers.get(name)));
    expect(seen).toEqual([
      ['growth', 'us', 'on'],
      [null, 'us', 'on'],
    ]);
    expect(calls.every((call) => call.headers.get('authorization') === `Bearer ${API_KEY}`)).toBe(true);
  });

  it('keeps the original’s retries unless told otherwise', async () => {
    const down = errorReply(500, 'internal_error', 'down', { 'retry-after': '0' });
    const { fetch, calls } = fakeFetch(down, down, json({ data: { accounts: [] } }));
    const base = client(fetch, { maxRetries: 0 });
    const retrying = base.withOptions({ maxRetries: 1, timeout: 5_000 });
    await expect(base.accounts.list()).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(1);
    // withOptions of a copy merges over the copy.
    await expect(retrying.withOptions({ timeout: 1_000 }).accounts.list()).resolves.toEqual([]);
    expect(calls).toHaveLength(3);
  });

  it('does not put the key in the copy’s enumerable fields', () => {
    const copy = client(fakeFetch().fetch).withOptions({ maxRetries: 5 });
    expect(JSON.stringify(copy)).not.toContain(API_KEY);
  });
});

describe('logger and logLevel', () => {
  it('logs nothing by default', async () => {
    const { logger, lines } = recordingLogger();
    await client(fakeFetch(json({ data: { accounts: [] } })).fetch, { logger }).accounts.list();
    expect(lines).toEqual([]);
  });

  it('writes one line per attempt: method, path, status, attempt and milliseconds', async () => {
    const { logger, lines } = recordingLogger();
    const { fetch } = fakeFetch(errorReply(503, 'internal_error', 'down', { 'retry-after': '0' }), json({ data: { contact: { contact_id: '2001' } } }));
    await client(fetch, { logger, logLevel: 'debug', maxRetries: 1 }).contacts.update('2001', { account_id: '101', 'Deal stage': 'Won' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({ level: 'warn', message: expect.stringMatching(/^\[network-org\/sdk\] PATCH \/v1\/contacts\/2001 503 \(attempt 1, \d+ ms, retrying in 0 ms\)$/) });
    expect(lines[1]).toEqual({ level: 'info', message: expect.stringMatching(/^\[network-org\/sdk\] PATCH \/v1\/contacts\/2001 200 \(attempt 2, \d+ ms\)$/) });
  });

  it('filters by level: warn shows failures, not successes', async () => {
    const { logger, lines } = recordingLogger();
    const { fetch } = fakeFetch(json({ data: { accounts: [] } }), errorReply(404, 'not_found'));
    const network = client(fetch, { logger, logLevel: 'warn' });
    await network.accounts.list();
    await expect(network.accounts.list()).rejects.toMatchObject({ status: 404 });
    expect(lines.map((line) => line.level)).toEqual(['error']);
    expect(lines[0]?.message).toContain('GET /v1/accounts 404 (attempt 1');
  });

  it('logs transport failures, and never the key or a body, whatever the server echoes', async () => {
    const { logger, lines } = recordingLogger();
    const { fetch } = fakeFetch(
      new TypeError(`connect failed for Bearer ${API_KEY}`),
      errorReply(400, 'bad_request', `bad key ${API_KEY}`),
    );
    const network = client(fetch, { logger, logLevel: 'debug', maxRetries: 1 });
    await expect(network.contacts.update(API_KEY, { account_id: '101' })).rejects.toMatchObject({ status: 400 });
    expect(lines.map((line) => line.level)).toEqual(['warn', 'error']);
    expect(lines[0]?.message).toContain('connection error (attempt 1');
    for (const { message } of lines) {
      expect(message).not.toContain(API_KEY);
      expect(message).not.toContain('bad key');
    }
  });

  it('refuses an unknown level at construction, naming the value and the levels', () => {
    expect(() => client(fakeFetch().fetch, { logLevel: 'bogus' as never })).toThrow('Unknown logLevel "bogus": use one of off, error, warn, info, debug');
    expect(() => client(fakeFetch().fetch, { logLevel: 'toString' as never })).toThrow('Unknown logLevel "toString"');
  });
});
