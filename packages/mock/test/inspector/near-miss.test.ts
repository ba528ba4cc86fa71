import { createMockApi } from '@network-org/mock';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MSW_BASE = 'https://near-miss.network.test';
const auth = { Authorization: 'Bearer sk_test_admin' };

// The same engine behind every adapter: each must name the same closest routes.
const inProcess = createMockApi({ rateLimit: false });
const viaMsw = createMockApi({ rateLimit: false, baseUrl: MSW_BASE });
const interceptor = setupServer(...viaMsw.handlers);
let server: MockServer;

beforeAll(async () => {
  // The node:http server's requests go through the network: msw lets them pass.
  interceptor.listen({ onUnhandledRequest: 'bypass' });
  server = await startMockServer({ port: 0, rateLimit: false });
});
afterAll(async () => {
  interceptor.close();
  await server.close();
});

type Send = (method: string, path: string) => Promise<{ status: number; body: { code: string; message: string } }>;

async function read(response: Response) {
  return { status: response.status, body: (await response.json()) as { code: string; message: string } };
}

const adapters: [string, Send][] = [
  ['mock.fetch', async (method, path) => read(await inProcess.fetch(path, { method, headers: auth }))],
  ['msw handlers', async (method, path) => read(await fetch(`${MSW_BASE}${path}`, { method, headers: auth }))],
  ['node:http server', async (method, path) => read(await fetch(`${server.url}${path}`, { method, headers: auth }))],
];

describe.each(adapters)('near misses through %s', (_name, send) => {
  it.each([
    ['GET', '/v1/contact', 'No operation matches GET /v1/contact. Did you mean GET /v1/contacts?'],
    ['GET', '/v1/contacts/', 'No operation matches GET /v1/contacts/. Did you mean GET /v1/contacts?'],
    ['GET', '/contacts', 'No operation matches GET /contacts. Did you mean GET /v1/contacts?'],
    ['POST', '/v1/contact/12/find-email', 'No operation matches POST /v1/contact/12/find-email. Did you mean POST /v1/contacts/{contact_id}/find-email?'],
    ['GET', '/v1/activity/summry', 'No operation matches GET /v1/activity/summry. Did you mean GET /v1/activity/summary?'],
    ['GET', '/v1/conversations/7/message', 'No operation matches GET /v1/conversations/7/message. Did you mean GET /v1/conversations/{conversationId}/messages?'],
  ])('%s %s answers 404 naming the closest route', async (method, path, message) => {
    expect(await send(method, path)).toEqual({ status: 404, body: { code: 'not_found', message } });
  });

  it('names no route when nothing is close', async () => {
    const { status, body } = await send('GET', '/v1/nothing-like-it-at-all');
    expect(status).toBe(404);
    expect(body.message).not.toContain('Did you mean');
  });

  it('answers 404 (never 405) for a known path with another method, naming the methods it has', async () => {
    expect(await send('DELETE', '/v1/contacts')).toEqual({
      status: 404,
      body: { code: 'not_found', message: 'No operation matches DELETE /v1/contacts: that path accepts GET, POST.' },
    });
    expect((await send('PUT', '/v1/contacts/1000001')).body.message).toBe(
      'No operation matches PUT /v1/contacts/1000001: that path accepts PATCH.',
    );
  });
});
