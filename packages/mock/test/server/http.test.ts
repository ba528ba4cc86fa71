import { createMockApi } from '@network-org/mock';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineTestRoutes } from '../support/engine-routes';
import { BASE_URL } from '../support/harness';

const options = { seed: 1, routes: engineTestRoutes, contactsPerAccount: 30, networkSize: 20 };
const inProcess = createMockApi({ ...options, baseUrl: BASE_URL });
const interceptor = setupServer(...inProcess.handlers);
let server: MockServer;

beforeAll(async () => {
  interceptor.listen({ onUnhandledRequest: 'bypass' });
  server = await startMockServer({ ...options, port: 0 });
});
afterAll(async () => {
  interceptor.close();
  await server.close();
});

const auth = { Authorization: 'Bearer sk_test_admin' };

describe('the standalone server', () => {
  it('answers on the URL it reports', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each(['/v1/organization', '/v1/accounts', '/v1/contacts?limit=3', '/v1/contacts?limit=25', '/v1/contacts?limit=0', '/v1/nothing'])(
    'gives the same bytes and Content-Length as the in-process mock for GET %s',
    async (path) => {
      const [local, remote] = await Promise.all([
        fetch(`${BASE_URL}${path}`, { headers: auth }),
        fetch(`${server.url}${path}`, { headers: auth }),
      ]);
      expect(remote.status).toBe(local.status);
      expect(remote.headers.get('content-type')).toBe(local.headers.get('content-type'));
      const text = await local.text();
      expect(await remote.text()).toBe(text);
      expect(remote.headers.get('content-length')).toBe(String(new TextEncoder().encode(text).byteLength));
    },
  );

  it('reads request bodies and refuses ones over 1 MiB', async () => {
    const post = (body: string) =>
      fetch(`${server.url}/v1/contacts/1/find-email`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body,
      });
    const missing = await post('{}');
    expect(await missing.json()).toEqual({ code: 'bad_request', message: 'Invalid body field "account_id": is required.' });
    const huge = await post(JSON.stringify({ account_id: '1', padding: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.status).toBe(400);
  });

  it('drops the connection for an injected status 0', async () => {
    server.mock.faults.add({ path: '/v1/accounts', status: 0 });
    await expect(fetch(`${server.url}/v1/accounts`, { headers: auth })).rejects.toThrow(TypeError);
    expect((await fetch(`${server.url}/v1/accounts`, { headers: auth })).status).toBe(200);
  });

  it('answers a CORS preflight', async () => {
    const response = await fetch(`${server.url}/v1/accounts`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
  });
});
