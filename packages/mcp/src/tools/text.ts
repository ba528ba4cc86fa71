import { operations, type OperationId } from '@network-org/spec/operations';

/** `listContacts` -> `list_contacts`: the tool name of an operation (contract §7). */
export function toolNameOf(operationId: OperationId): string {
  return operationId.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

// `GET /v1/accounts` in the spec's prose names an endpoint; an agent knows tools, so it reads the tool's name.
const toolByEndpoint = new Map(
  (Object.keys(operations) as OperationId[]).map((id) => [`${operations[id].method.toUpperCase()} ${operations[id].path}`, toolNameOf(id)]),
);

/**
 * The spec's prose as an agent reads it: hard line wraps joined, endpoints named by their tools, and the
 * "network-org decision" markers (which tell maintainers where the description was silent) left out.
 */
export function agentText(text: string): string {
  return text
    .replace(/`((?:GET|POST|PATCH|PUT|DELETE) \/v1\/[^`]*)`/g, (whole, endpoint: string) => {
      const tool = toolByEndpoint.get(endpoint);
      return tool ? `\`${tool}\`` : whole;
    })
    .replace(/\s*\*\(network-org\s+decision[^)]*\)\*/g, '')
    .replace(/,?\s*\*network-org\s+decision\*/g, '')
    .replace(/\(\s*\)/g, '')
    .replace(/([^\n])\n(?!\n)/g, '$1 ')
    .trim();
}
