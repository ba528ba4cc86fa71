import { describe, expect, it, afterEach } from 'vitest';
import { send, useMock } from '../support/harness';
import { ENGINE_TEST_MOCK } from '../support/engine-routes';
import { createMockApi } from '@network-org/mock';
import { startMockServer, type MockServer } from '@network-org/mock/node';

describe("on the engine's test routes, at a fixed clock", () => {
  let now = new Date('2026-01-15T12:00:00Z').getTime();
  const advance = (ms: number) => {
    now += ms;
  };
  const mock = useMock({ ...ENGINE_TEST_MOCK, resetAfterEach: true, clock: () => new Date(now) });

  async function burst(path: string, count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await send(path)).status);
    return statuses;
  }

  describe('rate limiting: 50 requests per 10 s per client and endpoint', () => {
    it('answers the 51st request in a window with 429 and an integer Retry-After', async () => {
      const statuses = await burst('/v1/accounts', 50);
      expect(statuses.every((status) => status === 200)).toBe(true);
      const { status, body, response } = await send('/v1/accounts');
      expect(status).toBe(429);
      expect(body.code).toBe('rate_limit_exceeded');
      expect(response.headers.get('Retry-After')).toBe('10');
    });

    it('counts each endpoint on its own', async () => {
      await burst('/v1/accounts', 50);
      expect((await send('/v1/accounts')).status).toBe(429);
      expect((await send('/v1/organization')).status).toBe(200);
    });

    it('says how long until a slot frees and recovers once the window has passed', async () => {
      await burst('/v1/accounts', 25);
      advance(4_000);
      await burst('/v1/accounts', 25);
      advance(2_500);
      const limited = await send('/v1/accounts');
      expect(limited.status).toBe(429);
      // The oldest 25 requests leave the window 10 s after they were made: 3.5 s from now, rounded up.
      expect(limited.response.headers.get('Retry-After')).toBe('4');
      advance(3_500);
      expect((await send('/v1/accounts')).status).toBe(200);
    });

    it('never answers Retry-After below 1', async () => {
      await burst('/v1/accounts', 50);
      advance(9_999);
      const { response } = await send('/v1/accounts');
      expect(response.headers.get('Retry-After')).toBe('1');
    });

    it('is forgotten by reset', async () => {
      await burst('/v1/accounts', 50);
      mock().reset();
      expect((await send('/v1/accounts')).status).toBe(200);
    });
  });
});

describe('a budget given in options, over HTTP', () => {
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
});
