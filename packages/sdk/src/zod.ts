/**
 * `@network-org/sdk/zod`: zod schemas of every wire type, each operation's request and response schemas, and
 * `validateResponses`, the response validator to pass to `new NetworkClient({ validateResponses })`.
 */
import { operations } from '@network-org/spec/operations';
import type { ResponseValidator, ValidationIssue } from './core/validation';

export { schemas } from '@network-org/spec/zod';
export { operations, type OperationId } from '@network-org/spec/operations';
export type { ResponseValidator, ValidationIssue };

type SafeParse = (value: unknown) => { success: true } | { success: false; error: { issues: ValidationIssue[] } };

/** Checks a response body against its operation's schema for that status; custom fields stay allowed. */
export const validateResponses: ResponseValidator = (operationId, status, body) => {
  const responses: Partial<Record<string, { safeParse: SafeParse }>> = operations[operationId].responses;
  const schema = responses[String(status)];
  if (!schema) return [{ path: [], message: `status ${status} is not a documented response of ${operationId}` }];
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));
};
