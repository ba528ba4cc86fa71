import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** The spec as parsed YAML (loosely typed: tests walk it like any OpenAPI tool would). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Node = any;

export const specPath = fileURLToPath(new URL('../openapi.yaml', import.meta.url));
export const spec: Node = parse(readFileSync(specPath, 'utf8'));

export function deref(node: Node): Node {
  if (!node?.$ref) return node;
  const path = (node.$ref as string).replace(/^#\//, '').split('/');
  return deref(path.reduce((acc: Node, key: string) => acc[key], spec));
}

export interface SpecOperation {
  method: string;
  path: string;
  operationId: string;
  op: Node;
  parameters: Node[];
}

export const specOperations: SpecOperation[] = Object.entries<Node>(spec.paths).flatMap(([path, item]) =>
  ['get', 'post', 'patch', 'put', 'delete']
    .filter((method) => item[method])
    .map((method) => ({
      method,
      path,
      operationId: item[method].operationId as string,
      op: item[method],
      parameters: [...(item.parameters ?? []), ...(item[method].parameters ?? [])].map(deref),
    })),
);
