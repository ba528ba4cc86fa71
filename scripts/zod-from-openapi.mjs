// JSON Schema (OpenAPI 3.1) -> zod source text, for scripts/generate.mjs.
// Strict by design: every keyword it meets must be one it turns into a check, or a pure annotation. Anything
// else (maxLength, anyOf, a new format, ...) throws naming the schema's location and the keyword, so an edit
// of spec/openapi.yaml can never silently loosen what the mock (and `validateResponses`) accept.

import { METHODS, resolveRef } from './openapi-walk.mjs';

/** Keywords that never change what a value may be. */
const ANNOTATIONS = ['description', 'title', 'examples', 'example', 'deprecated', '$comment'];

/** The keywords each kind of schema is generated from; anything else on it is unsupported. */
export const HANDLED_KEYWORDS = {
  ref: ['$ref'],
  allOf: ['allOf', 'required'],
  oneOf: ['oneOf'],
  string: ['type', 'enum', 'const', 'format', 'minLength', 'pattern'],
  integer: ['type', 'format', 'minimum', 'maximum'],
  number: ['type', 'minimum', 'maximum'],
  boolean: ['type', 'const'],
  null: ['type'],
  array: ['type', 'items', 'minItems', 'maxItems'],
  object: ['type', 'properties', 'required', 'additionalProperties', 'oneOf'],
  any: [],
};

/** `format` values with a check behind them, by type. */
export const HANDLED_FORMATS = { string: ['date-time', 'uri'], integer: ['int32'] };

/** Query parameters are read from their raw string form; these are the parameter fields that shape it. */
const PARAMETER_FIELDS = ['name', 'in', 'description', 'required', 'schema', 'style', 'explode', 'deprecated', 'example', 'examples'];

export class UnsupportedSchemaError extends Error {
  constructor(location, message) {
    super(`spec/openapi.yaml ${location}: ${message}`);
    this.name = 'UnsupportedSchemaError';
    this.location = location;
  }
}

const lit = (value) => JSON.stringify(value);
export const key = (name) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : lit(name));
export const pointer = (location, ...parts) => [location, ...parts.map((part) => String(part).replace(/~/g, '~0').replace(/\//g, '~1'))].join('/');
export const isAnnotation = (keyword) => ANNOTATIONS.includes(keyword) || keyword.startsWith('x-');

/** Throws unless every keyword of `schema` is in `handled` or an annotation. */
function onlyKeywords(schema, handled, location, kind) {
  for (const keyword of Object.keys(schema)) {
    if (handled.includes(keyword) || isAnnotation(keyword)) continue;
    throw new UnsupportedSchemaError(
      location,
      `keyword "${keyword}" is not supported by the zod generator on a ${kind} schema (it handles: ${handled.join(', ') || 'annotations only'}); ` +
        'teach scripts/zod-from-openapi.mjs to check it, or express the rule with the keywords it handles',
    );
  }
}

export function refName(ref, location = '#') {
  const match = /^#\/components\/schemas\/([A-Za-z_$][A-Za-z0-9_$]*)$/.exec(ref);
  if (!match) throw new UnsupportedSchemaError(location, `unsupported $ref "${ref}" (only #/components/schemas/NAME)`);
  return match[1];
}

/** Every schema name a schema refers to, for emitting in dependency order. */
export function refsOf(schema, found = new Set()) {
  if (!schema || typeof schema !== 'object') return found;
  if (Array.isArray(schema)) {
    for (const item of schema) refsOf(item, found);
    return found;
  }
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$ref' && typeof v === 'string') found.add(refName(v));
    else if (k !== 'example' && k !== 'examples') refsOf(v, found);
  }
  return found;
}

function format(type, schema, location) {
  if (schema.format === undefined) return undefined;
  if (!(HANDLED_FORMATS[type] ?? []).includes(schema.format)) {
    throw new UnsupportedSchemaError(
      location,
      `format "${schema.format}" on a ${type} schema is not supported by the zod generator (it handles: ${(HANDLED_FORMATS[type] ?? []).join(', ') || 'none'})`,
    );
  }
  return schema.format;
}

function scalar(type, schema, location) {
  switch (type) {
    case 'string': {
      if (schema.enum) {
        if (!Array.isArray(schema.enum) || !schema.enum.every((value) => typeof value === 'string')) {
          throw new UnsupportedSchemaError(location, 'a string enum must list strings only');
        }
        return `z.enum(${lit(schema.enum)})`;
      }
      if (schema.const !== undefined) return `z.literal(${lit(schema.const)})`;
      const kind = format('string', schema, location);
      let out;
      if (kind === 'date-time') out = 'z.iso.datetime({ offset: true })';
      else if (kind === 'uri') out = 'z.url()';
      else out = 'z.string()';
      if (schema.minLength !== undefined) out += `.min(${schema.minLength})`;
      if (schema.pattern) out += `.regex(new RegExp(${lit(schema.pattern)}))`;
      return out;
    }
    case 'integer':
    case 'number': {
      let out = type === 'integer' ? 'z.number().int()' : 'z.number()';
      if (type === 'integer' && format('integer', schema, location) === 'int32') {
        out += `.min(${schema.minimum ?? -(2 ** 31)}).max(${schema.maximum ?? 2 ** 31 - 1})`;
        return out;
      }
      if (schema.minimum !== undefined) out += `.min(${schema.minimum})`;
      if (schema.maximum !== undefined) out += `.max(${schema.maximum})`;
      return out;
    }
    case 'boolean':
      return schema.const !== undefined ? `z.literal(${lit(schema.const)})` : 'z.boolean()';
    case 'null':
      return 'z.null()';
    case 'array':
      return `z.array(${toZod(schema.items ?? {}, pointer(location, 'items'))})${schema.minItems !== undefined ? `.min(${schema.minItems})` : ''}${schema.maxItems !== undefined ? `.max(${schema.maxItems})` : ''}`;
    case 'object':
      return objectZod(schema, location);
    default:
      throw new UnsupportedSchemaError(location, `type "${type}" is not supported by the zod generator`);
  }
}

function objectZod(schema, location) {
  const required = new Set(schema.required ?? []);
  const props = Object.entries(schema.properties ?? {}).map(
    ([name, prop]) => `${key(name)}: ${toZod(prop, pointer(location, 'properties', name))}${required.has(name) ? '' : '.optional()'}`,
  );
  const shape = `{ ${props.join(', ')} }`;
  const extra = schema.additionalProperties;
  let out;
  if (extra === false) out = `z.strictObject(${shape})`;
  else if (extra === undefined || extra === true) out = `z.looseObject(${shape})`;
  else out = `z.object(${shape}).catchall(${toZod(extra, pointer(location, 'additionalProperties'))})`;
  if (schema.oneOf) {
    // On an object, `oneOf` is only understood as a list of bare `required` lists of one key each:
    // "exactly one of these keys".
    const keys = schema.oneOf.map((variant, index) => {
      const where = pointer(location, 'oneOf', index);
      onlyKeywords(variant, ['required'], where, 'oneOf variant of an object');
      if (!Array.isArray(variant.required) || variant.required.length !== 1) {
        throw new UnsupportedSchemaError(where, 'an object oneOf variant must be `required: [one key]`');
      }
      return variant.required[0];
    });
    out += `.superRefine(exactlyOneOf(${lit(keys)}))`;
  }
  return out;
}

/** Zod source of `schema`, found at `location` (a JSON pointer into the spec, for error messages). */
export function toZod(schema, location = '#') {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new UnsupportedSchemaError(location, 'a schema must be an object (boolean schemas are not supported)');
  }
  if (schema.$ref) {
    onlyKeywords(schema, HANDLED_KEYWORDS.ref, location, '$ref');
    return refName(schema.$ref, location);
  }
  if (schema.allOf) {
    onlyKeywords(schema, HANDLED_KEYWORDS.allOf, location, 'allOf');
    const [first, ...rest] = schema.allOf.map((part, index) => toZod(part, pointer(location, 'allOf', index)));
    const merged = rest.reduce((acc, part) => `${acc}.extend(${part}.shape)`, first);
    if (schema.required === undefined) return merged;
    // `required` beside `allOf`: the shared record with these of its optional fields required (a response that
    // always carries more of its fields), each field the record's own unwrapped, so that its type says so too.
    if (!Array.isArray(schema.required) || schema.required.length === 0 || !schema.required.every((name) => typeof name === 'string')) {
      throw new UnsupportedSchemaError(pointer(location, 'required'), '`required` beside `allOf` must list field names');
    }
    if (schema.allOf.length !== 1 || !schema.allOf[0].$ref) {
      throw new UnsupportedSchemaError(pointer(location, 'required'), '`required` beside `allOf` needs the `allOf` to name one schema (`$ref`) and nothing else');
    }
    const field = (name) => `${first}.shape${/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${lit(name)}]`}`;
    return `${first}.extend({ ${schema.required.map((name) => `${key(name)}: ${field(name)}.unwrap()`).join(', ')} })`;
  }
  if (schema.oneOf && !schema.type) {
    onlyKeywords(schema, HANDLED_KEYWORDS.oneOf, location, 'oneOf');
    const variants = schema.oneOf.map((variant, index) => ({ variant, where: pointer(location, 'oneOf', index) }));
    const isNull = ({ variant }) => variant.type === 'null' && Object.keys(variant).every((k) => k === 'type' || isAnnotation(k));
    const nonNull = variants.filter((v) => !isNull(v));
    const nullable = nonNull.length < variants.length;
    const members = nonNull.map(({ variant, where }) => toZod(variant, where));
    const inner = members.length === 1 ? members[0] : `z.union([${members.join(', ')}])`;
    return nullable ? `${inner}.nullable()` : inner;
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) {
    onlyKeywords(schema, HANDLED_KEYWORDS.any, location, 'type-less');
    return 'z.unknown()';
  }
  const handled = [...new Set(types.flatMap((type) => HANDLED_KEYWORDS[type] ?? ['type']))];
  onlyKeywords(schema, handled, location, types.join(' | '));
  const nullable = types.includes('null') && types.length > 1;
  const members = types.filter((type) => !(nullable && type === 'null')).map((type) => scalar(type, schema, location));
  let inner = members.length === 1 ? members[0] : `z.union([${members.join(', ')}])`;
  // Sample values ride along as metadata: they check nothing, and the mock draws a field's values from them.
  if (Array.isArray(schema.examples) && members.length === 1 && !types.includes('object')) inner += `.meta(${lit({ examples: schema.examples })})`;
  return nullable ? `${inner}.nullable()` : inner;
}

/**
 * A query parameter's schema over its raw string form (arrays arrive as string[] from the caller). `default`
 * is understood here only, on the parameter's own schema, where the server applies it.
 */
export function queryParamZod(param, schema, location) {
  const { default: fallback, ...rest } = schema;
  let out;
  if (rest.type === 'integer') {
    onlyKeywords(rest, HANDLED_KEYWORDS.integer, location, 'integer query parameter');
    // A query value is text: the body schema's integer check, coerced from it.
    out = scalar('integer', rest, location).replace(/^z\.number\(\)/, 'z.coerce.number()');
  } else {
    out = toZod(rest, location);
  }
  if (fallback !== undefined) return `${out}.default(${lit(fallback)})`;
  return param.required ? out : `${out}.optional()`;
}

/** Throws on a parameter whose reading the generated code does not model (headers, cookies, other styles). */
export function checkParameter(param, location) {
  onlyKeywords(param, PARAMETER_FIELDS, location, 'parameter');
  if (param.in !== 'query' && param.in !== 'path') {
    throw new UnsupportedSchemaError(location, `parameters "in: ${param.in}" are not supported by the zod generator (query and path only)`);
  }
  if (param.style !== undefined && param.style !== (param.in === 'query' ? 'form' : 'simple')) {
    throw new UnsupportedSchemaError(location, `parameter style "${param.style}" is not supported by the zod generator`);
  }
  if (param.explode !== undefined && param.explode !== (param.in === 'query')) {
    throw new UnsupportedSchemaError(location, `parameter explode: ${param.explode} is not supported by the zod generator`);
  }
}

const PATH_ITEM_FIELDS = [...METHODS, 'parameters', 'summary', 'description'];

/** Follows a local `$ref` (`#/components/...`) inside `spec`. */
function operationEntry(spec, path, method, item) {
  const op = item[method];
  const where = pointer('#/paths', path, method);
  const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p, index) => {
    const location = p.$ref ?? pointer(where, 'parameters', index);
    const param = p.$ref ? resolveRef(spec, p.$ref) : p;
    checkParameter(param, location);
    return { param, location };
  });
  const schemaOf = ({ param, location }) =>
    param.schema.$ref ? { schema: resolveRef(spec, param.schema.$ref), at: param.schema.$ref } : { schema: param.schema, at: pointer(location, 'schema') };
  const query = params.filter(({ param }) => param.in === 'query');
  const pathParams = params.filter(({ param }) => param.in === 'path');
  const arrays = query.filter((p) => schemaOf(p).schema.type === 'array').map(({ param }) => param.name);
  // The query parameters read as numbers, for a reader that checks their notation before the schema coerces them.
  const numbers = query.filter((p) => ['integer', 'number'].includes(schemaOf(p).schema.type)).map(({ param }) => param.name);
  const content = op.requestBody?.content ?? {};
  for (const mediaType of Object.keys(content)) {
    if (mediaType !== 'application/json') {
      throw new UnsupportedSchemaError(pointer(where, 'requestBody', 'content', mediaType), 'only application/json request bodies are supported by the zod generator');
    }
  }
  const body = content['application/json']?.schema;
  const responses = Object.entries(op.responses).map(([status, response]) => {
    const resolved = response.$ref ? resolveRef(spec, response.$ref) : response;
    const schema = resolved.content?.['application/json']?.schema;
    const at = response.$ref ? pointer(response.$ref, 'content', 'application/json', 'schema') : pointer(where, 'responses', status, 'content', 'application/json', 'schema');
    return `${lit(status)}: ${schema ? toZod(schema, at) : 'z.unknown()'}`;
  });
  const queryShape = query.map((p) => {
    const { schema, at } = schemaOf(p);
    return `${key(p.param.name)}: ${queryParamZod(p.param, schema, at)}`;
  });
  const pathShape = pathParams.map((p) => {
    const { schema, at } = schemaOf(p);
    return `${key(p.param.name)}: ${toZod(schema, at)}`;
  });
  return [
    `  ${op.operationId}: {`,
    `    ...operationRoutes.${op.operationId},`,
    `    query: ${queryShape.length ? `z.object({ ${queryShape.join(', ')} })` : 'null'},`,
    `    params: ${pathShape.length ? `z.object({ ${pathShape.join(', ')} })` : 'null'},`,
    `    body: ${body ? toZod(body, pointer(where, 'requestBody', 'content', 'application/json', 'schema')) : 'null'},`,
    `    arrayQueryParams: ${lit(arrays)},`,
    `    numberQueryParams: ${lit(numbers)},`,
    `    responses: { ${responses.join(', ')} },`,
    `  },`,
  ].join('\n');
}

const EXACTLY_ONE_OF = `/** Fails unless exactly one of \`keys\` is present (the spec's \`oneOf\` of \`required\` lists). */
export function exactlyOneOf(keys: readonly string[]) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const present = keys.filter((k) => value[k] !== undefined);
    if (present.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: present.length === 0
          ? \`one of \${keys.join(' or ')} is required\`
          : \`only one of \${keys.join(' or ')} may be given\`,
        path: present.length === 0 ? [] : [present[1] as string],
      });
    }
  };
}`;

/**
 * The two zod modules of `spec` (a parsed OpenAPI 3.1 document), as source text after `banner`:
 *   zod         the schema of every component schema (`schemas`)
 *   operations  the operation table: every operation's method, path template, input schemas (query over raw
 *               strings, path params, body), array and number query parameters and response schemas by status
 * Throws `UnsupportedSchemaError` on anything it cannot check faithfully.
 */
export function zodModules(spec, banner = '') {
  const schemas = spec.components?.schemas ?? {};
  const names = Object.keys(schemas);
  const emitted = new Set();
  const lines = [];
  const visit = (name, stack = []) => {
    if (emitted.has(name)) return;
    if (!(name in schemas)) throw new UnsupportedSchemaError(pointer('#/components/schemas', stack.at(-1) ?? ''), `$ref to a missing schema "${name}"`);
    if (stack.includes(name)) throw new UnsupportedSchemaError(pointer('#/components/schemas', name), `recursive schema ${[...stack, name].join(' -> ')} is not supported`);
    for (const dep of refsOf(schemas[name])) visit(dep, [...stack, name]);
    emitted.add(name);
    lines.push(`const ${name} = ${toZod(schemas[name], pointer('#/components/schemas', name))};`);
  };
  for (const name of names) visit(name);

  const entries = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    onlyKeywords(item, PATH_ITEM_FIELDS, pointer('#/paths', path), 'path item');
    for (const method of METHODS) if (item[method]) entries.push(operationEntry(spec, path, method, item));
  }
  const table = entries.join('\n');
  const used = names.filter((name) => new RegExp(`\\b${name}\\b`).test(table));

  const zod = `${banner}import { z } from 'zod';

${EXACTLY_ONE_OF}

${lines.join('\n')}

/** Zod schemas of every component schema of the spec. */
export const schemas = { ${names.join(', ')} } as const;
`;
  const helpers = ['schemas', ...(table.includes('exactlyOneOf(') ? ['exactlyOneOf'] : [])];
  const operations = `${banner}import { z } from 'zod';
import { operationRoutes } from './routes';
import { ${helpers.join(', ')} } from './zod';

const { ${used.join(', ')} } = schemas;

/** Every operation's route (method, path, list), input schemas (query over raw strings, path params, body) and response schemas by status. */
export const operations = {
${table}
} as const;

export type OperationId = keyof typeof operations;
`;
  return { zod, operations };
}
