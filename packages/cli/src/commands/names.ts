import { operationRoutes, type OperationId } from '@network-org/spec/routes';

// The one operation whose command is not derived from its path: `GET /v1/organization` answers a list
// (`listOrganizations`) of the key's single organization, so its command is the noun alone.
const NAMED: Partial<Record<OperationId, readonly string[]>> = { listOrganizations: ['organization'] };

/**
 * The words of an operation's command, from its route: the resource is the path's first segment after `/v1`;
 * the verb is the path's last literal segment after it (`find-email`, `messages`, `summary`), or else the
 * operationId's leading verb (`list`, `import`, `update`, `create`). An operation named as its resource (`enrich`)
 * is one word.
 */
export function commandWords(operationId: OperationId): readonly string[] {
  const named = NAMED[operationId];
  if (named) return named;
  const [resource, ...rest] = operationRoutes[operationId].path.split('/').filter((segment) => segment !== '' && segment !== 'v1');
  if (resource === undefined) throw new Error(`${operationId}: its path names no resource`);
  if (operationId === resource) return [resource];
  const verb = rest.filter((segment) => !segment.startsWith('{')).at(-1) ?? /^[a-z]+/.exec(operationId)?.[0];
  if (verb === undefined) throw new Error(`${operationId}: no verb in its operationId or path`);
  return [resource, verb];
}

/** Every operation of the route table, in the table's order. */
export const operationIds = Object.keys(operationRoutes) as OperationId[];
