// Every example of the spec validates against its schema: with ajv (an independent JSON Schema 2020-12
// validator, as any OpenAPI 3.1 tool reads the spec) and with the generated zod schemas the packages use.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { operations } from '@network-org/spec/operations';
import { deref, spec, specOperations, type Node } from './load';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
ajv.addSchema({ ...spec, $id: 'spec' });

const validate = (schema: Node, value: unknown) => {
  const check = ajv.compile(schema.$ref ? { $ref: `spec${schema.$ref}` } : { ...schema, $defs: undefined });
  return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
};

type Case = { name: string; schema: Node; example: unknown; zod: { safeParse(v: unknown): { success: boolean } } };

const cases: Case[] = specOperations.flatMap(({ operationId, op }) => {
  const generated = operations[operationId as keyof typeof operations];
  const out: Case[] = [];
  const body = op.requestBody?.content?.['application/json'];
  if (body?.example !== undefined) {
    out.push({ name: `${operationId} request`, schema: body.schema, example: body.example, zod: generated.body! });
  }
  for (const [status, response] of Object.entries<Node>(op.responses)) {
    const media = deref(response).content?.['application/json'];
    if (media?.example === undefined) continue;
    const zod = (generated.responses as Record<string, Case['zod']>)[status]!;
    out.push({ name: `${operationId} ${status}`, schema: media.schema, example: media.example, zod });
  }
  return out;
});

describe('examples', () => {
  it('every operation has an example request (when it has a body) and an example success response', () => {
    for (const { operationId, op } of specOperations) {
      if (op.requestBody) expect(cases.some((c) => c.name === `${operationId} request`), operationId).toBe(true);
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      for (const status of success) expect(cases.some((c) => c.name === `${operationId} ${status}`), `${operationId} ${status}`).toBe(true);
    }
  });

  for (const c of cases) {
    it(`${c.name} validates (ajv and zod)`, () => {
      expect(validate(c.schema, c.example)).toEqual([]);
      expect(c.zod.safeParse(c.example).success).toBe(true);
    });
  }
});

describe('generated zod agrees with the spec on what it rejects', () => {
  const contact = operations.listContacts.responses['200'];
  const sample = spec.paths['/v1/contacts'].get.responses['200'].content['application/json'].example;

  it('rejects a custom field that is an object, like ajv', () => {
    const bad = structuredClone(sample);
    bad.data.contacts[0]['Deal stage'] = { nested: true };
    expect(contact.safeParse(bad).success).toBe(false);
    expect(validate({ $ref: '#/components/schemas/ContactListResponse' }, bad)).not.toEqual([]);
  });

  it('rejects an unknown relationship status and a non-date-time', () => {
    const bad = structuredClone(sample);
    bad.data.contacts[0].relationship_status = 'friends';
    expect(contact.safeParse(bad).success).toBe(false);
    const bad2 = structuredClone(sample);
    bad2.data.contacts[0].last_interaction_at = 'yesterday';
    expect(contact.safeParse(bad2).success).toBe(false);
    expect(validate({ $ref: '#/components/schemas/ContactListResponse' }, bad2)).not.toEqual([]);
  });

  it('enforces exactly one of network_url and contact_id on enrich, like the spec oneOf', () => {
    const body = operations.enrich.body;
    expect(body.safeParse({ account_id: '1', network_url: 'https://www.network.com/in/a' }).success).toBe(true);
    expect(body.safeParse({ account_id: '1' }).success).toBe(false);
    expect(body.safeParse({ account_id: '1', network_url: 'x', contact_id: '2' }).success).toBe(false);
    const schema = { $ref: '#/components/schemas/EnrichRequest' };
    expect(validate(schema, { account_id: '1' })).not.toEqual([]);
    expect(validate(schema, { account_id: '1', network_url: 'x', contact_id: '2' })).not.toEqual([]);
  });

  it('reads query values from strings: limit coerced, defaults applied, bad values refused', () => {
    const query = operations.listContacts.query;
    expect(query.parse({})).toMatchObject({ limit: 10, relationship_status: 'any' });
    expect(query.parse({ limit: '25' }).limit).toBe(25);
    expect(query.safeParse({ limit: '0' }).success).toBe(false);
    expect(query.safeParse({ limit: 'ten' }).success).toBe(false);
    expect(query.safeParse({ account_id: ['12', '0'] }).success).toBe(false);
    expect(operations.listActivity.query.safeParse({ limit: '201' }).success).toBe(false);
    expect(operations.listActivity.query.parse({}).limit).toBe(50);
  });
});
