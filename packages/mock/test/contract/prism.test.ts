// An outside validator: Prism (`prism proxy spec/openapi.yaml <mock> --errors`) in front of the standalone
// mock server, one request per documented status of every operation. Prism checks requests and responses
// against the spec on its own; any violation it reports fails the suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/node';
import { defineRoute, type FaultRule } from '../../src/index';
import { specOperations, specPath } from '../../../../test/support/spec';
import { discoverFixtures, statusMatrix, type Exchange, type MatrixCase, type Target } from '../support/contract-matrix';
import { startPrismProxy, type PrismProxy } from '../support/prism';

let server: MockServer;
let prism: PrismProxy;
let cases: MatrixCase[] = [];

const documented = specOperations.map((op) => ({ operationId: op.operationId, statuses: [...op.responses.keys()] }));

function through(base: () => string) {
  return (exchange: Exchange): Promise<Response> => {
    const headers: Record<string, string> = { authorization: `Bearer ${exchange.key}` };
    if (exchange.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${base()}${exchange.path}`, {
      method: exchange.method,
      headers,
      ...(exchange.body !== undefined && { body: JSON.stringify(exchange.body) }),
    });
  };
}

async function control(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${server.url}/__mock${path}`, {
    method,
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

const target: Target = {
  send: through(() => prism.url),
  injectFault: async (rule: FaultRule) => {
    await control('POST', '/faults', rule);
  },
  unimportedProfiles: async (limit) => {
    const body = (await (await control('GET', `/network-profiles?imported=false&kind=member&limit=${limit}`)).json()) as {
      profiles: { network_url: string }[];
    };
    return body.profiles.map((profile) => profile.network_url);
  },
};

beforeAll(async () => {
  server = await startMockServer({ port: 0, host: '127.0.0.1', rateLimit: false });
  prism = await startPrismProxy(specPath, server.url);
  cases = statusMatrix(await discoverFixtures(target), documented);
});

afterAll(async () => {
  await prism?.close();
  await server?.close();
});

describe('Prism proxy in front of the standalone mock', () => {
  it('forwards every documented status of every operation with no violation', async () => {
    const problems: string[] = [];
    for (const c of cases) {
      await control('DELETE', '/faults');
      if (c.fault) await target.injectFault(c.fault);
      const response = await target.send(c.exchange);
      const violations = response.headers.get('sl-violations');
      const text = await response.text();
      if (violations) problems.push(`${c.name}: sl-violations ${violations}`);
      if (response.status !== c.status) problems.push(`${c.name}: got ${response.status} ${text.slice(0, 400)}`);
    }
    await control('DELETE', '/faults');
    console.info(
      `[contract:prism] operations x statuses through prism: ${cases.length - problems.length} clean of ${cases.length} (${documented.length} operations)`,
    );
    expect(problems, prism.output().slice(-2000)).toEqual([]);
  });

  it('reports a status the operation does not declare (the check can fail)', async () => {
    await control('POST', '/faults', { path: '/v1/accounts', status: 503 });
    const response = await target.send({ key: 'sk_test_admin', method: 'GET', path: '/v1/accounts' });
    expect(response.headers.get('sl-violations')).toMatch(/Unable to match the returned status code/);
  });

  it('refuses a body that breaks the schema with a VIOLATIONS error (the check can fail)', async () => {
    const broken = await startMockServer({
      port: 0,
      host: '127.0.0.1',
      rateLimit: false,
      // Deliberately off-spec: account_id must be a string and three fields are required.
      routes: [defineRoute('listAccounts', () => ({ status: 200, body: { data: { accounts: [{ account_id: 101 }] } } as never }))],
    });
    const outside = await startPrismProxy(specPath, broken.url);
    try {
      const response = await fetch(`${outside.url}/v1/accounts`, { headers: { authorization: 'Bearer sk_test_admin' } });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ type: 'https://stoplight.io/prism/errors#VIOLATIONS' });
      expect(response.headers.get('sl-violations')).toMatch(/account_id must be string/);
    } finally {
      await outside.close();
      await broken.close();
    }
  });
});
