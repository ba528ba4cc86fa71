import type { NumberOutline, ObjectOutline, Outline, StringOutline } from '@network-org/spec/outlines';
import { exactlyOneOf } from '@network-org/spec/zod';
import { z } from 'zod';
import { isIdArgument } from './guidance';

const ID_ERROR = 'expected an id: a positive integer, as a number or a string of digits';

/**
 * An id argument: the spec's string, or a positive integer (models often send ids as numbers), as a string. The
 * schema shows a string or an integer; the spec's checks still apply (as refinements, which cost the tool list nothing).
 */
const idOf = (text: z.ZodType) =>
  z
    .union([z.string().refine((value) => text.safeParse(value).success, ID_ERROR), z.int().refine((value) => value >= 1, ID_ERROR)], { error: ID_ERROR })
    .transform(String);

/** A string with the spec's checks, as the spec's zod schemas write it. */
function stringOf(outline: StringOutline): z.ZodType {
  let schema = outline.format === 'date-time' ? z.iso.datetime({ offset: true }) : outline.format === 'uri' ? z.url() : z.string();
  if (outline.minLength !== undefined) schema = schema.min(outline.minLength);
  if (outline.pattern !== undefined) schema = schema.regex(new RegExp(outline.pattern));
  return schema;
}

/** A number with the spec's checks; one read from text (a query parameter) is coerced from it. */
function numberOf(outline: NumberOutline): z.ZodType {
  let schema = outline.fromText ? z.coerce.number() : z.number();
  if (outline.type === 'integer') schema = schema.int();
  if (outline.minimum !== undefined) schema = schema.min(outline.minimum);
  if (outline.maximum !== undefined) schema = schema.max(outline.maximum);
  return schema;
}

/** The spec's schema of a value that is neither an object nor a wrapper, as the spec's zod schemas write it. */
function valueOf(outline: Exclude<Outline, ObjectOutline | { type: 'optional' | 'nullable' | 'default' }>, id: boolean): z.ZodType {
  let schema: z.ZodType;
  switch (outline.type) {
    case 'array': {
      let array = z.array(agentSchema(outline.items, id));
      if (outline.minItems !== undefined) array = array.min(outline.minItems);
      if (outline.maxItems !== undefined) array = array.max(outline.maxItems);
      schema = array;
      break;
    }
    case 'union': {
      const [first, ...rest] = outline.options.map((option) => agentSchema(option, id));
      return z.union([first!, ...rest]);
    }
    case 'enum':
      schema = z.enum(outline.values);
      break;
    case 'literal':
      schema = z.literal(outline.value);
      break;
    case 'string':
      schema = stringOf(outline);
      break;
    case 'integer':
    case 'number':
      schema = numberOf(outline);
      break;
    case 'boolean':
      schema = z.boolean();
      break;
    case 'null':
      schema = z.null();
      break;
    case 'unknown':
      return z.unknown();
  }
  // The spec's sample values show in the tool list as they do in the spec's schemas; an id's are its text's.
  if (outline.examples) schema = schema.meta({ examples: [...outline.examples] });
  return outline.type === 'string' && id ? idOf(schema) : schema;
}

/**
 * The spec's schema of an input as a tool takes it, built from its outline: every object closed (an unknown key is
 * refused by name instead of dropped or sent), and ids (by argument name, `id`) taking integers too. Checks,
 * defaults and refinements are the spec's.
 */
export function agentSchema(outline: Outline, id: boolean): z.ZodType {
  switch (outline.type) {
    case 'optional':
      return agentSchema(outline.inner, id).optional();
    case 'nullable':
      return agentSchema(outline.inner, id).nullable();
    case 'default':
      return agentSchema(outline.inner, id).default(outline.value);
    case 'object':
      return closedObject(outline, Object.fromEntries(Object.entries(outline.fields).map(([key, field]) => [key, agentSchema(field, isIdArgument(key))])));
    default:
      return valueOf(outline, id);
  }
}

/** An object of `outline` (with its refinements) with `shape` and no other key. */
export function closedObject(outline: ObjectOutline, shape: Record<string, z.ZodType>): z.ZodType {
  const object = z.strictObject(shape);
  return outline.exactlyOneOf ? object.superRefine(exactlyOneOf(outline.exactlyOneOf)) : object;
}
