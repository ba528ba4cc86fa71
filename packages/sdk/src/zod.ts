/** `@network-org/sdk/zod`: zod schemas of every wire type, and each operation's request and response schemas. */
export { schemas } from '@network-org/spec/zod';
export { operations, type OperationId } from '@network-org/spec/operations';
