import { createMockApi } from '@network-org/mock';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { afterEach, describe, expect, it } from 'vitest';

let now = new Date('2026-01-15T12:00:00Z').getTime();
let server: MockServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function get(path: string) {
  const response = await fetch(`${server!.url}${path}`, { headers: { Authorization: 'Bearer sk_test_admin' } });
  await response.arrayBuffer();
  return response;
}

describe('a configurable rate limit: {requests, windowMs}', () => {
  it('answers 429 past the budget, per endpoint, frees slots as the window slides, and journals each 429', async () => {
    server = await startMockServer({ port: 0, rateLimit: { requests: 3, windowMs: 2000 }, clock: () => new Date(now), contactsPerAccount: 5 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get('/v1/accounts')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await get('/v1/accounts');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('2');
    expect((await get('/v1/organization')).status).toBe(200);
    now += 2000;
    expect((await get('/v1/accounts')).status).toBe(200);

    const journal = server.mock.journal.filter((entry) => entry.path === '/v1/accounts');
    expect(journal.map((entry) => entry.status)).toEqual([200, 200, 200, 429, 429, 200]);
  });

  it('keeps the service limit by default and none with false', async () => {
    server = await startMockServer({ port: 0, contactsPerAccount: 5, clock: () => new Date(now) });
    for (let i = 0; i < 50; i++) expect((await get('/v1/organization')).status).toBe(200);
    expect((await get('/v1/organization')).status).toBe(429);
    await server.close();
    server = await startMockServer({ port: 0, rateLimit: false, contactsPerAccount: 5 });
    for (let i = 0; i < 60; i++) expect((await get('/v1/organization')).status).toBe(200);
  });

  it('refuses a malformed budget with a clear error', () => {
    for (const rateLimit of [{ requests: 0, windowMs: 1000 }, { requests: 5, windowMs: 0 }, { requests: 2.5, windowMs: 1000 }, {}]) {
      expect(() => createMockApi({ rateLimit: rateLimit as never, contactsPerAccount: 5 })).toThrow(/rateLimit must be true, false or \{requests, windowMs\}/);
    }
  });
});
