import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE_URL, send, useMock } from '../support/harness';
import { ENGINE_TEST_MOCK } from '../support/engine-routes';

const mock = useMock({ ...ENGINE_TEST_MOCK, resetAfterEach: true });

describe('injected faults', () => {
  it('fails the next matching request once, then answers normally', async () => {
    mock().faults.add({ method: 'GET', path: '/v1/accounts', status: 500 });
    const failed = await send('/v1/accounts');
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe('internal_error');
    expect((await send('/v1/accounts')).status).toBe(200);
  });

  it('leaves other paths and methods alone', async () => {
    mock().faults.add({ method: 'POST', path: '/v1/accounts', status: 500 });
    mock().faults.add({ path: '/v1/organization', status: 502 });
    expect((await send('/v1/accounts')).status).toBe(200);
    expect((await send('/v1/organization')).status).toBe(502);
  });

  it('matches the spec path template and honours count', async () => {
    mock().faults.add({ path: '/v1/contacts/{contact_id}/find-email', status: 502, code: 'upstream_error', count: 2 });
    const accountId = ((await send('/v1/accounts')).body.data as { accounts: { account_id: string }[] }).accounts[0]!.account_id;
    const findEmail = () => send('/v1/contacts/1/find-email', { method: 'POST', body: { account_id: accountId } });
    expect((await findEmail()).body.code).toBe('upstream_error');
    expect((await findEmail()).status).toBe(502);
    expect((await findEmail()).status).not.toBe(502);
  });

  it('matches a glob path, `*` being any run of characters, and nothing else', async () => {
    mock().faults.add({ path: '/v1/*s', status: 503, count: 10 });
    expect((await send('/v1/accounts')).status).toBe(503);
    expect((await send('/v1/organization')).status).toBe(200);
    mock().faults.clear();
    mock().faults.add({ path: '/v1/con*/*/find-*', status: 502, count: 1 });
    expect((await send('/v1/contacts/1/find-email', { method: 'POST', body: {} })).status).toBe(502);
  });

  it('matches a glob of many stars against a long path at once: no pattern can stall the mock', async () => {
    // As a regular expression of `.*`s, this pattern against 40 a's takes minutes (exponential backtracking).
    mock().faults.add({ path: `/v1/${'*a'.repeat(12)}*b`, status: 500 });
    const reply = await send(`/v1/${'a'.repeat(40)}`);
    expect(reply.status).toBe(404);
    expect((await send(`/v1/${'a'.repeat(40)}b`)).status).toBe(500);
  });

  it('answers an injected 429 with its Retry-After', async () => {
    mock().faults.add({ path: '/v1/accounts', status: 429, retry_after: 3 });
    const { status, body, response } = await send('/v1/accounts');
    expect(status).toBe(429);
    expect(body.code).toBe('rate_limit_exceeded');
    expect(response.headers.get('Retry-After')).toBe('3');
  });

  it('drops the connection', async () => {
    mock().faults.add({ path: '/v1/accounts', status: 0 });
    await expect(fetch(`${BASE_URL}/v1/accounts`, { headers: { Authorization: 'Bearer sk_test_admin' } })).rejects.toThrow(
      TypeError,
    );
    expect((await send('/v1/accounts')).status).toBe(200);
  });

  it('is cleared by clear()', async () => {
    mock().faults.add({ path: '/v1/accounts', status: 500, count: 5 });
    mock().faults.clear();
    expect((await send('/v1/accounts')).status).toBe(200);
  });

  it('refuses a malformed rule with a TypeError that names the field, and adds nothing', () => {
    expect(() => mock().faults.add({ status: 1000 })).toThrow(TypeError);
    expect(() => mock().faults.add({ status: 'x' as unknown as number })).toThrow(
      'Invalid fault rule field "status": must be a number (got "x").',
    );
    expect(() => mock().faults.add({ path: '/v1/accounts', status: 503, count: 0 })).toThrow(/"count": must be at least 1/);
    expect(() => mock().faults.add({ path: '/v1/accounts' })).toThrow(
      'Invalid fault rule: a fault needs a status, drop: true or delay_ms.',
    );
    expect(() => mock().faults.add({ path: '/v1/accounts', delay_ms: 2 ** 31 })).toThrow(/"delay_ms": must be at most/);
    expect(mock().faults.list()).toEqual([]);
  });
});

describe('delays', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds a faulted request for delay_ms before answering', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    mock().faults.add({ path: '/v1/accounts', delay_ms: 5_000 });
    let settled = false;
    const pending = send('/v1/accounts').then((result) => {
      settled = true;
      return result;
    });
    await vi.advanceTimersByTimeAsync(4_900);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect((await pending).status).toBe(200);
  });
});
