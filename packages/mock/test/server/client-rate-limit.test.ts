import { request } from 'node:http';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { engineTestRoutes } from '../support/engine-routes';

let server: MockServer;
const frozen = new Date('2026-01-15T12:00:00Z');

beforeAll(async () => {
  server = await startMockServer({ routes: engineTestRoutes, contactsPerAccount: 5, networkSize: 5, port: 0, clock: () => frozen });
});
afterAll(() => server.close());

/** GET from a given loopback source address, so the server sees distinct clients. */
function getFrom(localAddress: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { localAddress, headers: { Authorization: 'Bearer sk_test_admin' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

it('limits each client address on its own', async () => {
  for (let i = 0; i < 50; i++) expect(await getFrom('127.0.0.1', '/v1/accounts')).toBe(200);
  expect(await getFrom('127.0.0.1', '/v1/accounts')).toBe(429);
  expect(await getFrom('127.0.0.2', '/v1/accounts')).toBe(200);
});
