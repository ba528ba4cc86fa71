import { describe, expect, it } from 'vitest';
import { send, useMock } from '../support/harness';
import { ENGINE_TEST_MOCK } from '../support/engine-routes';

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
