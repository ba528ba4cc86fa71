// Huge, deeply nested and prototype-polluting bodies (and query strings) are refused, change nothing and
// pollute nothing: in process and over real HTTP.
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_KEYS } from '../../src/index';
import { startMockServer, type MockServer } from '../../src/node';
import { BASE_URL, RUNS, createPropertyMock, datasetIds, storeWatch } from '../support/properties';

const mock = createPropertyMock();
const ids = datasetIds(mock);
const contactId = ids.contactIds[0] as string;
const companyId = ids.companyIds[0] as string;
let cases = 0;

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();
const cleanPrototype = prototypeKeys();

afterEach(() => {
  mock.contract.assertClean();
  expect(prototypeKeys()).toEqual(cleanPrototype);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
});
afterAll(() => {
  console.info(`[security:bodies] cases run: ${cases}`);
  console.info(mock.contract.summary('security:bodies'));
});

const WRITES: { method: string; path: string }[] = [
  { method: 'PATCH', path: `/v1/contacts/${contactId}` },
  { method: 'PATCH', path: `/v1/companies/${companyId}` },
  { method: 'POST', path: '/v1/contacts' },
  { method: 'POST', path: '/v1/views' },
  { method: 'POST', path: '/v1/drafts' },
  { method: 'POST', path: '/v1/enrich' },
  { method: 'POST', path: `/v1/contacts/${contactId}/find-email` },
];

/** Any request forgets the state a refused write left, until a check reads it again. */
const store = storeWatch(mock);

async function send(method: string, path: string, body: string): Promise<{ status: number; json: { code?: string; message?: string } }> {
  cases++;
  store.forget();
  const response = await mock.fetch(
    new Request(`${BASE_URL}${path}`, {
      method,
      headers: { authorization: `Bearer ${FIXTURE_KEYS.admin}`, 'content-type': 'application/json' },
      body,
    }),
  );
  return { status: response.status, json: (await response.json()) as { code?: string; message?: string } };
}

/** Sends `body` to `write`; expects a 400 (or 413) with a readable error and an unchanged store. */
async function expectRefused(write: { method: string; path: string }, body: string): Promise<void> {
  const before = store.before();
  const { status, json } = await send(write.method, write.path, body);
  expect([400, 413], `${write.method} ${write.path}: ${JSON.stringify(json).slice(0, 200)}`).toContain(status);
  expect(json.code).toBe('bad_request');
  expect(json.message?.length).toBeGreaterThan(0);
  store.expectUnchanged(before);
}

const account = ids.adminAccount;
const nested = (depth: number, open: string, close: string, inner: string) => open.repeat(depth) + inner + close.repeat(depth);

describe('security: hostile bodies', () => {
  it.each(WRITES)('$method $path: a body over 1 MiB is refused and changes nothing', async (write) => {
    const filler = 'x'.repeat(1024 * 1024 + 16);
    await expectRefused(write, JSON.stringify({ account_id: account, notes_json: filler, draft_message: filler }));
  });

  // find-email's body schema ignores unknown keys, so a nested unknown key is not a reason to refuse it.
  const IGNORES_UNKNOWN_KEYS = new Set([`/v1/contacts/${contactId}/find-email`]);

  it.each([100, 1_000, 5_000, 20_000, 150_000])('a body nested %i levels deep is refused and changes nothing', async (depth) => {
    for (const write of WRITES) {
      for (const body of [
        `{"account_id":"${account}","notes_json":${nested(depth, '{"a":', '}', '1')}}`,
        `{"account_id":"${account}","tags":${nested(depth, '[', ']', '1')}}`,
      ]) {
        const before = store.before();
        const { status, json } = await send(write.method, write.path, body);
        if (IGNORES_UNKNOWN_KEYS.has(write.path) && status === 200) continue;
        expect(json.message?.length, `${write.path} at depth ${depth}`).toBeGreaterThan(0);
        store.expectUnchanged(before);
        expect([400, 413], `${write.method} ${write.path} at depth ${depth}`).toContain(status);
      }
    }
  });

  const pollutingBodies = [
    `{"account_id":"${account}","__proto__":{"polluted":"yes"}}`,
    `{"account_id":"${account}","constructor":{"prototype":{"polluted":"yes"}}}`,
    `{"account_id":"${account}","tags":{"add":[{"name":"x","color":"red","__proto__":{"isAdmin":true}}]}}`,
    `{"account_id":"${account}","filters":{"specific_contacts":{"contact_ids":["${contactId}"],"__proto__":{"polluted":1}}},"type":"contact","name":"n"}`,
    `{"account_id":"${account}","prototype":{"polluted":"yes"}}`,
    `{"__proto__":{"__proto__":{"polluted":"yes"}}}`,
  ];

  it.each(pollutingBodies)('a prototype-polluting body is refused everywhere and pollutes nothing: %s', async (body) => {
    for (const write of WRITES) await expectRefused(write, body);
  });

  it('random objects with prototype keys at random depths are refused and pollute nothing', async () => {
    const dangerous = fc.constantFrom('__proto__', 'constructor', 'prototype');
    const payload = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constant({ polluted: 'yes', isAdmin: true }),
        fc.tuple(fc.constantFrom('tags', 'notes_json', 'filters', 'Deal stage', 'x'), tie('node')),
      ),
    })).node;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WRITES), dangerous, payload, async (write, key, inner) => {
        // Written as text: an object literal would set the prototype instead of an own `__proto__` key.
        const innerText = Array.isArray(inner) ? `{"${inner[0]}":${JSON.stringify(inner[1])}}` : JSON.stringify(inner);
        await expectRefused(write, `{"account_id":"${account}","${key}":${innerText}}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('custom-field names that are Object.prototype members are refused as unregistered, not crashes', async () => {
    for (const name of ['toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__']) {
      for (const path of [`/v1/contacts/${contactId}`, `/v1/companies/${companyId}`]) {
        await expectRefused({ method: 'PATCH', path }, JSON.stringify({ account_id: account, [name]: 'x' }));
      }
    }
  });

  it('prototype-polluting query strings are ignored or refused and pollute nothing', async () => {
    for (const query of ['__proto__[polluted]=yes', 'constructor[prototype][polluted]=yes', '__proto__.polluted=yes', 'account_id[__proto__]=1']) {
      for (const path of ['/v1/contacts', '/v1/companies', '/v1/views', '/v1/conversations', '/v1/activity']) {
        cases++;
        store.forget();
        const response = await mock.fetch(new Request(`${BASE_URL}${path}?${query}`, { headers: { authorization: `Bearer ${FIXTURE_KEYS.admin}` } }));
        expect(response.status, `${path}?${query}`).toBeLessThan(500);
      }
    }
  });

  it('bodies that are not JSON objects are refused and change nothing', async () => {
    for (const body of ['', 'not json', '[]', 'null', '42', '"text"', '{"a":1', '\u0000', '{"a":1}{"b":2}']) {
      for (const write of WRITES) await expectRefused(write, body);
    }
  });
});

describe('security: hostile bodies over real HTTP', () => {
  let server: MockServer;

  beforeAll(async () => {
    server = await startMockServer({ port: 0, host: '127.0.0.1', rateLimit: false, contactsPerAccount: 20, networkSize: 20 });
  });
  afterAll(async () => {
    await server.close();
  });

  /** Streams `size` bytes of body to the server with node:http (no content-length: chunked). */
  function upload(path: string, chunks: number, chunk: Buffer): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const url = new URL(path, server.url);
      const req = httpRequest(
        url,
        { method: 'PATCH', headers: { authorization: `Bearer ${FIXTURE_KEYS.admin}`, 'content-type': 'application/json' } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (part: string) => (body += part));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      // The server may answer and close before the upload ends; that is a refusal, not a failure of the test.
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? resolve({ status: -1, body: '' }) : reject(error)));
      let sent = 0;
      const pump = () => {
        while (sent < chunks) {
          sent++;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    });
  }

  it('an 8 MiB chunked upload is refused with a 400/413 and the server keeps answering', async () => {
    const contact = [...server.mock.db.allContacts()][0]!;
    const before = server.mock.exportState();
    const answer = await upload(`/v1/contacts/${contact.contact_id}`, 128, Buffer.alloc(64 * 1024, 0x20));
    expect([400, 413, -1]).toContain(answer.status);
    if (answer.status > 0) expect(JSON.parse(answer.body)).toMatchObject({ code: 'bad_request' });
    expect(server.mock.exportState()).toBe(before);
    const health = await fetch(`${server.url}/v1/accounts`, { headers: { authorization: `Bearer ${FIXTURE_KEYS.admin}` } });
    expect(health.status).toBe(200);
  });
});
