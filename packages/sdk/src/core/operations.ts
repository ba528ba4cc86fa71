import type { operations } from '@network-org/spec/openapi';

/** The query parameters of an operation, by operationId. */
export type OperationQuery<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

/** The JSON request body of an operation, by operationId. */
export type OperationBody<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
