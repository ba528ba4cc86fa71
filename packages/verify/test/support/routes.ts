import type { OperationId } from '@network-org/sdk';
import { operationRoutes } from '@network-org/spec/routes';

const ROUTES = Object.entries(operationRoutes).map(([operation, { method, path }]) => {
  const names: string[] = [];
  const pattern = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { operation: operation as OperationId, method: method.toUpperCase(), pattern: new RegExp(`^${pattern}$`), names };
});

/** The operation a request is of (by method and path), with its path parameters; none for the control API. */
export function route(method: string, pathname: string): { operation: OperationId | undefined; params: Record<string, string> } {
  for (const { operation, method: m, pattern, names } of ROUTES) {
    const match = m === method ? pattern.exec(pathname) : null;
    if (match) return { operation, params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)])) };
  }
  return { operation: undefined, params: {} };
}
