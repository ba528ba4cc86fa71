// The outlines `pnpm generate` writes are what verify, network-mcp and the mock read instead of zod's internals: each
// must say everything its zod schema checks. A zod schema built from an outline gives the JSON Schema of the generated
// one.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operations, type OperationId } from '../../packages/spec/src/operations';
import { inputOutlines, outlines, responseOutlines, type Outline } from '../../packages/spec/src/outlines';
import { schemas } from '../../packages/spec/src/zod';

/** A zod schema from an outline, written as the zod walker writes the spec's. */
function zodOf(outline: Outline): z.ZodType {
  switch (outline.type) {
    case 'optional':
      return zodOf(outline.inner).optional();
    case 'nullable':
      return zodOf(outline.inner).nullable();
    case 'default':
      return zodOf(outline.inner).default(outline.value);
    case 'union': {
      const [first, ...rest] = outline.options.map(zodOf);
      return z.union([first!, ...rest]);
    }
    case 'object': {
      const shape = Object.fromEntries(Object.entries(outline.fields).map(([name, field]) => [name, zodOf(field)]));
      if (outline.additional === false) return z.strictObject(shape);
      return outline.additional === true ? z.looseObject(shape) : z.object(shape).catchall(zodOf(outline.additional));
    }
    default:
      break;
  }
  let schema: z.ZodType;
  if (outline.type === 'array') {
    let array = z.array(zodOf(outline.items));
    if (outline.minItems !== undefined) array = array.min(outline.minItems);
    if (outline.maxItems !== undefined) array = array.max(outline.maxItems);
    schema = array;
  } else if (outline.type === 'string') {
    let text = outline.format === 'date-time' ? z.iso.datetime({ offset: true }) : outline.format === 'uri' ? z.url() : z.string();
    if (outline.minLength !== undefined) text = text.min(outline.minLength);
    if (outline.pattern !== undefined) text = text.regex(new RegExp(outline.pattern));
    schema = text;
  } else if (outline.type === 'integer' || outline.type === 'number') {
    let number = outline.fromText ? z.coerce.number() : z.number();
    if (outline.type === 'integer') number = number.int();
    if (outline.minimum !== undefined) number = number.min(outline.minimum);
    if (outline.maximum !== undefined) number = number.max(outline.maximum);
    schema = number;
  } else if (outline.type === 'enum') schema = z.enum(outline.values);
  else if (outline.type === 'literal') schema = z.literal(outline.value);
  else if (outline.type === 'boolean') schema = z.boolean();
  else if (outline.type === 'null') schema = z.null();
  else schema = z.unknown();
  return outline.examples ? schema.meta({ examples: [...outline.examples] }) : schema;
}

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any' });

describe('the outlines say what the zod schemas check', () => {
  it('for every component schema', () => {
    for (const [name, outline] of Object.entries(outlines)) {
      expect(json(zodOf(outline)), name).toEqual(json(schemas[name as keyof typeof schemas]));
    }
  });

  it("for every operation's query, path parameters, body and responses", () => {
    for (const operationId of Object.keys(operations) as OperationId[]) {
      const operation = operations[operationId];
      const inputs = inputOutlines[operationId];
      for (const part of ['query', 'params', 'body'] as const) {
        const outline = inputs[part];
        const schema: z.ZodType | null = operation[part];
        expect(outline === null, `${operationId} ${part}`).toBe(schema === null);
        if (!outline || !schema) continue;
        // The query and path parameters are read as plain objects: other parameters are left out of what is read.
        const read = part === 'body' || outline.type !== 'object' ? zodOf(outline) : z.object(Object.fromEntries(Object.entries(outline.fields).map(([name, field]) => [name, zodOf(field)])));
        expect(json(read), `${operationId} ${part}`).toEqual(json(schema));
      }
      const responses: Readonly<Record<string, z.ZodType>> = operation.responses;
      expect(Object.keys(responseOutlines[operationId]), operationId).toEqual(Object.keys(responses));
      for (const [status, outline] of Object.entries(responseOutlines[operationId])) {
        expect(json(zodOf(outline)), `${operationId} ${status}`).toEqual(json(responses[status]!));
      }
    }
  });

  it('name the rule across fields where the spec has one (exactly one of two)', () => {
    const rules = Object.fromEntries(Object.entries(outlines).flatMap(([name, outline]) => (outline.type === 'object' && outline.exactlyOneOf ? [[name, outline.exactlyOneOf]] : [])));
    expect(rules).toEqual({ CreateDraftRequest: ['contact_id', 'conversation_id'], EnrichRequest: ['network_url', 'contact_id'] });
    expect(schemas.CreateDraftRequest.safeParse({ account_id: '1', draft_message: 'hi', contact_id: '2', conversation_id: '3' }).success).toBe(false);
    expect(schemas.EnrichRequest.safeParse({ account_id: '1', network_url: 'u', contact_id: '2' }).success).toBe(false);
  });

  it('share a component wherever the spec names it, as the zod schemas do', () => {
    const list = outlines.ContactListResponse;
    const data = list.type === 'object' ? list.fields.data : undefined;
    const contacts = data?.type === 'object' ? data.fields.contacts : undefined;
    expect(contacts?.type === 'array' && contacts.items).toBe(outlines.ContactListItem);
    expect(responseOutlines.listContacts['200']).toBe(outlines.ContactListResponse);
  });
});

/**
 * A read of zod's internals: its private fields (`_zod`, `_def`, `def`), or a cast that reaches a schema's `shape`
 * where its type does not say it has one. A typed object schema's `shape` and zod's parse are zod's own API.
 */
const ZOD_INTERNALS = /\._zod\b|\[\s*['"]_zod['"]\s*\]|\._def\b|\.def\b|\bas\s+\{\s*(?:readonly\s+)?shape\??\s*:/;
/** The generator writes zod from the spec and the outlines beside it: it is the one place that knows zod's structure. */
const GENERATOR = /^(?:packages\/spec\/src\/|scripts\/(?:generate|zod-from-openapi|outline-from-openapi)\.mjs$)/;

describe('the outlines are what the packages read', () => {
  it("no source outside the generator reads zod's internals", () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const sources = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'packages/*/src/*', 'bench/src', 'scripts'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((path) => /\.(?:[cm]?[jt]s|tsx)$/.test(path) && !GENERATOR.test(path));
    expect(sources).toEqual(expect.arrayContaining(['packages/mock/src/engine/dispatch.ts', 'packages/verify/src/check/schema.ts']));
    const reads = sources.flatMap((path) =>
      readFileSync(`${root}/${path}`, 'utf8')
        .split('\n')
        .flatMap((line, index) => (ZOD_INTERNALS.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(reads).toEqual([]);
  });

  it.each([
    'const shape = (schema as { shape?: Record<string, unknown> } | null)?.shape;',
    "if (schema._zod.def.type === 'object') return walk(schema);",
    "const inner = (field as any)['_zod'].def.innerType;",
    'return field._def.typeName;',
    'const { innerType } = schema.def;',
  ])('finds one: %j', (line) => {
    expect(ZOD_INTERNALS.test(line)).toBe(true);
  });

  it.each([
    'new Set(Object.keys(schemas.Contact.shape))',
    "Object.keys(inputOutlines[operationId].query?.fields ?? {})",
    'const parsed = schema.safeParse(given);',
    "// verify and network-mcp read outlines instead of zod's internals (`_zod`, `def`)",
  ])("lets zod's own API be: %j", (line) => {
    expect(ZOD_INTERNALS.test(line)).toBe(false);
  });
});
