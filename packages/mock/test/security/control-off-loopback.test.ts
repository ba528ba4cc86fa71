// The control API refuses every call when the server listens off loopback without a token: on 0.0.0.0 and on
// another local address of this machine (all traffic stays on this machine), whatever the request claims.
import { networkInterfaces } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_KEYS } from '../../src/index';
import { startMockServer, type MockServer } from '../../src/node';

const localAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

const CONTROL_CALLS: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/__mock/health' },
  { method: 'POST', path: '/__mock/reset', body: { seed: 2 } },
  { method: 'GET', path: '/__mock/network-profiles?imported=false&limit=3' },
  { method: 'GET', path: '/__mock/drafts' },
  { method: 'GET', path: '/__mock/custom-fields' },
  { method: 'GET', path: '/__mock/faults' },
  { method: 'POST', path: '/__mock/faults', body: { path: '/v1/accounts', status: 500, count: 5 } },
  { method: 'DELETE', path: '/__mock/faults' },
  { method: 'GET', path: '/__mock/requests' },
  { method: 'DELETE', path: '/__mock/requests' },
];

// Headers a caller might hope would make it look local or authorized.
const SPOOFING_HEADERS: Record<string, string>[] = [
  {},
  { host: '127.0.0.1' },
  { host: 'localhost', 'x-forwarded-for': '127.0.0.1', forwarded: 'for=127.0.0.1' },
  { authorization: `Bearer ${FIXTURE_KEYS.admin}` },
];

const servers: MockServer[] = [];
let cases = 0;

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  console.info(`[security:control] cases run: ${cases}`);
});

async function start(host: string, controlToken?: string): Promise<{ server: MockServer; base: string }> {
  const server = await startMockServer({ host, port: 0, rateLimit: false, contactsPerAccount: 5, networkSize: 10, controlToken });
  servers.push(server);
  const { port } = new URL(server.url);
  // A wildcard listener is reached through loopback; the server still knows it listens off loopback.
  return { server, base: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}` };
}

async function send(base: string, call: { method: string; path: string; body?: unknown }, headers: Record<string, string> = {}) {
  cases++;
  return fetch(`${base}${call.path}`, {
    method: call.method,
    headers: { ...headers, ...(call.body !== undefined && { 'content-type': 'application/json' }) },
    ...(call.body !== undefined && { body: JSON.stringify(call.body) }),
  });
}

async function expectNothingChanged(server: MockServer, base: string, seedBefore: number): Promise<void> {
  expect(server.mock.db.seed).toBe(seedBefore);
  expect(server.mock.faults.list()).toEqual([]);
  const api = await fetch(`${base}/v1/accounts`, { headers: { authorization: `Bearer ${FIXTURE_KEYS.admin}` } });
  expect(api.status).toBe(200);
}

describe('security: the control API off loopback', () => {
  const hosts = ['0.0.0.0', ...(localAddress ? [localAddress] : [])];

  it.each(hosts)('listening on %s without a token, every control call is refused and has no effect', async (host) => {
    const { server, base } = await start(host);
    const seed = server.mock.db.seed;
    for (const call of CONTROL_CALLS) {
      for (const headers of SPOOFING_HEADERS) {
        const response = await send(base, call, headers);
        expect([401, 403, 404], `${call.method} ${call.path} ${JSON.stringify(headers)}`).toContain(response.status);
        const body = (await response.json()) as { code?: string; ok?: unknown; profiles?: unknown };
        expect(body.ok).toBeUndefined();
        expect(body.profiles).toBeUndefined();
      }
    }
    await expectNothingChanged(server, base, seed);
  });

  it.each(hosts)('listening on %s with a token, only that exact bearer token opens it', async (host) => {
    const token = 'c0ntrol-t0ken';
    const { server, base } = await start(host, token);
    const seed = server.mock.db.seed;
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token' },
      { authorization: `Basic ${token}` },
      { authorization: token },
      { authorization: `Bearer ${token}x` },
      { authorization: `Bearer ${FIXTURE_KEYS.admin}` },
    ];
    for (const call of CONTROL_CALLS) {
      for (const headers of refused) {
        const response = await send(base, call, headers);
        expect([401, 403, 404], `${call.method} ${call.path} ${JSON.stringify(headers)}`).toContain(response.status);
      }
    }
    await expectNothingChanged(server, base, seed);
    const health = await send(base, { method: 'GET', path: '/__mock/health' }, { authorization: `Bearer ${token}` });
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
  });

  it('on loopback without a token the control API answers (the contrast the refusals rely on)', async () => {
    const { base } = await start('127.0.0.1');
    const health = await send(base, { method: 'GET', path: '/__mock/health' });
    expect(health.status).toBe(200);
  });
});
