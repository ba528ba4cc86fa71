import { z } from 'zod';

export type JsonSchema = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One schema node made portable: a `type` array becomes `anyOf` branches of one type each (single-`type` dialects
 * such as Gemini's refuse arrays), an `anyOf` branch that is itself a bare `anyOf` is spliced into its parent, and
 * what says nothing is left out: the safe-integer bounds zod adds to every integer, `propertyNames` of any string.
 */
function portable(node: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) continue;
    // JSON keys are strings: `propertyNames: {type: string}` says nothing.
    if (key === 'propertyNames' && isObject(value) && Object.keys(value).length === 1 && value.type === 'string') continue;
    out[key] = Array.isArray(value) ? value.map((item) => (isObject(item) ? portable(item) : item)) : isObject(value) && key !== 'default' ? portableMap(key, value) : value;
  }
  if (Array.isArray(out.type)) {
    const { type, ...rest } = out;
    return { ...rest, anyOf: (type as string[]).map((one) => ({ type: one })) };
  }
  if (Array.isArray(out.anyOf)) {
    out.anyOf = (out.anyOf as JsonSchema[]).flatMap((branch) => (Object.keys(branch).length === 1 && Array.isArray(branch.anyOf) ? (branch.anyOf as JsonSchema[]) : [branch]));
  }
  return out;
}

// `properties` maps names to schemas; every other object-valued keyword holds one schema.
const portableMap = (key: string, value: JsonSchema): JsonSchema =>
  key === 'properties' ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, isObject(schema) ? portable(schema) : schema])) : portable(value);

/**
 * The JSON Schema a client receives for a tool's arguments: what the arguments accept as input (before ids are
 * normalized and defaults applied), every object closed, every node portable (see `portable`), no `$schema`.
 */
export function toolJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input', target: 'draft-07' }) as JsonSchema;
  return portable(json);
}
