import { operations as operationSchemas } from '@network-org/spec/operations';

export type OperationSchemas = typeof operationSchemas;
export type OperationId = keyof OperationSchemas & string;

export interface OperationEntry {
  operationId: OperationId;
  method: string;
  /** The spec's path template, e.g. `/v1/contacts/{contact_id}`. */
  template: string;
  pattern: RegExp;
  paramNames: string[];
}

function compile(operationId: OperationId): OperationEntry {
  const { method, path } = operationSchemas[operationId];
  const paramNames: string[] = [];
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(name);
      return '([^/]+)';
    })
    .join('');
  return { operationId, method: method.toUpperCase(), template: path, pattern: new RegExp(`^${source}$`), paramNames };
}

/** Every operation of the spec, matched by method and path. */
export const operationTable: readonly OperationEntry[] = (Object.keys(operationSchemas) as OperationId[]).map(compile);

export type OperationMatch =
  | { kind: 'operation'; entry: OperationEntry; rawParams: Record<string, string> }
  | { kind: 'wrong_method'; allowed: string[] }
  | { kind: 'unknown' };

export function matchOperation(method: string, pathname: string): OperationMatch {
  const allowed: string[] = [];
  for (const entry of operationTable) {
    const found = entry.pattern.exec(pathname);
    if (!found) continue;
    // Methods are case-sensitive (RFC 9110): `get` is not a method the API routes.
    if (entry.method !== method) {
      allowed.push(entry.method);
      continue;
    }
    const rawParams: Record<string, string> = {};
    entry.paramNames.forEach((name, index) => {
      const raw = found[index + 1] as string;
      try {
        rawParams[name] = decodeURIComponent(raw);
      } catch {
        rawParams[name] = raw;
      }
    });
    return { kind: 'operation', entry, rawParams };
  }
  return allowed.length > 0 ? { kind: 'wrong_method', allowed } : { kind: 'unknown' };
}
