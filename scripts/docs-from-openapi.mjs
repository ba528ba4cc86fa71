// The operation docs module behind `pnpm generate`: each operation's summary and description, the description
// of each of its parameters and request-body properties as the spec words them, their types, and its responses.
// Tools that explain the API to people or agents (the MCP server's tool descriptions, the CLI's help, the SDK's
// api.md) read them from here instead of copying the text.

import { METHODS, resolve } from './openapi-walk.mjs';

const text = (value) => (typeof value === 'string' ? value.trim() : undefined);

/**
 * What a tool needs to show or read one input: its JSON type, the type of an array's items, its enum, default and
 * bounds, as the spec states them (a `$ref` followed). Generated help and references read these instead of the
 * spec.
 */
function shapeOf(spec, schema) {
  const resolved = resolve(spec, schema) ?? {};
  const types = [resolved.type ?? (resolved.properties ? 'object' : undefined)].flat().filter(Boolean);
  const shape = { type: types.find((type) => type !== 'null') ?? (resolved.oneOf ? 'object' : 'any') };
  if (types.includes('null')) shape.nullable = true;
  if (shape.type === 'array') shape.items = shapeOf(spec, resolved.items);
  if (resolved.enum) shape.enum = resolved.enum;
  if (resolved.default !== undefined) shape.default = resolved.default;
  if (resolved.minimum !== undefined) shape.minimum = resolved.minimum;
  if (resolved.maximum !== undefined) shape.maximum = resolved.maximum;
  if (resolved.pattern) shape.pattern = resolved.pattern;
  return shape;
}

/** Every input of an operation in the order a caller meets them: path parameters, query parameters, body properties. */
function inputsOf(spec, parameters, bodySchema) {
  const inputs = parameters.map((param) => ({
    name: param.name,
    in: param.in,
    required: param.required === true,
    ...shapeOf(spec, param.schema),
  }));
  const required = new Set(bodySchema?.required ?? []);
  for (const [name, prop] of Object.entries(bodySchema?.properties ?? {})) {
    inputs.push({ name, in: 'body', required: required.has(name), ...shapeOf(spec, prop) });
  }
  const order = { path: 0, query: 1, body: 2 };
  return inputs.sort((a, b) => order[a.in] - order[b.in]);
}

function operationDocs(spec, item, op) {
  const parameters = {};
  const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((reference) => resolve(spec, reference));
  for (const param of params) {
    const description = text(param.description) ?? text(resolve(spec, param.schema)?.description);
    if (description) parameters[param.name] = description;
  }
  const bodySchema = resolve(spec, op.requestBody?.content?.['application/json']?.schema);
  const properties = {};
  for (const [name, prop] of Object.entries(bodySchema?.properties ?? {})) {
    const description = text(prop.description) ?? text(resolve(spec, prop)?.description);
    if (description) properties[name] = description;
  }
  const docs = { summary: text(op.summary) ?? '', description: text(op.description) ?? '', parameters };
  if (bodySchema) docs.body = { description: text(bodySchema.description) ?? '', properties };
  // A body that takes keys of its own choosing (custom fields by registered name): their types and what they are.
  const extra = resolve(spec, bodySchema?.additionalProperties);
  if (extra && typeof extra === 'object') {
    docs.body.additionalProperties = { types: [extra.type].flat(), description: text(extra.description) ?? '' };
  }
  docs.inputs = inputsOf(spec, params, bodySchema);
  docs.responses = Object.fromEntries(
    Object.entries(op.responses ?? {}).map(([status, response]) => [status, text(resolve(spec, response)?.description) ?? '']),
  );
  return docs;
}

/** The docs of every operation of `spec` (a parsed OpenAPI 3.1 document), by operationId. */
export function operationDocsOf(spec) {
  const table = {};
  for (const item of Object.values(spec.paths ?? {})) {
    for (const method of METHODS) if (item[method]) table[item[method].operationId] = operationDocs(spec, item, item[method]);
  }
  return table;
}

/**
 * Per component schema, its properties marked `x-summary: true`, in the spec's order: the record's main fields, what
 * a compact view of it shows by default. A field gains its place there on its own line of the spec.
 */
export function summaryFieldsOf(spec) {
  const summaries = {};
  for (const [name, schema] of Object.entries(spec.components?.schemas ?? {})) {
    const keys = Object.entries(schema.properties ?? {})
      .filter(([, property]) => property?.['x-summary'] === true)
      .map(([key]) => key);
    if (keys.length > 0) summaries[name] = keys;
  }
  return summaries;
}

/** Source text of the docs module of `spec`, after `banner`. */
export function docsModule(spec, banner = '') {
  const table = operationDocsOf(spec);
  const summaries = summaryFieldsOf(spec);
  return `${banner}
/**
 * Each operation's summary and description, its parameters' and request-body properties' descriptions, its
 * \`inputs\` (path, query and body, each with its type, enum, default, bounds and whether it is required) and the
 * description of each of its \`responses\` by status.
 */
export const operationDocs = ${JSON.stringify(table, null, 2)} as const;

/** Per record schema, its main fields (the properties the spec marks \`x-summary: true\`), in the spec's order. */
export const summaryFields = ${JSON.stringify(summaries, null, 2)} as const;
`;
}
