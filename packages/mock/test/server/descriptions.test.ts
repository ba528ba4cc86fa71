// The descriptions a team outside Node generates its clients from: GET /__mock/openapi.json (the API, with this
// mock as its server) and GET /__mock/control.openapi.json (the control API). Both answer like health: off
// loopback, with no key and no token. A client that knows the control API only from its description seeds, faults
// and resets a session.
import { startMockServer, type MockServer } from '@network-org/mock/node';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TOKEN = 'descriptions-token';
const ADMIN = { authorization: 'Bearer sk_test_admin' };

interface Operation {
  operationId: string;
  requestBody?: { content: { 'application/json': { schema: object } } };
  responses: Record<string, unknown>;
  security: unknown[];
}
interface Description {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let server: MockServer;
let base: string;
beforeAll(async () => {
  // Off loopback with a token, as in a container: the descriptions still answer without it.
  server = await startMockServer({ host: '0.0.0.0', port: 0, controlToken: TOKEN, contactsPerAccount: 3, networkSize: 10 });
  base = `http://127.0.0.1:${new URL(server.url).port}`;
});
afterAll(() => server.close());

async function description(path: string): Promise<Description> {
  const reply = await fetch(`${base}/__mock/${path}`);
  expect(reply.status).toBe(200);
  return (await reply.json()) as Description;
}

/** A client built from the description alone: an operation's method and path by its id; its body checked by its schema. */
function clientOf(doc: Description, session: string) {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  const operations = new Map<string, { method: string; path: string; operation: Operation }>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) operations.set(operation.operationId, { method, path, operation });
  }
  return async (operationId: string, params: Record<string, string> = {}, body?: unknown) => {
    const found = operations.get(operationId);
    if (!found) throw new Error(`the description has no operation ${operationId}`);
    const schema = found.operation.requestBody?.content['application/json'].schema;
    if (body !== undefined && schema && !ajv.validate(schema, body)) throw new Error(`${operationId}: ${ajv.errorsText()}`);
    const path = found.path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(params[name] as string));
    const reply = await fetch(`${doc.servers[0]!.url}${path}`, {
      method: found.method.toUpperCase(),
      headers: { authorization: `Bearer ${TOKEN}`, 'x-mock-session': session, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    expect(Object.keys(found.operation.responses)).toContain(String(reply.status));
    return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
  };
}

describe('the served OpenAPI descriptions', () => {
  it('GET /__mock/openapi.json is the API description with this mock as its server, to anyone', async () => {
    const doc = await description('openapi.json');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: base, description: expect.any(String) }]);
    expect(Object.keys(doc.paths)).toContain('/v1/contacts');
    // The server it names is this mock: an operation read from it answers.
    expect((await fetch(`${doc.servers[0]!.url}/v1/accounts`, { headers: ADMIN })).status).toBe(200);
  });

  it('GET /__mock/control.openapi.json describes every control route, each answered where it says', async () => {
    const doc = await description('control.openapi.json');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]!.url).toBe(base);
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    for (const route of ['GET /__mock/health', 'POST /__mock/seed/{kind}', 'POST /__mock/faults', 'POST /__mock/reset', 'DELETE /__mock/sessions/{name}', 'GET /__mock/requests']) {
      expect(routes).toContain(route);
    }
    // Every documented route that takes no parameter is routed: a GET answers something other than 404.
    for (const route of routes.filter((each) => each.startsWith('GET ') && !each.includes('{'))) {
      const reply = await fetch(`${base}${route.slice(4)}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(reply.status, route).not.toBe(404);
    }
  });

  it('a client read from control.openapi.json seeds, faults and resets a session', async () => {
    const session = 'from-the-description';
    const call = clientOf(await description('control.openapi.json'), session);
    const headers = { ...ADMIN, 'x-mock-session': session };
    const names = async () => {
      const reply = await fetch(`${base}/v1/contacts?query=Zebulon&limit=25`, { headers });
      return ((await reply.json()) as { data: { contacts: { first_name: string }[] } }).data.contacts.map((contact) => contact.first_name);
    };
    const accounts = (await (await fetch(`${base}/v1/accounts`, { headers })).json()) as { data: { accounts: { account_id: string }[] } };
    const seeded = await call('seed', { kind: 'contact' }, { account_id: accounts.data.accounts[0]!.account_id, first_name: 'Zebulon' });
    expect(seeded.status).toBe(201);
    expect(await names()).toEqual(['Zebulon']);

    expect((await call('addFault', {}, { method: 'GET', path: '/v1/accounts', status: 503 })).status).toBe(201);
    expect((await fetch(`${base}/v1/accounts`, { headers })).status).toBe(503);
    expect((await fetch(`${base}/v1/accounts`, { headers })).status).toBe(200);

    expect((await call('reset')).body).toMatchObject({ ok: true });
    expect(await names()).toEqual([]);
    // The session's name is the description's too: a bad one is refused as it says.
    await expect(call('addFault', {}, { status: 'soon' })).rejects.toThrow(/addFault/);
  });

  it('a control call without the token answers 401 naming NETWORK_MOCK_CONTROL_TOKEN, never 404', async () => {
    for (const path of ['/__mock/faults', '/__mock/no-such-call']) {
      const reply = await fetch(`${base}${path}`);
      expect(reply.status, path).toBe(401);
      expect(await reply.json()).toEqual({ code: 'unauthorized', message: expect.stringContaining('NETWORK_MOCK_CONTROL_TOKEN') });
    }
  });
});
