// What coverage is measured against, read from the spec's generated operation table: every operation, its
// documented responses, its path and query parameters and its body's fields. Never a list kept by hand.
import { operations as operationSchemas } from '@network-org/spec/operations';
import { specVersion } from '@network-org/spec/routes';
import type { z } from 'zod';
import type { OperationId } from '../engine/operation-table';

export { specVersion };

/** One operation of the spec as coverage counts it. */
export interface CatalogOperation {
  readonly index: number;
  readonly operationId: OperationId;
  readonly method: string;
  readonly path: string;
  /** The documented statuses, as the spec writes them (`"200"`, `"429"`). */
  readonly responses: readonly string[];
  /** Path parameters first, then query parameters, in the spec's order. */
  readonly parameters: readonly string[];
  /** How many of `parameters` are path parameters (present on every call that matched the operation). */
  readonly pathParameters: number;
  readonly parameterIndex: ReadonlyMap<string, number>;
  readonly bodyFields: readonly string[];
  readonly bodyFieldIndex: ReadonlyMap<string, number>;
  /** Whether the operation takes a `cursor`: a call with one follows a later page. */
  readonly paged: boolean;
}

function shapeKeys(schema: z.ZodType | null): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | null)?.shape;
  return shape ? Object.keys(shape) : [];
}

const indexOf = (names: readonly string[]) => new Map(names.map((name, index) => [name, index]));

function catalogOperation(operationId: OperationId, index: number): CatalogOperation {
  const schemas = operationSchemas[operationId] as {
    method: string;
    path: string;
    query: z.ZodType | null;
    params: z.ZodType | null;
    body: z.ZodType | null;
    responses: Record<string, unknown>;
  };
  const pathParameters = shapeKeys(schemas.params);
  const query = shapeKeys(schemas.query);
  const parameters = [...pathParameters, ...query];
  const bodyFields = shapeKeys(schemas.body);
  return {
    index,
    operationId,
    method: schemas.method.toUpperCase(),
    path: schemas.path,
    responses: Object.keys(schemas.responses),
    parameters,
    pathParameters: pathParameters.length,
    parameterIndex: indexOf(parameters),
    bodyFields,
    bodyFieldIndex: indexOf(bodyFields),
    paged: query.includes('cursor'),
  };
}

/** Every operation of the spec, in the spec's order. */
export const catalog: readonly CatalogOperation[] = (Object.keys(operationSchemas) as OperationId[]).map(catalogOperation);

export const catalogByOperation: ReadonlyMap<string, CatalogOperation> = new Map(catalog.map((entry) => [entry.operationId, entry]));
