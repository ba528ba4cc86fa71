import { badRequest } from './errors';

/** Contract §5: bodies over 1 MiB are refused. */
export const MAX_BODY_BYTES = 1024 * 1024;

// Keys that could reach an object's prototype if a body were ever merged into a record.
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The deepest nesting a body of the API needs is 4 (`filters.specific_contacts.contact_ids[]`); far above it is an attack. */
const MAX_NESTING = 32;

/** Whether the JSON text nests arrays and objects deeper than MAX_NESTING: one pass over the text, before parsing. */
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > MAX_NESTING) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

interface Container {
  value: object;
  parent: Container | undefined;
  key: string | number;
}

function pathOf(container: Container, key: string): string {
  let path = key;
  for (let at: Container | undefined = container; at?.parent !== undefined; at = at.parent) {
    path = typeof at.key === 'number' ? `[${at.key}]${path.startsWith('[') ? '' : '.'}${path}` : `${at.key}.${path}`;
  }
  return path.replace(/\.\[/g, '[');
}

/**
 * The path of a prototype-polluting key, if any. Walks containers only, with an explicit stack (deep nesting
 * cannot overflow it), and spells a path only for the key it reports, so a large body costs one cheap pass.
 */
export function findForbiddenKey(root: object): string | undefined {
  const pending: Container[] = [{ value: root, parent: undefined, key: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value } = next;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (item !== null && typeof item === 'object') pending.push({ value: item, parent: next, key: index });
      }
      continue;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (FORBIDDEN_KEYS.has(key)) return pathOf(next, key);
      const item: unknown = (value as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') pending.push({ value: item, parent: next, key });
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
  if (nestsTooDeep(text)) throw badRequest(`Request body nests arrays and objects deeper than ${MAX_NESTING} levels.`);
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
