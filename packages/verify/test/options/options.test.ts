import { createServer } from 'node:net';
import { runVerify, scenarioCatalog, TargetUnreachableError, type VerifyOptions, VerifyUsageError } from '@network-org/verify';
import { describe, expect, it } from 'vitest';

const good: VerifyOptions = { baseUrl: 'http://127.0.0.1:1', apiKey: 'sk_test_admin', rateLimit: false };

describe('runVerify options', () => {
  it.each([
    [{ baseUrl: '' }, /Missing --base-url/],
    [{ baseUrl: 'not a url' }, /absolute http\(s\) URL/],
    [{ baseUrl: 'ftp://example.com' }, /http or https/],
    [{ apiKey: '' }, /Missing --api-key/],
    [{ apiKey: 'key with spaces' }, /visible ASCII/],
    [{ accountId: 'abc' }, /--account-id must be an account id/],
    [{ profileUrl: 'nope' }, /--profile-url must be an absolute URL/],
    [{ only: 'no-such-scenario' }, /matches no scenario/],
  ])('rejects %o with a usage error that says what to fix', async (change, message) => {
    const attempt = runVerify({ ...good, ...change });
    await expect(attempt).rejects.toBeInstanceOf(VerifyUsageError);
    await expect(attempt).rejects.toThrow(message);
  });

  it('rejects a target nothing listens on with TargetUnreachableError', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    await expect(runVerify({ ...good, baseUrl: `http://127.0.0.1:${port}` })).rejects.toBeInstanceOf(TargetUnreachableError);
  });
});

describe('scenarioCatalog', () => {
  it('selects by id substring, operation, or * glob of the id', () => {
    expect(scenarioCatalog('contacts.filter.view').map((s) => s.id)).toEqual(['contacts.filter.view', 'contacts.filter.view.public-id', 'contacts.filter.view.unknown']);
    expect(new Set(scenarioCatalog('createDraft').map((s) => s.operation))).toEqual(new Set(['createDraft']));
    expect(scenarioCatalog('*.limit.zero').map((s) => s.id)).toEqual(['contacts.limit.zero', 'companies.limit.zero', 'conversations.limit.zero', 'messages.limit.zero', 'views.limit.zero', 'activity.limit.zero']);
  });

  it('names the flag each gated scenario needs', () => {
    const catalog = scenarioCatalog();
    expect(catalog.find((s) => s.id === 'views.create')?.needs).toEqual(['--allow-writes']);
    expect(catalog.find((s) => s.id === 'enrich.profile')?.needs).toEqual(['--allow-credits']);
    expect(catalog.find((s) => s.id === 'organization.envelope')?.needs).toEqual([]);
  });
});
