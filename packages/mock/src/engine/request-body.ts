import { badRequest } from './errors';
import { findForbiddenKey } from '../lib/forbidden-keys';

/** Bodies over 1 MiB are refused. */
export const MAX_BODY_BYTES = 1024 * 1024;

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
