// What every generator behind `pnpm generate` needs to walk the spec: the HTTP methods an operation may sit under,
// and local `$ref`s followed.

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The node a local JSON pointer (`#/components/schemas/Contact`) names inside `spec`. */
export function resolveRef(spec, ref) {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
}

/** `node`, or the node its `$ref` names. */
export const resolve = (spec, node) => (node?.$ref ? resolveRef(spec, node.$ref) : node);
