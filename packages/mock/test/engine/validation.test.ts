import { describe, expect, it } from 'vitest';
import { send, useMock } from '../support/harness';
import { ENGINE_TEST_MOCK } from '../support/engine-routes';

const mock = useMock({ ...ENGINE_TEST_MOCK, resetAfterEach: true });

async function firstAccount(): Promise<string> {
  const { body } = await send('/v1/accounts');
  return (body.data as { accounts: { account_id: string }[] }).accounts[0]!.account_id;
}

describe('query validation', () => {
  it.each([
    ['0', 'must be at least 1'],
    ['-3', 'must be at least 1'],
    ['abc', 'must be a number'],
    ['1.5', 'must be an integer'],
  ])('rejects limit=%s with a message naming limit', async (limit, reason) => {
    const { status, body } = await send(`/v1/contacts?limit=${limit}`);
    expect(status).toBe(400);
    expect(body.code).toBe('bad_request');
    expect(body.message).toContain('"limit"');
    expect(body.message).toContain(reason);
  });

  it('clamps a page limit above 25 to 25', async () => {
    const { status, body } = await send('/v1/contacts?limit=500');
    expect(status).toBe(200);
    const data = body.data as { contacts: unknown[]; pagination: { limit: number } };
    expect(data.pagination.limit).toBe(25);
    expect(data.contacts).toHaveLength(25);
  });

  it('keeps the activity limit to 1..200 instead of clamping', async () => {
    expect((await send('/v1/activity?limit=200')).status).toBe(200);
    const { status, body } = await send('/v1/activity?limit=201');
    expect(status).toBe(400);
    expect(body.message).toContain('"limit"');
    expect(body.message).toContain('at most 200');
  });

  it('names an id that does not match the id pattern', async () => {
    const { status, body } = await send('/v1/contacts?account_id=abc');
    expect(status).toBe(400);
    expect(body.message).toBe('Invalid query parameter "account_id": must match the pattern ^[1-9][0-9]*$ (got "abc").');
  });

  it('lists the allowed values of an enum', async () => {
    const { status, body } = await send('/v1/contacts?relationship_status=friends');
    expect(status).toBe(400);
    expect(body.message).toContain('"relationship_status"');
    expect(body.message).toContain('"connected"');
  });

  it('accepts repeated and comma-separated array values alike', async () => {
    const accountId = await firstAccount();
    const repeated = await send(`/v1/contacts?account_id=${accountId}&account_id=${accountId}`);
    const commas = await send(`/v1/contacts?account_id=${accountId},${accountId}`);
    expect(repeated.status).toBe(200);
    expect(commas.body).toEqual(repeated.body);
  });

  it('ignores unknown query parameters', async () => {
    const plain = await send('/v1/contacts');
    const extra = await send('/v1/contacts?colour=blue&__proto__=x');
    expect(extra.status).toBe(200);
    expect(extra.body).toEqual(plain.body);
  });
});

describe('path and body validation', () => {
  const findEmail = (contactId: string, init: { body?: unknown; rawBody?: string; headers?: Record<string, string> }) =>
    send(`/v1/contacts/${contactId}/find-email`, { method: 'POST', ...init });

  it('names a malformed path parameter', async () => {
    const { status, body } = await findEmail('abc', { body: { account_id: await firstAccount() } });
    expect(status).toBe(400);
    expect(body.message).toContain('path parameter "contact_id"');
  });

  it('names a missing body field', async () => {
    const { status, body } = await findEmail('1', { body: {} });
    expect(status).toBe(400);
    expect(body.message).toBe('Invalid body field "account_id": is required.');
  });

  it('names a body field of the wrong type', async () => {
    const { status, body } = await findEmail('1', { body: { account_id: 12 } });
    expect(status).toBe(400);
    expect(body.message).toContain('"account_id": must be a string');
  });

  it.each([
    ['not JSON', '{"account_id": ', 'not valid JSON'],
    ['an array', '[1, 2]', 'must be a JSON object'],
    ['a string', '"hello"', 'must be a JSON object'],
    ['null', 'null', 'must be a JSON object'],
    ['missing', '', 'required'],
  ])('rejects a body that is %s', async (_label, rawBody, reason) => {
    const { status, body } = await findEmail('1', { rawBody, headers: { 'Content-Type': 'application/json' } });
    expect(status).toBe(400);
    expect(body.code).toBe('bad_request');
    expect(body.message).toContain(reason);
  });

  it('rejects a body over 1 MiB', async () => {
    const accountId = await firstAccount();
    const { status, body } = await findEmail('1', { body: { account_id: accountId, padding: 'x'.repeat(1024 * 1024) } });
    expect(status).toBe(400);
    expect(body.message).toContain('1 MiB');
  });

  it.each(['__proto__', 'constructor'])('refuses a %s key and pollutes nothing', async (key) => {
    const accountId = await firstAccount();
    const rawBody = `{"account_id": "${accountId}", "nested": {"${key}": {"polluted": true}}}`;
    const { status, body } = await findEmail('1', { rawBody, headers: { 'Content-Type': 'application/json' } });
    expect(status).toBe(400);
    expect(body.message).toContain(key);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('changes nothing when a write is rejected', async () => {
    // The store writes copies: the state before and after is compared, not a record read before the request.
    const before = mock().exportState();
    const { status } = await findEmail('1', { body: { account_id: 'nope' } });
    expect(status).toBe(400);
    expect(mock().exportState()).toBe(before);
  });
});

describe('unknown routes', () => {
  it('answers 404 not_found for a path outside the API', async () => {
    const { status, body } = await send('/v1/nothing-here');
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });

  it('answers 404 not_found naming the accepted method for a known path', async () => {
    const { status, body, response } = await send('/v1/accounts', { method: 'DELETE' });
    expect(status).toBe(404);
    expect(body.message).toContain('GET');
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});
