// The operation docs module behind `pnpm generate`: each operation's summary and description, and the description
// of each of its parameters and request-body properties, as the spec words them. Tools that explain the API to
// people or agents (the MCP server's tool descriptions) read them from here instead of copying the text.

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Follows a local `$ref` (`#/components/...`) inside `spec`. */
function resolve(spec, node) {
  if (!node?.$ref) return node;
  return node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((at, part) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
}

const text = (value) => (typeof value === 'string' ? value.trim() : undefined);

function operationDocs(spec, item, op) {
  const parameters = {};
  for (const reference of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
    const param = resolve(spec, reference);
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
  return docs;
}

/** Source text of the docs module of `spec` (a parsed OpenAPI 3.1 document), after `banner`. */
export function docsModule(spec, banner = '') {
  const table = {};
  for (const item of Object.values(spec.paths ?? {})) {
    for (const method of METHODS) if (item[method]) table[item[method].operationId] = operationDocs(spec, item, item[method]);
  }
  return `${banner}
/** Each operation's summary and description, and its parameters' and request-body properties' descriptions. */
export const operationDocs = ${JSON.stringify(table, null, 2)} as const;
`;
}
