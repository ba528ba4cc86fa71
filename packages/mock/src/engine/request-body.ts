import { badRequest } from './errors';

/** Contract §5: bodies over 1 MiB are refused. */
export const MAX_BODY_BYTES = 1024 * 1024;

// Keys that could reach an object's prototype if a body were ever merged into a record.
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The path of a prototype-polluting key, if any; walked with an explicit stack so deep nesting cannot overflow. */
function findForbiddenKey(root: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: `${path}[${index}]` }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const keyPath = path ? `${path}.${key}` : key;
      if (FORBIDDEN_KEYS.has(key)) return keyPath;
      pending.push({ value: item, path: keyPath });
    }
  }
  return undefined;
}

/**
 * Reads a JSON object body: 400 when it is missing (and required), larger than 1 MiB, not JSON, not an object,
 * or carries a prototype-polluting key. Returns undefined for an absent optional body.
 */
export function readJsonObjectBody(bytes: Uint8Array | undefined, required: boolean): Record<string, unknown> | undefined {
  if (bytes === undefined) {
    if (required) throw badRequest('Request body is required: send a JSON object.');
    return undefined;
  }
  if (bytes.byteLength > MAX_BODY_BYTES) throw badRequest(`Request body is larger than the 1 MiB limit.`);
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') {
    if (required) throw badRequest('Request body is required: send a JSON object.');
    return undefined;
  }
  let value: unknown;
  try {
    // JSON.parse makes `__proto__` an own data property, never a prototype change; the key is refused below.
    value = JSON.parse(text);
  } catch {
    throw badRequest('Request body is not valid JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('Request body must be a JSON object.');
  }
  const forbidden = findForbiddenKey(value);
  if (forbidden) throw badRequest(`Request body key "${forbidden}" is not allowed.`);
  return value as Record<string, unknown>;
}
