import { operationRoutes, type OperationId } from '@network-org/spec/routes';

/** `listContacts` -> `list_contacts`: the tool name of an operation. */
export function toolNameOf(operationId: OperationId): string {
  return operationId.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

// `GET /v1/accounts` in the spec's prose or an API message names an endpoint; an agent knows tools, so it reads the tool's name.
const toolByEndpoint = new Map(
  (Object.keys(operationRoutes) as OperationId[]).map((id) => [`${operationRoutes[id].method} ${operationRoutes[id].path}`, toolNameOf(id)]),
);

/** `text` with every endpoint it names (`GET /v1/views`, in backticks or not) named by its tool instead. */
export function toolWords(text: string): string {
  return text.replace(/(`?)\b((?:GET|POST|PATCH|PUT|DELETE) \/v1\/[\w{}/-]*)\1/g, (whole, quote: string, endpoint: string) => {
    const tool = toolByEndpoint.get(endpoint);
    return tool ? `${quote}${tool}${quote}` : whole;
  });
}

/**
 * The spec's prose as an agent reads it: endpoints named by their tools, hard line wraps joined, and the
 * "network-org decision" markers (which tell maintainers where the description was silent) left out.
 */
export function agentText(text: string): string {
  return toolWords(text)
    .replace(/\s*\*\(network-org\s+decision[^)]*\)\*/g, '')
    .replace(/,?\s*\*network-org\s+decision\*/g, '')
    .replace(/\(\s*\)/g, '')
    .replace(/([^\n])\n(?!\n)/g, '$1 ')
    .trim();
}
