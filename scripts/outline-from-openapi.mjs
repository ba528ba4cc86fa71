// JSON Schema (OpenAPI 3.1) -> outline source text, for scripts/generate.mjs. An outline is a schema's structure
// and checks as plain data (packages/spec/src/outlines.ts), for code that walks a value beside its schema (verify)
// or builds a schema of its own from the spec's (network-mcp's tool arguments), so that no package reads zod's
// internals. It follows the zod walker node for node: a component is one outline, shared wherever it is named; an
// optional field, a nullable value and a query parameter's default are wrappers, as in zod. `pnpm generate` runs
// the zod walker first, so every keyword met here is one that walker checked.

import { METHODS, resolveRef } from './openapi-walk.mjs';
import { HANDLED_KEYWORDS, isAnnotation, key, refName, refsOf } from './zod-from-openapi.mjs';

/** The keywords the zod walker turns into checks or structure: an outline carries each of them. */
const CARRIED = ['$ref', 'allOf', 'oneOf', 'required', 'type', 'enum', 'const', 'format', 'minLength', 'pattern', 'minimum', 'maximum', 'items', 'minItems', 'maxItems', 'properties', 'additionalProperties'];

for (const keyword of new Set(Object.values(HANDLED_KEYWORDS).flat())) {
  if (!CARRIED.includes(keyword)) throw new Error(`scripts/outline-from-openapi.mjs: the zod walker checks "${keyword}", which outlines do not carry yet`);
}

const lit = (value) => JSON.stringify(value);

/** An object literal's source from entries of source text (undefined values left out). */
function literal(entries) {
  const parts = Object.entries(entries).filter(([, value]) => value !== undefined).map(([name, value]) => `${key(name)}: ${value}`);
  return parts.length ? `{ ${parts.join(', ')} }` : '{}';
}

const wrapped = (type, inner) => literal({ type: lit(type), inner });
const union = (members) => (members.length === 1 ? members[0] : literal({ type: lit('union'), options: `[${members.join(', ')}]` }));

const OUTLINE_TYPES = `/** The spec's sample values of a schema: they check nothing. */
interface Sampled {
  readonly examples?: readonly unknown[];
}

/** An object: its fields by name (an optional one wrapped), in the spec's order. */
export interface ObjectOutline {
  readonly type: 'object';
  readonly fields: Readonly<Record<string, Outline>>;
  /** Keys \`fields\` does not name: taken (true), refused (false), or holding values of this outline (custom fields, counts by key). */
  readonly additional: boolean | Outline;
  /** Exactly one of these fields is given (the spec's \`oneOf\` of \`required\` lists). */
  readonly exactlyOneOf?: readonly string[];
}

export interface ArrayOutline extends Sampled {
  readonly type: 'array';
  readonly items: Outline;
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** A value of one of the options, tried in order. */
export interface UnionOutline {
  readonly type: 'union';
  readonly options: readonly Outline[];
}

/** An optional field, or a value that may be null. */
export interface WrapperOutline {
  readonly type: 'optional' | 'nullable';
  readonly inner: Outline;
}

/** A query parameter the server reads as \`value\` when it is left out. */
export interface DefaultOutline {
  readonly type: 'default';
  readonly inner: Outline;
  readonly value: unknown;
}

export interface EnumOutline extends Sampled {
  readonly type: 'enum';
  readonly values: readonly string[];
}

export interface LiteralOutline extends Sampled {
  readonly type: 'literal';
  readonly value: string | boolean;
}

export interface StringOutline extends Sampled {
  readonly type: 'string';
  readonly format?: 'date-time' | 'uri';
  readonly minLength?: number;
  readonly pattern?: string;
}

export interface NumberOutline extends Sampled {
  readonly type: 'integer' | 'number';
  readonly minimum?: number;
  readonly maximum?: number;
  /** Read from its text (a query parameter). */
  readonly fromText?: true;
}

/** A boolean, null, or anything (a schema without a type). */
export interface PlainOutline extends Sampled {
  readonly type: 'boolean' | 'null' | 'unknown';
}

/**
 * A schema of the spec as data: the structure and checks of its zod schema in \`@network-org/spec/zod\`, for code that
 * walks a value beside its schema or builds a schema of its own from the spec's. A component is one outline, shared
 * wherever the spec names it.
 */
export type Outline = ObjectOutline | ArrayOutline | UnionOutline | WrapperOutline | DefaultOutline | EnumOutline | LiteralOutline | StringOutline | NumberOutline | PlainOutline;

/** An operation's inputs: its query (over raw strings), its path parameters and its body. */
export interface InputOutlines {
  readonly query: ObjectOutline | null;
  readonly params: ObjectOutline | null;
  readonly body: Outline | null;
}`;

/** The outline of one typed schema's `type` (one of its types when it lists several), as entries. */
function scalar(spec, type, schema) {
  switch (type) {
    case 'string':
      if (schema.enum) return { type: lit('enum'), values: lit(schema.enum) };
      if (schema.const !== undefined) return { type: lit('literal'), value: lit(schema.const) };
      return { type: lit('string'), format: schema.format && lit(schema.format), minLength: schema.minLength?.toString(), pattern: schema.pattern && lit(schema.pattern) };
    case 'integer':
    case 'number': {
      const int32 = type === 'integer' && schema.format === 'int32';
      const minimum = int32 ? (schema.minimum ?? -(2 ** 31)) : schema.minimum;
      const maximum = int32 ? (schema.maximum ?? 2 ** 31 - 1) : schema.maximum;
      return { type: lit(type), minimum: minimum?.toString(), maximum: maximum?.toString() };
    }
    case 'boolean':
      return schema.const !== undefined ? { type: lit('literal'), value: lit(schema.const) } : { type: lit('boolean') };
    case 'null':
      return { type: lit('null') };
    case 'array':
      return { type: lit('array'), items: toOutline(spec, schema.items ?? {}), minItems: schema.minItems?.toString(), maxItems: schema.maxItems?.toString() };
    case 'object':
      return objectEntries(spec, schema);
    default:
      throw new Error(`outline: type "${type}" is not supported`);
  }
}

/** An object's fields, each `{ inner, optional }` (source text), from its `properties` and `required`. */
function fieldsOf(spec, schema) {
  const required = new Set(schema.required ?? []);
  return new Map(Object.entries(schema.properties ?? {}).map(([name, prop]) => [name, { inner: toOutline(spec, prop), optional: !required.has(name) }]));
}

const fieldsText = (fields) => literal(Object.fromEntries([...fields].map(([name, field]) => [name, field.optional ? wrapped('optional', field.inner) : field.inner])));

function additionalOf(spec, schema) {
  const extra = schema.additionalProperties;
  if (extra === false) return 'false';
  if (extra === undefined || extra === true) return 'true';
  return toOutline(spec, extra);
}

function objectEntries(spec, schema) {
  return {
    type: lit('object'),
    fields: fieldsText(fieldsOf(spec, schema)),
    additional: additionalOf(spec, schema),
    exactlyOneOf: schema.oneOf && lit(schema.oneOf.map((variant) => variant.required[0])),
  };
}

/**
 * The fields and other keys of an `allOf` part, as zod's `extend` merges them: the first part's other keys, a later
 * part's field in the place of an earlier one of the same name.
 */
function mergedParts(spec, schema) {
  if (schema.$ref) return mergedParts(spec, resolveRef(spec, schema.$ref));
  if (!schema.allOf) {
    if (schema.oneOf) throw new Error('outline: an allOf part with oneOf cannot be merged');
    return { fields: fieldsOf(spec, schema), additional: additionalOf(spec, schema) };
  }
  const [first, ...rest] = schema.allOf.map((part) => mergedParts(spec, part));
  for (const part of rest) for (const [name, field] of part.fields) first.fields.set(name, field);
  for (const name of schema.required ?? []) {
    const field = first.fields.get(name);
    if (!field?.optional) throw new Error(`spec/openapi.yaml: \`required\` beside \`allOf\` names "${name}", which is no optional field of the schema it names`);
    first.fields.set(name, { ...field, optional: false });
  }
  return first;
}

/** Outline source of `schema`: a component's name where the spec refers to one. */
export function toOutline(spec, schema) {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.allOf) {
    // One part and nothing required: the part itself, as zod's walker gives it.
    if (schema.allOf.length === 1 && schema.required === undefined) return toOutline(spec, schema.allOf[0]);
    const { fields, additional } = mergedParts(spec, schema);
    return literal({ type: lit('object'), fields: fieldsText(fields), additional });
  }
  if (schema.oneOf && !schema.type) {
    const isNull = (variant) => variant.type === 'null' && Object.keys(variant).every((k) => k === 'type' || isAnnotation(k));
    const members = schema.oneOf.filter((variant) => !isNull(variant)).map((variant) => toOutline(spec, variant));
    const inner = union(members);
    return members.length < schema.oneOf.length ? wrapped('nullable', inner) : inner;
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return literal({ type: lit('unknown') });
  const nullable = types.includes('null') && types.length > 1;
  const members = types.filter((type) => !(nullable && type === 'null')).map((type) => scalar(spec, type, schema));
  if (Array.isArray(schema.examples) && members.length === 1 && !types.includes('object')) members[0].examples = lit(schema.examples);
  const inner = union(members.map(literal));
  return nullable ? wrapped('nullable', inner) : inner;
}

/** A query parameter's outline, over its raw string form: an integer is read from its text; `default` applies here only. */
function queryParamOutline(spec, param, schema) {
  const { default: fallback, ...rest } = schema;
  const out = rest.type === 'integer' ? literal({ ...scalar(spec, 'integer', rest), fromText: 'true' }) : toOutline(spec, rest);
  if (fallback !== undefined) return literal({ type: lit('default'), inner: out, value: lit(fallback) });
  return param.required ? out : wrapped('optional', out);
}

/** An operation's input outlines and its response outlines by status, as source text. */
function operationEntries(spec, item, method) {
  const op = item[method];
  const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => (p.$ref ? resolveRef(spec, p.$ref) : p));
  const schemaOf = (param) => (param.schema.$ref ? resolveRef(spec, param.schema.$ref) : param.schema);
  const inputs = (where, outlineOf) => {
    const fields = params.filter((param) => param.in === where).map((param) => [param.name, outlineOf(param, schemaOf(param))]);
    return fields.length ? literal({ type: lit('object'), fields: literal(Object.fromEntries(fields)), additional: 'true' }) : 'null';
  };
  const body = op.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries(op.responses).map(([status, response]) => {
    const schema = (response.$ref ? resolveRef(spec, response.$ref) : response).content?.['application/json']?.schema;
    return `${lit(status)}: ${schema ? toOutline(spec, schema) : literal({ type: lit('unknown') })}`;
  });
  const input = [
    `  ${op.operationId}: {`,
    `    query: ${inputs('query', (param, schema) => queryParamOutline(spec, param, schema))},`,
    `    params: ${inputs('path', (_param, schema) => toOutline(spec, schema))},`,
    `    body: ${body ? toOutline(spec, body) : 'null'},`,
    `  },`,
  ].join('\n');
  return { input, responses: `  ${op.operationId}: { ${responses.join(', ')} },` };
}

/**
 * The outlines module of `spec` (a parsed OpenAPI 3.1 document, already through the zod walker), as source text after
 * `banner`: the outline of every component schema (`outlines`), of every operation's inputs (`inputOutlines`) and
 * of its responses (`responseOutlines`).
 */
export function outlinesModule(spec, banner = '') {
  const schemas = spec.components?.schemas ?? {};
  const names = Object.keys(schemas);
  const emitted = new Set();
  const lines = [];
  const visit = (name) => {
    if (emitted.has(name)) return;
    for (const dep of refsOf(schemas[name])) visit(dep);
    emitted.add(name);
    lines.push(`const ${name}: Outline = ${toOutline(spec, schemas[name])};`);
  };
  for (const name of names) visit(name);
  const entries = [];
  for (const item of Object.values(spec.paths ?? {})) for (const method of METHODS) if (item[method]) entries.push(operationEntries(spec, item, method));
  return `${banner}import type { OperationId } from './operations';

${OUTLINE_TYPES}

${lines.join('\n')}

/** The outline of every component schema of the spec. */
export const outlines = { ${names.join(', ')} } as const;

/** Every operation's inputs, as outlines (the query, params and body schemas of \`operations\`). */
export const inputOutlines: Readonly<Record<OperationId, InputOutlines>> = {
${entries.map((entry) => entry.input).join('\n')}
};

/** Every operation's responses by status, as outlines (the response schemas of \`operations\`). */
export const responseOutlines: Readonly<Record<OperationId, Readonly<Record<string, Outline>>>> = {
${entries.map((entry) => entry.responses).join('\n')}
};
`;
}
