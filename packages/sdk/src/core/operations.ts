import type { operations } from '@network-org/spec/openapi';

/** The name of an operation of the spec. */
export type OperationId = keyof operations;

/** The query parameters of an operation, by operationId. */
export type OperationQuery<Op extends OperationId> = NonNullable<operations[Op]['parameters']['query']>;

/** The JSON request body of an operation, by operationId. */
export type OperationBody<Op extends OperationId> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The JSON body of an operation's successful (200 or 201) responses, by operationId. */
export type OperationData<Op extends OperationId> = {
  [Status in keyof operations[Op]['responses']]: Status extends 200 | 201
    ? operations[Op]['responses'][Status] extends { content: { 'application/json': infer Body } }
      ? Body
      : never
    : never;
}[keyof operations[Op]['responses']];
