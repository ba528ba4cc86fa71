import { operationDocs } from '@network-org/spec/docs';
import { operations, type OperationId } from '@network-org/spec/operations';
import { z } from 'zod';
import { idSourceHint } from './guidance';
import { agentText } from './text';

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface ToolInput {
  /** The arguments' schema: path parameters, query parameters and body properties, by their wire names. */
  schema: AnyObject;
  /** Which arguments go where in the request. */
  pathParams: readonly string[];
  queryParams: readonly string[];
}

function describeShape(shape: z.ZodRawShape, descriptions: Readonly<Record<string, string>>): z.ZodRawShape {
  return Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => {
      const parts = [descriptions[name] && agentText(descriptions[name]), idSourceHint(name)].filter(Boolean);
      return [name, parts.length ? (schema as z.ZodType).describe(parts.join(' ')) : schema];
    }),
  );
}

/**
 * An array query parameter also takes one value (`"101"` for `["101"]`), as agents often send it; the wire
 * takes a single value too.
 */
function oneOrMany(schema: z.ZodType): z.ZodType {
  const optional = schema instanceof z.ZodOptional;
  const array = (optional ? (schema as z.ZodOptional<z.ZodType>).unwrap() : schema) as z.ZodArray<z.ZodType>;
  const either = z.union([array, array.element]).transform((value) => (Array.isArray(value) ? value : [value]));
  return optional ? either.optional() : either;
}

/**
 * The arguments of an operation's tool, from the operation table (its query, path and body schemas, checks and
 * defaults included) and the spec's descriptions of each input; `extra` adds the tool's own arguments.
 */
export function toolInput(operationId: OperationId, extra: z.ZodRawShape = {}): ToolInput {
  const operation = operations[operationId];
  const docs = operationDocs[operationId];
  const descriptions: Record<string, string> = { ...docs.parameters, ...('body' in docs ? docs.body.properties : {}) };
  const params = (operation.params?.shape ?? {}) as z.ZodRawShape;
  const query = Object.fromEntries(
    Object.entries((operation.query?.shape ?? {}) as z.ZodRawShape).map(([name, schema]) => [
      name,
      (operation.arrayQueryParams as readonly string[]).includes(name) ? oneOrMany(schema as z.ZodType) : schema,
    ]),
  );
  const described = describeShape({ ...params, ...query }, descriptions);
  const body = operation.body as AnyObject | null;
  // A body keeps its own object rules (custom-field catchall, exactly-one-of refinements): the other inputs join it.
  const schema = body
    ? body.safeExtend({ ...describeShape(body.shape, descriptions), ...described, ...extra })
    : z.object({ ...described, ...extra });
  return { schema: schema as AnyObject, pathParams: Object.keys(params), queryParams: Object.keys(query) };
}
