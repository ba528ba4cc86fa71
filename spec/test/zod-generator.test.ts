// The JSON Schema -> zod walker behind `pnpm generate` either turns a keyword into a check or fails: a spec edit
// that uses a keyword it does not know must never come out as a looser schema for the mock and the SDK.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toZod, UnsupportedSchemaError, zodModules } from '../../scripts/zod-from-openapi.mjs';
import { spec } from './load';

type Schema = Record<string, unknown>;

/** A minimal spec with one component schema and one operation that takes it as body and query. */
function specWith(thing: Schema, query: Schema = { type: 'string' }) {
  return {
    openapi: '3.1.0',
    paths: {
      '/v1/things': {
        post: {
          operationId: 'createThing',
          parameters: [{ name: 'q', in: 'query', schema: query }],
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
    },
    components: {
      schemas: { Thing: { type: 'object', required: ['name'], properties: { name: thing } } },
    },
  };
}

const unsupported: [string, Schema][] = [
  ['maxLength', { type: 'string', maxLength: 3 }],
  ['uniqueItems', { type: 'array', items: { type: 'string' }, uniqueItems: true }],
  ['exclusiveMinimum', { type: 'number', exclusiveMinimum: 0 }],
  ['multipleOf', { type: 'integer', multipleOf: 5 }],
  ['anyOf', { anyOf: [{ type: 'string' }, { type: 'integer' }] }],
  ['not', { type: 'string', not: { const: 'x' } }],
  ['enum', { type: 'integer', enum: [1, 2] }],
  ['enum', { enum: ['a', 'b'] }],
  ['patternProperties', { type: 'object', patternProperties: { '^x': { type: 'string' } } }],
  ['minProperties', { type: 'object', minProperties: 1 }],
  ['readOnly', { type: 'string', readOnly: true }],
  ['items', { type: 'string', items: { type: 'string' } }],
  ['format "email"', { type: 'string', format: 'email' }],
];

describe('the zod generator refuses what it does not check', () => {
  for (const [keyword, schema] of unsupported) {
    it(`fails on ${keyword}, naming where it is`, () => {
      const run = () => zodModules(specWith(schema));
      expect(run).toThrow(UnsupportedSchemaError);
      expect(run).toThrow(`#/components/schemas/Thing/properties/name`);
      expect(run).toThrow(keyword.startsWith('format') ? keyword : `keyword "${keyword}"`);
    });
  }

  it('fails on an unsupported keyword deep inside arrays, allOf and oneOf', () => {
    const deep = { type: 'array', items: { allOf: [{ type: 'object', properties: { tag: { oneOf: [{ type: 'string', maxLength: 1 }, { type: 'null' }] } } }] } };
    expect(() => zodModules(specWith(deep))).toThrow(
      'spec/openapi.yaml #/components/schemas/Thing/properties/name/items/allOf/0/properties/tag/oneOf/0: keyword "maxLength"',
    );
  });

  it('fails on an unsupported keyword in a query parameter, naming the parameter', () => {
    expect(() => zodModules(specWith({ type: 'string' }, { type: 'integer', minimum: 1, exclusiveMaximum: 9 }))).toThrow(
      '#/paths/~1v1~1things/post/parameters/0/schema: keyword "exclusiveMaximum"',
    );
  });

  it('fails on parameters it cannot read (headers, other styles) and on non-JSON bodies', () => {
    const header = specWith({ type: 'string' });
    header.paths['/v1/things'].post.parameters = [{ name: 'X-Trace', in: 'header', schema: { type: 'string' } }] as never;
    expect(() => zodModules(header)).toThrow('"in: header"');
    const piped = specWith({ type: 'string' });
    piped.paths['/v1/things'].post.parameters = [{ name: 'q', in: 'query', style: 'pipeDelimited', schema: { type: 'array' } }] as never;
    expect(() => zodModules(piped)).toThrow('style "pipeDelimited"');
    const form = specWith({ type: 'string' });
    (form.paths['/v1/things'].post.requestBody.content as Record<string, unknown>)['multipart/form-data'] = { schema: { type: 'object' } };
    expect(() => zodModules(form)).toThrow('only application/json request bodies');
  });

  it('lets annotations through: they do not change what a value may be', () => {
    const annotated = { type: 'string', description: 'd', title: 't', examples: ['a'], deprecated: true, 'x-note': 1 };
    expect(() => zodModules(specWith(annotated))).not.toThrow();
  });

  it('keeps a schema\'s examples as metadata, which checks nothing (the mock draws a new field\'s values from them)', () => {
    const parser = new Function('z', `return ${toZod({ type: ['string', 'null'], examples: ['she/her', 'they/them'] })};`)(z) as z.ZodNullable<z.ZodString>;
    expect(parser.unwrap().meta()).toEqual({ examples: ['she/her', 'they/them'] });
    expect(parser.safeParse('he/him').success).toBe(true);
  });

  it('generates the real spec without meeting an unsupported keyword', () => {
    const { zod, operations } = zodModules(spec);
    expect(zod).toContain('export const schemas');
    expect(operations).toContain('export const operations');
  });
});

describe('every handled keyword becomes a check', () => {
  const cases: [string, Schema, unknown, unknown][] = [
    ['string minLength', { type: 'string', minLength: 2 }, 'ab', 'a'],
    ['string pattern', { type: 'string', pattern: '^[1-9][0-9]*$' }, '12', '012'],
    ['string enum', { type: 'string', enum: ['red', 'green'] }, 'red', 'blue'],
    ['string const', { type: 'string', const: 'x' }, 'x', 'y'],
    ['string format date-time', { type: 'string', format: 'date-time' }, '2026-01-15T12:00:00Z', 'yesterday'],
    ['string format uri', { type: 'string', format: 'uri' }, 'https://a.test/x', 'not a url'],
    ['integer', { type: 'integer' }, 3, 3.5],
    ['integer format int32', { type: 'integer', format: 'int32' }, 2 ** 31 - 1, 2 ** 31],
    ['number minimum', { type: 'number', minimum: 1 }, 1, 0.5],
    ['number maximum', { type: 'number', maximum: 1 }, 1, 1.5],
    ['boolean const', { type: 'boolean', const: true }, true, false],
    ['null in a type list', { type: ['string', 'null'] }, null, 1],
    ['array items', { type: 'array', items: { type: 'string' } }, ['a'], [1]],
    ['array minItems', { type: 'array', items: { type: 'string' }, minItems: 1 }, ['a'], []],
    ['array maxItems', { type: 'array', items: { type: 'string' }, maxItems: 2 }, ['a', 'b'], ['a', 'b', 'c']],
    ['object required', { type: 'object', required: ['a'], properties: { a: { type: 'string' } } }, { a: 'x' }, {}],
    ['object additionalProperties false', { type: 'object', properties: {}, additionalProperties: false }, {}, { b: 1 }],
    ['object additionalProperties schema', { type: 'object', additionalProperties: { type: 'string' } }, { b: 'x' }, { b: 1 }],
    ['object oneOf of required', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['b'] }] }, { a: 'x' }, { a: 'x', b: 'y' }],
    ['oneOf with null', { oneOf: [{ type: 'string' }, { type: 'null' }] }, null, 1],
    ['allOf', { allOf: [{ type: 'object', required: ['a'], properties: { a: { type: 'string' } } }, { type: 'object', required: ['b'], properties: { b: { type: 'string' } } }] }, { a: 'x', b: 'y' }, { a: 'x' }],
  ];
  const exactlyOneOf = (keys: string[]) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (keys.filter((k) => value[k] !== undefined).length !== 1) ctx.addIssue({ code: 'custom', message: 'exactly one' });
  };

  for (const [name, schema, good, bad] of cases) {
    it(name, () => {
      // Outputs without `$ref` are plain expressions over `z` (and `exactlyOneOf`, defined in the generated module).
      const code = toZod(schema);
      const parser = new Function('z', 'exactlyOneOf', `return ${code};`)(z, exactlyOneOf) as z.ZodType;
      expect(parser.safeParse(good).success).toBe(true);
      expect(parser.safeParse(bad).success).toBe(false);
    });
  }

});
