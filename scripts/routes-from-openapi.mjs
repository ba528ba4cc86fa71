// The route table behind `pnpm generate`: each operation's HTTP method and path template and, for a list, where its
// items are. It imports nothing (no zod), so the SDK's main entry can build every request from it; the zod
// operation table spreads the same entries, so both say the same thing.

import { METHODS, resolve } from './openapi-walk.mjs';

/**
 * Where a list operation's items are, read from its 200 answer: the one array property of the payload (`data`
 * when the answer has that envelope, the answer itself otherwise); `paged` when the payload also carries
 * `pagination`. Operations named `list…` must have exactly one such array; others are no list (null).
 */
function listOf(spec, operationId, op) {
  if (!operationId.startsWith('list')) return null;
  const ok = resolve(spec, op.responses?.['200']);
  const body = resolve(spec, ok?.content?.['application/json']?.schema);
  const envelope = body?.properties?.data ? 'data' : null;
  const payload = envelope ? resolve(spec, body.properties.data) : body;
  const properties = Object.entries(payload?.properties ?? {});
  const arrays = properties.filter(([, schema]) => resolve(spec, schema)?.type === 'array').map(([name]) => name);
  if (arrays.length !== 1) {
    throw new Error(`${operationId}: a list operation's 200 payload must have exactly one array property (found ${arrays.length ? arrays.join(', ') : 'none'})`);
  }
  const paged = properties.some(([name]) => name === 'pagination');
  return { key: arrays[0], envelope, paged, ...(paged && { pageLimit: pageLimitOf(spec, operationId, op) }) };
}

/**
 * The page size rule of a paged list, read from its `limit` query parameter: its default, and its largest value,
 * either the schema's `maximum` (larger is refused) or `x-clamped-maximum` (larger is clamped to it).
 */
function pageLimitOf(spec, operationId, op) {
  const limit = (op.parameters ?? []).map((parameter) => resolve(spec, parameter)).find((parameter) => parameter?.in === 'query' && parameter.name === 'limit');
  const schema = resolve(spec, limit?.schema);
  const clampedAt = limit?.['x-clamped-maximum'];
  const max = schema?.maximum ?? clampedAt;
  if (typeof schema?.default !== 'number' || typeof max !== 'number') {
    throw new Error(`${operationId}: a paged list's limit needs a default and a maximum (or x-clamped-maximum)`);
  }
  return { default: schema.default, max, clamp: schema.maximum === undefined };
}

/**
 * Whether an operation may be sent again after an attempt that may have been processed (a timeout, a 5xx): its
 * `x-retry-safe`, which every operation must state, so that a new write is never retried by default by accident.
 */
function retrySafeOf(operationId, op) {
  const safe = op['x-retry-safe'];
  if (typeof safe !== 'boolean') throw new Error(`${operationId}: x-retry-safe must be true or false (may a second request change more than the first?)`);
  return safe;
}

/** The route of every operation of `spec`, by operationId, in the spec's order. */
export function operationRoutes(spec) {
  const table = {};
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) table[op.operationId] = { method: method.toUpperCase(), path, list: listOf(spec, op.operationId, op), retrySafe: retrySafeOf(op.operationId, op) };
    }
  }
  return table;
}

/** Source text of the routes module of `spec` (a parsed OpenAPI 3.1 document), after `banner`. */
export function routesModule(spec, banner = '') {
  const entries = Object.entries(operationRoutes(spec)).map(([id, route]) => `  ${id}: ${JSON.stringify(route)},`);
  return `${banner}
/**
 * Every operation's HTTP method, path template and, for a list, where its items are: \`list.key\` names the array
 * inside the \`list.envelope\` object of the answer (or the answer itself when null); \`paged\` lists carry
 * \`pagination\` beside it, and take a page size by \`pageLimit\`: its default, and its largest value, above which a
 * \`limit\` is clamped to it (\`clamp\`) or refused with 400. \`retrySafe\` (the spec's \`x-retry-safe\`): whether a
 * request that may have been processed (a timeout, a 5xx) may be sent again, a second one changing nothing more.
 */
export const operationRoutes = {
${entries.join('\n')}
} as const;

export type OperationId = keyof typeof operationRoutes;

/** The spec's \`info.version\`: what a coverage report names the API it measured by. */
export const specVersion = ${JSON.stringify(String(spec.info?.version ?? ''))};
`;
}
