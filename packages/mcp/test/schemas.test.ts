// The tool list as a model and a strict client read it: every argument described with where its value comes from,
// real bounds, nothing that can only fail, schemas a strict validator compiles, and the whole list under 16 kB.
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { connect, type Connected } from './support/in-process';

let mcp: Connected;
let tools: Tool[];
beforeAll(async () => {
  mcp = await connect();
  ({ tools } = await mcp.client.listTools());
});
afterAll(() => mcp.close());

type Schema = { [key: string]: unknown };
const properties = (tool: Tool) => (tool.inputSchema.properties ?? {}) as Record<string, Schema>;
const tool = (name: string) => tools.find((one) => one.name === name)!;

/** Every schema node of a tool's input, with its path. */
function* nodes(schema: unknown, path = 'inputSchema'): Generator<[string, Schema]> {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  yield [path, schema as Schema];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') for (const [name, sub] of Object.entries(value as object)) yield* nodes(sub, `${path}.properties.${name}`);
    else if (key === 'anyOf') for (const [i, sub] of (value as unknown[]).entries()) yield* nodes(sub, `${path}.anyOf[${i}]`);
    else if (key === 'items' || key === 'additionalProperties') yield* nodes(value, `${path}.${key}`);
  }
}

/** Where the value of each id argument comes from: the tool whose results carry it. */
const SOURCE = /\b(list_accounts|list_contacts|list_companies|list_conversations|list_views|import_contact)\b/;

describe('every argument', () => {
  it('has a description, and an id\'s says which tool gives it, on every tool a server may list', async () => {
    // The toolset tools are listed only with dynamic toolsets.
    const dynamic = await connect({ dynamicToolsets: true });
    const discovery = (await dynamic.client.listTools()).tools.filter((one) => !tools.some((served) => served.name === one.name));
    await dynamic.close();
    expect(discovery.map((one) => one.name).sort()).toEqual(['enable_toolset', 'list_toolsets']);
    for (const one of [...tools, ...discovery]) {
      for (const [name, schema] of Object.entries(properties(one))) {
        expect(schema.description, `${one.name}.${name}`).toEqual(expect.stringMatching(/\w{3}/));
        if (/_ids?$/.test(name)) expect(schema.description, `${one.name}.${name}`).toMatch(SOURCE);
      }
    }
  });

  it('takes an id as a string or an integer', () => {
    for (const one of tools) {
      for (const [name, schema] of Object.entries(properties(one))) {
        if (!/_ids?$/.test(name)) continue;
        const id = schema.type === 'array' ? (schema.items as Schema) : schema;
        expect(id.anyOf, `${one.name}.${name}`).toEqual([{ type: 'string' }, { type: 'integer' }]);
      }
    }
  });

  it('names the conversation as results do, and the conversation\'s own account as list_conversations gives it', () => {
    const messages = properties(tool('list_conversation_messages'));
    expect(Object.keys(messages)).toContain('conversation_id');
    expect(messages.account_id!.description).toMatch(/conversation's own account_id.*list_conversations/);
    expect(JSON.stringify(tools)).not.toContain('conversationId');
  });

  it('has real bounds: limit 1 to 25 with the clamp explained, activity 1 to 200', () => {
    for (const name of ['list_contacts', 'list_companies', 'list_conversations', 'list_conversation_messages', 'list_views']) {
      expect(properties(tool(name)).limit, name).toMatchObject({ type: 'integer', minimum: 1, maximum: 25, default: 10, description: expect.stringMatching(/clamped to 25/) });
    }
    expect(properties(tool('list_activity')).limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 200, default: 50, description: expect.stringMatching(/1 to 200/) });
  });

  it('can succeed: the activity tools take no tag (the service refuses any), list_organizations takes nothing', () => {
    for (const name of ['list_activity', 'get_activity_summary']) expect(properties(tool(name))).not.toHaveProperty('tag');
    expect(properties(tool('list_organizations'))).toEqual({});
    expect(properties(tool('create_view'))).not.toHaveProperty('type');
  });
});

describe('every schema', () => {
  it('is closed and portable: objects refuse unknown keys, no type arrays, no node that constrains nothing', () => {
    for (const one of tools) {
      for (const [path, node] of nodes(one.inputSchema)) {
        expect(Array.isArray(node.type), `${one.name} ${path}`).toBe(false);
        expect(Object.keys(node).filter((key) => key !== 'description' && key !== 'default').length, `${one.name} ${path}`).toBeGreaterThan(0);
        if (node.type === 'object' && node.properties) expect(node.additionalProperties, `${one.name} ${path}`).toBe(false);
      }
      expect(one.inputSchema).not.toHaveProperty('$schema');
    }
  });

  it('compiles in a strict JSON Schema validator (Ajv strict mode: no unknown keyword, no loose type)', () => {
    const ajv = new Ajv({ strict: true, strictTypes: true, strictTuples: true, strictRequired: true, allErrors: true, logger: false });
    for (const one of tools) expect(() => ajv.compile(one.inputSchema), one.name).not.toThrow();
  });

  it('accepts what the tool accepts, as a validating client would check a call before sending it', () => {
    const ajv = new Ajv({ strict: true, logger: false });
    const valid = (name: string, args: unknown) => ajv.validate(tool(name).inputSchema, args);
    expect(valid('update_contact', { contact_id: 1000001, account_id: '101', notes_json: null, custom_fields: { 'Deal stage': 'Won', 'Lead score': 3, 'Is customer': true } })).toBe(true);
    expect(valid('list_activity', { account_id: [101, '102'], event_type: ['message_sent'], limit: 200 })).toBe(true);
    expect(valid('create_draft', { account_id: 101, conversation_id: 40126, draft_message: 'Thanks' })).toBe(true);
    expect(valid('create_draft', { account_id: 101, conversation_id: 40126, draft_message: 'Thanks', subject: 'Re' })).toBe(false);
  });
});

it('tools/list with every tool stays under 16 kB', () => {
  expect(tools).toHaveLength(16);
  expect(Buffer.byteLength(JSON.stringify({ tools }))).toBeLessThan(16_000);
});
