// What coverage is measured against, read from the spec's generated operation table and its inputs' outlines:
// every operation, its documented responses, its path and query parameters and its body's fields. Never a list kept
// by hand.
import { operations as operationSchemas } from '@network-org/spec/operations';
import { inputOutlines, type Outline } from '@network-org/spec/outlines';
import { specVersion } from '@network-org/spec/routes';
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

/** An input's field names, in the spec's order: none where the operation has no such input. */
const fieldNames = (outline: Outline | null): string[] => (outline?.type === 'object' ? Object.keys(outline.fields) : []);

const indexOf = (names: readonly string[]) => new Map(names.map((name, index) => [name, index]));

function catalogOperation(operationId: OperationId, index: number): CatalogOperation {
  const operation = operationSchemas[operationId];
  const inputs = inputOutlines[operationId];
  const pathParameters = fieldNames(inputs.params);
  const query = fieldNames(inputs.query);
  const parameters = [...pathParameters, ...query];
  const bodyFields = fieldNames(inputs.body);
  return {
    index,
    operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    responses: Object.keys(operation.responses),
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
